"""`record` on 20 moments of bot games: sizes before and after shrinking, and that each passes.

    python benchmarks/record_scenarios.py [--out DIR]

Plays planner games (2, 3 and 4 players, fixed seeds), picks decisions across each game (an
early, a middle and a late one, the first Command move, the first attack and damage), records
each with `record` (the same code as `lastlight record`) and runs the scenario as `lastlight
test` does. Prints one row per scenario and the totals; `--out` keeps the scenario files (the
planted-change check, benchmarks/planted_changes.py, reads them).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from lastlight.interpreter.engine.bots import make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.replay import make_replay
from lastlight.interpreter.tools.lab.spec import load_rules
from lastlight.interpreter.tools.record import RecordError, record
from lastlight.interpreter.tools.scenario import run_file

#: (players, seed) of the games; 20 moments are taken from them.
GAMES = [(2, 11), (2, 12), (3, 11), (3, 13), (4, 11), (4, 12), (4, 14)]
BOT = "planner"


def play(rules, players: int, seed: int) -> dict:
    game = Game.new(rules, players, seed)
    bots = [make_bot(BOT, seed * 10 + s, rules) for s in range(players)]
    play_game(game, bots)
    return make_replay(game, rules, [BOT] * players)


def pick_steps(data: dict, share: float) -> list[tuple[int, str]]:
    """1-based decision numbers, in order of preference: the middle attack of the game, the
    decision at `share` of the game (past the setup keeps), the middle Command move and the
    middle damage assignment."""
    decisions = data["decisions"]

    def middle(kind: str) -> list[tuple[int, str]]:
        found = [i for i, d in enumerate(decisions) if d["kind"] == kind]
        return [(found[len(found) // 2] + 1, kind)] if found else []

    first = next(i for i, d in enumerate(decisions) if d["kind"] == "play")
    i = first + int((len(decisions) - first) * share)
    at = [(i + 1, f"{decisions[i]['kind']} at {share:.0%}")]
    return middle("attack") + at + middle("move") + middle("damage")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, help="keep the scenario files here")
    parser.add_argument("--count", type=int, default=20)
    args = parser.parse_args()
    rules = load_rules("content")
    out = args.out or Path(tempfile.mkdtemp(prefix="record-"))
    out.mkdir(parents=True, exist_ok=True)
    moments = []
    for g, (players, seed) in enumerate(GAMES):
        data = play(rules, players, seed)
        for step, why in pick_steps(data, (0.25, 0.5, 0.75)[g % 3]):
            moments.append((players, seed, data, step, why))
    # the first moments of each game in turn, so every player count and kind is represented
    chosen = sorted(moments, key=lambda m: (pick_rank(moments, m), m[0]))[: args.count]
    print(
        f"{'game':>8} {'step':>5} {'what':<20} {'lines':>11} {'entries':>9} {'runs':>5}"
        f" {'secs':>5}  result"
    )
    worst, failures = 0, 0
    for players, seed, data, step, why in sorted(chosen, key=lambda m: (m[0], m[1], m[3])):
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
        f"{len(chosen)} scenarios, {len(chosen) - failures} pass; longest {worst} lines;"
        f" files in {out}"
    )
    return 1 if failures else 0


def pick_rank(moments: list, m: tuple) -> int:
    """The moment's position among its game's picks (0 for the first pick of each game)."""
    same = [x for x in moments if x[0] == m[0] and x[1] == m[1]]
    return same.index(m)


if __name__ == "__main__":
    sys.exit(main())
