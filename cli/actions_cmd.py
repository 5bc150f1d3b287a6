"""`lastlight actions`: the action catalogue and the observation layout of a pack (the numbering
the RL environments and program bots use; docs/researchers.md)."""

from __future__ import annotations

import json

import click
from lastlight.cli._content import content_option, load_rules_or_exit


@click.command()
@content_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="json: the whole catalogue and the observation layout, for programs.",
)
def actions_command(content: str | None, fmt: str) -> None:
    """Print the action catalogue: every partial step of every decision, numbered from the
    pack (the same ids in every game of it), and the observation vector's layout."""
    from lastlight.interpreter.engine.catalogue import catalogue_for
    from lastlight.interpreter.envs.encoding import Encoder

    rules = load_rules_or_exit(content)
    catalogue = catalogue_for(rules)
    layout = Encoder(rules, catalogue).layout
    if fmt == "json":
        data = catalogue.to_json()
        data["observation"] = {"size": layout.size, "fields": layout.to_json()}
        click.echo(json.dumps(data, indent=1))
        return
    click.echo(
        f"{len(catalogue)} action ids, content {catalogue.digest}; observation of "
        f"{layout.size} numbers ({len(layout.fields)} fields)"
    )
    for i in range(len(catalogue)):
        click.echo(f"{i:>5}  {catalogue.name(i)}")
