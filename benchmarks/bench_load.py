"""Content toolchain speed: load + validate + compile the shipped pack, and a cold `lint`.

    python benchmarks/bench_load.py

In process: the median of 20 loads after one warm-up (imports done, the Lark parser built, the
schema validators made). Cold: the wall time of `lastlight lint` as a new process, median of 5.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time


def main() -> None:
    started = time.perf_counter()
    from lastlight.interpreter.engine.rules import Rules
    from lastlight.interpreter.pack import load_pack
    from lastlight.interpreter.paths import content_dir

    imported = time.perf_counter()
    pack, report = load_pack(content_dir())
    first = time.perf_counter()
    assert not report.errors, report.errors[:3]
    samples = []
    for _ in range(20):
        t = time.perf_counter()
        pack, _report = load_pack(content_dir())
        samples.append(time.perf_counter() - t)
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
    print(f"imports                     {1000 * (imported - started):7.1f} ms")
    print(f"first load (builds caches)  {1000 * (first - imported):7.1f} ms")
    print(f"load+validate+compile       {1000 * statistics.median(samples):7.1f} ms (median of 20)")
    print(f"engine tables (Rules)       {rules_ms:7.1f} ms")
    print(f"cold `lastlight lint`       {statistics.median(cold):7.2f} s  (median of 5)")


if __name__ == "__main__":
    main()
