"""The search bot against another bot: win rate and time per searched decision.

python benchmarks/bench_search.py --opponent heuristic --games 40
python benchmarks/bench_search.py --opponent planner --games 100 --players 2

One search seat against `players - 1` opponents of the named kind (any name in the bot
registry), the search seat rotating over the seats game by game. A tie counts as a share of a
win. Prints the win rate with a 95% Wilson interval (statsmodels, via the lab's `wilson`) and
the median and 95th-percentile time of a searched decision (wall clock and CPU: the CPU figure
is the one to trust on a shared machine), and how often the search overrode the planner.
"""

from __future__ import annotations

import argparse
import statistics
import time

from lastlight.interpreter.agents import ask, make_bot
from lastlight.interpreter.agents.search.bot import SearchBot
from lastlight.interpreter.agents.search.ismcts import IsmctsBot
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise
from lastlight.interpreter.tools.lab.stats import wilson


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--opponent", default="heuristic", help="bot name of the other seats")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--playouts", type=int, default=None, help="budget (default: the bot's)")
    ap.add_argument("--ms", type=float, default=None, help="budget in milliseconds instead")
    ap.add_argument(
        "--rounds", type=int, default=None, help="rollout length in rounds (0: to the end)"
    )
    ap.add_argument("--top", type=int, default=None, help="planner candidates searched")
    ap.add_argument("--margin", type=float, default=None, help="paired advantage to deviate")
    ap.add_argument("--z", type=float, default=None, help="standard errors to deviate")
    ap.add_argument("--value", default=None, help="leaf value: plain or planner")
    ap.add_argument("--bot", default="search", help="search (default) or search_ismcts")
    ap.add_argument("--seed", type=int, default=0, help="first game seed")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args()
    rules = Rules.from_pack(load_pack_or_raise(content_dir()))
    options: dict[str, float | int] = {}
    if args.playouts is not None:
        options["playouts"] = args.playouts
    if args.ms is not None:
        options["ms"] = args.ms
    if args.rounds is not None:
        options["rounds"] = args.rounds or None  # type: ignore[assignment]
    for name in ("top", "margin", "z", "value"):
        if getattr(args, name) is not None:
            options[name] = getattr(args, name)
    kind: type = SearchBot
    if args.bot == "search_ismcts":
        kind = IsmctsBot
        options = {k: v for k, v in options.items() if k in ("playouts", "ms", "rounds")}
        if "rounds" in options:
            options["horizon_rounds"] = options.pop("rounds")
    wins = 0.0
    wall: list[float] = []
    cpu: list[float] = []
    playouts: list[int] = []
    deviated = 0
    for g in range(args.games):
        seed = args.seed + g
        seat = g % args.players
        search = kind(seed, rules, **options)  # type: ignore[arg-type]
        bots = [
            search if p == seat else make_bot(args.opponent, seed * 10 + p, rules)
            for p in range(args.players)
        ]
        game = Game.new(rules, args.players, seed, log=False)
        while not game.over:
            bot = bots[game.to_move]  # type: ignore[index]
            t, c = time.perf_counter(), time.process_time()
            decision = ask(bot, game)
            if bot is search and search.last.get("searched"):
                wall.append(time.perf_counter() - t)
                cpu.append(time.process_time() - c)
                playouts.append(search.last["playouts"])
                deviated += bool(search.last.get("deviated"))
            game.apply(decision)
        share = 1 / len(game.winners) if seat in game.winners else 0.0
        wins += share
        if not args.quiet:
            light = [pl.light for pl in game.view(None).players]
            print(f"game {g:3d} seed {seed} search seat {seat} light {light} win {share:.2f}")
    lo, hi = wilson(wins, args.games)  # type: ignore[arg-type]  # a tie is a share of a win
    print(
        f"search vs {args.opponent}, {args.players} players, {args.games} games: "
        f"won {wins:g} ({wins / args.games:.0%}, 95% CI {lo:.0%}-{hi:.0%})"
    )
    if wall:
        print(
            f"searched decisions: {len(wall)}, playouts median {statistics.median(playouts):g}; "
            f"time per decision wall median {statistics.median(wall) * 1000:.0f} ms "
            f"p95 {percentile(wall, 0.95) * 1000:.0f} ms; CPU median "
            f"{statistics.median(cpu) * 1000:.0f} ms p95 {percentile(cpu, 0.95) * 1000:.0f} ms; "
            f"differs from the planner's choice in {deviated} ({deviated / len(wall):.0%})"
        )


if __name__ == "__main__":
    main()
