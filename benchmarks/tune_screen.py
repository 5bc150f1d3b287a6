"""Tune the planner's weights for one player count by screening: move each weight towards
each end of its range, keep the moves that win more on paired deals, combine them, and judge
the combination on held-out deals. Writes a weights file with its provenance.

    python benchmarks/tune_screen.py --players 4 -o interpreter/agents/search/weights-4p.yaml
        [--deals 500] [--seed 500000] [--share 0.75] [--only NAME ...]
        [--held-out 1000] [--holdout 600000] [--jobs 2] [--cache FILE]

Every game seats one hero planner (the weights tried) among planners with the starting weights
(`--start`, default the shipped ones), in seat `deal % players`, and is played again with the
starting weights in that seat: the same deal, the same other seats, so a trial's result is the
mean over the deals of (its share of the win - the start's), with a 95% t interval (the lab's
`mean_interval`).

1. Screen: each tuned weight (`--only` names a subset; a table name such as ACTION_RATE takes
   its entries) is moved `--share` of the way to the low end of its range and to the high end,
   one at a time, on the tuning deals `--seed` .. `--seed + --deals - 1`. A move is kept when
   its whole interval is above 0 (with about 100 moves tried, a few pass by chance: the held-out
   step catches them); of a weight's two ends, the better.
2. Combine: the kept moves are added one at a time, best first, each kept only if the
   combination with it wins more of the tuning deals than without it.
3. Judge: the combination plays the start on the held-out deals `--holdout` .. (never tuned
   on); it is accepted only if the whole interval of the paired result is above 0. The file is
   written either way, its provenance saying which (`--held-out 0` skips the judging: exit 0,
   and the file says it was not judged).

The games' results do not depend on `--jobs`, so the same command gives the same file.
`--cache FILE` keeps every trial's per-deal results (JSON) and reads them back on a second
run of the same command, to resume an interrupted one. Never asserts; see docs/bot-tuning.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import shlex
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from lastlight.interpreter.agents import play_game
from lastlight.interpreter.agents.planner import weights as pw
from lastlight.interpreter.agents.planner.bot import PlannerBot
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise
from lastlight.interpreter.tools.lab.stats import mean_interval, wilson

Values = dict[str, float]
_RULES: list[Rules] = []


def _rules() -> Rules:
    if not _RULES:
        _RULES.append(Rules.from_pack(load_pack_or_raise(content_dir())))
    return _RULES[0]


def _shares(job: tuple[str | None, Values, int, int, int]) -> list[float]:
    """The hero's share of the win in each deal of a slice (one worker's part of a trial)."""
    start_file, hero_values, players, first, count = job
    rules = _rules()
    field = pw.load(start_file) if start_file else pw.shipped()
    hero = field.with_values(hero_values, {"command": "tune_screen"}, clip=False)
    out = []
    for deal in range(first, first + count):
        seat = deal % players
        bots = [
            PlannerBot(deal * 10 + p, rules, hero if p == seat else field) for p in range(players)
        ]
        game = play_game(Game.new(rules, players, deal, log=False), bots)
        out.append(1.0 / len(game.winners) if seat in game.winners else 0.0)
    return out


def key(values: Values) -> str:
    """A trial's name: `NAME=VALUE` for each moved weight, by name ('start' for none)."""
    return " + ".join(f"{n}={v:g}" for n, v in sorted(values.items())) or "start"


class Trials:
    """Plays trials on a range of deals, keeping every result (and the cache file)."""

    def __init__(self, args: argparse.Namespace, first: int, deals: int, label: str):
        self.args, self.first, self.deals, self.label = args, first, deals, label
        self.cache: dict[str, list[float]] = {}
        #: The trials this run asked for (the cache may hold others).
        self.used: set[str] = set()
        self.path: Path | None = None
        if args.cache:
            self.path = Path(f"{args.cache}.{label}.json")
            if self.path.exists():
                self.cache = json.loads(self.path.read_text())

    def play(self, values: Values) -> list[float]:
        name = key(values)
        self.used.add(name)
        if name not in self.cache:
            a = self.args
            size = math.ceil(self.deals / a.jobs)
            start = str(a.start) if a.start else None
            jobs = [
                (start, values, a.players, s, min(size, self.first + self.deals - s))
                for s in range(self.first, self.first + self.deals, size)
            ]
            with ProcessPoolExecutor(a.jobs) as pool:
                self.cache[name] = [x for part in pool.map(_shares, jobs) for x in part]
            if self.path is not None:
                tmp = self.path.with_suffix(".tmp")
                tmp.write_text(json.dumps(self.cache))
                tmp.replace(self.path)
        return self.cache[name]


def paired(trial: list[float], base: list[float]) -> tuple[float, float, float]:
    diff = np.asarray(trial) - np.asarray(base)
    mean = float(diff.mean())
    lo, hi = mean_interval(diff, mean, bounds=(-1.0, 1.0))
    return mean, lo, hi


def moves(start: pw.Weights, only: list[str], share: float) -> list[tuple[str, float]]:
    """(name, value) of every move screened: `share` of the way to each end of the range."""
    names = [n for n, w in start.entries.items() if w.tuned]
    if only:
        wanted = set()
        for item in only:
            hit = [n for n in names if n == item or n.startswith(item + ".")]
            if not hit:
                raise SystemExit(f"tune_screen: no tuned weight named {item!r}")
            wanted.update(hit)
        names = [n for n in names if n in wanted]
    out = []
    for name in names:
        w = start.entries[name]
        for end in (w.lo, w.hi):
            value: float = w.value + share * (end - w.value)
            if w.integer:
                value = round(value)
            if value != w.value:
                out.append((name, value))
    return out


def arguments(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("-o", "--output", type=Path, required=True, help="the weights file written")
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--start", type=Path, help="weights to start from (default: the shipped)")
    ap.add_argument("--deals", type=int, default=500, help="tuning deals (a game each a trial)")
    ap.add_argument("--seed", type=int, default=500_000, help="first tuning deal")
    ap.add_argument("--share", type=float, default=0.75, help="how far towards each range end")
    ap.add_argument("--only", action="append", default=[], metavar="NAME")
    ap.add_argument("--held-out", type=int, default=1000,
                    help="held-out deals (2 games each; 0: not judged)")  # fmt: skip
    ap.add_argument("--holdout", type=int, default=600_000, help="first held-out deal")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--cache", type=Path, help="keep (and resume from) every trial's results")
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error("--jobs is at least 1")
    if args.deals < 2 or args.held_out in (1,) or args.held_out < 0:
        ap.error("--deals is at least 2, --held-out 0 (no judging) or at least 2")
    if not 0 < args.share <= 1:
        ap.error("--share is in (0, 1]")
    tuning = range(args.seed, args.seed + args.deals)
    if args.holdout < tuning.stop and tuning.start < args.holdout + args.held_out:
        ap.error("the held-out deals overlap the tuning deals")
    return args


def _without_cache(argv: list[str] | None) -> list[str]:
    """The command's arguments without `--cache FILE`, which never changes the file written."""
    out, skip = [], False
    for arg in sys.argv[1:] if argv is None else argv:
        if skip:
            skip = False
        elif arg == "--cache":
            skip = True
        elif not arg.startswith("--cache="):
            out.append(arg)
    return out


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    try:
        start = pw.load(args.start) if args.start else pw.shipped()
    except (OSError, pw.WeightsError) as exc:
        print(f"tune_screen: {exc}", file=sys.stderr)
        return 2
    tuning = Trials(args, args.seed, args.deals, "tuning")
    base = tuning.play({})
    print(f"start: {np.mean(base):.3f} of the win a game, {args.deals} tuning deals", flush=True)
    # 1. screen
    best: dict[str, tuple[float, float]] = {}
    screened = moves(start, args.only, args.share)
    for name, value in screened:
        mean, lo, hi = paired(tuning.play({name: value}), base)
        kept = lo > 0 and mean > best.get(name, (0.0, -1.0))[1]
        mark = "  kept" if lo > 0 else ""
        print(f"  {name} = {value:g}: {mean:+.3f} [{lo:+.3f}, {hi:+.3f}]{mark}", flush=True)
        if kept:
            best[name] = (value, mean)
    # 2. combine, best first
    chosen: Values = {}
    current = base
    for name, (value, _) in sorted(best.items(), key=lambda kv: -kv[1][1]):
        trial = tuning.play({**chosen, name: value})
        gain, lo, hi = paired(trial, current)
        keep = gain > 0
        print(f"  + {name} = {value:g}: {gain:+.3f} [{lo:+.3f}, {hi:+.3f}] on the combination "
              f"so far{'  kept' if keep else ''}", flush=True)  # fmt: skip
        if keep:
            chosen[name], current = value, trial
    # 3. judge on held-out deals
    verdict, accepted = _judge(args, chosen)
    print(verdict)
    provenance: dict[str, Any] = {
        "command": "python benchmarks/tune_screen.py " + shlex.join(_without_cache(argv)),
        "seeds": f"tuning deals {args.seed}-{args.seed + args.deals - 1}; held-out deals "
        f"{args.holdout}-{args.holdout + args.held_out - 1} (never tuned on)",
        "games": f"{len(tuning.used) * args.deals} tuning games ({len(screened)} moves "
        f"screened, {len(best)} kept, {len(chosen)} combined) and {2 * args.held_out} held-out "
        f"games, "
        f"{args.players} players",
        "result": verdict,
        "date": datetime.date.today().isoformat(),
    }
    tuned = start.with_values(chosen, provenance)
    header = "# Written by benchmarks/tune_screen.py (provenance below); see docs/bot-tuning.md."
    lines = pw.dump_text(tuned).split("\n")
    lines[1] = header
    args.output.write_text("\n".join(lines))
    print(f"wrote {args.output}")
    return 0 if accepted or args.held_out == 0 else 1


def _judge(args: argparse.Namespace, chosen: Values) -> tuple[str, bool]:
    """The verdict on the held-out deals, and whether the candidate is accepted."""
    if args.held_out == 0:
        return "not judged on held-out deals", False
    held = Trials(args, args.holdout, args.held_out, "held-out")
    old, new = held.play({}), held.play(chosen)
    mean, lo, hi = paired(new, old)
    accepted = bool(chosen) and lo > 0
    games = args.held_out
    w_lo, w_hi = wilson(sum(new), games)
    verdict = (
        f"held out: {key(chosen)} won {np.mean(new):.1%} [{w_lo:.1%}, {w_hi:.1%}] of {games} "
        f"games as one of {args.players} against planners with the start's weights (fair "
        f"{1 / args.players:.0%}); paired against the start in the same seat of the same deal "
        f"{mean:+.3f} [{lo:+.3f}, {hi:+.3f}] wins a game: "
        + ("accepted" if accepted else "not accepted")
    )
    return verdict, accepted


if __name__ == "__main__":
    raise SystemExit(main())
