"""`record` at random moments of random, heuristic and planner games: how many record and pass.

    python benchmarks/record_robustness.py [--seed 11] [--steps 12] [--shrink]

For each bot (random, heuristic, planner) and player count (2, 3, 4), one game on a seed drawn
from `--seed`, and `--steps` decisions drawn at random past the setup keeps, each recorded alone
or with the next 1 or 3 decisions (`--until`). Recording re-runs the scenario, so a moment that
records is a scenario that passes; without shrinking (the position is what is tested here), or
with `--shrink`, when the shrunk file is also written and run as `lastlight test` runs it.
Prints each failure and the count.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.replay import make_replay
from lastlight.interpreter.tools.lab.spec import load_rules
from lastlight.interpreter.tools.record import RecordError, record
from lastlight.interpreter.tools.scenario import run_file


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--shrink", action="store_true")
    args = parser.parse_args()
    out = Path(tempfile.mkdtemp(prefix="robust-"))
    rules = load_rules("content")
    rng = random.Random(args.seed)
    ok = failed = 0
    for bot in ("random", "heuristic", "planner"):
        for players in (2, 3, 4):
            seed = rng.randrange(1000)
            game = Game.new(rules, players, seed)
            play_game(game, [make_bot(bot, seed + s, rules) for s in range(players)])
            data = make_replay(game, rules, [bot] * players)
            decisions = data["decisions"]
            first = next(i for i, d in enumerate(decisions) if d["kind"] == "play") + 1
            for step in rng.sample(range(first, len(decisions) + 1), args.steps):
                until = min(step + rng.choice([0, 0, 1, 3]), len(decisions))
                try:
                    made = record(rules, data, step, until, name="r", shrink=args.shrink)
                    if args.shrink:
                        path = out / f"{bot}-{players}-{step}.yaml"
                        path.write_text(made.text, encoding="utf-8")
                        results, problems = run_file(rules, path)
                        if problems or not all(r.ok for r in results):
                            raise RecordError(f"the shrunk scenario {path} fails")
                    ok += 1
                except RecordError as exc:
                    failed += 1
                    print(f"{bot} {players}p seed {seed} --step {step} --until {until}: {exc}")
    print(f"{ok + failed} moments: {ok} recorded and pass, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
