"""Verdicts checked for robustness to bot strength: the same figures from two bot populations
on the same seeds, each verdict shown under both, the ones that flip flagged.

Population A is the sweep's (`--bots`), B the other (`--robust BOTS`, e.g. the search bot).
Game `i` of both is dealt from the same seeds (`SeedSequence([seed, i])`), so the two runs are
paired: the same deals, the same player counts, only the bots differ. B is usually the slower,
so it plays the first N games and A's verdicts here are taken on the same first N games (a
verdict from more games is sharper, not more robust: comparing it with a smaller sample would
flag the sample size, not the bots).

A verdict is a band's (bands.py): `outside` when the figure's whole 95% interval lies outside
its band (the gate breaks), `inside` when it lies wholly inside, `straddles` otherwise. Without
bands it is the report's fair-share flag (`above`, `below` the fair share, else `fair`). A
verdict flips when the gate's answer differs (outside under one population, not under the
other; for fair-share verdicts, any change). Beside each verdict: B - A with a 95% paired
bootstrap interval, and whether it moved at the family-wise level (compare.py), which says
whether the bots see the figure differently regardless of where the band lies.

For two packs (`lastlight diff`), each figure's "moved / not moved" under A and under B, and the
ones whose answer differs (`diff_verdicts`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from lastlight.interpreter.load.errors import Loc
from lastlight.interpreter.tools.lab.bands import Band, Breach
from lastlight.interpreter.tools.lab.compare import Moved, compare_rows
from lastlight.interpreter.tools.lab.figures import GROUPS, ITEM_GROUPS, Figure, summarize

Row = dict[str, Any]


@dataclass
class Verdict:
    group: str
    key: str
    a: Figure | None
    b: Figure | None
    band: Band | None  # None: a fair-share verdict
    loc: Loc | None = None
    moved: Moved | None = None

    @property
    def limits(self) -> tuple[float | None, float | None]:
        """The band's limits for A's figure (else B's). A win share's fair share is its mean
        of 1/players, so with mixed counts each population's verdict uses its own."""
        f = self.a or self.b
        if self.band is None or f is None:
            return None, None
        return self.band.limits(f)

    def verdict_of(self, f: Figure | None) -> str:
        if f is None:
            return "absent"
        if self.band is None:
            return f.flag or "fair"
        low, high = self.band.limits(f)
        if f.lo > high or f.hi < low:
            return "outside"
        if f.lo >= low and f.hi <= high:
            return "inside"
        return "straddles"

    @property
    def flipped(self) -> bool:
        a, b = self.verdict_of(self.a), self.verdict_of(self.b)
        if "absent" in (a, b):
            return False
        if self.band is None:
            return a != b
        return (a == "outside") != (b == "outside")

    def to_json(self) -> dict[str, Any]:
        return {
            "group": self.group,
            "key": self.key,
            "band": None if self.band is None else [_num(x) for x in self.limits],
            "a": self.a.to_json() if self.a else None,
            "b": self.b.to_json() if self.b else None,
            "verdict_a": self.verdict_of(self.a),
            "verdict_b": self.verdict_of(self.b),
            "flipped": self.flipped,
            "change": self.moved.to_json() if self.moved else None,
            "loc": str(self.loc) if self.loc else None,
        }


def _num(x: float | None) -> float | None:
    return None if x is None or x != x or abs(x) == float("inf") else round(x, 4)


@dataclass
class RobustReport:
    bots_a: list[str]
    bots_b: list[str]
    games: int
    verdicts: list[Verdict]
    meta: dict[str, Any] = field(default_factory=dict)
    bands: bool = True

    @property
    def flips(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.flipped]

    def to_json(self) -> dict[str, Any]:
        return {
            "population_a": self.bots_a,
            "population_b": self.bots_b,
            "games": self.games,
            "meta": self.meta,
            "verdicts_from": "bands" if self.bands else "fair share",
            "flipped": len(self.flips),
            "verdicts": [v.to_json() for v in self.verdicts],
        }


@dataclass(frozen=True)
class PopulationBreach:
    """A band broken under the second population (on its paired games): the gate fails on it as
    on the sweep's own breaches."""

    code: ClassVar[str] = "G001"
    title: ClassVar[str] = "balance band"
    inner: Breach
    bots: str
    games: int

    @property
    def loc(self) -> Loc:
        return self.inner.loc

    def message(self) -> str:
        return f"under {self.bots} ({self.games} paired games): {self.inner.message()}"


def first_games(rows: list[Row], games: int) -> list[Row]:
    """The rows of games 0..games-1 (the paired sample of a longer run)."""
    return [r for r in rows if r["game"] < games]


def robust_report(
    rows_a: list[Row],
    rows_b: list[Row],
    bots_a: list[str],
    bots_b: list[str],
    bands: list[Band] | None = None,
    item_locs: dict[str, Loc] | None = None,
    seed: int = 0,
) -> RobustReport:
    """Each verdict under both populations, on the games both played."""
    games = sorted({r["game"] for r in rows_b} & {r["game"] for r in rows_a})
    keep = set(games)
    rows_a = [r for r in rows_a if r["game"] in keep]
    rows_b = [r for r in rows_b if r["game"] in keep]
    figs_a = {(f.group, f.key): f for f in summarize(rows_a)}
    figs_b = {(f.group, f.key): f for f in summarize(rows_b)}
    moved = {(m.group, m.key): m for m in compare_rows(rows_a, rows_b, seed=seed, min_n=1)}
    locs = item_locs or {}
    out: list[Verdict] = []
    for k in sorted(set(figs_a) | set(figs_b)):
        a, b = figs_a.get(k), figs_b.get(k)
        loc = locs.get(k[1]) if k[0] in ITEM_GROUPS else None
        if bands is None:
            if k[0] in GROUPS:
                out.append(Verdict(k[0], k[1], a, b, None, loc, moved.get(k)))
            continue
        for band in bands:
            if band.figure != k[0] or (band.keys is not None and k[1] not in band.keys):
                continue
            out.append(Verdict(k[0], k[1], a, b, band, loc or band.loc, moved.get(k)))
    meta = {"paired_games": len(games)}
    return RobustReport(bots_a, bots_b, len(games), out, meta, bands is not None)


def _share(f: Figure | None, pct: bool) -> str:
    if f is None:
        return "—"
    if pct:
        return f"{100 * f.value:5.1f}% [{100 * f.lo:4.1f}, {100 * f.hi:4.1f}]"
    return f"{f.value:.2f} [{f.lo:.2f}, {f.hi:.2f}]"


def _is_pct(group: str, key: str) -> bool:
    return group in GROUPS or key in ("stalled", "shared win")


def render_text(rep: RobustReport) -> str:
    a, b = ",".join(rep.bots_a), ",".join(rep.bots_b)
    what = "band" if rep.bands else "fair share"
    lines = [
        f"robustness: the same {rep.games} paired games (same seeds) under A = {a} and B = {b};"
        f" verdict against the {what}; FLIP = the verdict differs; B - A with a 95% paired"
        " bootstrap interval (MOVED: excludes 0 at the family-wise level)",
        f"  {'':4} {'figure':<16} {'key':<24} {'A: value [95%]':<22} {'verdict':<10}"
        f" {'B: value [95%]':<22} {'verdict':<10} {'band':<16} B - A",
    ]
    for v in rep.verdicts:
        pct = _is_pct(v.group, v.key)
        low, high = v.limits
        band = "" if low is None else _band_text(low, high, pct)
        change = ""
        if v.moved is not None:
            c = v.moved.change
            scale = 100 if pct else 1
            interval = (
                f"[{scale * c.lo:+.1f}, {scale * c.hi:+.1f}]"
                if c.lo == c.lo and c.hi == c.hi
                else "[too few games]"  # NaN: the bootstrap could not form one
            )
            change = f"{scale * c.diff:+.1f} {interval}"
            change += " MOVED" if v.moved.moved else ""
        lines.append(
            f"  {'FLIP' if v.flipped else '':4} {v.group:<16} {v.key:<24}"
            f" {_share(v.a, pct):<22} {v.verdict_of(v.a):<10} {_share(v.b, pct):<22}"
            f" {v.verdict_of(v.b):<10} {band:<16} {change}"
        )
    lines.append(f"{len(rep.flips)} of {len(rep.verdicts)} verdict(s) flip between the populations")
    return "\n".join(lines)


def _band_text(low: float | None, high: float | None, pct: bool) -> str:
    def one(x: float | None) -> str:
        if x is None or abs(x) == float("inf"):
            return "-inf" if x is not None and x < 0 else "inf"
        return f"{100 * x:.1f}" if pct else f"{x:.2f}"

    return f"[{one(low)}, {one(high)}]"


def render_github(rep: RobustReport) -> str:
    """A warning annotation per flipped verdict (at the item's file:line when it has one)."""
    from lastlight.interpreter.tools.lab.bands import _data, _prop

    lines = []
    for v in rep.flips:
        where = ""
        if v.loc is not None:
            where = f" file={_prop(v.loc.path)}"
            if v.loc.line:
                where += f",line={v.loc.line},col={max(v.loc.col, 1)}"
        msg = (
            f"{v.group} {v.key}: {v.verdict_of(v.a)} under {','.join(rep.bots_a)},"
            f" {v.verdict_of(v.b)} under {','.join(rep.bots_b)} ({rep.games} paired games)"
        )
        sep = "," if where else " "
        lines.append(f"::warning{where}{sep}title=G003 verdict flips with the bots::{_data(msg)}")
    return "\n".join(lines)


def diff_verdicts(moved_a: list[Moved], moved_b: list[Moved]) -> list[dict[str, Any]]:
    """For two packs: each figure's moved / not moved under both populations, flips flagged."""
    by_b = {(m.group, m.key): m for m in moved_b}
    out = []
    for m in moved_a:
        other = by_b.get((m.group, m.key))
        if other is None:
            continue
        out.append({"group": m.group, "key": m.key, "a": m.to_json(), "b": other.to_json(),
                    "flipped": m.moved != other.moved})  # fmt: skip
    return out
