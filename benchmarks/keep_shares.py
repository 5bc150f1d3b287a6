"""How often each faction and achievement is kept, at each player count, from sim rows.

    lastlight sim --games 300 --players 2,3,4 --bots planner --seed 1 -o planner.parquet
    python benchmarks/keep_shares.py planner.parquet [--bot planner] [--markdown]
        [--check interpreter/agents/planner/keeps.yaml]

For each item and player count: the seats that kept it out of the seats of that bot, and the
seats it was offered to (the deal re-made from the row's game seed with `Game.new`, which deals
the same offers), so "kept when offered" has a Wilson 95% interval. An item offered to no seat
is not listed. Never asserts, except `--check KEEPS`: every item that the calibration file
says is worth its fair share (its forced win share's Wilson interval reaches 1/players) must
be kept in at least 5% of its offers (issue 24); the ones that are not are listed, exit 1.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from lastlight.interpreter.agents.planner import keeps
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.tools.lab.rows import read_results
from lastlight.interpreter.tools.lab.spec import load_rules
from lastlight.interpreter.tools.lab.stats import wilson

#: What each seat is offered to keep.
OFFERS = ("faction", "achievement")
#: The least share of its offers an item worth its fair share must be kept in (issue 24).
LEAST = 0.05


def offers(rules: Rules, players: int, seed: int) -> list[dict[str, list[str]]]:
    """Per seat: the faction and achievement ids the deal offers it (every seat's offer: a tool
    may read the whole deal, `Game.view(ALL)`; a bot sees only its own)."""
    game = Game.new(rules, players, seed, log=False)
    out = []
    for pl in game.view(ALL, live=True).players:
        dealt = {"faction": pl.faction_offer or (), "achievement": pl.achievement_offer or ()}
        out.append({kind: [base_id(c) for c in dealt[kind]] for kind in OFFERS})
    return out


def shares(
    path: Path, bot: str | None, content: Path | None = None
) -> list[tuple[int, str, str, int, int, int]]:
    """(players, kind, item, seats of the bot, offered, kept) rows. The deals are dealt again
    from `content`, else from the content folder the rows record, else from ./content."""
    rows, meta = read_results(path)
    recorded = meta.get("content")
    if not content and recorded and not Path(recorded).is_dir():
        raise SystemExit(
            f"keep_shares: {path} was played from the content folder {recorded}, which is not "
            "there any more; give the same pack with --content DIR"
        )
    rules = load_rules(str(content or recorded or Path("content").resolve()))
    seats: Counter[int] = Counter()
    offered: Counter[tuple[int, str, str]] = Counter()
    kept: Counter[tuple[int, str, str]] = Counter()
    deals: dict[int, list[dict[str, list[str]]]] = {}
    for row in rows:
        if bot and row["bot"] != bot:
            continue
        n = row["players"]
        seats[n] += 1
        if row["game"] not in deals:
            deals[row["game"]] = offers(rules, n, row["seed"])
        offer = deals[row["game"]][row["seat"]]
        for kind in OFFERS:
            for item in set(offer[kind]):
                offered[(n, kind, item)] += 1
        kept[(n, "faction", base_id(row["faction"] or ""))] += 1
        kept[(n, "achievement", base_id(row["achievement"] or ""))] += 1
    return [(n, kind, item, seats[n], k, kept[(n, kind, item)])
            for (n, kind, item), k in sorted(offered.items())]  # fmt: skip


def markdown(out: list[tuple[int, str, str, int, int, int]]) -> str:
    """One row per item, one column per player count: kept / offered, share [Wilson 95%]."""
    counts = sorted({row[0] for row in out})
    cells: dict[tuple[str, str], dict[int, str]] = {}
    for n, kind, item, _seats, offered, kept in out:
        lo, hi = wilson(kept, offered)
        text = f"{kept}/{offered} = {kept / offered:.0%} [{lo:.0%}, {hi:.0%}]"
        cells.setdefault((kind, item), {})[n] = text
    lines = ["| kind | item | " + " | ".join(f"{n} players" for n in counts) + " |",
             "|---|---|" + "---|" * len(counts)]  # fmt: skip
    for (kind, item), by_n in sorted(cells.items()):
        row = [kind, item] + [by_n.get(n, "not dealt") for n in counts]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def check(out: list[tuple[int, str, str, int, int, int]], path: Path) -> list[str]:
    """The items worth their fair share (by the calibration file) kept in < LEAST of offers."""
    cal = keeps.parse(path)
    bad = []
    worthy = 0
    for n, _kind, item, _seats, offered, kept in out:
        w = cal.worth(n, item)
        if w is None or not w.worth_fair_share:
            continue
        worthy += 1
        if kept < LEAST * offered:
            bad.append(f"{n} players: {item} (forced {w.forced:.1%} [{w.forced_interval[0]:.1%}, "
                       f"{w.forced_interval[1]:.1%}]) kept in {kept}/{offered} offers")  # fmt: skip
    print(f"check: {worthy} (count, item) worth their fair share by {path}; "
          f"{len(bad)} kept in < {LEAST:.0%} of offers")  # fmt: skip
    return bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("rows", type=Path)
    ap.add_argument("--bot", default="planner", help="count this bot's seats ('' for every seat)")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--check", type=Path, metavar="KEEPS", help="a calibration file (keeps.yaml)")
    ap.add_argument(
        "--content",
        type=Path,
        metavar="DIR",
        help="the pack the rows were played from (default: the folder they record)",
    )
    args = ap.parse_args(argv)
    out = shares(args.rows, args.bot or None, args.content)
    if args.check:
        bad = check(out, args.check)
        for line in bad:
            print(line)
        return 1 if bad else 0
    if args.markdown:
        print(markdown(out))
        return 0
    for n, kind, item, seats, offered, kept in out:
        lo, hi = wilson(kept, offered)
        print(f"{n}  {kind}  {item}  kept {kept}/{seats} seats, {kept}/{offered} offers"
              f" = {kept / offered:.0%} (Wilson 95% {lo:.0%}..{hi:.0%})")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
