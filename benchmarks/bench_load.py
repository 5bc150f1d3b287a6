"""Content toolchain speed: load + validate + compile the shipped pack, and a cold `lint`.

    python benchmarks/bench_load.py [--runs 20]

In process, after one warm-up load (imports done, the Lark parser built, the schema validators
made), the median of N loads two ways: with nothing cached from the warm-up (every file
validated, every effect parsed, as for content never seen before), and as a repeat load of
unchanged files (schema results and parsed effects reused, as in a long-lived process).
Cold: the wall time of `lastlight lint` as a new process, median of 5.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time


def _median_ms(samples: list[float]) -> str:
    return f"{1000 * statistics.median(samples):7.1f} ms (median of {len(samples)}, " + (
        f"{1000 * min(samples):.1f}-{1000 * max(samples):.1f})"
    )


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--runs", type=int, default=20)
    runs = args.parse_args().runs
    started = time.perf_counter()
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.load.paths import content_dir
    from lastlight.interpreter.pipeline import clear_caches, load_pack

    imported = time.perf_counter()
    pack, report = load_pack(content_dir())
    first = time.perf_counter()
    if report.errors:
        sys.exit(f"the shipped content has errors: {report.errors[:3]}")
    fresh, repeat = [], []
    for _ in range(runs):
        clear_caches()
        t = time.perf_counter()
        load_pack(content_dir())
        fresh.append(time.perf_counter() - t)
        t = time.perf_counter()
        pack, _report = load_pack(content_dir())
        repeat.append(time.perf_counter() - t)
    t = time.perf_counter()
    Rules.from_pack(pack)
    rules_ms = (time.perf_counter() - t) * 1000
    cold = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "lastlight.cli.main", "lint"], check=True, capture_output=True
        )
        cold.append(time.perf_counter() - t)
    print(f"imports                                {1000 * (imported - started):7.1f} ms")
    print(f"first load (builds parser, validators) {1000 * (first - imported):7.1f} ms")
    print(f"load+validate+compile, nothing cached  {_median_ms(fresh)}")
    print(f"load+validate+compile, repeat load     {_median_ms(repeat)}")
    print(f"engine tables (Rules)                  {rules_ms:7.1f} ms")
    print(
        f"cold `lastlight lint`                  {statistics.median(cold):7.2f} s  (median of 5, "
        f"{min(cold):.2f}-{max(cold):.2f})"
    )


if __name__ == "__main__":
    main()
