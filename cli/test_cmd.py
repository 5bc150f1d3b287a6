"""`lastlight test [PATH]`: run scenario tests and report pass/fail with file and line."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click
from lastlight.cli._content import content_option, load_rules_or_exit
from lastlight.interpreter.load.pack import SCENARIO_DIR, ValueBudget, outside_the_pack
from lastlight.interpreter.tools.lint_pack import is_pack_folder
from lastlight.interpreter.tools.scenario import discover, run_file


@click.command()
@click.argument("path", required=False, type=click.Path(exists=True))
@content_option
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
@click.option("-k", "select", help="Only scenarios whose id contains this text.")
def test_command(path: str | None, content: str | None, fmt: str, select: str | None) -> None:
    """Run scenario tests (default: the content's scenarios/ folder).

    PATH may be a pack folder (its scenarios/ are run against that pack), a scenarios folder or
    one scenario file (run against the pack it lies in, else --content or the shipped one)."""
    root, pack = _targets(Path(path) if path else None, Path(content) if content else None)
    rules = load_rules_or_exit(str(pack) if pack else None)
    if root is None:
        root = rules.pack.root / SCENARIO_DIR
    within = _pack_of(root, rules.pack.root)
    escaped = None
    if within is not None and os.path.lexists(root):  # a scenarios folder leading out
        escaped = outside_the_pack(root, within, str(root))
    if escaped is not None:
        click.echo(escaped.render(), err=True)
        sys.exit(1)
    files = discover(root)
    if not files:
        click.echo(f"lastlight: no scenario files under {root}", err=True)
        sys.exit(2)
    results: list[Any] = []
    problems = []
    budget = ValueBudget(what="the scenario files")
    for file in files:
        file_results, file_problems = run_file(rules, file, within, budget)
        problems.extend(file_problems)
        results.extend(r for r in file_results if not select or select in r.id)
    failed = [r for r in results if not r.ok]
    (_print_json if fmt == "json" else _print_text)(results, failed, problems)
    sys.exit(1 if failed or problems else 0)


def _print_json(results: list[Any], failed: list[Any], problems: list[Any]) -> None:
    click.echo(
        json.dumps(
            {
                "passed": len(results) - len(failed),
                "failed": len(failed),
                "file_errors": [d.to_json() for d in problems],
                "results": [
                    {
                        "id": r.id,
                        "ok": r.ok,
                        "path": r.loc.path,
                        "line": r.loc.line,
                        "proves": r.proves,
                        "rules": r.rules,
                        "failures": [d.to_json() for d in r.failures],
                    }
                    for r in results
                ],
            },
            indent=1,
        )
    )


def _print_text(results: list[Any], failed: list[Any], problems: list[Any]) -> None:
    for d in problems:
        click.echo(d.render())
    for r in results:
        if r.ok:
            click.echo(f"PASS {r.id}")
        else:
            for d in r.failures:
                click.echo(f"FAIL {r.id}\n" + d.render())
    click.echo(
        f"{len(results) - len(failed)} passed, {len(failed)} failed"
        + (f", {len(problems)} file errors" if problems else "")
    )


def _pack_of(root: Path, pack_root: Path) -> Path | None:
    """The pack the scenarios at `root` belong to (their reads stay inside it), or None for
    scenarios the command line names outside any pack."""
    here, pack = Path(os.path.abspath(root)), Path(os.path.abspath(pack_root))
    return pack_root if here.is_relative_to(pack) else None


def _targets(path: Path | None, content: Path | None) -> tuple[Path | None, Path | None]:
    """(what to run, the pack whose rules run it); None: the pack `--content` or the current
    folder names (see `_content.pack_root`), and its scenarios."""
    if path is None:
        return (content / SCENARIO_DIR if content else None), content
    if is_pack_folder(path):
        return path / SCENARIO_DIR, content or path
    here = path.resolve()
    folder = here if here.is_dir() else here.parent
    if content is None and folder.name == SCENARIO_DIR and is_pack_folder(folder.parent):
        return path, folder.parent
    return path, content
