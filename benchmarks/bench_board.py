"""Board speed: a cached neighbour query, a reachability query, a rotation, in µs.

python benchmarks/bench_board.py
"""

from __future__ import annotations

import argparse
import statistics
import time

from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise


def per_call_us(fn, runs: int = 20000) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(5):
        t = time.perf_counter()
        for i in range(runs):
            fn(i)
        samples.append((time.perf_counter() - t) / runs * 1e6)
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> None:
    argparse.ArgumentParser(description=__doc__).parse_args(argv)
    rules = Rules.from_pack(load_pack_or_raise(content_dir()))
    board = rules.pack.models["board"]
    sectors = board.sectors()
    n = len(sectors)
    t = time.perf_counter()
    type(board)(board.spec)
    build_ms = (time.perf_counter() - t) * 1000
    nb = per_call_us(lambda i: board.neighbours(sectors[i % n], i % 8))
    reach = per_call_us(
        lambda i: board.reachable(sectors[i % n], 3, i % 8, frozenset({"d5"})), 5000
    )
    game = Game.new(rules, 4, 1, log=False)
    from lastlight.interpreter.engine.flow import _rotate

    rot = per_call_us(lambda i: _rotate(game.eng), 2000)
    print(f"build the board (8 rotation states)  {build_ms:8.2f} ms")
    print(f"neighbours (cached lookup)           {nb:8.3f} us")
    print(f"reachable within 3 moves             {reach:8.2f} us")
    print(
        f"a rotation in a 4-player game        {rot:8.2f} us  (re-wiring is a state index; "
        "this includes centre light, Lumos and triggers)"
    )


if __name__ == "__main__":
    main()
