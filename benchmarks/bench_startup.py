"""How fast the CLI starts: `lastlight --help`, a `lastlight lint` of the shipped pack and a
one-game `lastlight sim`, the last two with the user caches (the checked-files memo, the rules
cache: docs/architecture.md) and with them off (`LASTLIGHT_NO_CACHE=1`), each a fresh process,
median of N runs (wall and CPU time), beside `python -c pass` run in the same loop as the peer
(the interpreter's own start, which no change of ours can remove).

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
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LASTLIGHT = [sys.executable, "-c", "from lastlight.cli.main import run; run()"]


def cases(rows: str) -> dict[str, tuple[list[str], dict[str, str]]]:
    """case -> (argv, extra environment); `rows`: where the sim writes its CSV."""
    sim = [*LASTLIGHT, "sim", "--content", str(ROOT / "content"), "--players", "4"]
    sim += ["--bots", "random", "--jobs", "1", "--games", "1", "-o", rows]
    lint = [*LASTLIGHT, "lint", "--content", str(ROOT / "content")]
    return {
        "python -c pass (peer)": ([sys.executable, "-c", "pass"], {}),
        "lastlight --help": ([*LASTLIGHT, "--help"], {}),
        "lastlight lint": (lint, {}),
        "lint, no cache": (lint, {"LASTLIGHT_NO_CACHE": "1"}),
        "sim, 1 game, cached": (sim, {}),
        "sim, 1 game, no cache": (sim, {"LASTLIGHT_NO_CACHE": "1"}),
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
    with tempfile.TemporaryDirectory(prefix="lastlight-bench-") as tmp:
        measure(cases(str(Path(tmp) / "rows.csv")), env, args.runs)


def measure(
    case: dict[str, tuple[list[str], dict[str, str]]], env: dict[str, str], runs: int
) -> None:
    for argv, extra in case.values():  # warm-up: byte code and the rules cache written
        _run(argv, {**env, **extra})
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in case}
    for _ in range(runs):  # interleaved, so a busy spell hits every case alike
        for name, (argv, extra) in case.items():
            times[name].append(_run(argv, {**env, **extra}))
    peer = statistics.median(w for w, _ in times["python -c pass (peer)"])
    print(f"{'case':24} {'wall ms':>8} {'cpu ms':>8} {'x peer':>7}   (median of {runs})")
    for name, samples in times.items():
        wall = statistics.median(w for w, _ in samples)
        cpu = statistics.median(c for _, c in samples)
        print(f"{name:24} {wall * 1000:8.0f} {cpu * 1000:8.0f} {wall / peer:7.1f}")


if __name__ == "__main__":
    main()
