"""How fast the CLI starts: `lastlight --help` and a cold `lastlight lint` of the shipped pack,
each a fresh process, median of N runs (wall and CPU time), beside `python -c pass` run in the
same loop as the peer (the interpreter's own start, which no change of ours can remove).

    python benchmarks/bench_startup.py [--runs 5]

Targets (the fresh-machine issue): --help <= 250 ms, cold lint <= 500 ms wall on the 2-core
machine. The machine is shared: compare the CPU column and the ratio to the peer when it is busy.
Byte code is written first (a warm-up run), as after any first use; the runs are otherwise cold.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LASTLIGHT = [sys.executable, "-c", "from lastlight.cli.main import main; main()"]
CASES = {
    "python -c pass (peer)": [sys.executable, "-c", "pass"],
    "lastlight --help": [*LASTLIGHT, "--help"],
    "lastlight lint": [*LASTLIGHT, "lint", "--content", str(ROOT / "content")],
}


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one run of `argv` as a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for argv in CASES.values():  # warm-up: byte code written, file caches filled
        _run(argv, env)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in CASES}
    for _ in range(args.runs):  # interleaved, so a busy spell hits every case alike
        for name, argv in CASES.items():
            times[name].append(_run(argv, env))
    peer = statistics.median(w for w, _ in times["python -c pass (peer)"])
    print(f"{'case':24} {'wall ms':>8} {'cpu ms':>8} {'x peer':>7}   (median of {args.runs})")
    for name, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(f"{name:24} {wall * 1000:8.0f} {cpu * 1000:8.0f} {wall / peer:7.1f}")


if __name__ == "__main__":
    main()
