"""Which content pack a command uses (`--content`, else one in the current folder, else the
installed one), said on stderr; loading it for the game commands (diagnostics, exit 1)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import find_pack
from lastlight.interpreter.rules_cache import load_rules

#: The `--content` option every command takes.
content_option = click.option(
    "--content",
    type=click.Path(exists=True, file_okay=False),
    help="Content pack folder (default: ./content or . if it holds pack.yaml, "
    "else the installed pack).",
)


def _shown(path: Path) -> str:
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return rel if not rel.startswith("..") else str(path)


def pack_root(content: str | None) -> Path:
    """The pack folder this command uses; one line on stderr says which and why (stdout stays
    clean for JSON)."""
    root, why = find_pack(content)
    click.echo(f"lastlight: using the content pack {_shown(root)} ({why})", err=True)
    return root


def load_rules_or_exit(content: str | None) -> Rules:
    root = pack_root(content)
    rules, report = load_rules(root)  # from the rules cache when the pack is unchanged
    if report is not None:
        for diag in report.sorted():
            if diag.severity == "error":
                click.echo(diag.render(), err=True)
        click.echo(
            f"lastlight: the content in {_shown(root)} has {len(report.errors)} error(s); "
            "run `lastlight lint` for the full report",
            err=True,
        )
        sys.exit(1)
    assert rules is not None
    return rules
