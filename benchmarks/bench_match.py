"""One bot against another on paired seeds: win share with intervals, and the CPU time of a
decision and of a game.

python benchmarks/bench_match.py --hero sweep --field planner --players 2 --games 1000 --jobs 2
python benchmarks/bench_match.py --hero sweep --field planner --players 4 --games 1000 --jobs 2
python benchmarks/bench_match.py --hero search --field sweep --players 2 --games 200 --jobs 2
python benchmarks/bench_match.py --hero sweep --field sweep --players 4 --games 20  # speed
python benchmarks/bench_match.py --hero sweep --field sweep --players 4 --games 20 \
    --opt counts=2,4 --field-opt counts=2,4  # an all-sweep game searching at 4 players
python benchmarks/bench_match.py --hero planner --opt weights=tuned.yaml --players 4 --paired
    # a weights file (tune_spsa.py -o) against the shipped planner

Game i is dealt from the lab's seeds (`SeedSequence([seed, i])`, the game's word and one per
seat). At 2 players the games come in pairs: game 2k and 2k+1 are the same deal and bot seeds
with the hero in seat 0 and then in seat 1 (the seat and the deal's luck cancel in the pair);
at 3-4 players the hero sits in seat i mod n against n-1 field bots. A tie is a share of a win.
Prints the hero's win share with a Wilson interval, at 2 players the paired difference
(hero − field wins per deal, a t interval), and the hero's CPU time per decision (median, p95)
and per game. Seeds 1-999 of the shipped weights' fitting and tuning are never used here by
default (`--seed 10_000`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from multiprocessing import Pool
from typing import Any

import numpy as np
from lastlight.interpreter.agents import make_bot, resolve_bot
from lastlight.interpreter.agents.base import ask
from lastlight.interpreter.agents.planner import weights as planner_weights
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.spec import game_seeds, load_rules
from lastlight.interpreter.tools.lab.stats import mean_interval, wilson

Result = tuple[int, int, float, list[float], float, int, tuple[int, int]]


def option(text: str) -> tuple[str, Any]:
    """`key=value` of `--opt`: the value as an int, a float, or else text."""
    key, sep, raw = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r} is not key=value")
    for kind in (int, float):
        try:
            return key, kind(raw)
        except ValueError:
            pass
    return key, raw


def build(name: str, seed: int, rules: Any, opts: dict[str, Any]) -> Any:
    if not opts:
        return make_bot(name, seed, rules)
    if isinstance(opts.get("weights"), str):  # --opt weights=FILE: a planner weights file
        opts = opts | {"weights": planner_weights.load(opts["weights"])}
    return resolve_bot(name)(seed, rules, **opts)


Task = tuple[int, int, int, str, str, dict[str, Any], bool, dict[str, Any]]


def play(task: Task) -> Result:
    """Game `index`: (index, hero seat, hero's share of the win, hero's CPU seconds per
    decision, the game's CPU seconds, decisions). `base`: the field's bot sits in the hero's
    seat instead (the paired baseline)."""
    master, index, players, hero, field, opts, base, field_opts = task
    if base:
        hero, opts = field, field_opts
    rules = load_rules(str(content_dir()))
    deal = index // 2 if players == 2 else index
    game_seed, bot_seeds = game_seeds(master, deal)
    seat = index % players
    names = [hero if s == seat else field for s in range(players)]
    if players == 2:  # the pair's two games give each seat's bot the same seed
        bot_seeds = bot_seeds if seat == 0 else [bot_seeds[1], bot_seeds[0]]
    bots = [
        build(names[s], bot_seeds[s], rules, opts if s == seat else field_opts)
        for s in range(players)
    ]
    game = Game.new(rules, players, game_seed, log=False)
    times: list[float] = []
    searched = deviated = 0
    start = time.process_time()
    steps = 0
    while not game.over:
        p = game.to_move
        assert p is not None
        if p == seat:
            t0 = time.process_time()
            decision = ask(bots[p], game)
            times.append(time.process_time() - t0)
            last = getattr(bots[p], "last", None) or {}
            searched += bool(last.get("searched"))
            deviated += bool(last.get("deviated"))
        else:
            decision = ask(bots[p], game)
        game.apply(decision)
        steps += 1
    winners = game.winners
    share = 1.0 / len(winners) if seat in winners else 0.0
    cpu = time.process_time() - start
    return index, seat, share, times, cpu, steps, (searched, deviated)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hero", default="sweep", help="the bot measured (a bot name)")
    ap.add_argument("--field", default="planner", help="the bot of every other seat")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=100, help="games (even at 2 players)")
    ap.add_argument("--seed", type=int, default=10_000, help="master seed of the deals")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--first", type=int, default=0,
                    help="index of the first game (even at 2 players): extends an earlier run "
                    "of the same seed with new deals")  # fmt: skip
    ap.add_argument("--out", help="write every game's result as JSON (to pool runs)")
    ap.add_argument("--paired", action="store_true",
                    help="3-4 players: also play every deal with the field's bot in the hero's "
                    "seat, and report the paired difference")  # fmt: skip
    ap.add_argument("--opt", type=option, action="append", default=[],
                    help="key=value given to the hero's constructor (repeatable)")  # fmt: skip
    ap.add_argument("--field-opt", type=option, action="append", default=[],
                    help="key=value given to every field bot (repeatable)")  # fmt: skip
    args = ap.parse_args()
    opts = dict(args.opt)
    field_opts = dict(args.field_opt)
    games = args.games + (args.games % 2 if args.players == 2 else 0)
    if args.players == 2 and args.first % 2:
        ap.error("--first must be even at 2 players (a deal is two games)")
    tasks: list[Task] = [
        (args.seed, i, args.players, args.hero, args.field, opts, False, field_opts)
        for i in range(args.first, args.first + games)
    ]
    if args.paired and args.players > 2:
        tasks += [(t[0], t[1], t[2], t[3], t[4], t[5], True, t[7]) for t in tasks]
    wall = time.perf_counter()
    if args.jobs == 1:
        results = [play(t) for t in tasks]
    else:
        with Pool(args.jobs) as pool:
            results = pool.map(play, tasks, chunksize=2)
    wall = time.perf_counter() - wall
    base, results = results[games:], results[:games]
    if args.out:
        rows = [
            {"game": r[0], "seat": r[1], "hero_share": r[2], "cpu": r[4], "decisions": r[5]}
            | ({"base_share": b[2]} if base else {})
            for r, b in zip(results, base or [None] * games, strict=True)
        ]
        meta = {
            "hero": args.hero,
            "field": args.field,
            "players": args.players,
            "seed": args.seed,
            "first": args.first,
            "opts": opts,
            "field_opts": field_opts,
        }
        with open(args.out, "w", encoding="utf-8") as fh:
            json.dump({"run": meta, "games": rows}, fh, indent=1)
    wins = sum(r[2] for r in results)
    lo, hi = wilson(wins, games)
    fair = 1 / args.players
    print(
        f"{args.hero} {opts or ''} against {args.field} {field_opts or ''}, {args.players} "
        f"players, {games} games (seed {args.seed}, from game {args.first}): won {wins:g} = "
        f"{wins / games:.1%} [{lo:.1%}, {hi:.1%}] (fair {fair:.0%})"
    )
    if args.players == 2:
        # hero's wins minus the field's over the deal's two games, halved: in [-1, 1]
        diffs = np.array([results[k][2] + results[k + 1][2] - 1.0 for k in range(0, games, 2)])
        mean = float(diffs.mean())
        d_lo, d_hi = mean_interval(diffs, mean, bounds=(-1.0, 1.0))
        print(
            f"paired: hero − field wins a deal {mean:+.3f} [{d_lo:+.3f}, {d_hi:+.3f}]"
            f" over {len(diffs)} deals (each played with the seats swapped; 95% t)"
        )
    if base:
        diffs = np.array([r[2] - b[2] for r, b in zip(results, base, strict=True)])
        mean = float(diffs.mean())
        d_lo, d_hi = mean_interval(diffs, mean, bounds=(-1.0, 1.0))
        print(
            f"paired: hero − {args.field} in the same seat of the same deal {mean:+.3f} "
            f"[{d_lo:+.3f}, {d_hi:+.3f}] wins a game over {len(diffs)} deals (95% t)"
        )
    times = sorted(t for r in results for t in r[3])
    per_game = [r[4] for r in results]
    if times:
        print(
            f"{args.hero}'s CPU time a decision: median {statistics.median(times) * 1e3:.2f} ms, "
            f"p95 {times[int(0.95 * (len(times) - 1))] * 1e3:.2f} ms, mean "
            f"{statistics.fmean(times) * 1e3:.2f} ms over {len(times)} decisions"
        )
    searched = sum(r[6][0] for r in results)
    if searched:
        deviated = sum(r[6][1] for r in results)
        print(
            f"{args.hero} searched {searched} decisions ({searched / len(times):.1%} of its "
            f"decisions) and played other than the planner's choice at {deviated} "
            f"({deviated / searched:.1%} of those searched)"
        )
    print(
        f"CPU time a game (all seats): median {statistics.median(per_game):.2f} s, "
        f"max {max(per_game):.2f} s; {statistics.fmean(r[5] for r in results):.0f} decisions a "
        f"game; wall {wall:.0f} s with {args.jobs} jobs"
    )


if __name__ == "__main__":
    main()
