"""Measure every faction and achievement by restricted play at every player count, and write the
calibration the planner's calibrated keeps read (interpreter/agents/planner/keeps.yaml).

    nice python benchmarks/calibrate_keeps.py --games 100 --seed 1 --jobs 2 \
        -o interpreter/agents/planner/keeps.yaml [--players 2,3,4] [--bot planner]
        [--sharpness 6] [--content DIR] [--save-json runs.json]
    python benchmarks/calibrate_keeps.py --from-json runs.json [...] -o keeps.yaml

For each count, the items a count deals are found by dealing `--scan` games (`Game.new`, the
setup only): an item no seat is offered there is left out of the file (not dealt). Each dealt
item is then measured with `lastlight restrict ITEM --games G --players N --seed S --bot B`
(interpreter/tools/lab/restrict.py: the first G deals that offer ITEM to the forced seat, each
played forced and free), so the file is reproducible from its seed for any `--jobs`.
`--from-json` reads saved `lastlight restrict --format json` outputs instead of playing.
Only the date and the wall time noted in `games` differ between two runs of one command.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from lastlight.interpreter.agents.planner import keeps
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import base_id
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.spec import game_seeds, load_rules

#: The sharpnesses `--sharpness auto` tries, and the keep share (of its offers) the rule must
#: leave every item worth its fair share: twice the issue's 5%, so a sweep's sampling noise
#: does not take one under it.
GRID = [x / 4 for x in range(0, 81)]
FLOOR = 0.10


def deal_offers(content: str, players: int, seed: int, scan: int) -> list[list[str]]:
    """Every offer (a faction offer, an achievement offer) made to a seat in the first `scan`
    deals of `seed` (the setup only)."""
    rules = load_rules(content)
    out = []
    for index in range(scan):
        game = Game.new(rules, players, game_seeds(seed, index)[0], log=False)
        for pl in game.view(ALL, live=True).players:
            for offer in (pl.faction_offer or (), pl.achievement_offer or ()):
                if offer:
                    out.append([base_id(card) for card in offer])
    return out


def dealt(content: str, players: int, seed: int, scan: int) -> list[str]:
    """Every faction and achievement offered to some seat in the first `scan` deals."""
    return sorted({item for offer in deal_offers(content, players, seed, scan) for item in offer})


def expected(cal: keeps.KeepCalibration, offers: dict[int, list[list[str]]]) -> tuple[dict[
        tuple[int, str], float], float]:  # fmt: skip
    """Under `cal`'s rule: each (count, item)'s expected keep share of its offers, and the mean
    measured win share (in units of the fair share) of what it keeps, over the offers."""
    kept: dict[tuple[int, str], float] = {}
    seen: dict[tuple[int, str], int] = {}
    worth = total = 0.0
    for n, deals in offers.items():
        for offer in deals:
            shares = cal.shares(n, offer)
            if shares is None:
                continue
            total += 1
            for item, share in zip(offer, shares, strict=True):
                kept[(n, item)] = kept.get((n, item), 0.0) + share
                seen[(n, item)] = seen.get((n, item), 0) + 1
                w = cal.worth(n, item)
                worth += share * (w.forced / w.fair if w else 0.0)
    return {k: kept[k] / seen[k] for k in kept}, worth / max(1.0, total)


def floor_of(cal: keeps.KeepCalibration, offers: dict[int, list[list[str]]]) -> tuple[
        tuple[int, str], float, float]:  # fmt: skip
    """Under `cal`'s rule: the worthy (count, item) kept least in expectation, its expected keep
    share, and the mean worth (in fair shares) of what the rule keeps."""
    shares, worth = expected(cal, offers)
    worthy = {k: v for k, v in shares.items() if (w := cal.worth(*k)) and w.worth_fair_share}
    low = min(worthy.items(), key=lambda kv: kv[1], default=((0, "none"), 1.0))
    return low[0], low[1], worth


def _floor_note(low: tuple[int, str], share: float, worth: float) -> str:
    return (f"least: {low[1]} at {low[0]} players, {share:.1%}; what it keeps is worth "
            f"{worth:.3f} x the fair share")  # fmt: skip


def choose_sharpness(cal: keeps.KeepCalibration, offers: dict[int, list[list[str]]]) -> tuple[
        float, str]:  # fmt: skip
    """The largest sharpness of GRID that leaves every item worth its fair share (its forced
    Wilson interval reaches 1/players) at least FLOOR of its offers, in expectation."""
    best, note = 0.0, ""
    for sharpness in GRID:
        low, share, worth = floor_of(cal.with_sharpness(sharpness), offers)
        print(
            f"sharpness {sharpness:5.2f}: kept worth {worth:.4f} x fair; least kept worthy "
            f"item {low[1]} at {low[0]} players {share:.1%}",
            file=sys.stderr,
        )
        if share < FLOOR:
            break
        best = sharpness
        note = (
            f"sharpness {sharpness}: the largest of 0, 0.25, ..., 20 that keeps every item "
            f"worth its fair share in >= {FLOOR:.0%} of its offers in expectation (over "
            f"the offers of the scanned deals); " + _floor_note(low, share, worth)
        )
    return best, note


def given_sharpness(cal: keeps.KeepCalibration, offers: dict[int, list[list[str]]]) -> str:
    """The provenance note of a sharpness given on the command line: the floor it leaves, and
    what `auto` would choose, so a reader sees why it differs."""
    low, share, worth = floor_of(cal, offers)
    auto, _ = choose_sharpness(cal, offers)
    verdict = "meets" if share >= FLOOR else "misses"
    return (f"sharpness {cal.sharpness} (given; auto would choose {auto}); it {verdict} the "
            f"{FLOOR:.0%} floor in expectation over the scanned deals' offers: "
            + _floor_note(low, share, worth))  # fmt: skip


def measure(args: argparse.Namespace, content: str) -> list[dict[str, Any]]:
    from lastlight.interpreter.tools.lab import restrict  # numpy, scipy: only when playing

    out = []
    for n in args.players:
        for item in dealt(content, n, args.seed, args.scan):
            t0 = time.perf_counter()
            s = restrict.run(content, item, n, args.bot, args.seed, args.games, jobs=args.jobs)
            summary = s.summary()
            out.append(summary)
            print(f"{n}p {item:<22} {summary['pairs']:>4} pairs {summary['deals']:>5} deals "
                  f"forced {summary['forced_share']:.3f} change {summary['change']:+.3f} "
                  f"({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)  # fmt: skip
    return out


def arguments(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("-o", "--output", type=Path, required=True)
    ap.add_argument("--games", type=int, default=100, help="pairs per item and count")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bot", default="planner")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--scan", type=int, default=300, help="deals scanned for what a count deals")
    ap.add_argument(
        "--sharpness",
        default="auto",
        help=f"a number, or 'auto': the largest keeping every worthy item >= {FLOOR * 100:.0f}%%",
    )
    ap.add_argument("--content", help="content pack folder (default: the shipped pack)")
    ap.add_argument("--save-json", type=Path, help="also write the restrict summaries here")
    ap.add_argument("--from-json", type=Path, nargs="+", help="read saved restrict summaries")
    ap.add_argument("--note", help="a note for the file's provenance (where the data came from)")
    args = ap.parse_args(argv)
    try:
        args.players = tuple(int(x) for x in args.players.split(","))
    except ValueError:
        ap.error(f"--players is a comma list of counts, got {args.players!r}")
    if min(args.games, args.jobs, args.scan) < 1:
        ap.error("--games, --jobs and --scan are at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    content = str(Path(args.content).resolve()) if args.content else str(content_dir())
    command = "python benchmarks/calibrate_keeps.py " + shlex.join(argv or sys.argv[1:])
    if args.from_json:
        summaries: list[dict[str, Any]] = []
        for path in args.from_json:
            summaries += json.loads(path.read_text())
        pairs = sorted({s["pairs"] for s in summaries})
        games = f"restrict summaries from {', '.join(str(p) for p in args.from_json)}"
        games += f"; pairs per item: {pairs}"
    else:
        t0 = time.perf_counter()
        summaries = measure(args, content)
        games = (f"{args.games} pairs per item and count (each deal played forced and free), "
                 f"bot {args.bot} in every seat; {time.perf_counter() - t0:.0f} s wall "
                 f"with --jobs {args.jobs}")  # fmt: skip
        if args.save_json:
            args.save_json.write_text(json.dumps(summaries, indent=1) + "\n")
    prov = {
        "command": command,
        "seeds": f"lastlight restrict ITEM --seed {args.seed}: deal i from "
        f"SeedSequence([{args.seed}, i]), forced seat i mod players",
        "games": games,
        "bot": args.bot,
        "content": "shipped pack" if not args.content else args.content,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
    }
    if args.note:
        prov["note"] = args.note
    cal = keeps.from_summaries(summaries, prov, 1.0)
    if args.sharpness != "auto":
        try:
            cal = cal.with_sharpness(float(args.sharpness))
        except (ValueError, keeps.KeepsError):
            print(f"--sharpness is a number >= 0 or 'auto', got {args.sharpness!r}",
                  file=sys.stderr)  # fmt: skip
            return 2
    offers = {n: deal_offers(content, n, args.seed, args.scan) for n in sorted(cal.worths)}
    if args.sharpness == "auto":
        sharpness, prov["result"] = choose_sharpness(cal, offers)
        cal = cal.with_sharpness(sharpness)
    else:
        prov["result"] = given_sharpness(cal, offers)
    args.output.write_text(keeps.dump_text(cal))
    print(f"wrote {args.output}: " + ", ".join(
        f"{n} players {len(items)} items" for n, items in sorted(cal.worths.items())))  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
