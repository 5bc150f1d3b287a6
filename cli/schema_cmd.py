"""`lastlight schema`: print, list or export the JSON Schemas of the content kinds."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from lastlight.interpreter.load.errors import did_you_mean
from lastlight.interpreter.load.fileio import write_atomic
from lastlight.interpreter.load.schema import load_schema, schema_names


@click.command()
@click.argument("kind", required=False)
@click.option("--list", "list_", is_flag=True, help="List the kinds that have a schema.")
@click.option(
    "--export",
    "export",
    type=click.Path(file_okay=False),
    help="Write every schema into this folder.",
)
def schema_command(kind: str | None, list_: bool, export: str | None) -> None:
    """The JSON Schema (draft 2020-12) of a content kind, for editors and other tools."""
    names = schema_names()
    if list_:
        for name in names:
            click.echo(name)
        return
    if export:
        out = Path(export)
        try:
            out.mkdir(parents=True, exist_ok=True)
            for name in names:
                write_atomic(
                    out / f"{name}.schema.json", json.dumps(load_schema(name), indent=2) + "\n"
                )
        except OSError as exc:
            click.echo(f"lastlight schema: cannot write to {out}: {exc.strerror}", err=True)
            sys.exit(1)
        click.echo(f"wrote {len(names)} schemas to {out}")
        return
    if not kind:
        raise click.UsageError("give a kind (see --list), or --export DIR")
    if kind not in names:
        hint = did_you_mean(kind, names)
        raise click.BadParameter(
            f"no schema for '{kind}'" + (f" ({hint})" if hint else ""), param_hint="KIND"
        )
    click.echo(json.dumps(load_schema(kind), indent=2))
