"""`lastlight play`: bot games, or people at the terminal against bots, in a game you cannot lose.

With `--save FILE` the path is checked (and the file written) before the first decision, and the
game is saved atomically after every decision while a person plays, and on `q`, Ctrl-C or
Ctrl-D; `--resume FILE` continues a saved game (a replay with no result). Without `--save`,
quitting asks for a file name (end of input: the game is not saved).
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from lastlight.cli._args import SEED, bot_error_option
from lastlight.cli._content import content_option, load_rules_or_exit
from lastlight.interpreter.agents import (
    BotNotFound,
    ask,
    is_program_bot,
    make_bot,
    parse_bot_list,
    resolve_bot,
)
from lastlight.interpreter.agents.stdio import BotFailed, seat_label
from lastlight.interpreter.engine.errors import EngineError
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL, Reader
from lastlight.interpreter.engine.replay import (
    ReplayError,
    load_replay,
    make_replay,
    run_replay,
    save_replay,
)
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.fileio import target_problem
from lastlight.interpreter.present.describe import card_name, decision_line, event_line, who
from lastlight.interpreter.present.table_view import View, table_view

#: Exit codes: a person quit with `q` (saved or not), and an interrupt (Ctrl-C, Ctrl-D).
EXIT_QUIT = 0
EXIT_INTERRUPTED = 130


class Quit(Exception):
    """The person at the table stopped the game."""

    def __init__(self, how: str):
        super().__init__(how)
        self.how = how  # "q" or "interrupt"


@dataclass
class Session:
    game: Game
    rules: Rules
    seats: list[str]
    save_path: str | None
    humans: list[int]
    seen: dict[int, int] = field(default_factory=dict)  # seat -> log events already shown
    last_view: dict[int, View] = field(default_factory=dict)  # seat -> the view last shown
    save_failed: bool = False

    def save(self, path: str | None = None) -> bool:
        """Save the game (atomically); on failure say why once and keep the old file."""
        target = path or self.save_path
        if not target:
            return False
        try:
            save_replay(target, make_replay(self.game, self.rules, self.seats))
        except OSError as exc:
            if not self.save_failed or path:
                click.echo(f"lastlight: cannot save the game to {target}: {exc.strerror}", err=True)
            self.save_failed = path is None
            return False
        self.save_failed = False
        return True


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


def save_problem(path: str) -> str | None:
    """Why a game cannot be saved to `path` (None: it can), found without touching the file."""
    target = Path(path)
    refused = target_problem(target)
    if refused and not target.is_dir():
        return refused
    if target.is_dir():
        return f"{path} is a folder; give a file name"
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if target.exists() and not os.access(target, os.W_OK):
        return f"{path} is not writable"
    try:
        fd, probe = tempfile.mkstemp(prefix=".lastlight-check-", dir=folder)
    except OSError as exc:
        return f"cannot write in the folder {folder}: {exc.strerror}"
    os.close(fd)
    os.unlink(probe)
    return None


def _resumed_seats(data: dict, path: str) -> list[str]:
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != data["players"]:
        raise ReplayError(f"{path}: the replay's 'seats' must list {data['players']} seats")
    for s in seats:
        if s == "human":
            continue
        if isinstance(s, str) and is_program_bot(s):  # a file never starts a program
            raise ReplayError(f"{path}: seat '{s}' is a program bot; those come from --bots only")
        try:
            resolve_bot(s, references=False) if isinstance(s, str) else None
        except BotNotFound as exc:
            raise ReplayError(f"{path}: seat '{s}': {exc}") from None
        if not isinstance(s, str):
            raise ReplayError(f"{path}: a seat is a bot name or 'human', not {s!r}")
    return list(seats)


def _read_choice(
    n: int, show_all: Callable[[], None], record: Callable[[], object] | None = None
) -> int:
    """The 0-based menu index a person types; re-asks on anything else, never fails."""
    while True:
        try:
            raw = click.prompt(
                f"your choice (1-{n}, v view, r record, q quit)", default="", show_default=False
            )
        except click.Abort:  # Ctrl-C or end of input (Ctrl-D)
            raise Quit("interrupt") from None
        raw = raw.strip().lower()
        if raw in ("q", "quit", "exit"):
            raise Quit("q")
        if raw in ("v", "view"):
            show_all()
            continue
        if raw in ("r", "record") and record is not None:
            record()  # the last decision taken, as a scenario file (cli/record.py)
            continue
        if re.fullmatch(r"[0-9]{1,9}", raw) and 1 <= int(raw) <= n:
            return int(raw) - 1
        click.echo(f"  please type a number from 1 to {n} (v shows the table, q quits)")


def _ask_human(s: Session, p: int) -> dict:
    from lastlight.cli.screen import console, render

    game = s.game
    seen = game.view(p)  # the screen reads this seat's view only
    legal = game.legal()
    log = [event_line(seen, e, where=False) for e in game.log[s.seen.get(p, 0) :]]
    s.seen[p] = len(game.log)
    pending = seen.pending
    prompt = (pending.prompt if pending is not None else None) or ""
    if prompt.startswith("Choose one: "):
        prompt = "Choose one"
    prompt = f"{who(p)}: {prompt}"
    choices = [decision_line(seen, d, p) for d in legal]
    view = table_view(seen)
    console().print(render(view, log, prompt, choices, s.last_view.get(p)))
    s.last_view[p] = view

    def show_all() -> None:
        console().print(render(view, [], prompt, choices))

    from lastlight.cli.record import record_moment

    return legal[
        _read_choice(len(legal), show_all, lambda: record_moment(s.game, s.rules, s.seats))
    ]


def _on_quit(s: Session, how: str) -> int:
    game = s.game
    done = f"{len(game.history)} decisions"
    if s.save_path:
        if s.save():
            click.echo(
                f"\nGame saved to {s.save_path} ({done}); continue it with "
                f"`lastlight play --resume {s.save_path}`."
            )
        else:
            click.echo(f"\nThe game could not be saved to {s.save_path}.", err=True)
            return 1
    else:
        click.echo("")
        while True:
            try:
                name = click.prompt(
                    "Save the game? File name (empty: do not save)",
                    default="",
                    show_default=False,
                ).strip()
            except click.Abort:
                name = ""
            if not name:
                click.echo("The game was not saved.")
                break
            problem = save_problem(name)
            if problem is None and s.save(name):
                click.echo(
                    f"Game saved to {name} ({done}); continue it with "
                    f"`lastlight play --resume {name}`."
                )
                break
            if problem:
                click.echo(f"  cannot save there: {problem}")
    return EXIT_QUIT if how == "q" else EXIT_INTERRUPTED


@click.command()
@click.option(
    "--players",
    "-n",
    type=click.IntRange(2, 4),
    default=4,
    show_default=True,
    help="Number of players.",
)
@click.option("--seed", "-s", type=SEED, default=1, show_default=True, help="Game seed.")
@click.option(
    "--bots",
    default="heuristic",
    show_default=True,
    help="Bot for every seat, or a comma list per seat: planner, heuristic, random, search, "
    "an installed plugin's name, module:Class, or cmd:PROGRAM (docs/researchers.md).",
)
@click.option("--human", type=int, multiple=True, help="A seat played at the terminal.")
@click.option(
    "--save",
    "save_path",
    type=click.Path(),
    help="Save the game to this file (a replay), checked before the game starts and kept up "
    "to date after every decision of a person at the table.",
)
@click.option(
    "--resume",
    "resume_path",
    type=click.Path(dir_okay=False),
    help="Continue a saved game (seats, seed and decisions come from the file; it keeps being "
    "saved there unless --save says elsewhere).",
)
@content_option
@bot_error_option
@click.option(
    "--log/--no-log", "show_log", default=False, help="Print the game log, one line per event."
)
@click.option(
    "--reveal",
    is_flag=True,
    help="In a game without humans, show every seat's secrets in the log (drawn technologies, "
    "kept factions and achievements); by default the log is what a spectator sees.",
)
@click.pass_context
def play_command(
    ctx: click.Context,
    reveal: bool,
    players: int,
    seed: int,
    bots: str,
    human: tuple[int, ...],
    save_path: str | None,
    resume_path: str | None,
    content: str | None,
    show_log: bool,
) -> None:
    """Play a game of Last Light: bots by default, or a person with --human SEAT."""
    data = None
    if resume_path:
        data, seats = _read_resume(ctx, resume_path)
        players, seed = data["players"], data["seed"]
        save_path = save_path or resume_path
    else:
        seats = _seats(bots, players, human)
    if save_path:
        problem = save_problem(save_path)
        if problem:
            raise click.BadParameter(problem, param_hint="--save")
    rules = load_rules_or_exit(content)
    started = time.perf_counter()
    if data is not None:
        assert resume_path is not None
        game = _resumed_game(rules, data, resume_path)
    else:
        game = Game.new(rules, players, seed)
    humans = [p for p, name in enumerate(seats) if name == "human"]
    agents = {
        p: make_bot(name, seed * 31 + p, rules, references=data is None)
        for p, name in enumerate(seats)
        if name != "human"
    }
    session = Session(game, rules, [seat_label(s) for s in seats], save_path, humans)
    if data is not None:  # a resumed game shows the current round's events, not the whole log
        starts = [i for i, e in enumerate(game.log) if e["event"] == "round"]
        session.seen = dict.fromkeys(humans, starts[-1] if starts else 0)
    if save_path and not session.save():
        sys.exit(1)  # the message is out; nothing was played
    # a seated human reads only their own seat's secrets; a bot game's log is a spectator's
    # unless --reveal asks for everything
    viewer: Reader = humans[0] if len(humans) == 1 else (ALL if reveal and not humans else None)
    shown = len(game.log) if data is not None else 0
    shown = _play_out(session, agents, viewer, shown if show_log and not humans else None)
    if humans:
        start = min(session.seen.get(p, 0) for p in humans)
        _echo_log(game, start, viewer, where=False)
    elif show_log:
        _echo_log(game, shown, viewer)
    _summary(game, seats, seed, time.perf_counter() - started)
    if save_path:
        if not session.save():
            sys.exit(1)
        click.echo(f"Replay saved to {save_path}")


def _read_resume(ctx: click.Context, resume_path: str) -> tuple[dict[str, Any], list[str]]:
    """The saved game `--resume` names and its seats; a usage error if seats or seed are given
    too, exit 1 if the file is no unfinished replay."""
    given = [
        f"--{name}"
        for name in ("players", "seed", "bots", "human")
        if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE
    ]
    if given:
        raise click.UsageError(
            f"--resume takes the seats and the seed from the saved game; drop {', '.join(given)}"
        )
    try:
        data = load_replay(resume_path)
        if data.get("result") is not None:
            raise ReplayError(
                f"{resume_path}: this game is over; watch it with `lastlight replay "
                f"{resume_path} --log`"
            )
        return data, _resumed_seats(data, resume_path)
    except ReplayError as exc:
        click.echo(f"lastlight: {exc}", err=True)
        sys.exit(1)


def _resumed_game(rules: Rules, data: dict[str, Any], resume_path: str) -> Game:
    """The saved game re-played up to where it stopped (exit 1 if the pack differs or the
    replay does not reproduce)."""
    if data["content"] != rules.pack.digest:
        click.echo(
            f"lastlight: {resume_path} was played with other content (hash "
            f"{data['content']}; this pack is {rules.pack.digest}): resume it with the "
            "pack it was played with (--content PACK)",
            err=True,
        )
        sys.exit(1)
    try:
        game = run_replay(rules, data)
    except ReplayError as exc:
        click.echo(f"lastlight: {resume_path}: {exc}", err=True)
        sys.exit(1)
    click.echo(f"Resuming {resume_path}: {len(game.history)} decisions so far.")
    return game


def _play_out(session: Session, agents: dict[int, Any], viewer: Reader, shown: int | None) -> int:
    """Ask humans and bots until the game ends, printing the log as it grows when `shown` (how
    much of it is already out) is given; returns how much of the log is out. Quitting,
    interrupting or an engine error exits here, saving first."""
    game, humans = session.game, session.humans
    try:
        while not game.over:
            p = game.to_move
            assert p is not None
            if shown is not None:
                shown = _echo_log(game, shown, viewer)
            decision = _ask_human(session, p) if p in humans else ask(agents[p], game)
            game.apply(decision)
            if humans:
                session.save()
    except Quit as stop:
        sys.exit(_on_quit(session, stop.how))
    except (KeyboardInterrupt, EOFError, click.Abort):
        sys.exit(_on_quit(session, "interrupt"))
    except (EngineError, BotFailed) as exc:
        click.echo(f"lastlight: the game stopped: {exc}", err=True)
        if session.save_path and session.save():
            click.echo(f"(the game up to the failing decision is in {session.save_path})", err=True)
        sys.exit(1)
    return shown or 0


def _echo_log(game: Game, start: int, viewer: Reader, *, where: bool = True) -> int:
    """Print the log from `start` as `viewer` may read it (pieces named from its view); returns
    how much of the log is out."""
    if start < len(game.log):
        view = game.view(viewer)
        for e in game.log[start:]:
            click.echo(event_line(view, e, viewer, where=where))
    return len(game.log)


def _summary(game: Game, seats: list[str], seed: int, elapsed: float) -> None:
    view = game.view(ALL)  # the game is over: nothing is secret any more
    click.echo(
        f"Game over after {view.round} rounds ({len(game.history)} decisions, "
        f"{elapsed:.2f}s), seed {seed}, {view.players_count} players."
    )
    for pl in view.players:
        p = pl.seat
        mark = "  winner" if p in view.winners else ""
        faction = card_name(view, pl.faction) if pl.faction else "-"
        click.echo(f"  {who(p)} {seats[p]:<9} {faction:<24} light {pl.light:>2}{mark}")
    if view.stalled:
        click.echo("  (the game hit the round cap without a winner by light: a stall)")
