"""Random games under watch: invariants, JSON round-trips and replays.

`fuzz_game` plays one game with random bots (now and then a heuristic seat), checks the state
invariants every few decisions and at the end, saves the state to JSON in the middle of the game
and carries on from the copy, and (for some games) re-plays the saved replay and checks it
reproduces. It returns None when all is well, or a `Finding` with a reproducer.
"""

from __future__ import annotations

import json
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lastlight.interpreter.agents import HeuristicBot, RandomBot, ask
from lastlight.interpreter.engine.errors import EngineError
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.replay import make_replay, result_of, run_replay
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.fileio import write_atomic
from lastlight.interpreter.tools.fuzz.invariants import check_state

#: A game that takes more decisions than this is a hang (bot games take a few hundred).
MAX_DECISIONS = 20_000


class Hang(BaseException):
    """Raised by the run's alarm when an item takes too long; the item catches it to write its
    reproducer (a BaseException, so no `except Exception` of the code under test swallows it)."""


@dataclass
class Finding:
    """A crash, hang or invariant breach, with what it takes to reproduce it."""

    kind: str  # "crash", "hang", "invariant", "refused"
    what: str  # "game", "pack", "replay"
    message: str
    detail: str = ""
    files: dict[str, str] = field(default_factory=dict)  # name -> text to write

    def write(self, out: Path, number: int) -> list[Path]:
        """Write the reproducer files into `out`; returns their paths."""
        out.mkdir(parents=True, exist_ok=True)
        written = []
        for name, text in self.files.items():
            path = out / f"{number:04d}-{self.what}-{name}"
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text)
            written.append(path)
        note = out / f"{number:04d}-{self.what}-{self.kind}.txt"
        write_atomic(note, f"{self.kind} ({self.what}): {self.message}\n\n{self.detail}\n")
        written.append(note)
        return written


def _seats(rng: Rng, players: int, seed: int) -> tuple[list[str], dict[int, Any]]:
    names = ["random"] * players
    if rng.below(5) == 0:
        names[rng.below(players)] = "heuristic"
    bots: dict[int, Any] = {
        p: (HeuristicBot if name == "heuristic" else RandomBot)(seed * 31 + p)
        for p, name in enumerate(names)
    }
    return names, bots


def fuzz_game(rules: Rules, players: int, seed: int, *, replay_check: bool) -> Finding | None:
    """Play one watched game; None when it was sound."""
    rng = Rng(seed_state(seed ^ 0xF0221))
    seats, bots = _seats(rng, players, seed)
    game = Game.new(rules, players, seed, log=False)
    every = 1 + rng.below(40)
    roundtrip_at = rng.below(400)
    steps = 0
    try:
        while not game.over:
            if steps == roundtrip_at:
                game = _roundtrip(rules, game)
            p = game.to_move
            legal = game.legal()
            if p is None or not legal:
                return _finding(game, rules, seats, "invariant", "no decision is open", "")
            game.apply(ask(bots[p], game))
            steps += 1
            if steps % every == 0:
                problems = check_state(game)
                if problems:
                    return _finding(
                        game, rules, seats, "invariant", f"after {steps}: {problems[0]}", ""
                    )
            if steps > MAX_DECISIONS:
                return _finding(game, rules, seats, "hang", f"{steps} decisions, no end", "")
        problems = check_state(game)
        if problems:
            return _finding(game, rules, seats, "invariant", f"at the end: {problems[0]}", "")
        if game.view(ALL, live=True).stalled:
            return _finding(game, rules, seats, "invariant", "the game stalled at the cap", "")
        if replay_check:
            data = json.loads(json.dumps(make_replay(game, rules, seats)))
            again = run_replay(rules, data, log=False)
            if again.to_json() != game.to_json():
                return _finding(game, rules, seats, "invariant", "the replay ends elsewhere", "")
    except Hang as exc:
        return _finding(game, rules, seats, "hang", f"after {steps} decisions: {exc}", "")
    except _RoundTripError as exc:
        return _finding(game, rules, seats, "invariant", str(exc), "")
    except EngineError as exc:
        return _finding(game, rules, seats, "refused", f"engine guard: {exc}", "")
    except Exception as exc:
        return _finding(
            game, rules, seats, "crash", f"{type(exc).__name__}: {exc}", traceback.format_exc()
        )
    return None


class _RoundTripError(Exception):
    pass


def _roundtrip(rules: Rules, game: Game) -> Game:
    """Save the state to JSON, load it into a new game and go on from the copy."""
    text = game.to_json()
    copy = Game.from_json(rules, text, log=False)
    if copy.to_json() != text:
        raise _RoundTripError("the state does not survive a JSON round-trip")
    if copy.legal() != game.legal() or copy.to_move != game.to_move:
        raise _RoundTripError("a state loaded from JSON offers other decisions")
    copy.history = list(game.history)
    return copy


def _finding(
    game: Game, rules: Rules, seats: list[str], kind: str, message: str, detail: str
) -> Finding:
    replay = make_replay(game, rules, seats)
    replay["result"] = result_of(game)  # the game may be unfinished: the crash comes first
    view = game.view(ALL, live=True)
    return Finding(
        kind,
        "game",
        f"{view.players_count} players, seed {view.seed}: {message}",
        detail
        + "\nreproduce: lastlight play -n {} -s {} --bots {}\n(the decisions up to the "
        "finding: lastlight replay <this folder>/…-game-replay.json; the last of them as a "
        "scenario test: lastlight record <this folder>/…-game-replay.json --step {})".format(
            view.players_count, view.seed, ",".join(seats), len(game.history)
        ),
        {"replay.json": json.dumps(replay, indent=1) + "\n"},
    )
