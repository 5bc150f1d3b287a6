"""Balance figures from rows: win shares by group with Wilson intervals, means by game.

Every figure is a ratio of per-game tallies (numerator, denominator), so the same tallies serve
one run (a share with its interval) and a paired comparison of two runs (games aligned by
index, see `stats.paired_ratio_diff`). The fair share of a group is the mean of 1/players over
its appearances, so mixed player counts compare honestly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from lastlight.interpreter.tools.lab.quality import (
    OPENINGS,
    SHARES,
    by_game,
    game_quality,
    opening_entropy,
    spread,
)
from lastlight.interpreter.tools.lab.rows import SOURCES
from lastlight.interpreter.tools.lab.stats import mean_interval, wilson

Row = dict[str, Any]

#: Win-share groups: name -> the keys a row belongs to.
GROUPS: dict[str, Callable[[Row], Iterable[str]]] = {
    "seat": lambda r: [f"seat {r['seat']} ({r['players']}p)"],
    "home": lambda r: [f"{r['home']} ({r['players']}p)"],
    "first player": lambda r: ["first player" if r["is_first"] else "not first"],
    "faction": lambda r: [r["faction"]] if r["faction"] else [],
    "achievement": lambda r: [r["achievement"]] if r["achievement"] else [],
    "technology held": lambda r: sorted(set(r["techs_in_play"])),
    "bot": lambda r: [r["bot"]],
}
#: Light sources that fighting decides: the graveyard, combat-triggered cards and the claims a
#: broken blockade let through; their sum is the "combat decides" light figure.
COMBAT = ("graveyard", "combat", "blockade")
#: Groups whose keys are content items (bands point at their file:line).
ITEM_GROUPS = ("faction", "achievement", "technology held")


@dataclass
class Figure:
    group: str
    key: str
    value: float
    lo: float
    hi: float
    n: int
    wins: int | None = None
    fair: float | None = None
    flag: str = ""  # "above" / "below" fair share when the interval excludes it

    def to_json(self) -> dict[str, Any]:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in asdict(self).items()}


Tally = dict[tuple[str, str], tuple[np.ndarray, np.ndarray, np.ndarray]]


def games_of(rows: list[Row]) -> list[int]:
    return sorted({r["game"] for r in rows})


def tallies(rows: list[Row], games: list[int]) -> Tally:
    """(group, key) -> per-game arrays (wins, appearances, fair share sum); plus means:
    ("light", source) -> (light from source, players, 0), ("light", "combat decides") (the
    COMBAT sources together) and ("game", "rounds")."""
    pos = {g: i for i, g in enumerate(games)}
    out: dict[tuple[str, str], list[np.ndarray]] = {}

    def add(fig: tuple[str, str], i: int, num: float, den: float, fair: float) -> None:
        arr = out.get(fig)
        if arr is None:
            arr = out[fig] = [np.zeros(len(games)) for _ in range(3)]
        arr[0][i] += num
        arr[1][i] += den
        arr[2][i] += fair

    for r in rows:
        i = pos[r["game"]]
        for group, keys_of in GROUPS.items():
            for key in keys_of(r):
                add((group, key), i, float(r["winner"]), 1.0, 1.0 / r["players"])
        for s in SOURCES:
            add(("light", s), i, float(r[f"light_{s}"]), 1.0, 0.0)
        add(("light", "combat decides"), i, float(sum(r[f"light_{s}"] for s in COMBAT)), 1.0, 0.0)
        add(("light", "total"), i, float(r["light"]), 1.0, 0.0)
        if r["seat"] == 0:
            add(("game", "rounds"), i, float(r["rounds"]), 1.0, 0.0)
            add(("game", "stalled"), i, float(r["stalled"]), 1.0, 0.0)
            add(("game", "shared win"), i, float(r["winners"] > 1), 1.0, 0.0)
    for g, game_rows in by_game(rows).items():  # game quality (quality.py), one value a game
        for key, value in game_quality(game_rows).items():
            if value is not None and key != "rounds":  # ("game", "rounds") has the rounds
                add(("quality", key), pos[g], value, 1.0, 0.0)
    return {k: (v[0], v[1], v[2]) for k, v in out.items()}


def summarize(rows: list[Row]) -> list[Figure]:
    """Every figure of one run, win shares first (by group, then key)."""
    figs: list[Figure] = []
    for (group, key), (num, den, fair) in sorted(tallies(rows, games_of(rows)).items()):
        n = int(den.sum())
        if group in GROUPS:
            k = int(num.sum())
            lo, hi = wilson(k, n)
            f = float(fair.sum() / n)
            flag = "above" if lo > f else "below" if hi < f else ""
            figs.append(Figure(group, key, k / n, lo, hi, n, k, f, flag))
        else:
            value = float(num.sum() / n)
            if key in ("stalled", "shared win") or key in SHARES:
                lo, hi = wilson(int(num.sum()), n)
            else:
                lo, hi = mean_interval(num[den > 0] / den[den > 0], value)
            figs.append(Figure(group, key, value, lo, hi, n))
    figs += quality_extras(rows)
    order = {g: i for i, g in enumerate([*GROUPS, "light", "game", "quality"])}
    figs.sort(key=lambda f: (order[f.group], f.key))
    return figs


def quality_extras(rows: list[Row]) -> list[Figure]:
    """Game-quality figures that are not a mean over games: the spread of the game's length
    and the openings' entropy (bootstrap intervals over games)."""
    figs = []
    for key, column in (("rounds spread (sd)", "rounds"), ("decisions spread (sd)", "decisions")):
        sd = spread(rows, column)
        if sd is not None:
            value, lo, hi, n = sd
            figs.append(Figure("quality", key, value, lo, hi, n))
    for key, column in OPENINGS.items():
        entropy = opening_entropy(rows, column)
        if entropy is not None:
            value, lo, hi, n, _distinct = entropy
            figs.append(Figure("quality", key, value, lo, hi, n))
    return figs
