"""`lastlight board`: draw the dealt board for a player count and seed as SVG."""

from __future__ import annotations

import sys

import click
from lastlight.interpreter.board.svg import render, view_from_state
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.replay import write_atomic

from ._content import load_rules_or_exit


@click.command()
@click.option("--players", "-n", type=click.IntRange(2, 4), default=4, show_default=True)
@click.option("--seed", "-s", type=int, default=1, show_default=True)
@click.option(
    "--rotations",
    "-r",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Turn the rings this many times (pieces travel with them).",
)
@click.option(
    "--output", "-o", type=click.Path(dir_okay=False), required=True, help="The SVG file to write."
)
@click.option("--content", type=click.Path(exists=True, file_okay=False))
def board_command(
    players: int, seed: int, rotations: int, output: str, content: str | None
) -> None:
    """Draw the board a game with this seed starts from (R-SET-03), turned K rotations."""
    if not output.lower().endswith(".svg"):
        raise click.BadParameter("the picture is SVG: name the file *.svg", param_hint="-o")
    rules = load_rules_or_exit(content)
    game = Game.new(rules, players, seed, log=False)
    state = game.state
    state["rot"] = rotations % game.board.period
    piles = {phys: t.pile for phys, t in rules.tokens.items()}
    view = view_from_state(state, rules.planets, piles)
    view["rotation"] = rotations
    svg = render(game.board, view, f"Last Light - {players} players, seed {seed}")
    try:
        write_atomic(output, svg)
    except OSError as exc:
        click.echo(f"lastlight board: cannot write {output}: {exc.strerror}", err=True)
        sys.exit(1)
    click.echo(f"wrote {output}")
