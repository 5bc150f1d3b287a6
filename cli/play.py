"""`lastlight play`: bot games, or a person at the terminal against bots."""

from __future__ import annotations

import sys
import time

import click
from lastlight.interpreter.engine.bots import BotNotFound, ask, make_bot, parse_bot_list
from lastlight.interpreter.engine.core import EngineError
from lastlight.interpreter.engine.describe import decision_line, event_line, player_view, who
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL, Reader
from lastlight.interpreter.engine.replay import make_replay, save_replay

from ._content import load_rules_or_exit


def _seats(bots: str, players: int, humans: tuple[int, ...]) -> list[str]:
    try:
        names = parse_bot_list(bots, players)
    except BotNotFound as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
    for h in humans:
        if not 0 <= h < players:
            raise click.BadParameter(
                f"seat {h} does not exist in a {players}-player game (seats 0..{players - 1})",
                param_hint="--human",
            )
        names[h] = "human"
    return names


def _ask_human(game: Game, p: int) -> dict:
    legal = game.legal()
    click.echo("")
    click.echo(player_view(game, p))
    click.echo(f"\nP{p}: {game.prompt}")
    for i, d in enumerate(legal, 1):
        click.echo(f"  {i:>3}. {decision_line(game, d)}")
    while True:
        raw = click.prompt("your choice (number, q to quit)", default="", show_default=False)
        raw = raw.strip().lower()
        if raw in ("q", "quit", "exit"):
            raise click.Abort()
        if raw.isdigit() and 1 <= int(raw) <= len(legal):
            return legal[int(raw) - 1]
        click.echo(f"  please type a number from 1 to {len(legal)}")


@click.command()
@click.option(
    "--players",
    "-n",
    type=click.IntRange(2, 4),
    default=4,
    show_default=True,
    help="Number of players.",
)
@click.option("--seed", "-s", type=int, default=1, show_default=True, help="Game seed.")
@click.option(
    "--bots",
    default="heuristic",
    show_default=True,
    help="Bot for every seat, or a comma list per seat: planner, heuristic, random, search, "
    "an installed plugin's name, or module:Class.",
)
@click.option("--human", type=int, multiple=True, help="A seat played at the terminal.")
@click.option(
    "--save",
    "save_path",
    type=click.Path(dir_okay=False, writable=True),
    help="Write a replay (content hash, seed, decisions) to this file.",
)
@click.option(
    "--content",
    type=click.Path(exists=True, file_okay=False),
    help="Content folder (default: the shipped content).",
)
@click.option(
    "--log/--no-log", "show_log", default=False, help="Print the game log, one line per event."
)
@click.option(
    "--reveal",
    is_flag=True,
    help="In a game without humans, show every seat's secrets in the log (drawn technologies, "
    "kept factions and achievements); by default the log is what a spectator sees.",
)
def play_command(
    reveal: bool,
    players: int,
    seed: int,
    bots: str,
    human: tuple[int, ...],
    save_path: str | None,
    content: str | None,
    show_log: bool,
) -> None:
    """Play a game of Last Light: bots by default, or a person with --human SEAT."""
    seats = _seats(bots, players, human)
    rules = load_rules_or_exit(content)
    started = time.perf_counter()
    game = Game.new(rules, players, seed)
    agents = {
        p: make_bot(name, seed * 31 + p, rules) for p, name in enumerate(seats) if name != "human"
    }
    shown = 0
    # a seated human reads only their own seat's secrets; a bot game's log is a spectator's
    # unless --reveal asks for everything
    viewer: Reader = human[0] if len(human) == 1 else (ALL if reveal and not human else None)
    try:
        while not game.over:
            p = game.to_move
            assert p is not None
            if show_log or human:
                for e in game.log[shown:]:
                    click.echo(event_line(game, e, viewer))
                shown = len(game.log)
            decision = _ask_human(game, p) if p in human else ask(agents[p], game)
            game.apply(decision)
    except EngineError as exc:
        click.echo(f"lastlight: the game stopped: {exc}", err=True)
        sys.exit(1)
    if show_log or human:
        for e in game.log[shown:]:
            click.echo(event_line(game, e, viewer))
    elapsed = time.perf_counter() - started
    st = game.state
    click.echo(
        f"Game over after {st['round']} rounds ({len(game.history)} decisions, "
        f"{elapsed:.2f}s), seed {seed}, {players} players."
    )
    for p, pl in enumerate(st["players"]):
        mark = "  winner" if p in game.winners else ""
        faction = pl["faction"] or "-"
        click.echo(f"  {who(p)} {seats[p]:<9} {faction:<24} light {pl['light']:>2}{mark}")
    if st.get("stalled"):
        click.echo("  (the game hit the round cap without a winner by light: a stall)")
    if save_path:
        try:
            save_replay(save_path, make_replay(game, rules, seats))
        except OSError as exc:
            click.echo(
                f"lastlight: cannot save the replay to {save_path}: {exc.strerror}", err=True
            )
            sys.exit(1)
        click.echo(f"Replay saved to {save_path}")
