"""Try planner weights against the shipped ones: one planner against three heuristic bots, the
same seeds for both, and the paired difference in win share with its 95% interval.

    python benchmarks/tune_planner.py --set CLAIM_WEIGHT=1.4 [--games 4000] [--first 9000]
    python benchmarks/tune_planner.py --set EVENT_RATE.lose_ship=0.1 --set RESEARCH_WEIGHT=0.7

A name is a weight of `interpreter/agents/planner/weights.yaml` (a table entry as
NAME.key); a value may leave the weight's tuning range. Seeds 9000 and up are the tuning seeds;
the README's figures come from seeds 5000-5999, never tuned on. The games run in `--jobs`
processes; the result does not depend on their number. A paired difference is the mean of
(variant won - shipped won) over the seeds, with a normal interval. For every weight at once,
see benchmarks/tune_spsa.py.
Never asserts.
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor

from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.agents.planner.bot import PlannerBot
from lastlight.interpreter.agents.planner.weights import Weights, shipped
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise
from lastlight.interpreter.tools.lab.stats import wilson


def parse(overrides: list[str]) -> dict[str, float]:
    """NAME=VALUE (or NAME.key=VALUE) -> {name: value}; exits on a bad one."""
    known = shipped().entries
    out = {}
    for item in overrides:
        name, _, text = item.partition("=")
        if name not in known:
            raise SystemExit(f"tune_planner: no weight named {name!r} in weights.yaml")
        try:
            value = float(text)
        except ValueError:
            raise SystemExit(f"tune_planner: {item!r}: the value is not a number") from None
        out[name] = int(value) if known[name].integer else value
    return out


def weights(overrides: list[str]) -> Weights:
    """The shipped weights with these set (ranges not enforced: a trial may leave them)."""
    return shipped().with_values(parse(overrides), {"command": "tune_planner --set"}, clip=False)


def wins(job: tuple[list[str], int, int, int]) -> list[int]:
    overrides, players, first, games = job
    planner_weights = weights(overrides)
    rules = Rules.from_pack(load_pack_or_raise(content_dir()))
    out = []
    for seed in range(first, first + games):
        seat = seed % players
        bots = [
            PlannerBot(seed * 10 + p, rules, planner_weights)
            if p == seat
            else make_bot("heuristic", seed * 10 + p, rules)
            for p in range(players)
        ]
        game = play_game(Game.new(rules, players, seed, log=False), bots)
        out.append(int(seat in game.winners))
    return out


def run(overrides: list[str], players: int, first: int, games: int, jobs: int) -> list[int]:
    size = math.ceil(games / jobs)
    parts = [(overrides, players, s, min(size, first + games - s))
             for s in range(first, first + games, size)]  # fmt: skip
    with ProcessPoolExecutor(jobs) as pool:
        return [w for part in pool.map(wins, parts) for w in part]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--first", type=int, default=9000, help="first seed")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    parse(args.set)  # fail on a bad name before playing; workers set the weights
    shipped = run([], args.players, args.first, args.games, args.jobs)
    variant = run(args.set, args.players, args.first, args.games, args.jobs)
    n = len(shipped)
    for label, w in (("shipped", shipped), ("variant", variant)):
        lo, hi = wilson(sum(w), n)
        print(f"{label}: {sum(w)}/{n} = {sum(w) / n:.1%} (Wilson 95% {lo:.1%}..{hi:.1%})")
    diff = [v - s for v, s in zip(variant, shipped, strict=True)]
    mean = sum(diff) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diff) / max(1, n - 1))
    half = 1.96 * sd / math.sqrt(n)
    print(f"variant - shipped: {mean:+.1%} ± {half:.1%} (paired, {n} seeds from {args.first})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
