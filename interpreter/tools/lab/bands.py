"""Balance gates: a designer's bands, checked against a report (`lastlight balance --check`).

    # bands.yaml
    bands:
      - figure: faction        # a win-share group (seat, home, first player, faction,
        keys: "*"              #   achievement, technology held, bot), "light" or "game"
        fair_within: 0.10      # fair share ± 10 points (win shares only)
      - figure: game
        keys: [rounds]
        min: 10
        max: 30

A band is broken only when the whole 95% interval lies outside it (STYLE: a CI gate must not
fail on noise). A broken band names the item's file:line (factions, achievements, technologies)
or else the band's own line in bands.yaml.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol

from lastlight.interpreter.load.errors import Loc
from lastlight.interpreter.load.yamlload import YDict, YList, load_yaml
from lastlight.interpreter.tools.lab.figures import GROUPS, ITEM_GROUPS, Figure


class BandsError(ValueError):
    """A bands file that cannot be read; the message names file:line:col."""


@dataclass(frozen=True)
class Band:
    figure: str
    keys: tuple[str, ...] | None  # None: every key
    low: float | None
    high: float | None
    fair_within: float | None
    loc: Loc

    def limits(self, f: Figure) -> tuple[float, float]:
        if self.fair_within is not None and f.fair is not None:
            return f.fair - self.fair_within, f.fair + self.fair_within
        low = self.low if self.low is not None else float("-inf")
        high = self.high if self.high is not None else float("inf")
        return low, high


class Broken(Protocol):
    """A broken band of any kind: where it points and what it says."""

    @property
    def code(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def loc(self) -> Loc: ...

    def message(self) -> str: ...


@dataclass(frozen=True)
class Breach:
    code: ClassVar[str] = "G001"
    title: ClassVar[str] = "balance band"
    band: Band
    figure: Figure
    low: float
    high: float
    loc: Loc

    def message(self) -> str:
        f = self.figure
        pct = f.group not in ("light", "game") or f.key in ("stalled", "shared win")
        show = (lambda x: f"{100 * x:.1f}%") if pct else (lambda x: f"{x:.2f}")
        what = "win share" if f.group in GROUPS else f.group
        return (
            f"{what} of {f.key} ({f.group}) is {show(f.value)}, 95% interval"
            f" [{show(f.lo)}, {show(f.hi)}], wholly outside the band [{show(self.low)},"
            f" {show(self.high)}] (n={f.n})"
        )


def load_bands(path: str | Path) -> list[Band]:
    data, diags = load_yaml(path, str(path))
    if diags:
        raise BandsError(diags[0].render())
    where = Loc(str(path), 1, 1)
    if not isinstance(data, YDict) or not (
        isinstance(data.get("bands"), YList) or ("restricted" in data and "bands" not in data)
    ):
        raise BandsError(f"{where}: a bands file is a mapping with a list under 'bands:'")
    for key in data:
        if key not in ("bands", "restricted"):
            raise BandsError(f"{data.key_loc(key)}: unknown section '{key}' (bands, restricted)")
    known = {*GROUPS, "light", "game"}
    out: list[Band] = []
    for i, item in enumerate(data.get("bands", [])):
        loc = data["bands"].loc_of(i)
        if not isinstance(item, YDict):
            raise BandsError(f"{loc}: each band is a mapping (figure, keys, min/max/fair_within)")
        unknown = set(item) - {"figure", "keys", "min", "max", "fair_within"}
        if unknown:
            key = sorted(unknown)[0]
            raise BandsError(f"{item.key_loc(key)}: unknown band field '{key}'")
        fig = item.get("figure")
        if fig not in known:
            raise BandsError(
                f"{item.loc_of('figure')}: figure must be one of {', '.join(sorted(known))}"
            )
        keys = item.get("keys", "*")
        if keys != "*" and not (isinstance(keys, list) and all(isinstance(k, str) for k in keys)):
            raise BandsError(f'{item.loc_of("keys")}: keys is "*" or a list of names')
        nums = {}
        for field in ("min", "max", "fair_within"):
            v = item.get(field)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int | float)):
                raise BandsError(f"{item.loc_of(field)}: {field} must be a number")
            nums[field] = None if v is None else float(v)
        if nums["fair_within"] is not None and fig not in GROUPS:
            raise BandsError(f"{item.loc_of('fair_within')}: fair_within is for win shares")
        if all(v is None for v in nums.values()):
            raise BandsError(f"{loc}: a band needs min, max or fair_within")
        out.append(
            Band(
                fig,
                None if keys == "*" else tuple(keys),
                nums["min"],
                nums["max"],
                nums["fair_within"],
                loc,
            )
        )
    return out


def check(bands: list[Band], figures: list[Figure], item_locs: dict[str, Any]) -> list[Breach]:
    """Every figure whose whole interval lies outside a band that covers it."""
    breaches = []
    for band in bands:
        for f in figures:
            if f.group != band.figure or (band.keys is not None and f.key not in band.keys):
                continue
            low, high = band.limits(f)
            if f.lo > high or f.hi < low:
                loc = item_locs.get(f.key) if f.group in ITEM_GROUPS else None
                breaches.append(Breach(band, f, low, high, loc or band.loc))
    return breaches


def render(breaches: Sequence[Broken], fmt: str) -> str:
    lines = []
    for b in breaches:
        if fmt == "github":
            loc = b.loc
            where = f"file={_prop(loc.path)}"
            if loc.line:
                where += f",line={loc.line},col={max(loc.col, 1)}"
            title = f"{b.code} {b.title}"
            lines.append(f"::error {where},title={title}::{_data(b.message())}")
        else:
            lines.append(f"{b.loc}: error {b.code}: {b.message()}")
    return "\n".join(lines)


def _data(value: str) -> str:
    """Escape a GitHub workflow command's message."""
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(value: str) -> str:
    """Escape a GitHub workflow command's property."""
    return _data(value).replace(":", "%3A").replace(",", "%2C")
