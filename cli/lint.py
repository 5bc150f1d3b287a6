"""`lastlight lint [PATH]`: every problem in a content pack, located, in one run.

Exit 0 clean (warnings allowed), 1 content errors, 2 usage errors. Formats: text (compiler
style with the offending line and a caret), json (for tools), github (CI annotations).
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import click
from lastlight.cli._content import content_option, pack_root
from lastlight.interpreter.load.errors import Diagnostic
from lastlight.interpreter.tools.lint_pack import lint_path


def _github(d: Diagnostic) -> str:
    """A GitHub Actions workflow command: an annotation on the file and line."""
    level = "error" if d.severity == "error" else "warning"
    msg = d.message + (f" ({d.hint})" if d.hint else "")
    msg = msg.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    where = f"file={_prop(d.loc.path)}"
    if d.loc.line:
        where += f",line={d.loc.line},col={max(d.loc.col, 1)}"
    return f"::{level} {where},title={d.code}::{msg}"


def _prop(value: str) -> str:
    return (
        value.replace("%", "%25")
        .replace("\r", "%0D")
        .replace("\n", "%0A")
        .replace(":", "%3A")
        .replace(",", "%2C")
    )


@click.command()
@click.argument("path", required=False, type=click.Path())
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "github"]),
    default="text",
    show_default=True,
    help="Output for people, tools or GitHub annotations.",
)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@content_option
def lint_command(path: str | None, fmt: str, strict: bool, content: str | None) -> None:
    """Check a content pack (default: ./content or . if it holds pack.yaml, else the installed
    pack) or one file of it: YAML, schemas, effects, references, board and setups, box counts."""
    if path and content:
        raise click.UsageError("give the pack as PATH or as --content, not both")
    root = Path(path) if path else pack_root(content)
    if not root.exists():
        click.echo(f"lastlight lint: no such file or folder: {root}", err=True)
        sys.exit(2)
    result = lint_path(root, memo=True)  # unchanged files: what the last lint found
    diags = result.diagnostics
    if strict:
        diags = [replace(d, severity="error") for d in diags]
    errors = [d for d in diags if d.severity == "error"]
    warnings = [d for d in diags if d.severity == "warning"]
    if fmt == "json":
        click.echo(
            json.dumps(
                {
                    "path": str(root),
                    "files": result.files,
                    "errors": len(errors),
                    "warnings": len(warnings),
                    "diagnostics": [d.to_json() for d in diags],
                },
                indent=1,
            )
        )
    elif fmt == "github":
        for d in diags:
            click.echo(_github(d))
    else:
        for d in diags:
            click.echo(d.render())
        click.echo(
            f"{len(errors)} error{'s' * (len(errors) != 1)}, {len(warnings)} "
            f"warning{'s' * (len(warnings) != 1)} in {result.files} "
            f"file{'s' * (result.files != 1)}"
        )
    sys.exit(1 if errors else 0)
