"""Engine speed as a ratio: our 4-player random-bot games against catanatron's, in one run.

    python benchmarks/bench_vs_catanatron.py [--seconds 60] [--slice 3]
    python benchmarks/bench_vs_catanatron.py --whole [--games 480] [--repeats 3]

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

`--whole` measures whole processes instead, start-up counted in: `lastlight sim --games N
--players 4 --bots random --jobs 1 -o <temporary .csv>` against one process playing N catanatron
4-player random games (seeds 1..N), run alternately `--repeats` times (the order swapped each
time), after one small warm-up run of each (byte code written, as after an install). Prints each
side's median wall and CPU seconds (the child's user + system time) and the ratio of the medians,
and each side's start-up alone: the same process for one game, timed in the same loop. It says
which build of the rules core ran (compiled by `setup.py`, or pure Python); `--peer PYTHON`
adds another environment's lastlight as a third side (for example the pure core beside the
compiled one, each in its own virtual environment).
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


CATANATRON_GAMES = """
import sys
from catanatron import Color, Game, RandomPlayer
colours = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
for seed in range(1, int(sys.argv[1]) + 1):
    Game([RandomPlayer(c) for c in colours], seed=seed).play()
"""


def _timed_process(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one child process; fails loudly if it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def core_of(python: str) -> str:
    """Which rules core that interpreter's lastlight runs: the mypyc-compiled one (a wheel
    built with a C compiler, `setup.py`) or the pure-Python sources."""
    code = "import lastlight.interpreter.engine.machine as m; print(m.__file__)"
    found = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True)
    return "pure Python" if found.stdout.strip().endswith(".py") else "compiled"


def whole(games: int, repeats: int, peer: str | None = None) -> None:
    """Whole processes, start-up counted in (see the module's text). `peer`: another Python
    whose lastlight (the other build of the core, say) runs as a third side in the same loop."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    out = Path(tempfile.mkdtemp(prefix="lastlight-bench-")) / "rows.csv"
    from lastlight.interpreter.load.paths import content_dir

    lastlight = [
        sys.executable,
        "-c",
        "from lastlight.cli.main import run; run()",
        "sim",
        "--content",
        str(content_dir()),
        "--players",
        "4",
        "--bots",
        "random",
        "--jobs",
        "1",
        "-o",
        str(out),
        "--games",
    ]
    catan = [catanatron_python(), "-c", CATANATRON_GAMES]
    sides = {"catanatron": catan, "lastlight": lastlight}
    print(f"lastlight: {sys.executable}, rules core {core_of(sys.executable)}")
    if peer:
        sides["peer"] = [peer, *lastlight[1:]]
        print(f"     peer: {peer}, rules core {core_of(peer)}")
    for argv in sides.values():  # warm-up
        _timed_process([*argv, "2"], env)
    times: dict[str, list[tuple[float, float]]] = {side: [] for side in sides}
    starts: dict[str, list[tuple[float, float]]] = {side: [] for side in sides}
    for r in range(repeats):
        for side in sorted(sides) if r % 2 == 0 else sorted(sides, reverse=True):
            times[side].append(_timed_process([*sides[side], str(games)], env))
            starts[side].append(_timed_process([*sides[side], "1"], env))
            out.unlink(missing_ok=True)
    med = {
        side: (statistics.median(w for w, _ in t), statistics.median(c for _, c in t))
        for side, t in times.items()
    }
    for side, (wall, cpu) in med.items():
        runs = " ".join(f"{c:.2f}" for _, c in times[side])
        one = statistics.median(c for _, c in starts[side])
        print(
            f"{side:>11}: {games} games, median {wall:6.2f} s wall, {cpu:6.2f} s CPU "
            f"(CPU of each run: {runs}; a process for one game: {one:.2f} s CPU)"
        )
    print(
        f"      ratio: {med['catanatron'][0] / med['lastlight'][0]:.2f}x wall, "
        f"{med['catanatron'][1] / med['lastlight'][1]:.2f}x CPU (whole processes, start-up "
        f"counted, {repeats} alternating runs; load average {os.getloadavg()[0]:.1f} on "
        f"{os.cpu_count()} cores)"
    )
    if peer:
        print(
            f"  lastlight / peer: {med['peer'][0] / med['lastlight'][0]:.2f}x wall, "
            f"{med['peer'][1] / med['lastlight'][1]:.2f}x CPU"
        )


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
    parser.add_argument("--whole", action="store_true", help="whole processes (see above)")
    parser.add_argument("--games", type=int, default=480, help="games per process (--whole)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each side (--whole)")
    parser.add_argument(
        "--peer",
        metavar="PYTHON",
        help="another Python whose lastlight runs as a third side (--whole): for example the "
        "pure-Python core's environment beside a compiled one",
    )
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return
    if args.whole:
        whole(args.games, args.repeats, args.peer)
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
