"""The primitives of a fight: what a die face or a card does inside an attack (R-CMD-16,
R-GRV-01). The attack's own flow (who rolls where, assigning damage) is `engine/combat.py`."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.effects import ast
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.combat import attack, combat_state, roll_die
from lastlight.interpreter.engine.primitives.economy import to_graveyard
from lastlight.interpreter.engine.primitives.options import this_sector
from lastlight.interpreter.engine.state import Frame

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine


def _hit(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    combat_state(eng)["pool"] += 1 * mult
    return True


def _deal(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    combat_state(eng)["pool"] += q.amount(eng, frame["p"], ph.args["n"]) * mult
    return True


def _activate(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-CMD-16: fire the ship ability attached to the rolling type (never for Lumos ships)."""
    if frame["loc"].get("fired") or frame.get("lumos"):
        return True
    frame["loc"]["fired"] = 1
    n = eng.fire(
        "activated",
        frame["p"],
        {"size": frame["size"]},
        sec=frame["sec"],
        size=frame["size"],
        lumos=False,
    )
    return n == 0


def _reroll(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-CMD-16: hit + roll another die, which chains."""
    if frame["loc"].get("rolled"):
        return True
    frame["loc"]["rolled"] = 1
    roll_die(eng, [frame["p"], bool(frame.get("lumos"))], frame["size"], this_sector(frame))
    return False


def _repair_here(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    p, sector = frame["p"], this_sector(frame)
    n = q.amount(eng, p, ph.args["n"]) * mult
    fight = eng.state.get("combat")
    doomed: Collection[str] = fight["doomed"] if fight else ()
    damaged = [
        uid
        for uid in q.ships_in(eng, sector)
        if eng.state["units"][uid]["o"] == p
        and eng.state["units"][uid]["d"] > 0
        and uid not in doomed
    ]
    if damaged:
        worst = max(damaged, key=lambda uid: eng.state["units"][uid]["d"])
        unit = eng.unit(worst)
        unit["d"] = max(0, unit["d"] - n)
        eng.event("repair", p, frame["src"], unit=worst)
    return True


def _destroy_targets(
    eng: Engine, p: int, sector: str | None, size: str | None
) -> list[dict[str, Any]]:
    if sector is None:
        return []
    seen: set[tuple[int, str | None]] = set()
    out = []
    fight = eng.state.get("combat")
    doomed: Collection[str] = fight["doomed"] if fight else ()
    for uid in q.ships_in(eng, sector):
        u = eng.state["units"][uid]
        if uid in doomed or not q.are_enemies(eng, p, u["o"]) or size not in (None, u["z"]):
            continue
        if (u["o"], u["z"]) not in seen:
            seen.add((u["o"], u["z"]))
            out.append({"kind": "destroy", "owner": u["o"], "size": u["z"]})
    return out


def _can_destroy(eng: Engine, frame: Frame, ph: ast.Phrase) -> bool:
    return bool(_destroy_targets(eng, frame["p"], frame["sec"], ph.args.get("size")))


def _destroy_here(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """Destroy an enemy ship in this sector: it goes to the actor's graveyard (R-GRV-01)."""
    p, sector = frame["p"], frame["sec"]
    if frame["loc"].get("done"):
        return True
    if choice is None:
        options = _destroy_targets(eng, p, sector, ph.args.get("size"))
        if not options:
            return True
        return eng.ask(p, "destroy", options, "Choose an enemy ship to destroy")
    sector = this_sector(frame)  # (a choice was offered: there is one)
    uid = next(
        x
        for x in q.ships_in(eng, sector)
        if eng.state["units"][x]["o"] == choice["owner"]
        and eng.state["units"][x]["z"] == choice["size"]
    )
    eng.event("destroyed", p, frame["src"], unit=uid, owner=choice["owner"], sector=sector)
    to_graveyard(eng, uid, p)
    frame["loc"]["done"] = 1
    eng.fire("destroy_ship", p, {"size": choice["size"]}, sec=sector)
    eng.fire("lose_ship", choice["owner"], {"size": choice["size"]}, sec=sector)
    return False


#: The effect forms this module carries out (read by `engine/primitives/__init__.py`).
PRIMITIVES = {
    "attack": attack,
    "hit": _hit,
    "deal_damage": _deal,
    "activate": _activate,
    "reroll": _reroll,
    "repair_here": _repair_here,
    "destroy_here": _destroy_here,
}
#: Whether a form could do anything now (a `may` that could not is skipped).
FEASIBLE = {
    "destroy_here": _can_destroy,
}
