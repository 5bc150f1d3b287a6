"""A learned value of a position: each seat's chance to win, from a few features of what it
holds, with weights fitted on positions of played games labelled by who won (texel tuning).

The model is a conditional logit over the seats: seat p's score is `w · f(p)` and its chance to
win is `exp(score_p) / sum_q exp(score_q)`. One weight vector per player count. The features
(`FEATURES`) are read through the planner's `Seat` (how the planner values resources, mines and
claims, from the content, never a card by name); the weights live in `value.yaml` beside this
module with their provenance, fitted by `benchmarks/fit_value.py`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lastlight.interpreter.agents.planner.seat import Seat
from lastlight.interpreter.engine.ruleset import base_id, staying_actions
from lastlight.interpreter.engine.view import SeatView
from lastlight.interpreter.load.yamlload import YDict, load_yaml

#: What the model reads of a seat, in light or counts. "_future" features are a rate times the
#: rounds (or refresh cycles) the planner expects to be left; "_late" ones are scaled by the
#: game's progress (the leader's light over the light to win); "actions_in_hand" counts the
#: action cards not yet played and "staying_in_hand" is 1 while one that stays on the table
#: (Refresh, in the shipped pack) is among them.
FEATURES: tuple[str, ...] = (
    "light",
    "light_late",
    "claims_future",
    "mining_future",
    "resources",
    "techs",
    "techs_future",
    "hand",
    "ships",
    "ships_center",
    "planets",
    "actions_in_hand",
    "staying_in_hand",
)

#: The shipped weights (fitted; see value.yaml's provenance).
WEIGHTS_FILE = Path(__file__).with_name("value.yaml")


class ValueFileError(ValueError):
    """A value file that cannot be used; the message names the file and what is wrong."""


@dataclass(frozen=True)
class ValueModel:
    """Weights per player count (`weights[n]` aligned with `features`)."""

    features: tuple[str, ...]
    weights: dict[int, tuple[float, ...]]
    provenance: dict[str, Any]

    def win_chances(self, feats: Sequence[Sequence[float]]) -> list[float]:
        """Each seat's chance to win, from every seat's features."""
        n = len(feats)
        w = self.weights.get(n)
        if w is None:
            raise ValueFileError(f"the value model has no weights for {n} players")
        scores = [sum(a * b for a, b in zip(w, f, strict=True)) for f in feats]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]


def features(view: SeatView, p: int, memo: dict[Any, Any] | None = None) -> list[float]:
    """Seat `p`'s features (`FEATURES`) in `view` (a whole world, or the seat's own view for
    itself)."""
    seat = Seat(view, p, memo=memo)
    claims = mining = 0.0
    for u in seat.my_extractors:
        if u.place == "planet":
            sector = u.sector
            assert sector is not None
            share = 0.5 if view.blockaded(sector, p) else 1.0
            claims += view.param(p, f"claim_{view.kind(sector)}") * share
            mining += seat.yield_value(sector)
        elif u.place == "colony":
            space = seat.rules.colony_spaces[u.colony_space]  # type: ignore[index]
            mining += seat.ctx.res_value(space)
    light = float(seat.pl.light)
    leader = max(pl.light for pl in seat.players)
    progress = min(1.0, leader / max(1, seat.rules.light_to_win))
    techs = float(view.techs_in_play(p))
    center = sum(1 for s in seat.mine_list if s.sector == seat.center)
    hand = seat.pl.tech_hand_count
    staying = staying_actions(seat.rules)
    return [
        light,
        light * progress,
        claims * seat.cycles_left,
        mining * seat.rounds_left,
        seat.res_value({r: n for r, n in seat.pl.resources.items() if r != "light"}),
        techs,
        techs * seat.rounds_left,
        float(hand),
        float(len(seat.mine_list)),
        float(center),
        float(seat.ctx.planets),
        float(len(seat.pl.hand)),
        float(any(base_id(c) in staying for c in seat.pl.hand)),
    ]


def _where(data: Any, key: Any) -> str:
    loc: Any = data.loc_of(key) if isinstance(data, YDict) else getattr(data, "loc", None)
    return f"{loc.path}:{loc.line}:{loc.col}" if loc is not None else "?"


def load_model(path: Path = WEIGHTS_FILE) -> ValueModel:
    """The model in `path` (a fitted value file); errors name file:line:column."""
    data, problems = load_yaml(path)
    if problems:
        raise ValueFileError(problems[0].headline())
    if not isinstance(data, YDict) or not isinstance(data.get("weights"), YDict):
        raise ValueFileError(
            f"{path}:1:1: a value file holds 'features', 'weights' and 'provenance'"
        )
    names = tuple(str(f) for f in data.get("features") or ())
    if names != FEATURES:
        raise ValueFileError(
            f"{_where(data, 'features')}: features {list(names)} are not this bot's "
            f"{list(FEATURES)}; refit with benchmarks/fit_value.py"
        )
    weights: dict[int, tuple[float, ...]] = {}
    for count, row in data["weights"].items():
        where = _where(data["weights"], count)
        if not isinstance(row, dict) or set(row) != set(FEATURES):
            raise ValueFileError(f"{where}: weights for {count} players name every feature")
        values = tuple(row[f] for f in FEATURES)
        if not all(isinstance(v, int | float) and math.isfinite(v) for v in values):
            raise ValueFileError(f"{where}: weights for {count} players are finite numbers")
        weights[int(count)] = tuple(float(v) for v in values)
    return ValueModel(FEATURES, weights, dict(data.get("provenance") or {}))
