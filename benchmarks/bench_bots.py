"""Bot figures: speed of an all-planner game, what all-planner tables do, and head-to-head wins.

    python benchmarks/bench_bots.py speed [--games 30] [--bot planner] [--players 4] [--repeat 1]
    python benchmarks/bench_bots.py stats [--games 1000] [--bot planner] [--players 4]
    python benchmarks/bench_bots.py match planner heuristic [--players 4] [--games 1000]

`speed` times whole games (no log, one process, one core) and prints the median, and the CPU
time a decision (process time: what a busy machine's other work inflates less); `stats` counts
action cards played, technologies manufactured per player and the share of technology designs
manufactured somewhere; `match` seats one bot against the other bot in every other seat, the lone
seat rotated so seat advantage cancels, and prints its win share with a Wilson 95% interval (a
shared win counts for each winner). Seeds are 0..N-1 (add --first to shift). Never asserts.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time

from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise
from lastlight.interpreter.tools.lab.logstats import Summary, game_stats


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def speed(rules: Rules, bot: str, players: int, games: int, first: int, repeat: int = 1) -> None:
    """Time whole games; with `repeat` > 1 each game is played that many times (fresh bots, the
    same game) and its least CPU time kept: the figure a busy machine disturbs least."""
    times = []
    cpu = 0.0
    decisions = 0
    for seed in range(first, first + games):
        best_cpu = math.inf
        for _ in range(repeat):
            bots = [make_bot(bot, seed * 10 + p, rules) for p in range(players)]
            started, started_cpu = time.perf_counter(), time.process_time()
            game = play_game(Game.new(rules, players, seed, log=False), bots)
            times.append(time.perf_counter() - started)
            best_cpu = min(best_cpu, time.process_time() - started_cpu)
        cpu += best_cpu
        decisions += len(game.history)
    each = "" if repeat == 1 else f", least of {repeat} runs a game"
    print(
        f"{games} all-{bot} {players}-player games (seeds {first}..{first + games - 1}), "
        f"one process: median {statistics.median(times):.3f} s/game, mean "
        f"{statistics.fmean(times):.3f}, max {max(times):.3f}; "
        f"{statistics.fmean(times) / (decisions / games) * 1e3:.2f} ms/decision "
        f"(CPU {cpu / decisions * 1e3:.2f} ms/decision{each}: on a shared machine the fairer "
        "figure)"
    )


def stats(rules: Rules, bot: str, players: int, games: int, first: int) -> None:
    summary = Summary()
    started = time.perf_counter()
    for seed in range(first, first + games):
        bots = [make_bot(bot, seed * 10 + p, rules) for p in range(players)]
        summary.add(game_stats(play_game(Game.new(rules, players, seed), bots)))
    report = summary.report(rules)
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(f"all-{bot}, {players} players, seeds {first}..{first + games - 1}")
    print(json.dumps(report, indent=2))


def match(rules: Rules, a: str, b: str, players: int, games: int, first: int) -> None:
    wins = 0.0
    won_games = 0
    started = time.perf_counter()
    for seed in range(first, first + games):
        seat = seed % players
        bots = [make_bot(a if p == seat else b, seed * 10 + p, rules) for p in range(players)]
        game = play_game(Game.new(rules, players, seed, log=False), bots)
        if seat in game.winners:
            won_games += 1
            wins += 1 / len(game.winners)
    lo, hi = wilson(won_games, games)
    print(
        f"{a} (1 seat, rotated) vs {players - 1}x {b}, {players} players, {games} games "
        f"(seeds {first}..{first + games - 1}): {a} won {won_games} ({won_games / games:.1%}, "
        f"Wilson 95% {lo:.1%}..{hi:.1%}; {wins / games:.1%} counting shared wins as fractions); "
        f"fair share {1 / players:.0%}; {time.perf_counter() - started:.0f} s"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("what", choices=["speed", "stats", "match"])
    ap.add_argument("bots", nargs="*", help="match: the lone bot and the others' bot")
    ap.add_argument("--bot", default="planner")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--first", type=int, default=0, help="first seed")
    ap.add_argument("--repeat", type=int, default=1, help="speed: play each game N times")
    args = ap.parse_args(argv)
    if args.repeat < 1:
        ap.error("--repeat is at least 1")
    rules = Rules.from_pack(load_pack_or_raise(content_dir()))
    if args.what == "speed":
        speed(rules, args.bot, args.players, args.games or 30, args.first, args.repeat)
    elif args.what == "stats":
        stats(rules, args.bot, args.players, args.games or 200, args.first)
    else:
        if len(args.bots) != 2:
            ap.error("match takes two bot names: the lone bot, then the others' bot")
        match(rules, args.bots[0], args.bots[1], args.players, args.games or 200, args.first)
    return 0


if __name__ == "__main__":
    sys.exit(main())
