"""The primitives: one function per effect form of the registry (`effects/registry.py`).

This is the one table the frame machine reads, listed explicitly family by family (nothing
registers itself when a module is imported). A primitive is called as
`fn(engine, frame, phrase, multiplier, choice) -> done?`: True when it is finished, False after it
asked a decision (`engine.ask`) or pushed frames that must run first; it is then called again with
the decision (or None) and continues from what it kept in `frame["loc"]`. A feasibility check
`check(engine, frame, phrase) -> bool` says whether a `may` could do anything now.

    economy  gain, pay, lose, trade, make_trades, other_gains, others_lose, nothing, mine, claim
    cards    draw, draw_keep, manufacture_*, ready, repair, pick_up_*, discard
    build    build_ships, build_ship_free/here, build_extractors, build_extractor_here
    move     move_ships, wormhole, reveal
    combat   attack (the flow itself is engine/combat.py), hit, deal_damage, activate, reroll,
             repair_here, destroy_here
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.effects import ast
from lastlight.interpreter.engine.primitives import build, cards, combat, economy, move
from lastlight.interpreter.engine.state import Frame

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine

#: A primitive: (engine, frame, phrase, multiplier, choice) -> done?
Primitive = Callable[["Engine", Frame, ast.Phrase, int, Any], bool]
#: A feasibility check: (engine, frame, phrase) -> could it do anything?
Feasible = Callable[["Engine", Frame, ast.Phrase], bool]

FAMILIES: tuple[ModuleType, ...] = (economy, cards, build, move, combat)


def _merge(tables: list[dict[str, Any]], what: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for table in tables:
        for form, fn in table.items():
            if form in merged:
                raise AssertionError(f"two {what} for the effect form '{form}'")
            merged[form] = fn
    return merged


#: effect form -> the function that carries it out
PRIMITIVES: dict[str, Primitive] = _merge([f.PRIMITIVES for f in FAMILIES], "primitives")
#: effect form -> its feasibility check (forms without one are always feasible)
FEASIBLE: dict[str, Feasible] = _merge([f.FEASIBLE for f in FAMILIES], "feasibility checks")
