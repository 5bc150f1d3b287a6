"""`Game.clone` and the cost of a decision over a game: the two figures search bots live on.

    python benchmarks/bench_clone.py [--games 40] [--runs 2000] [--repeats 3]

1. `Game.clone` of a 4-player game half-way through (a random-bot game, its decisions counted
   first), with the event log and without, beside two peers timed in the same loop: the deep
   copy `clone_state` (what `clone` did before copy on write) and a pickle round trip of the
   state (C code that no change of ours speeds up: the ratio to it reads the same on a busy
   machine). Also a clone and its first decision together, since copy on write moves some of
   the copying into the play.
2. µs per decision by tenth of a game (4 players, random bots, no log, the garbage collector as
   in a sweep): each game is played once to count its decisions, then `--repeats` times more
   timed decision by decision, each decision's time being the least of its plays (what the
   machine's other work added is left out: one play's ratio moved by +-0.15 from run to run on
   the shared machine); the ratio last tenth / first tenth says whether a decision costs the
   same late in a game as early (the target is <= 1.2). Both the engine alone (`apply`) and
   the loop a sweep runs (the bot's choice and `apply`) are shown. Then the same split by
   decision kind: the last tenth's decisions priced at what each kind cost in the first
   tenth, against what they cost; this ratio (kinds met in both tenths only) says how much of
   the rise is the same decisions getting dearer as the game grows, the rest being the mix
   (attacks come late).

Times: the clones are CPU time of this process (`time.process_time`), medians of rounds
interleaved with their peers; the decisions are the least wall time (`time.perf_counter`) of
each over its plays. Prints a table; never asserts.
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import time
from collections.abc import Callable

from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.engine.state_copy import clone_state
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise
from lastlight.interpreter.tools.lab.run import sweep_gc


def half_way(rules: Rules, seed: int, *, log: bool) -> Game:
    """A 4-player random-bot game stopped after half its decisions."""
    game = Game.new(rules, 4, seed, log=False)
    bot = RandomBot(seed)
    total = 0
    while not game.over:
        game.apply(ask(bot, game))
        total += 1
    game = Game.new(rules, 4, seed, log=log)
    bot = RandomBot(seed)
    for _ in range(total // 2):
        game.apply(ask(bot, game))
    return game


def timed(cases: dict[str, Callable[[], object]], runs: int, rounds: int = 9) -> dict[str, float]:
    """Median µs per call of each case, the cases interleaved round by round."""
    samples: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(rounds):
        for name, fn in cases.items():
            started = time.process_time()
            for _ in range(runs):
                fn()
            samples[name].append((time.process_time() - started) / runs * 1e6)
    return {name: statistics.median(s) for name, s in samples.items()}


def bench_clone(rules: Rules, runs: int) -> None:
    print("Game.clone, 4 players half-way through a game (µs per call, median of 9 rounds)")
    print(
        f"{'':10} {'clone':>7} {'clone+1':>8} {'deep copy':>10} {'pickle':>7} "
        f"{'clone/pickle':>13}  {'log entries':>11}"
    )
    for log in (True, False):
        game = half_way(rules, 7, log=log)
        decision = game.legal()[0]

        def clone_and_play(game: Game = game, decision: dict = decision) -> None:
            game.clone().apply(decision)

        us = timed(
            {
                "clone": game.clone,
                "clone+1": clone_and_play,
                "deep": lambda game=game: clone_state(game.state),  # type: ignore[misc]
                "pickle": lambda game=game: pickle.loads(pickle.dumps(game.state, -1)),  # type: ignore[misc]
            },
            runs,
        )
        print(
            f"{'log' if log else 'no log':10} {us['clone']:7.1f} {us['clone+1']:8.1f} "
            f"{us['deep']:10.1f} {us['pickle']:7.1f} {us['clone'] / us['pickle']:13.2f}  "
            f"{len(game.log):11d}"
        )


def bench_tenths(rules: Rules, games: int, repeats: int) -> None:
    engine = [0.0] * 10
    loop = [0.0] * 10
    counts = [0] * 10
    #: (kind, tenth 0 or 9) -> [decisions, seconds in the engine]
    kinds: dict[tuple[str, int], list[float]] = {}
    clock = time.perf_counter
    with sweep_gc():
        for seed in range(games):
            game = Game.new(rules, 4, seed, log=False, lab=True)
            bot = RandomBot(seed)
            total = 0
            while not game.over:
                game.apply(ask(bot, game))
                total += 1
            # the same game `repeats` times (same seed, same bot: the same decisions); each
            # decision's time is the least it took, which leaves out what the machine's other
            # work added to it (a shared machine otherwise moves the ratio by +-0.15)
            best = [float("inf")] * total
            best_loop = [float("inf")] * total
            kind_of = [""] * total
            for _ in range(repeats):
                game = Game.new(rules, 4, seed, log=False, lab=True)
                bot = RandomBot(seed)
                for i in range(total):
                    kind_of[i] = game.state["pending"]["kind"]
                    t0 = clock()
                    decision = ask(bot, game)
                    t1 = clock()
                    game.apply(decision)
                    t2 = clock()
                    best[i] = min(best[i], t2 - t1)
                    best_loop[i] = min(best_loop[i], t2 - t0)
                assert game.over  # (the same game again)
            for i in range(total):
                k = i * 10 // total
                engine[k] += best[i]
                loop[k] += best_loop[i]
                counts[k] += 1
                if k == 0 or k == 9:
                    seen = kinds.setdefault((kind_of[i], k), [0, 0.0])
                    seen[0] += 1
                    seen[1] += best[i]
    print(
        f"µs per decision by tenth of a game ({games} 4-player random-bot games, "
        f"{sum(counts)} decisions, each the least of {repeats} plays)"
    )
    for name, sums in (("engine", engine), ("bot+engine", loop)):
        per = [s / c * 1e6 for s, c in zip(sums, counts, strict=True)]
        print(
            f"{name:>11}: "
            + " ".join(f"{x:5.1f}" for x in per)
            + f"   last/first {per[9] / per[0]:.2f}"
        )
    both = sorted({kind for kind, k in kinds if (kind, 0) in kinds and (kind, 9) in kinds})
    late = sum(kinds[(kind, 9)][1] for kind in both)
    priced = sum(kinds[(kind, 9)][0] * kinds[(kind, 0)][1] / kinds[(kind, 0)][0] for kind in both)
    share = sum(kinds[(kind, 9)][0] for kind in both) / counts[9]
    print(
        f"  same kinds (the last tenth's decisions of kinds met in both tenths, {share:.0%} of "
        f"them): {late / priced:.2f}x what they cost in the first tenth"
    )
    print("  by kind, first tenth -> last tenth (decisions x µs in the engine):")
    for kind in sorted({kind for kind, _ in kinds}, key=lambda kd: -kinds.get((kd, 9), [0, 0])[1]):
        cells = []
        for k in (0, 9):
            n, secs = kinds.get((kind, k), (0, 0.0))
            cells.append(f"{n:5d} x {secs / n * 1e6 if n else 0.0:5.1f}")
        print(f"  {kind:>12}: {cells[0]} -> {cells[1]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games for the tenths")
    parser.add_argument("--runs", type=int, default=2000, help="calls per timed round")
    parser.add_argument(
        "--repeats", type=int, default=3, help="plays of each game for the tenths (least time)"
    )
    args = parser.parse_args()
    rules = Rules.from_pack(load_pack_or_raise(content_dir()))
    bench_clone(rules, args.runs)
    print()
    bench_tenths(rules, args.games, args.repeats)


if __name__ == "__main__":
    main()
