"""Is a bot as strong as another? One seat of BOT among BASE bots, against the same seat played
by BASE on the same seeds (common random numbers), so the difference is the bot's alone.

    nice python benchmarks/keep_strength.py --bot planner_calibrated --base planner \
        --players 2 --games 400 --seed 24001 [--jobs 2]

Game `i` is dealt from `SeedSequence([seed, i])` (the lab's `game_seeds`: the game's word and one
per seat); seat `i mod players` is the test seat. Each game is played twice with the same game
and bot seeds: BOT in the test seat (the others BASE), then BASE in every seat. Prints BOT's win
share with a Wilson 95% interval, the same seat's share under BASE, and the paired difference
(BOT won - BASE won, per game) with a 95% t interval. A shared win counts for each winner.
Use seeds never used for calibration (`calibrate_keeps.py` used --seed 1). Never asserts.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.spec import game_seeds, load_rules
from lastlight.interpreter.tools.lab.stats import mean_interval, wilson


def play_one(job: tuple[str, str, str, int, int, int]) -> tuple[int, int]:
    """(BOT's seat won, BASE in that seat won) for game `index`."""
    content, bot, base, players, seed, index = job
    rules = load_rules(content)
    game_seed, bot_seeds = game_seeds(seed, index)
    seat = index % players
    out = []
    for test in (bot, base):
        bots = [make_bot(test if p == seat else base, bot_seeds[p], rules) for p in range(players)]
        game = play_game(Game.new(rules, players, game_seed, log=False), bots)
        out.append(int(seat in game.winners))
    return out[0], out[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bot", default="planner_calibrated")
    ap.add_argument("--base", default="planner")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=24001)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if min(args.games, args.jobs) < 1:
        ap.error("--games and --jobs are at least 1")
    content = str(content_dir())
    jobs = [(content, args.bot, args.base, args.players, args.seed, i) for i in range(args.games)]
    t0 = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_one, jobs, chunksize=8))
    else:
        results = [play_one(job) for job in jobs]
    won = np.array([r[0] for r in results], dtype=float)
    base_won = np.array([r[1] for r in results], dtype=float)
    n = args.games
    lo, hi = wilson(int(won.sum()), n)
    b_lo, b_hi = wilson(int(base_won.sum()), n)
    diff = won - base_won
    d_lo, d_hi = mean_interval(diff, float(diff.mean()), bounds=(-1.0, 1.0))
    print(f"{args.bot} in one seat (rotated) vs {args.base}, {args.players} players, {n} games, "
          f"seed {args.seed}: {args.bot} won {int(won.sum())} = {won.mean():.1%} "
          f"[Wilson 95% {lo:.1%}, {hi:.1%}]; {args.base} in the same seats on the same seeds "
          f"{int(base_won.sum())} = {base_won.mean():.1%} [{b_lo:.1%}, {b_hi:.1%}]; paired "
          f"difference {100 * diff.mean():+.1f} points [95% t {100 * d_lo:+.1f}, "
          f"{100 * d_hi:+.1f}]; fair share {1 / args.players:.0%}; "
          f"{time.perf_counter() - t0:.0f} s")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
