"""Loading content for the game commands: diagnostics and exit 1 on broken content."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from lastlight.interpreter.engine.rules import Rules
from lastlight.interpreter.pack import load_pack
from lastlight.interpreter.paths import content_dir


def load_rules_or_exit(content: str | None) -> Rules:
    root = Path(content) if content else content_dir()
    pack, report = load_pack(root)
    if report.errors:
        for diag in report.sorted():
            if diag.severity == "error":
                click.echo(diag.render(), err=True)
        click.echo(
            f"lastlight: the content in {root} has {len(report.errors)} error(s); "
            "run `lastlight lint` for the full report",
            err=True,
        )
        sys.exit(1)
    return Rules.from_pack(pack)
