"""`record` on 20 replays of bot games: sizes before and after shrinking, and that each passes.

    python benchmarks/record_scenarios.py [--out DIR]

Plays 20 planner games (7 at 2 players, 7 at 3, 6 at 4; fixed seeds), records one moment of
each with `record` (the same code as `lastlight record`): a Command move, an attack or a damage
assignment (the middle one of the game's), or the decision at 1/4, 1/2 or 3/4 of the game; and
runs each scenario as `lastlight test` does. Prints one row per scenario and the totals; `--out`
keeps the scenario files (the planted-change check, benchmarks/planted_changes.py, reads them).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.replay import make_replay
from lastlight.interpreter.tools.lab.spec import load_rules
from lastlight.interpreter.tools.record import RecordError, record
from lastlight.interpreter.tools.scenario import run_file

#: The 20 games, one moment each: (players, seed, what to record). What to record: a kind of
#: decision (the middle one of the game's decisions of that kind: Command moves, attacks and
#: damage assignments) or a share of the game (the decision at that point).
GAMES: list[tuple[int, int, str | float]] = [
    (2, 11, "attack"), (2, 12, "move"), (2, 13, 0.25), (2, 14, "damage"), (2, 15, 0.5),
    (2, 16, 0.75), (2, 17, "attack"),
    (3, 11, "move"), (3, 12, 0.25), (3, 13, "damage"), (3, 14, 0.5), (3, 15, 0.75),
    (3, 16, "attack"), (3, 17, "move"),
    (4, 11, 0.25), (4, 12, "damage"), (4, 13, 0.5), (4, 14, 0.75), (4, 15, "attack"),
    (4, 16, "move"),
]  # fmt: skip
BOT = "planner"


def play(rules, players: int, seed: int) -> dict:
    game = Game.new(rules, players, seed)
    bots = [make_bot(BOT, seed * 10 + s, rules) for s in range(players)]
    play_game(game, bots)
    return make_replay(game, rules, [BOT] * players)


def pick_step(data: dict, what: str | float) -> tuple[int, str]:
    """The 1-based decision to record and what it is. A kind the game never asked (a game
    without a fight) falls back to the decision at the middle of the game."""
    decisions = data["decisions"]
    if isinstance(what, str):
        found = [i for i, d in enumerate(decisions) if d["kind"] == what]
        if found:
            return found[len(found) // 2] + 1, what
        what = 0.5
    first = next(i for i, d in enumerate(decisions) if d["kind"] == "play")
    i = first + int((len(decisions) - first) * what)
    return i + 1, f"{decisions[i]['kind']} at {what:.0%}"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, help="keep the scenario files here")
    args = parser.parse_args()
    rules = load_rules("content")
    out = args.out or Path(tempfile.mkdtemp(prefix="record-"))
    out.mkdir(parents=True, exist_ok=True)
    print(
        f"{'game':>8} {'step':>5} {'what':<20} {'lines':>11} {'entries':>9} {'runs':>5}"
        f" {'secs':>5}  result"
    )
    worst, failures = 0, 0
    for players, seed, what in GAMES:
        data = play(rules, players, seed)
        step, why = pick_step(data, what)
        name = f"g{players}p{seed}"
        t0 = time.perf_counter()
        try:
            made = record(rules, data, step, name=name, source=f"{name}.json")
        except RecordError as exc:
            failures += 1
            print(f"{name:>8} {step:>5} {why:<20} not recorded: {exc}")
            continue
        secs = time.perf_counter() - t0
        path = out / f"{name}-step-{step}.yaml"
        path.write_text(made.text, encoding="utf-8")
        results, problems = run_file(rules, path)
        ok = not problems and all(r.ok for r in results)
        failures += not ok
        worst = max(worst, made.lines_after)
        print(
            f"{name:>8} {step:>5} {why:<20} {made.lines_before:>4} -> {made.lines_after:<3}"
            f" {made.entries_before:>3} -> {made.entries_after:<3} {made.tests_run:>5}"
            f" {secs:>5.1f}  {'PASS' if ok else 'FAIL'}"
        )
    print(
        f"{len(GAMES)} scenarios, {len(GAMES) - failures} pass; longest {worst} lines;"
        f" files in {out}"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
