"""Engine speed: random-bot games per second per core, µs per decision (and by tenth of a game,
with the first and last tenth by decision kind), state size, clone time (`Game.clone`, beside
JSON, pickle and deepcopy).

    python benchmarks/bench_engine.py [--games N]

Runs in one process (one core) and times CPU time (`time.process_time`), so other work on a
shared machine does not count. Prints a table; never asserts.
"""

from __future__ import annotations

import argparse
import copy
import json
import pickle
import statistics
import time

from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise


def bench_games(rules: Rules, players: int, games: int) -> dict[str, float]:
    decisions = 0
    rounds = 0
    started = time.process_time()
    for seed in range(games):
        game = Game.new(rules, players, seed, log=False)
        bot = RandomBot(seed)
        while not game.over:
            game.apply(ask(bot, game))
            decisions += 1
        rounds += game.view(ALL, live=True).round
    elapsed = time.process_time() - started
    return {
        "games_per_s": games / elapsed,
        "us_per_decision": elapsed / decisions * 1e6,
        "decisions_per_game": decisions / games,
        "rounds_per_game": rounds / games,
    }


Kinds = dict[str, tuple[int, float, int, float]]


def bench_deciles(rules: Rules, players: int, games: int) -> tuple[list[float], Kinds]:
    """Mean µs per decision in each tenth of a game (is the cost flat over a game?), and by
    decision kind in the first and the last tenth: kind -> (count, µs, count, µs)."""
    sums = [0.0] * 10
    counts = [0] * 10
    by_kind: dict[tuple[str, int], list[float]] = {}
    for seed in range(games):
        game = Game.new(rules, players, seed, log=False)
        bot = RandomBot(seed)
        times = []
        while not game.over:
            pending = game.view(ALL, live=True).pending
            assert pending is not None
            kind = pending.kind
            decision = ask(bot, game)
            t = time.process_time()
            game.apply(decision)
            times.append((kind, time.process_time() - t))
        for i, (kind, dt) in enumerate(times):
            k = i * 10 // len(times)
            sums[k] += dt
            counts[k] += 1
            if k in (0, 9):
                by_kind.setdefault((kind, k), []).append(dt)
    kinds: Kinds = {}
    for kind in sorted({kind for kind, _k in by_kind}):
        first, last = by_kind.get((kind, 0), []), by_kind.get((kind, 9), [])
        kinds[kind] = (
            len(first),
            sum(first) / len(first) * 1e6 if first else 0.0,
            len(last),
            sum(last) / len(last) * 1e6 if last else 0.0,
        )
    return [sums[k] / counts[k] * 1e6 for k in range(10)], kinds


def bench_state(rules: Rules, players: int) -> dict[str, float]:
    game = Game.new(rules, players, 7, log=False)
    bot = RandomBot(7)
    for _ in range(300):
        if game.over:
            break
        game.apply(ask(bot, game))
    text = game.to_json()
    state = game.view(ALL, live=True).to_json()  # the game's own state, not a copy
    runs = 200

    def timed(fn) -> float:  # type: ignore[no-untyped-def]
        samples = []
        for _ in range(5):
            t = time.process_time()
            for _ in range(runs):
                fn()
            samples.append((time.process_time() - t) / runs * 1e6)
        return statistics.median(samples)

    return {
        "state_json_bytes": len(text),
        "clone_us": timed(game.clone),
        "clone_json_us": timed(lambda: Game.from_json(rules, game.to_json(), log=False)),
        "clone_pickle_us": timed(lambda: pickle.loads(pickle.dumps(state, -1))),
        "clone_deepcopy_us": timed(lambda: copy.deepcopy(state)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    rules = Rules.from_pack(load_pack_or_raise(content_dir()))
    print(
        f"{'players':>7} {'games/s':>8} {'us/decision':>12} {'decisions/game':>15} "
        f"{'rounds/game':>12}"
    )
    for players in (2, 3, 4):
        # the machine is shared: the median of three runs, with the spread beside it
        runs = sorted(
            (bench_games(rules, players, args.games) for _ in range(3)),
            key=lambda r: r["games_per_s"],
        )
        r = runs[1]
        spread = f"({runs[0]['games_per_s']:.0f}-{runs[2]['games_per_s']:.0f})"
        print(
            f"{players:>7} {r['games_per_s']:>8.1f} {r['us_per_decision']:>12.1f} "
            f"{r['decisions_per_game']:>15.0f} {r['rounds_per_game']:>12.1f}  {spread}"
        )
    deciles, kinds = bench_deciles(rules, 4, max(20, args.games // 2))
    print(
        "4 players, us per decision by tenth of the game: " + " ".join(f"{d:.1f}" for d in deciles)
    )
    last_total = sum(n * us for _n0, _us0, n, us in kinds.values())
    print("  by kind, first tenth -> last tenth (decisions x us; share of the last tenth):")
    for kind, (n0, us0, n9, us9) in sorted(kinds.items(), key=lambda kv: -kv[1][2] * kv[1][3]):
        share = n9 * us9 / last_total * 100 if last_total else 0.0
        print(f"  {kind:>12}: {n0:5d} x {us0:5.1f} -> {n9:5d} x {us9:5.1f}  ({share:4.1f}%)")
    s = bench_state(rules, 4)
    print(json.dumps({k: round(v, 1) for k, v in s.items()}))


if __name__ == "__main__":
    main()
