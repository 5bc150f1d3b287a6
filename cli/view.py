"""`lastlight view REPLAY [-o game.html]`: a self-contained HTML page to step through a game."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from lastlight.cli._args import output_file
from lastlight.cli._content import content_option, load_rules_or_exit
from lastlight.interpreter.engine.replay import ReplayError, load_replay
from lastlight.interpreter.load.fileio import write_atomic
from lastlight.interpreter.tools.viewer.page import render_page
from lastlight.interpreter.tools.viewer.steps import Viewpoint, build


def _viewpoint(ctx: click.Context, param: click.Parameter, value: str) -> Viewpoint:
    value = value.strip().lower()
    if value == "spectator":
        return Viewpoint()
    if value == "all":
        return Viewpoint(everything=True)
    seat = value[1:] if value.startswith("p") else value
    if seat.isdigit():
        return Viewpoint(seat=int(seat))
    raise click.BadParameter(
        f"'{value}': give spectator, all, or a seat (0, 1, ... or P0, P1, ...)"
    )


@click.command()
@click.argument("replay", type=click.Path(dir_okay=False))
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False),
    help="The HTML file to write (default: the replay's name with .html).",
    callback=output_file,
)
@click.option(
    "--as",
    "viewpoint",
    default="spectator",
    show_default=True,
    callback=_viewpoint,
    metavar="spectator|SEAT|all",
    help="Whose view: a spectator sees no hidden cards until the game is over; a seat (0..3) "
    "also sees its own; all shows every hand.",
)
@content_option
@click.option("--ignore-content", is_flag=True, help="Show it even if the content hash differs.")
def view_command(
    replay: str,
    output: str | None,
    viewpoint: Viewpoint,
    content: str | None,
    ignore_content: bool,
) -> None:
    """Write a self-contained HTML page to step through a saved game: the board at every step,
    a slider and arrow keys, the players' panels, and the log with each card's text and its
    YAML file:line."""
    out = Path(output) if output else Path(replay).with_suffix(".html")
    if out.resolve() == Path(replay).resolve():
        raise click.BadParameter("the page would overwrite the replay itself", param_hint="-o")
    rules = load_rules_or_exit(content)
    try:
        data = load_replay(replay)
        if viewpoint.seat is not None and not 0 <= viewpoint.seat < data["players"]:
            raise click.BadParameter(
                f"seat {viewpoint.seat} is not in this {data['players']}-player game",
                param_hint="--as",
            )
        page = build(
            rules,
            data,
            viewpoint,
            title=f"Last Light - {Path(replay).name}",
            check_content=not ignore_content,
        )
    except ReplayError as exc:
        click.echo(f"lastlight view: {exc}", err=True)
        sys.exit(1)
    try:
        write_atomic(out, render_page(page))
    except OSError as exc:
        click.echo(f"lastlight view: cannot write {out}: {exc.strerror}", err=True)
        sys.exit(1)
    click.echo(f"wrote {out} ({len(page['steps']) - 1} decisions, view: {page['viewpoint']})")
