"""`lastlight board`: draw a dealt board, or a saved game in progress, as SVG or PNG."""

from __future__ import annotations

import sys

import click
from lastlight.cli._args import SEED, output_file
from lastlight.cli._content import content_option, load_rules_or_exit
from lastlight.interpreter.board.picture import PictureError, svg_to_png
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.replay import ReplayError, load_replay, run_replay
from lastlight.interpreter.load.fileio import write_atomic
from lastlight.interpreter.present.picture import game_svg


@click.command()
@click.option("--players", "-n", type=click.IntRange(2, 4), default=4, show_default=True)
@click.option("--seed", "-s", type=SEED, default=1, show_default=True)
@click.option(
    "--rotations",
    "-r",
    type=click.IntRange(0, 1_000_000),
    default=0,
    show_default=True,
    help="Turn the rings this many times (pieces travel with them).",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False),
    required=True,
    help="The picture to write: *.svg, or *.png (drawn from the SVG by CairoSVG).",
    callback=output_file,
)
@content_option
@click.option(
    "--replay",
    "replay_file",
    type=click.Path(dir_okay=False),
    help="Draw a saved game instead, as it stands after --step decisions.",
)
@click.option(
    "--step",
    type=click.IntRange(min=0),
    default=None,
    help="With --replay: how many decisions to play (default: all of them).",
)
def board_command(
    players: int,
    seed: int,
    rotations: int,
    output: str,
    content: str | None,
    replay_file: str | None,
    step: int | None,
) -> None:
    """Draw the board a game with this seed starts from (R-SET-03), turned K rotations; or a
    saved game in progress (--replay FILE --step N)."""
    if not output.lower().endswith((".svg", ".png")):
        raise click.BadParameter(
            "the picture is SVG or PNG: name the file *.svg or *.png", param_hint="-o"
        )
    rules = load_rules_or_exit(content)
    if replay_file:
        try:
            data = load_replay(replay_file)
            if step is not None:
                data = {**data, "decisions": data["decisions"][:step], "result": None}
            game = run_replay(rules, data, log=False)
        except ReplayError as exc:
            click.echo(f"lastlight board: {exc}", err=True)
            sys.exit(1)
        title = (
            f"Last Light - {replay_file}, round {game.view(None).round}, after "
            f"{len(game.history)} decisions"
        )
    else:
        game = Game.new(rules, players, seed, log=False)
        with game.edit() as st:  # the board turned before the first decision
            st["rot"] = rotations % game.board.period
        title = f"Last Light - {players} players, seed {seed}"
    svg = game_svg(game, title)
    try:
        if output.lower().endswith(".png"):
            write_atomic(output, svg_to_png(svg))
        else:
            write_atomic(output, svg)
    except PictureError as exc:
        click.echo(f"lastlight board: {exc}", err=True)
        sys.exit(1)
    except OSError as exc:
        click.echo(f"lastlight board: cannot write {output}: {exc.strerror}", err=True)
        sys.exit(1)
    click.echo(f"wrote {output}")
