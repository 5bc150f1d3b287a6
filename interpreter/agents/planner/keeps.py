"""Calibrated keeps: what restricted play measured each faction and achievement to be worth, and
a keep rule that follows it.

The data file (`keeps.yaml`, written by `benchmarks/calibrate_keeps.py`) holds, for each player
count, every item that count deals with the forced seat's win share when made to keep it
(`lastlight restrict`), its Wilson interval, the paired change against the bot's free choice
and the pairs it rests on:

    provenance: {command: ..., seeds: ..., games: ..., date: ...}
    sharpness: 6
    counts:
      2:
        achievement-blue: {forced: 0.55, forced_interval: [0.452, 0.644], change: 0.01,
                           change_interval: [-0.01, 0.03], pairs: 100, deals: 100}

The rule (`KeepCalibration.choose`) is a Luce choice: among the offered items, item i is kept
with probability w_i / sum(w), w_i = (forced_i / fair) ** sharpness, drawn on the bot's own
generator. `sharpness` 1 keeps each item in plain proportion to its measured win share; a
larger one leans to the better-measured item (docs/keeps.md says why the file's value). An
offer holding any item the file does not know at that count (a new card in a designer's pack,
a count never measured) is decided by the planner's own scores, never an error.
A bad file is reported as `path:line:col: message`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from lastlight.interpreter.engine.game import Decision
from lastlight.interpreter.engine.ruleset import base_id
from lastlight.interpreter.load.yamlload import YDict, load_yaml

#: The shipped calibration, next to this module (package data).
SHIPPED_PATH = Path(__file__).with_name("keeps.yaml")
#: What a provenance block holds.
PROVENANCE_KEYS = ("command", "seeds", "games", "date")
#: What an item's entry holds.
ENTRY_KEYS = ("forced", "forced_interval", "change", "change_interval", "pairs", "deals")
#: Ties of the planner's scores (the fallback), as the planner breaks them.
TIE = 1e-9


class KeepsError(ValueError):
    """A calibration file that cannot be used; the message names the place."""


class Draws(Protocol):
    """The bot's generator (`engine.rng.Rng`): `below(n)` and `next64()`."""

    def below(self, n: int) -> int: ...

    def next64(self) -> int: ...


@dataclass(frozen=True)
class Worth:
    """One item at one player count, as restricted play measured it."""

    item: str
    players: int
    forced: float
    forced_interval: tuple[float, float]
    change: float
    change_interval: tuple[float, float]
    pairs: int
    deals: int

    @property
    def fair(self) -> float:
        return 1 / self.players

    @property
    def worth_fair_share(self) -> bool:
        """The forced seat's Wilson interval reaches the fair share 1/players."""
        return self.forced_interval[1] >= self.fair

    def as_dict(self) -> dict[str, Any]:
        return {
            "forced": self.forced,
            "forced_interval": list(self.forced_interval),
            "change": self.change,
            "change_interval": list(self.change_interval),
            "pairs": self.pairs,
            "deals": self.deals,
        }


class KeepCalibration:
    """The measured worths by (player count, item id) and the Luce keep rule over them."""

    def __init__(
        self,
        worths: dict[int, dict[str, Worth]],
        provenance: dict[str, Any],
        sharpness: float = 1.0,
    ):
        if not math.isfinite(sharpness) or sharpness < 0:
            raise KeepsError(f"sharpness {sharpness!r} is not a finite number >= 0")
        self.worths = worths
        self.provenance = provenance
        self.sharpness = sharpness

    def worth(self, players: int, item: str) -> Worth | None:
        return self.worths.get(players, {}).get(base_id(item))

    def with_sharpness(self, sharpness: float) -> KeepCalibration:
        return KeepCalibration(self.worths, self.provenance, sharpness)

    def shares(self, players: int, items: Sequence[str]) -> list[float] | None:
        """Each offered item's keep probability, or None if one of them is not in the file."""
        known = [self.worth(players, item) for item in items]
        if not known or any(w is None for w in known):
            return None
        weights = [(w.forced / w.fair) ** self.sharpness for w in known if w is not None]
        total = sum(weights)
        if total <= 0:  # every measured share 0: nothing to prefer
            return [1 / len(items)] * len(items)
        return [x / total for x in weights]

    def choose(
        self, players: int, legal: list[Decision], planner_scores: list[float], rng: Draws
    ) -> Decision:
        """A keep decision: a Luce draw among the offered items, or, if the file does not know
        one of them, the planner's best (ties broken on `rng`, as the planner does)."""
        shares = self.shares(players, [d["card"] for d in legal])
        if shares is None:
            best = max(planner_scores)
            top = [d for d, s in zip(legal, planner_scores, strict=True) if s >= best - TIE]
            return top[rng.below(len(top))]
        x = rng.next64() / 2**64
        for d, share in zip(legal, shares, strict=True):
            x -= share
            if x < 0:
                return d
        return legal[-1]


# --- the file -------------------------------------------------------------------------------
def _where(data: Any, key: Any, *, at_key: bool = False) -> str:
    loc: Any = getattr(data, "loc", None)
    if isinstance(data, YDict):
        loc = data.key_loc(key) if at_key else data.loc_of(key)
    return f"{loc.path}:{loc.line}:{loc.col}" if loc is not None else "?"


def _share(value: Any, what: str, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise KeepsError(f"{where}: {what} is a share between 0 and 1, got {value!r}")
    return float(value)


def _pair(value: Any, what: str, where: str, lo: float, hi: float) -> tuple[float, float]:
    ok = isinstance(value, list) and len(value) == 2
    if ok and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in value):
        a, b = float(value[0]), float(value[1])
        if lo <= a <= b <= hi:
            return a, b
    raise KeepsError(f"{where}: {what} is [low, high] with {lo} <= low <= high <= {hi}")


def _count(value: Any, what: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise KeepsError(f"{where}: {what} is a whole number >= 0, got {value!r}")
    return value


def _entry(item: str, players: int, raw: Any, where: str) -> Worth:
    if not isinstance(raw, dict):
        raise KeepsError(f"{where}: {item} needs a mapping with {', '.join(ENTRY_KEYS)}")
    unknown = sorted(set(raw) - set(ENTRY_KEYS))
    if unknown:
        raise KeepsError(f"{_where(raw, unknown[0], at_key=True)}: {item}: unknown key "
                         f"{unknown[0]!r} ({', '.join(ENTRY_KEYS)})")  # fmt: skip
    missing = [k for k in ENTRY_KEYS if k not in raw]
    if missing:
        raise KeepsError(f"{where}: {item}: {missing[0]!r} is missing")
    return Worth(
        item,
        players,
        _share(raw["forced"], "forced", _where(raw, "forced")),
        _pair(raw["forced_interval"], "forced_interval", _where(raw, "forced_interval"), 0, 1),
        _pair([raw["change"]] * 2, "change", _where(raw, "change"), -1, 1)[0],
        _pair(raw["change_interval"], "change_interval", _where(raw, "change_interval"), -1, 1),
        _count(raw["pairs"], "pairs", _where(raw, "pairs")),
        _count(raw["deals"], "deals", _where(raw, "deals")),
    )


def _counts(data: Any) -> dict[int, dict[str, Worth]]:
    table = data["counts"]
    if not isinstance(table, dict) or not table:
        raise KeepsError(f"{_where(data, 'counts')}: 'counts' maps player counts to items")
    worths: dict[int, dict[str, Worth]] = {}
    for players, items in table.items():
        at = _where(table, players, at_key=True)
        if isinstance(players, bool) or not isinstance(players, int) or players < 1:
            raise KeepsError(f"{at}: {players!r} is not a player count")
        if not isinstance(items, dict) or not items:
            raise KeepsError(f"{_where(table, players)}: {players} players: map item ids to "
                             "their measured worth")  # fmt: skip
        worths[players] = {}
        for item, raw in items.items():
            if not isinstance(item, str):
                raise KeepsError(f"{_where(items, item, at_key=True)}: {item!r} is not an id")
            worths[players][item] = _entry(item, players, raw, _where(items, item))
    return worths


def parse(path: str | Path) -> KeepCalibration:
    """Read a calibration file (any path: a designer's own pack has its own)."""
    path = Path(path)
    data, problems = load_yaml(path)
    if problems:
        raise KeepsError(problems[0].headline())
    if not isinstance(data, dict) or not {"provenance", "counts"} <= set(data):
        raise KeepsError(f"{path}:1:1: a keeps file holds 'provenance', 'sharpness' and 'counts'")
    unknown = sorted(set(data) - {"provenance", "sharpness", "counts"})
    if unknown:
        raise KeepsError(f"{_where(data, unknown[0], at_key=True)}: unknown key {unknown[0]!r}"
                         " (provenance, sharpness, counts)")  # fmt: skip
    prov = data["provenance"]
    if not isinstance(prov, dict) or not all(k in prov for k in PROVENANCE_KEYS):
        keys = ", ".join(PROVENANCE_KEYS)
        raise KeepsError(f"{_where(data, 'provenance')}: provenance needs {keys}")
    sharpness = data.get("sharpness", 1.0)
    if (
        isinstance(sharpness, bool)
        or not isinstance(sharpness, (int, float))
        or not math.isfinite(sharpness)
        or sharpness < 0
    ):
        raise KeepsError(f"{_where(data, 'sharpness')}: sharpness is a number >= 0, got "
                         f"{sharpness!r}")  # fmt: skip
    return KeepCalibration(_counts(data), dict(prov), float(sharpness))


@lru_cache(maxsize=1)
def shipped() -> KeepCalibration:
    """The shipped calibration, read once per process."""
    return parse(SHIPPED_PATH)


def dump_text(cal: KeepCalibration, header: str = "") -> str:
    """The file's text: the provenance block, the sharpness, then every count's items."""
    lines = [
        "# Calibrated keeps: each faction's and achievement's worth under restricted play, read by",
        "# interpreter/agents/planner/keeps.py; written by benchmarks/calibrate_keeps.py (see"
        " docs/keeps.md).",
    ]
    lines += [f"# {line}" for line in header.splitlines()]
    lines.append("provenance:")
    for key, value in cal.provenance.items():
        lines.append(f"  {key}: {json.dumps(value)}")
    lines.append(f"sharpness: {cal.sharpness!r}")
    lines.append("counts:")
    for players in sorted(cal.worths):
        lines.append(f"  {players}:")
        for item, w in sorted(cal.worths[players].items()):
            lines.append(f"    {item}: {json.dumps(w.as_dict())}")
    return "\n".join(lines) + "\n"


def from_summaries(
    summaries: list[dict[str, Any]], provenance: dict[str, Any], sharpness: float
) -> KeepCalibration:
    """A calibration from `lastlight restrict --format json` summaries (mode 'keep' only; an
    item with no pairs is left out: not dealt at that count)."""
    worths: dict[int, dict[str, Worth]] = {}
    for s in summaries:
        if s.get("mode", "keep") != "keep" or not s["pairs"]:
            continue
        n = int(s["players"])
        worths.setdefault(n, {})[s["item"]] = Worth(
            s["item"],
            n,
            round(float(s["forced_share"]), 4),
            (round(s["forced_interval"][0], 4), round(s["forced_interval"][1], 4)),
            round(float(s["change"]), 4),
            # a t interval on 0/1 differences may pass +-1 on few pairs; a change cannot
            (
                max(-1.0, round(s["change_interval"][0], 4)),
                min(1.0, round(s["change_interval"][1], 4)),
            ),
            int(s["pairs"]),
            int(s["deals"]),
        )
    return KeepCalibration(worths, provenance, sharpness)
