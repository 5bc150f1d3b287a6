"""Tune the planner's weights by SPSA on paired seeded games, judge the result on held-out
seeds, and write it as a weights file with its provenance.

    python benchmarks/tune_spsa.py -o tuned.yaml [--iterations 200] [--pairs 8] [--players 2]
        [--seed 1] [--holdout 2] [--held-out 400] [--only NAME ...] [--field planner]
        [--start FILE] [--jobs 2] [--replace]

Every weight with a range in interpreter/agents/planner/weights.yaml moves together
(`--only` names a subset; a table name such as EVENT_RATE takes its entries); see
`lastlight.interpreter.tools.lab.spsa` for the algorithm and the seeds. The same command and
seed give the same weights for any `--jobs`. The candidate is then played against the starting
weights on `--held-out` held-out seeds (each twice, seats swapped); `--replace` overwrites the
shipped file only if the whole 95% interval of that paired result is above 0 (otherwise exit
1). `--held-out 0` skips the judging (the file says so). See docs/bot-tuning.md.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

from lastlight.interpreter.agents.planner import weights as pw
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab import spsa


def arguments(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("-o", "--output", type=Path, help="where to write the tuned weights")
    ap.add_argument("--replace", action="store_true", help="overwrite the shipped file if accepted")
    ap.add_argument("--start", type=Path, help="weights to start from (default: the shipped)")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--pairs", type=int, default=8, help="seeds per iteration (2 games each)")
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--field", default="planner", help="bot of the other seats (3-4 players)")
    ap.add_argument("--seed", type=int, default=1, help="tuning seed (Delta and games)")
    ap.add_argument("--holdout", type=int, default=2, help="seed of the held-out games")
    ap.add_argument("--held-out", type=int, default=400, help="held-out seeds (2 games each)")
    ap.add_argument("--only", action="append", default=[], metavar="NAME")
    ap.add_argument("--c", type=float, default=0.1, help="perturbation at k=0 (range share)")
    ap.add_argument("--a", type=float, default=0.005, help="gain at k=0 (range share)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if not args.output and not args.replace:
        ap.error("give -o FILE or --replace")
    if min(args.iterations, args.pairs, args.jobs) < 1 or args.held_out < 0:
        ap.error("--iterations, --pairs and --jobs are at least 1; --held-out at least 0")
    if args.seed == args.holdout:
        ap.error("--holdout must differ from --seed (held-out seeds are never tuned on)")
    if args.replace and args.held_out == 0:
        ap.error("--replace needs held-out games to judge the candidate")
    return args


def moved_text(start: pw.Weights, values: dict[str, float], most: int = 10) -> str:
    """The weights that moved most, in range units (the whole list is in the file)."""

    def span(name: str) -> float:
        w = start.entries[name]
        return (values[name] - w.value) / (w.hi - w.lo) if w.hi > w.lo else 0.0

    moved = sorted((n for n in values if span(n)), key=lambda n: -abs(span(n)))
    if not moved:
        return "no weight moved"
    lines = [f"{len(moved)} weights moved; the largest (share of the range):"]
    for name in moved[:most]:
        old = start.entries[name].value
        lines.append(f"  {name}: {old:g} -> {values[name]:.4g} ({span(name):+.3f})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    try:
        start = pw.load(args.start) if args.start else pw.shipped()
        settings = spsa.Settings(
            args.iterations, args.pairs, args.seed, args.c, args.a, tuple(args.only)
        )
        spsa.tuned_names(start, settings.names)
        spsa.check_apart(args.seed, args.holdout, args.iterations, args.pairs, args.held_out)
    except (pw.WeightsError, ValueError) as exc:
        print(f"tune_spsa: {exc}", file=sys.stderr)
        return 1
    setup = spsa.Setup(str(content_dir()), args.players, args.field, start.values())
    given = argv if argv is not None else sys.argv[1:]
    command = "python benchmarks/tune_spsa.py " + shlex.join(given)
    began = time.perf_counter()

    def say(line: str) -> None:
        print(f"[{time.perf_counter() - began:7.1f}s] {line}", file=sys.stderr, flush=True)

    with spsa.runner(args.jobs) as play:
        values, _trace = spsa.tune(setup, start, settings, play, args.jobs, say)
        verdict = None
        if args.held_out:
            verdict = spsa.accept(setup, values, args.holdout, args.held_out, play, args.jobs)
            say(verdict.text())
    date = time.strftime("%Y-%m-%d", time.gmtime())
    prov = spsa.provenance_of(command, settings, setup, args.holdout, args.held_out, verdict, date)
    tuned = start.with_values(values, prov)
    print(moved_text(start, values))
    if args.output:
        args.output.write_text(pw.dump_text(tuned), encoding="utf-8")
        print(f"wrote {args.output}")
    if args.replace:
        if verdict is None or not verdict.accepted:
            print("tune_spsa: not accepted; the shipped weights stay", file=sys.stderr)
            return 1
        pw.SHIPPED_PATH.write_text(pw.dump_text(tuned), encoding="utf-8")
        print(f"replaced {pw.SHIPPED_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
