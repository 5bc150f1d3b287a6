"""Primitives of movement and exploration (R-CMD-02..06, R-EXP-06, R-TWO-07/08)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lastlight.interpreter.effects import ast
from lastlight.interpreter.engine import lumos
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.memos import MoveRun, MovesKey, bounded
from lastlight.interpreter.engine.primitives.options import DONE, this_sector
from lastlight.interpreter.engine.state import Frame
from lastlight.interpreter.engine.units import index, move_unit

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine


commanded_owners = lumos.commanded_owners  # p's own ships, and the Lumos for their ally


def blocked_sectors(eng: Engine, owner: int) -> frozenset[str]:
    """R-CMD-03: asteroid sectors, unless a modifier lets the owner's ships ignore them."""
    if q.has_flag(eng, owner, "ignore_asteroids"):
        return frozenset()
    return eng.asteroids()


def destinations(eng: Engine, owner: int, size: str, sector: str) -> list[str]:
    """Sectors a ship of this owner and size may move to from `sector` (R-CMD-02/03)."""
    steps = q.ship_stat(eng, owner, size, "movement")
    return _reach(eng, steps, sector, blocked_sectors(eng, owner))


def live_sectors(eng: Engine) -> frozenset[str]:
    """The sectors in this game (homes of empty seats are not)."""
    live = eng.cache.get("live")
    if live is None:
        live = eng.cache["live"] = frozenset(eng.state["sectors"])
    return live


def _reach(eng: Engine, steps: int, sector: str, blocked: frozenset[str]) -> list[str]:
    if steps <= 0:
        return []
    rot = eng.state["rot"]
    live = live_sectors(eng)
    # the answer depends only on these, so owners, card changes and games share it
    key = (steps, sector, rot, blocked, live)
    store = bounded(eng.rules.memo.reach)
    cached = store.get(key)
    if cached is None:
        reach = eng.board.reachable(sector, steps, rot, blocked)
        cached = store[key] = sorted(s for s in reach if s != sector and s in live)
    return cached


def move_options(
    eng: Engine, p: int, moved: list[str], run: MoveRun | None = None
) -> list[dict[str, Any]]:
    """One option per (owner, sector, size, destination): ships alike are interchangeable.

    `run` (derived, never saved) keeps each group's options for one `move_ships` step: while
    ships move one by one nothing else changes their movement, blocked sectors or the
    rotation, so only the grouping is worked out again after each move."""
    units = eng.state["units"]
    by_owner = index(eng).by_owner
    owners = commanded_owners(eng, p)
    ships = by_owner.get(p, [])
    if len(owners) > 1:
        ships = sorted([*ships, *by_owner.get(q.LUMOS, ())])
    groups: dict[tuple[int, str, str], None] = {}
    skip = set(moved) if len(moved) > 2 else moved
    for uid in ships:
        if uid not in skip:
            u = units[uid]
            groups[(u["o"], u["s"], u["z"])] = None  # type: ignore[index]  # (a ship's)
    if run is None:
        run = {}
    options: list[dict[str, Any]] = []
    for group in groups:
        opts = run.get(group)
        if opts is None:
            opts = run[group] = _group_options(eng, p, *group)
        options += opts
    return options


def _group_options(eng: Engine, p: int, owner: int, sector: str, size: str) -> list[dict[str, Any]]:
    """The moves of one group of alike ships, built once per (sector, size, movement,
    rotation, blocked sectors, sectors in play) for the loaded content and reused by every
    game (a decision is never changed by its receiver)."""
    steps = q.ship_stat(eng, owner, size, "movement")
    blocked = blocked_sectors(eng, owner)
    key: MovesKey = (owner != p, sector, size, steps, eng.state["rot"], blocked, live_sectors(eng))
    store = bounded(eng.rules.memo.moves)
    opts = store.get(key)
    if opts is None:
        extra = {"lumos": True} if owner != p else {}
        opts = store[key] = [
            {"kind": "move", "from": sector, "size": size, "to": dest, **extra}
            for dest in _reach(eng, steps, sector, blocked)
        ]
    return opts


def _pick_ship(eng: Engine, owner: int, sector: str, size: str, moved: list[str]) -> str:
    units = eng.state["units"]
    for uid in index(eng).board.get(sector, ()):
        u = units[uid]
        if u["o"] == owner and u["z"] == size and uid not in moved:
            return uid
    raise AssertionError("no such ship")


def _move_ships(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-CMD-02..04: each ship moves once, up to its movement, never into an asteroid."""
    p = frame["p"]
    moved: list[str] = frame["loc"].setdefault("moved", [])
    if choice is not None:
        if choice["kind"] == "done":
            return True
        owner = q.LUMOS if choice.get("lumos") else p
        uid = _pick_ship(eng, owner, choice["from"], choice["size"], moved)
        move_unit(eng, uid, s=choice["to"])
        moved.append(uid)
        if eng.log is not None:
            eng.event("move", p, frame["src"], unit=uid, frm=choice["from"], to=choice["to"])
    # each group's options for this step, kept while it asks move after move (derived data:
    # a restored or cloned game works them out again)
    run = eng.cache.get("move_run")
    if run is None or run[0] is not frame or choice is None:
        run = eng.cache["move_run"] = (frame, {})
    options = move_options(eng, p, moved, run[1])
    if not options:
        eng.cache.pop("move_run", None)
        return True
    options.append(DONE)  # (a list of its own)
    return eng.ask(p, "move", options, "Move a ship, or done moving")


def _wormhole_options(eng: Engine, p: int, here: str) -> list[dict[str, Any]]:
    seen: set[tuple[str | None, str | None]] = set()
    options = []
    units = eng.state["units"]
    for uid in index(eng).by_owner.get(p, ()):
        u = units[uid]
        if u["s"] != here and (u["s"], u["z"]) not in seen:
            seen.add((u["s"], u["z"]))
            options.append({"kind": "move", "from": u["s"], "size": u["z"], "to": here})
    return options


def _can_wormhole(eng: Engine, frame: Frame, ph: ast.Phrase) -> bool:
    sector = frame["sec"]
    if not sector:
        return False
    return bool(_wormhole_options(eng, frame["p"], sector))


def _wormhole(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-EXP-06: move one of your ships from anywhere on the board to this sector."""
    p = frame["p"]
    if choice is None:
        options = _wormhole_options(eng, p, this_sector(frame))
        if not options:
            return True
        return eng.ask(p, "move", options, "Move one of your ships here")
    uid = _pick_ship(eng, p, choice["from"], choice["size"], [])
    move_unit(eng, uid, s=choice["to"])
    eng.event("move", p, frame["src"], unit=uid, frm=choice["from"], to=choice["to"])
    return True


def reveal_options(eng: Engine, p: int) -> list[dict[str, Any]]:
    """Face-down tokens in sectors where p has ships (Lumos ships reveal nothing, R-TWO-08)."""
    out = []
    seen: set[str] = set()
    units = eng.state["units"]
    for uid in index(eng).by_owner.get(p, ()):
        seen.add(units[uid]["s"])  # type: ignore[arg-type]  # (a ship's on the board)
    for sector in sorted(seen):
        info = eng.state["sectors"][sector]
        if info["token"] and not info["up"]:
            out.append({"kind": "reveal", "sector": sector, "pile": "planetary"})
        if info["deep"]:
            out.append({"kind": "reveal", "sector": sector, "pile": "deep_space"})
    return out


def _reveal(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-CMD-05/06: reveal one token at a time, in the order the player chooses, resolving each
    fully; deep space tokens then leave the board, planetary tokens stay face up."""
    p = frame["p"]
    if choice is not None:
        info = eng.sector(choice["sector"])
        if choice["pile"] == "planetary":
            token = info["token"]
            info["up"] = True
        else:
            token = info["deep"]
            info["deep"] = None
            assert token is not None  # (the options name sectors with such a token)
            eng.state["removed"].append(token)
        assert token is not None
        if eng.log is not None:
            eng.event("reveal", p, token, sector=choice["sector"], token=token)
        eng.fire("reveal_token", p, {"pile": choice["pile"]}, sec=choice["sector"])
        eng.push(eng.rules.tokens[token].program, p, src=token, sec=choice["sector"])
        return False
    options = reveal_options(eng, p)
    if not options:
        return True
    return eng.ask(p, "reveal", options, "Reveal a token (all must be revealed, in your order)")


#: The effect forms this module carries out (read by `engine/primitives/__init__.py`).
PRIMITIVES = {
    "move_ships": _move_ships,
    "wormhole": _wormhole,
    "reveal": _reveal,
}
#: Whether a form could do anything now (a `may` that could not is skipped).
FEASIBLE = {
    "wormhole": _can_wormhole,
}
