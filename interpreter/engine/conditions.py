"""Counters (`per 4 technologies in play`) and condition phrases (`you control an inner planet`).

Each registry form of kind `counter` or `condition` has one function here; a test proves the
table covers the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from lastlight.interpreter.effects import ast
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.state import Frame
from lastlight.interpreter.engine.units import index

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine


def _planets(eng: Engine, p: int, place: str | None, color: str | None) -> int:
    """How many planets p controls (with this place and colour): a count, so the extractor
    index is read in any order. (One pass, no call per planet: the achievements ask this at
    every game's end.)"""
    units = eng.state["units"]
    mine = [s for s, uid in index(eng).planet_x.items() if units[uid]["o"] == p]
    if place is not None:
        kind = eng.board.kind
        mine = [s for s in mine if kind(s) == place]
    if color is None:
        return len(mine)
    sectors = eng.state["sectors"]
    planets = eng.rules.planets
    n = 0
    for s in mine:
        planet = sectors[s]["planet"]
        if planet and color in planets[planet]["colors"]:
            n += 1
    return n


COUNTERS: dict[str, Callable[[Engine, Frame, ast.Phrase], int]] = {
    "tech_in_play": lambda e, f, ph: q.techs_in_play(e, f["p"]),
    "tech_in_hand": lambda e, f, ph: len(e.state["players"][f["p"]]["tech_hand"]),
    "extractor_on": lambda e, f, ph: _planets(e, f["p"], ph.get("place"), None),
    "planet_controlled": lambda e, f, ph: _planets(e, f["p"], ph.get("place"), ph.get("color")),
    "ship_in_center": lambda e, f, ph: sum(
        1 for uid in q.ships_in(e, e.state["center"]) if e.state["units"][uid]["o"] == f["p"]
    ),
    "ships_on_board": lambda e, f, ph: sum(
        1
        for uid in index(e).by_owner.get(f["p"], ())
        if ph.get("size") in (None, e.state["units"][uid]["z"])
    ),
    "graveyard_units": lambda e, f, ph: len(e.state["players"][f["p"]]["grave"]),
    "played_actions": lambda e, f, ph: len(e.state["players"][f["p"]]["played"]),
    "player_count": lambda e, f, ph: e.state["n"],
    "light_held": lambda e, f, ph: e.state["players"][f["p"]]["light"],
}


def count_noun(eng: Engine, frame: Frame, noun: ast.Phrase) -> int:
    return COUNTERS[noun.form](eng, frame, noun)


def _have(eng: Engine, frame: Frame, ph: ast.Phrase) -> bool:
    what = ph.get("what")
    pl = eng.state["players"][frame["p"]]
    have = pl["light"] if what == "light" else pl["res"][what]
    return have >= q.amount(eng, frame["p"], ph.get("n"))


CONDITIONS: dict[str, Callable[[Engine, Frame, ast.Phrase], bool]] = {
    "control_planet": lambda e, f, ph: _planets(e, f["p"], ph.get("place"), ph.get("color")) > 0,
    "have_at_least": _have,
    "have_ship_here": lambda e, f, ph: (
        (sector := f.get("sec")) is not None
        and any(e.state["units"][uid]["o"] == f["p"] for uid in q.ships_in(e, sector))
    ),
}


def test_phrase(eng: Engine, frame: Frame, phrase: ast.Phrase) -> bool:
    return CONDITIONS[phrase.form](eng, frame, phrase)
