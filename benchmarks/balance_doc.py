"""Write docs/balance.md from all-bot sweeps: two columns of figures per player count.

    # the sweeps behind the committed docs/balance.md: after, the sweep bot (the lab's
    # strongest cheap bot, calibrated keeps), 2,000 games per count, seed 1; before, the
    # planner on the same pack, seeds and games (each played with `lastlight sim --games 2000
    # --players N --bots BOT --seed 1 --jobs 1 -o DIR/after-N.parquet`, or here when missing):
    python benchmarks/balance_doc.py --bot sweep --games 2000 --seed 1 --after-dir runs/sweep \
        --before-bot planner --before-dir runs/planner --before-games 2000 --before-seed 1 \
        -o docs/balance.md

With `--before-bot`, `--before-dir` holds `after-N.parquet` sweeps of the same pack by that bot
(played here when missing). Without it, `--before-dir` holds `before-2.parquet`,
`before-3.parquet`, `before-4.parquet`: sweeps of the pack as it was before issue 12, made with
that revision's own lastlight (its setups fail today's lint, which is the point of the change),
e.g. for revision 75b55bc:

    git archive 75b55bc | tar -x -C /tmp/old/lastlight
    PYTHONPATH=/tmp/old python -c "from lastlight.cli.main import main; main()" sim \
        --content /tmp/old/lastlight/content --games 400 --players N --bots planner --seed 12 \
        -o runs/before/before-N.parquet

The "after" sweeps are played here (`lastlight sim`, same seed and games) unless
`--after-dir` names files made already. Every share carries its 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from lastlight.interpreter.tools.lab.figures import COMBAT, Figure, summarize
from lastlight.interpreter.tools.lab.rows import SOURCES, read_results
from lastlight.interpreter.tools.lab.stats import wilson

COUNTS = (2, 3, 4)
#: Gap (points of win share) beyond which a technology design's holders are listed, and the
#: fewest holders a design needs to be listed at all.
TECH_GAP = 0.10
TECH_MIN_HELD = 30

#: Why a technology design's holders win more (or less) than the others, keyed by design id.
#: Each reason was found in the rows (when the design is manufactured, by whom, what it pays);
#: a reason is printed only for a design beyond TECH_GAP in the sweep being documented.
TECH_REASONS: dict[str, str] = {
    "scriptorium": (
        "held by seats on the research path: at 2 players its holders took 2.3 research light"
        " against 1.2 and 7.8 claim light against 9.1 (2,000 games, seed 1, n=88). At 3 players"
        " the same holders win their fair share (35.2% against 33.3%), so the 2-player gap is"
        " the research path losing the claims race in a duel, not the card; the card is not"
        " repriced."
    ),
    "tractor-beams": (
        "bought by rich seats: its holders had 8.5 technologies in play against 6.5 at 2"
        " players and 9.0 against 6.8 at 3 (2,000 games, seed 1), and took as much or more"
        " claim light; a selection effect like fortress-worlds: its effect (one more die when"
        " its ship is activated) pays light only through fights."
    ),
    "fortress-worlds": (
        "bought late (after about 75% of a holder's technologies) by wide, rich empires: the"
        " planner values it per planet held; holders took 10.6 claim light against 7.5 at 3"
        " players and 9.2 against 6.7 at 4, with 7.4-7.5 technologies in play against 5.7-5.8"
        " (2,000 games each, seed 1). It protects the empires that are already ahead (already"
        " the dearest civilization card, an uncommon and two rares)."
    ),
    "light-sail-cities": (
        "pays one light more per outer planet at every Refresh, so the planner buys it when it"
        " holds outer planets: at 2 players holders took 12.4 claim light against 9.5. Already"
        " two uncommons and a rare (it won +13 points as an uncommon and a rare)."
    ),
    "trade-consortium": (
        "a late buy (after about 75% of a holder's technologies) by seats with uncommons to"
        " spare: its extra trade option pays little (0.07 trade light a game at 2 players) and"
        " its holders took less claim light than the rest (8.6 against 9.1)."
    ),
    "field-foundries": (
        "a late buy (after about 81% of a holder's technologies at 3 players): it builds on"
        " planets the holder already reaches, with little game left to pay back (holders 16.8"
        " light against 17.5, 0.6 mined light against 1.0); held by few (76 of 6,000 seats),"
        " its interval is about ± 9 points wide."
    ),
    "siphon-cannons": (
        "a ship ability that pays a rare per activation for an uncommon and a rare: its holders"
        " claim less (8.0 claim light against 8.7 at 2 players under the sweep bot) and hold"
        " more technologies (6.4 against 5.8), so what it costs is not spent on claims. Under the"
        " planner the 2-player gap is -1.6 points; restricted play (planner, 2 players, 100"
        " pairs, seed 1: `lastlight restrict siphon-cannons --players 2`) has it forced -5.0"
        " [-12.1, +2.1] points against the free choice, which makes it in 72 of 100 deals:"
        " mildly weak, not broken; a candidate for a cheaper cost."
    ),
    "flagship-doctrine": (
        "held by seats on the research path under the sweep bot at 4 players: its holders took"
        " 1.08 research light against 0.59 and 7.0 claim light against 8.2, with 6.3"
        " technologies in play against 4.6 (2,000 games, seed 1, n=415); under the planner its"
        " holders win 26.8% (n=340). Restricted play (sweep bot, 4 players, 150 pairs, seed 77:"
        " `lastlight restrict flagship-doctrine --players 4 --bot sweep --games 150 --seed 77`)"
        " has it forced -4.0 [-8.5, +0.5] points against the free choice, which makes it in 97"
        " of 150 deals, and the seats it is offered win 21.3% free: mostly who buys it, at most"
        " mildly weak; not repriced."
    ),
    "ion-storms": (
        "a rare buy at 4 players under the sweep bot (51 of 8,000 seats; 19 under the planner),"
        " made in long games by seats already rich in technologies: its holders' games lasted"
        " 24.7 rounds against 23.7, with 5.8 technologies in play against 4.9, and their light"
        " comes from the usual sources (claims 8.4 against 8.2; research 1.0 against 0.7). The"
        " interval of its holders' share starts just above the others' 24.9% (2,000 games, seed"
        " 1); under the planner its 19 holders win 36.8% [19.1, 59.0]. Not measured by"
        " restricted play yet; not repriced."
    ),
    "kinetic-rams": (
        "held by few (under 40 of 4,000 seats at 2 players): the interval of its holders' share"
        " (about 46-76%) reaches the others' 50%; no pattern in when or by whom it is bought."
    ),
    "crystal-lattice": (
        "an economy engine bought early (after about 56% of a holder's technologies): an"
        " uncommon at every Refresh buys technologies, and its holders end with 8.5 in play"
        " against 6.4 at 4 players; against seats with as many technologies the gap is about 7"
        " points."
    ),
    "stellar-observatory": (
        "pays a light after Research with an inner planet, so its holders are the seats that"
        " hold the inner ring, who claim two light per planet."
    ),
    "beacon-array": (
        "pays only with two or more ships in the centre, so only seats that hold the centre buy"
        " it, and those win anyway: at 3 players seats that took 3 or more centre light won 56%,"
        " those that took none 16% (2,000 games, seed 1). It pays its holders under one light a"
        " game (0.8 at 4 players)."
    ),
    "adaptive-crews": (
        "a late buy (after about 73% of a holder's technologies) by rich seats (7.9"
        " technologies in play against 6.6 at 3 players); held by about 100 of 6,000 seats, its"
        " holders' interval is 40-60%."
    ),
    "prototype-vault": (
        "held by technology engines: holders ended with 9.4 technologies in play against 5.6"
        " at 2 players (10.3 against 6.5-6.6 at 3 and 4 players on the pack before the fourth"
        " factions pass), and take more light from cards (3.2 against 2.7)."
    ),
    "war-college": (
        "a late buy (after about 79% of a holder's technologies) by rich seats, 8.1"
        " technologies in play against 5.7 at 2 players; held by few (43 of 4,000 seats in"
        " 2,000 games), its interval is about ± 14 points wide."
    ),
    "twin-batteries": (
        "a fighting buy at 2 players: its holders put an uncommon and a rare into attack dice"
        " while the other seat claims, and took 8.5 claim light against 9.7 and 1.7 center"
        " light against 2.0, for 1.5 graveyard light against 1.3 (2,000 games, seed 1, n=339);"
        " within ± 10 points at 3 and 4 players, so it is not repriced."
    ),
    "plasma-lances": (
        "two damage when its ship is activated clears the center and breaks blockades: at 4"
        " players its holders took 2.3 center light against 1.5 and 1.0 blockade light against"
        " 0.75; held by few (105 of 8,000 seats), its interval is about ± 9 points wide; within"
        " ± 10 points at 2 and 3 players."
    ),
    "time-loop": (
        "a late buy (after about 75% of a holder's technologies) by rich seats (7.3 technologies"
        " in play against 5.6 at 2 players): a played card back lets its holder claim and hold"
        " the center once more (10.7 claim light against 9.8, 2.3 center light against 2.0); held"
        " by few (88 of 4,000 seats), its interval is about ± 10 points wide."
    ),
    "war-trophies": (
        "pays only for a destroyed large ship, which is rare, and is bought late (after about 85%"
        " of a holder's technologies) by seats on the research path: at 2 players its holders"
        " took 1.1 research light against 0.6 and 8.7 claim light against 10.0, with 7.0"
        " technologies in play against 5.1 (2,000 games, seed 1); at 3 players its holders win"
        " their fair share (32.8%, n=64). Held by few, its interval is about ± 12 points wide."
    ),
    "deep-scanners": (
        "a late buy (after about 78% of a holder's technologies) on the research path: at 3"
        " players its holders took 1.7 research light against 0.9, but 6.9 claim light against"
        " 7.6 and 1.5 center light against 2.0 (8.0 technologies in play against 5.9): the"
        " research path losing the claims race, as with scriptorium at 2 players."
    ),
    "nanite-hulls": (
        "the latest buy of all (after about 85% of a holder's technologies) by seats on the"
        " research path (1.5 research light against 1.0 and 8.2 technologies in play against 5.9"
        " at 4 players); held by few (54 of 8,000 seats), its interval is about ± 10 points wide."
    ),
    "grand-archive": (
        "pays a light per five technologies in play at Research, so it is held by the seats"
        " with the most technologies, who lead."
    ),
    "census-of-worlds": (
        "pays a light per three planets at Refresh, so its holders are the wide empires."
    ),
    "hyperlanes": (
        "bought last (after about 85% of a holder's technologies), when nothing better is in"
        " hand, by seats far along the research path (8.7 technologies in play against 5.7, 1.9"
        " research light against 0.9 at 3 players, 2,000 games, seed 1); held by few (46 of 6,000"
        " seats), its interval spans ± 14 points."
    ),
    "long-range-optics": (
        "a late buy (after about 72% of a holder's technologies) by seats with resources left"
        " and nothing better to build; +1 range rarely decides a planner's fight."
    ),
    "xenoarchaeology": (
        "bought by seats that explore instead of claiming: it pays an uncommon per planetary"
        " token revealed, and its holders took less claim light than the rest."
    ),
}


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _share(f: Figure | None) -> str:
    if f is None:
        return "–"
    return f"{_pct(f.value)} [{_pct(f.lo)}, {_pct(f.hi)}] n={f.n}"


def _cell(v: tuple[float, float, float]) -> str:
    return f"{_pct(v[0])} [{_pct(v[1])}, {_pct(v[2])}]"


def _figs(rows: list[dict[str, Any]]) -> dict[tuple[str, str], Figure]:
    return {(f.group, f.key): f for f in summarize(rows)}


def _light_shares(rows: list[dict[str, Any]]) -> dict[str, tuple[float, float, float]]:
    """Share of all light by source, with a 95% interval over games (a ratio of sums)."""
    import numpy as np
    from scipy import stats

    games: dict[int, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in rows:
        g = games[r["game"]]
        g["total"] += r["light"]
        for s in SOURCES:
            g[s] += r[f"light_{s}"]
        g["combat decides"] += sum(r[f"light_{s}"] for s in COMBAT)
    out = {}
    per = list(games.values())
    total = np.array([g["total"] for g in per])
    for s in (*SOURCES, "combat decides"):
        part = np.array([g[s] for g in per])
        ratio = part.sum() / total.sum()
        # delta-method interval of a ratio of means over games
        resid = part - ratio * total
        se = float(np.sqrt(resid.var(ddof=1) / len(per)) / total.mean()) if len(per) > 1 else 0.0
        z = float(stats.norm.ppf(0.975))
        out[s] = (ratio, max(0.0, ratio - z * se), ratio + z * se)
    return out


def _tech_gaps(rows: list[dict[str, Any]]) -> list[tuple[str, float, float, float, int]]:
    """(technology, holders' win share, others' win share, gap, holders) for every design."""
    wins = sum(r["winner"] for r in rows)
    held: dict[str, list[int]] = defaultdict(list)
    for r in rows:
        for t in set(r["techs_in_play"]):
            held[t.split("#")[0]].append(int(r["winner"]))
    out = []
    for t, w in held.items():
        others_n = len(rows) - len(w)
        if not w or not others_n:
            continue
        h = sum(w) / len(w)
        o = (wins - sum(w)) / others_n
        out.append((t, h, o, h - o, len(w)))
    return sorted(out, key=lambda x: -abs(x[3]))


def listed_gaps(rows: list[dict[str, Any]]) -> list[tuple[str, float, float, float, int]]:
    """The designs the document lists: beyond TECH_GAP and held at least TECH_MIN_HELD times."""
    return [g for g in _tech_gaps(rows) if abs(g[3]) > TECH_GAP and g[4] >= TECH_MIN_HELD]


def _sweep(n: int, games: int, seed: int, path: Path, bot: str) -> None:
    cmd = ["lastlight", "sim", "--games", str(games), "--players", str(n), "--bots", bot,
           "--seed", str(seed), "-o", str(path)]  # fmt: skip
    subprocess.run(cmd, check=True)


def _section(
    n: int,
    before: list[dict[str, Any]] | None,
    after: list[dict[str, Any]],
    labels: tuple[str, str] = ("Before", "After"),
) -> list[str]:
    fa, fb = _figs(after), _figs(before) if before else {}
    fair = 1 / n
    b_label, a_label = labels
    out = [f"## {n} players", ""]
    out += [
        f"Fair share {_pct(fair)}. Games: {b_label.lower()} "
        f"{len({r['game'] for r in before or []})}, "
        f"{a_label.lower()} {len({r['game'] for r in after})}.",
        "",
        f"| Figure | {b_label} | {a_label} | {a_label} within target? |",
        "|---|---|---|---|",
    ]

    def row(group: str, key: str, label: str, within: float) -> None:
        a = fa.get((group, key))
        ok = "–" if a is None else ("yes" if fair - within <= a.value <= fair + within else "no")
        out.append(f"| {label} | {_share(fb.get((group, key)))} | {_share(a)} | {ok} |")

    for seat in range(n):
        row("seat", f"seat {seat} ({n}p)", f"seat {seat}", 0.04)
    homes = sorted({k for g, k in fa if g == "home"})
    for h in homes:
        row("home", h, f"home {h.split()[0]}", 0.04)
    row("first player", "first player", "first player", 0.04)
    factions = sorted({k for g, k in (*fa, *fb) if g == "faction"})
    for fac in factions:
        row("faction", fac, f"faction {fac}", 0.08)
    achs = sorted({k for g, k in (*fa, *fb) if g == "achievement"})
    for ach in achs:
        row("achievement", ach, f"achievement {ach}", 0.08)
    out.append("")
    out += ["Light by source (share of all light, 95% interval over games):", ""]
    out += [f"| Source | {b_label} | {a_label} |", "|---|---|---|"]
    la = _light_shares(after)
    lb = _light_shares(before) if before else {}
    for s in (*SOURCES, "combat decides"):
        b = lb.get(s)
        a = la[s]
        out.append(f"| {s} | {_cell(b) if b else '–'} | {_cell(a)} |")
    out.append("")
    gaps = listed_gaps(after)
    out.append(
        "Technology designs whose holders (at game end) win more than 10 points above or below "
        f"the others ({a_label.lower()}; designs held at least 30 times): "
        + (", ".join(f"{t} {_pct(h)} vs {_pct(o)} (n={k})" for t, h, o, _g, k in gaps) or "none")
        + "."
    )
    out.append("")
    out += tech_reasons(gaps)
    return out


def tech_reasons(gaps: list[tuple[str, float, float, float, int]]) -> list[str]:
    """The reasons section: one line per listed design, its reason from TECH_REASONS (or a
    line that says none is recorded yet, so a new outlier is never silently passed over)."""
    if not gaps:
        return []
    out = ["Why (technology designs beyond ± 10 points in this sweep):", ""]
    for t, h, _o, gap, k in gaps:
        why = TECH_REASONS.get(t, "no reason recorded yet: find it or fix the card's numbers.")
        lo, hi = wilson(round(h * k), k)
        out.append(
            f"- `{t}` ({100 * gap:+.1f} points; holders {_pct(h)} [{_pct(lo)}, {_pct(hi)}],"
            f" n={k}): {why}"
        )
    out.append("")
    return out


def _header(args: argparse.Namespace) -> list[str]:
    same = (args.games, args.seed) == (args.before_games, args.before_seed)
    seeds = " (the same seeds)" if same else ""
    if args.before_bot:
        what = (
            f"two bots' sweeps: after, all-{args.bot} sweeps `--games {args.games} --seed "
            f"{args.seed}` per player "
            f"count; before, all-{args.before_bot} sweeps of the same pack, `--games "
            f"{args.before_games} --seed {args.before_seed}`{seeds}. The two columns are the "
            "same deals played by two bots: where they disagree, a verdict depends on how well "
            "the game is played"
        )
    else:
        what = (
            f"all-{args.bot} sweeps: after, `--games {args.games} --seed {args.seed}` per player "
            f"count; before, `--games {args.before_games} --seed {args.before_seed}`{seeds}. "
            "'Before' is the pack before issue 12; 'after' is this pack"
        )
    return [
        "# Balance of the shipped pack (generated: do not edit)",
        "",
        f"Written by `benchmarks/balance_doc.py` from {what}. Each share is the win share with "
        "its 95% Wilson interval; 'within target' compares the point estimate with issue 12's "
        "targets (seat and first player: fair share ± 4 points; faction and achievement: ± 8).",
        "",
        "Combat decides the graveyard's light, combat-triggered cards' and the claim light a "
        "fight let through by breaking a blockade (sources `graveyard`, `combat` and `blockade`;"
        " 'combat decides' is their sum; files from before the `blockade` column count it in "
        "`claims`).",
        "",
    ]


def _before(args: argparse.Namespace, n: int) -> list[dict[str, Any]] | None:
    """Count `n`'s before rows: the before bot's sweep (played when missing), or the old
    pack's file if there is one."""
    if args.before_bot:
        assert args.before_dir is not None
        args.before_dir.mkdir(parents=True, exist_ok=True)
        path = args.before_dir / f"after-{n}.parquet"
        if not path.exists():
            _sweep(n, args.before_games, args.before_seed, path, args.before_bot)
        return read_results(path)[0]
    if args.before_dir and (args.before_dir / f"before-{n}.parquet").exists():
        return read_results(args.before_dir / f"before-{n}.parquet")[0]
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--bot", default="sweep", help="the bot of every seat of the after sweeps")
    ap.add_argument("--before-dir", type=Path)
    ap.add_argument("--before-bot", help="before: this bot's sweeps of the same pack")
    ap.add_argument("--before-games", type=int, default=400, help="games per count before")
    ap.add_argument("--before-seed", type=int, default=12, help="the before sweeps' seed")
    ap.add_argument("--after-dir", type=Path, help="after-N.parquet files already made")
    ap.add_argument("-o", "--output", type=Path, default=Path("docs/balance.md"))
    ap.add_argument("--note", help="a paragraph printed under the header (e.g. which pack)")
    args = ap.parse_args(argv)
    if args.before_bot and args.before_dir is None:
        ap.error("--before-bot needs --before-dir (where its sweeps are kept)")
    labels = (args.before_bot, args.bot) if args.before_bot else ("Before", "After")
    lines = _header(args) + ([args.note, ""] if args.note else [])
    after_dir = args.after_dir
    if after_dir is None:
        after_dir = Path("runs/after")
        after_dir.mkdir(parents=True, exist_ok=True)
    for n in COUNTS:
        apath = after_dir / f"after-{n}.parquet"
        if not apath.exists():
            _sweep(n, args.games, args.seed, apath, args.bot)
        after, _ = read_results(apath)
        lines += _section(n, _before(args, n), after, labels)
    args.output.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    assert wilson  # the intervals come from the lab's own statistics
    sys.exit(main())
