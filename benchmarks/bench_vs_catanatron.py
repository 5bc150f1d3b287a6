"""Engine speed as a ratio: our 4-player random-bot games against catanatron's, in one run.

    python benchmarks/bench_vs_catanatron.py [--seconds 60] [--slice 3]

On the first run it makes a virtual environment for catanatron 3.2.1 (pure-Python Catan, from
PyPI) under the cache directory (`$XDG_CACHE_HOME` or ~/.cache, `lastlight-bench/`), so our own
environment never gets it. Both sides then run in worker subprocesses of this script, each
waiting for its turn: the parent hands out timed slices alternately (catanatron, ours,
catanatron, ...), so noise from a shared machine falls on both sides alike. A slice plays whole
games until its time is up. Prints games/s for each side and the ratio, both per second of wall
time and per second of the worker's own CPU time (`time.process_time`): on a machine shared
with other work the wall-clock rates swing with the load, the CPU-time rates much less. Never
asserts.

Catanatron side: `Game([RandomPlayer(c) for c in 4 colours], seed=s).play()`.
Our side: exactly what `lastlight sim --players 4 --bots random --jobs 1` does per game, by
calling its `run_batch` for one game at a time (seeds from the sweep's seed sequence, one
`RandomBot` per seat, the game with the lab list instead of the full log, the collector scoped
as in a sweep, and the game's rows built).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

CATANATRON = "catanatron==3.2.1"


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "lastlight-bench"


def catanatron_python() -> str:
    """The catanatron venv's interpreter, creating the venv on first use."""
    venv = cache_dir() / "catanatron-venv"
    python = venv / "bin" / "python"
    if python.exists():
        ok = (
            subprocess.run([str(python), "-c", "import catanatron"], capture_output=True).returncode
            == 0
        )
        if ok:
            return str(python)
    print(f"installing {CATANATRON} into {venv} (first run only) ...", file=sys.stderr)
    venv.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", CATANATRON], check=True)
    return str(python)


# --- workers: read "SECONDS" lines, play whole games for that long, answer "games wall cpu" ---


def _catanatron_player() -> object:
    from catanatron import Color, Game, RandomPlayer

    colours = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    seed = [0]

    def play() -> None:
        seed[0] += 1
        Game([RandomPlayer(c) for c in colours], seed=seed[0]).play()

    return play


def _lastlight_player() -> object:
    from dataclasses import replace

    from lastlight.interpreter.load.paths import content_dir
    from lastlight.interpreter.tools.lab.run import run_batch
    from lastlight.interpreter.tools.lab.spec import SimSpec

    spec = SimSpec(str(content_dir()), players=(4,), bots=("random",), seed=0)
    index = [0]

    def play() -> None:
        index[0] += 1
        rows = run_batch(replace(spec, start=index[0], stop=index[0] + 1))
        assert len(rows) == 4

    return play


def worker(side: str) -> None:
    play = _catanatron_player() if side == "catanatron" else _lastlight_player()
    play()  # warm up (imports, caches) outside the timed slices
    print("ready", flush=True)
    for line in sys.stdin:
        budget = float(line)
        games = 0
        start = time.perf_counter()
        cpu = time.process_time()
        while True:
            play()
            games += 1
            elapsed = time.perf_counter() - start
            if elapsed >= budget:
                break
        print(f"{games} {elapsed} {time.process_time() - cpu}", flush=True)


def spawn(python: str, side: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [python, os.path.abspath(__file__), "--worker", side],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    if proc.stdout.readline().strip() != "ready":
        raise SystemExit(f"the {side} worker did not start")
    return proc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="total time per side")
    parser.add_argument("--slice", type=float, default=3.0, help="length of one timed slice")
    parser.add_argument("--worker", choices=["catanatron", "lastlight"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return
    sides = {
        "catanatron": spawn(catanatron_python(), "catanatron"),
        "lastlight": spawn(sys.executable, "lastlight"),
    }
    totals = {side: [0, 0.0, 0.0] for side in sides}
    rounds = max(1, round(args.seconds / args.slice))
    try:
        for _ in range(rounds):
            for side, proc in sides.items():
                assert proc.stdin is not None and proc.stdout is not None
                proc.stdin.write(f"{args.slice}\n")
                proc.stdin.flush()
                games, elapsed, cpu = proc.stdout.readline().split()
                totals[side][0] += int(games)
                totals[side][1] += float(elapsed)
                totals[side][2] += float(cpu)
    finally:
        for proc in sides.values():
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait()
    rate = {side: games / secs for side, (games, secs, _cpu) in totals.items()}
    cpu_rate = {side: games / cpu for side, (games, _secs, cpu) in totals.items()}
    for side, (games, secs, cpu) in totals.items():
        print(
            f"{side:>11}: {games:6d} games in {secs:6.1f} s = {rate[side]:6.1f} games/s "
            f"(CPU {cpu:6.1f} s = {cpu_rate[side]:6.1f} games per CPU-second)"
        )
    print(
        f"      ratio: {rate['lastlight'] / rate['catanatron']:.2f}x wall, "
        f"{cpu_rate['lastlight'] / cpu_rate['catanatron']:.2f}x CPU "
        f"(4-player random games, {rounds} interleaved slices of {args.slice:g} s each; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )


if __name__ == "__main__":
    main()
