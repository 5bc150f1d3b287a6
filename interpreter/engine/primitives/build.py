"""Primitives that put pieces on the board: ships and extractors (R-CON-*, R-EXP-03, R-EXP-05)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lastlight.interpreter.effects import ast
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.primitives.economy import leave_graveyard, pay
from lastlight.interpreter.engine.primitives.options import DONE, this_sector
from lastlight.interpreter.engine.state import Frame
from lastlight.interpreter.engine.units import index, move_unit

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine


def supply_unit(eng: Engine, p: int, kind: str, size: str | None = None) -> str | None:
    """The first unit of p's in supply (id order), or None."""
    supply = index(eng).supply
    if size is None and kind == "s":  # any size: the first in id order
        firsts = [b[0] for (o, k, _z), b in supply.items() if o == p and k == kind and b]
        return min(firsts) if firsts else None
    bucket = supply.get((p, kind, size))
    return bucket[0] if bucket else None


def place_ship(eng: Engine, uid: str, sector: str, src: str | None, p: int) -> None:
    move_unit(eng, uid, at="board", s=sector, d=0)
    if eng.log is not None:
        eng.event("build", p, src, unit=uid, size=eng.state["units"][uid]["z"], sector=sector)


def _ship_options(eng: Engine, p: int) -> list[dict[str, Any]]:
    options: list[dict[str, Any]] = []
    players = eng.state["players"]
    units = eng.state["units"]
    supply = index(eng).supply
    # R-CON-02: the sizes of p's ships in each opponent's graveyard, in turn order
    graves = []
    for holder in eng.turn_order():
        if holder != p and players[holder]["grave"]:
            sizes = set()
            for uid in players[holder]["grave"]:
                u = units[uid]
                if u["o"] == p and u["k"] == "s":
                    sizes.add(u["z"])
            if sizes:
                graves.append((holder, sizes))
    for size in eng.rules.sizes:
        cost = q.ship_cost(eng, p, size)
        if not q.can_pay(eng, p, cost):
            continue
        if supply.get((p, "s", size)):
            options.append(_build_option(size, None))
        for holder, sizes in graves:
            if size in sizes:
                options.append(_build_option(size, holder))
    return options


#: (size, graveyard holder or None) -> its `build` option (one object each: a decision is
#: never changed by its receiver)
_BUILD_OPTIONS: dict[tuple[str, int | None], dict[str, Any]] = {}


def _build_option(size: str, holder: int | None) -> dict[str, Any]:
    option = _BUILD_OPTIONS.get((size, holder))
    if option is None:
        option = {"kind": "build", "size": size}
        if holder is not None:
            option["from"] = holder
        _BUILD_OPTIONS[(size, holder)] = option
    return option


def _grave_ship(eng: Engine, p: int, size: str, holder: int) -> str | None:
    for uid in eng.state["players"][holder]["grave"]:
        u = eng.state["units"][uid]
        if u["o"] == p and u["k"] == "s" and u["z"] == size:
            return uid
    return None


def _build_ships(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-CON-01/02: build any number of ships you can pay for, in your home sector."""
    p = frame["p"]
    if choice is not None:
        if choice["kind"] == "done":
            return True
        size = choice["size"]
        cost = q.ship_cost(eng, p, size)
        holder = choice.get("from")
        if holder is None:
            uid = supply_unit(eng, p, "s", size)
            pay(eng, p, cost, frame["src"])
        else:
            uid = _grave_ship(eng, p, size, holder)
            pay(eng, p, cost, frame["src"], to=holder)
            assert uid is not None
            leave_graveyard(eng, uid)
        assert uid is not None
        place_ship(eng, uid, eng.state["homes"][p], frame["src"], p)
        eng.fire("build_ship", p, {"size": size})
        return False
    options = _ship_options(eng, p)
    if not options:
        return True
    options.append(DONE)  # (a list of its own)
    return eng.ask(p, "build", options, "Build a ship, or done")


def _can_build_free(eng: Engine, frame: Frame, ph: ast.Phrase) -> bool:
    return supply_unit(eng, frame["p"], "s", ph.args["size"]) is not None


def _build_ship_free(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-EXP-05: a free ship from your own supply (none left, none built)."""
    p = frame["p"]
    if frame["loc"].get("built"):
        return True
    uid = supply_unit(eng, p, "s", ph.args["size"])
    if uid is None:
        return True
    where = this_sector(frame) if ph.form == "build_ship_here" else eng.state["homes"][p]
    place_ship(eng, uid, where, frame["src"], p)
    frame["loc"]["built"] = 1
    eng.fire("build_ship", p, {"size": ph.args["size"]})
    return False


def extractor_sites(eng: Engine, p: int) -> list[dict[str, Any]]:
    """R-CON-03: an empty colony ship space, or a planet sector holding only p's ships and no
    extractor of any player."""
    options: list[dict[str, Any]] = []
    units = eng.state["units"]
    ix = index(eng)
    used = {units[uid]["c"] for uid in ix.colony.get(p, ())}
    for i in range(len(eng.rules.colony_spaces)):
        if i not in used:
            options.append({"kind": "extractor", "colony": i})
    taken = ix.planet_x  # (read only: sector -> the extractor on its planet)
    sectors = eng.state["sectors"]
    # only where p has ships can p build: those sectors, in board order
    with_ships: set[str] = {units[uid]["s"] for uid in ix.by_owner.get(p, ())}  # type: ignore[misc]
    sites = [
        s
        for s in with_ships
        if sectors[s]["planet"]
        and s not in taken
        and all(units[uid]["o"] == p for uid in ix.board[s])
    ]
    if len(sites) > 1:
        order = q.sector_order(eng)
        sites.sort(key=order.__getitem__)
    options.extend({"kind": "extractor", "sector": s} for s in sites)
    return options


def place_extractor(eng: Engine, p: int, site: dict[str, Any], src: str | None) -> None:
    uid = supply_unit(eng, p, "x")
    assert uid is not None
    if "colony" in site:
        move_unit(eng, uid, at="colony", c=site["colony"], s=None)
    else:
        move_unit(eng, uid, at="planet", s=site["sector"], c=None)
    if eng.log is not None:
        eng.event("build", p, src, unit=uid, **{k: v for k, v in site.items() if k != "kind"})


def _build_extractors(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    p = frame["p"]
    loc = frame["loc"]
    if "left" not in loc:
        loc["left"] = q.amount(eng, p, ph.args["n"]) * mult
    if choice is not None:
        if choice["kind"] == "done":
            return True
        place_extractor(eng, p, choice, frame["src"])
        loc["left"] -= 1
        eng.fire("build_extractor", p, sec=choice.get("sector"))
        return False
    if loc["left"] <= 0 or supply_unit(eng, p, "x") is None:  # R-CON-04
        return True
    options = extractor_sites(eng, p)
    if not options:
        return True
    return eng.ask(p, "extractor", [*options, DONE], "Build an extractor, or done")


def _can_extractor_here(eng: Engine, frame: Frame, ph: ast.Phrase) -> bool:
    sec = frame["sec"]
    return bool(
        sec
        and eng.state["sectors"][sec]["planet"]
        and not q.extractor_on_planet(eng, sec)
        and supply_unit(eng, frame["p"], "x") is not None
    )


def _build_extractor_here(
    eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any
) -> bool:
    """R-EXP-03: an extractor on this planet at once, free, from your supply."""
    if frame["loc"].get("built") or not _can_extractor_here(eng, frame, ph):
        return True
    place_extractor(eng, frame["p"], {"sector": frame["sec"]}, frame["src"])
    frame["loc"]["built"] = 1
    eng.fire("build_extractor", frame["p"], sec=frame["sec"])
    return False


#: The effect forms this module carries out (read by `engine/primitives/__init__.py`).
PRIMITIVES = {
    "build_ships": _build_ships,
    "build_ship_free": _build_ship_free,
    "build_ship_here": _build_ship_free,
    "build_extractors": _build_extractors,
    "build_extractor_here": _build_extractor_here,
}
#: Whether a form could do anything now (a `may` that could not is skipped).
FEASIBLE = {
    "build_ship_free": _can_build_free,
    "build_ship_here": _can_build_free,
    "build_extractor_here": _can_extractor_here,
}
