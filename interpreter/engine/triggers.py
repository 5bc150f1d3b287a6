"""Triggers: firing an event to the cards that listen for it, with the loop guard.

When something happens (`eng.fire("build_ship", p, {"size": "small"}, sec=...)`), each of p's
cards in play with a triggered clause for that event (`queries.tables(eng, p).triggers`, in card
order) whose event arguments and condition match gets a frame pushed on the machine's stack
(`card:<design>:<clause index>`), so its effect runs before whatever fired it goes on. An event
that Lumos ships caused (`lumos=True`: a kill by a commanded Lumos ship) reaches no card, not
even the commander's: the Lumos use no technology or faction ability (R-TWO-09). Only the
registry's events may be fired. More than `TRIGGER_LIMIT` firings within one action is a loop
in the content: an `EngineError` naming the card and its file:line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, Unpack

from lastlight.interpreter.effects.registry import forms_of
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.errors import EngineError

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine

#: Every event a trigger may wait for (the registry's `event` forms).
EVENTS = frozenset(form.id for form in forms_of("event"))

#: Trigger firings within one action resolution before we call it a loop (the count is the
#: state's `trig`, reset by the flow at each action). The count spans the decisions taken
#: within the action on purpose: a chain a player drives one decision at a time (manufacture,
#: draw, manufacture...) that never ends is a loop in the content too, and a guard reset at
#: each decision would let such a game run on for ever (the shipped content had one: see
#: tests/interpreter/engine/test_trigger_loop.py). The shipped deck stays below it: two
#: cards listen for a manufacture, and a Research puts into play at most the deck's cards
#: plus the ship abilities a player can pay to swap back in.
TRIGGER_LIMIT = 400


class TriggerContext(TypedDict, total=False):
    """What an event passes on to the frames it pushes (`Engine.push`)."""

    sec: str | None  #: the sector it happened in ("this sector")
    size: str  #: the ship size it is about (a die face's `activated`)
    lumos: bool  #: Lumos ships caused it: no card hears it (R-TWO-09)


def fire(
    eng: Engine,
    form: str,
    p: int,
    args: dict[str, Any] | None = None,
    **ctx: Unpack[TriggerContext],
) -> int:
    """Push the frames of p's cards that listen for this event; returns how many (none for
    the Lumos, `p` < 0, nor for an event their ships caused, `lumos=True`: R-TWO-09)."""
    if form not in eng.rules.listeners:  # no card listens (most calls end here)
        if form not in EVENTS:  # the registry's events are the only ones (effects/registry.py)
            raise EngineError(f"event '{form}' is not in effects/registry.py")
        return 0
    if p < 0 or ctx.get("lumos"):
        return 0
    clauses = q.tables(eng, p).triggers.get(form)
    if not clauses:
        return 0
    args = args or {}
    frames: list[tuple[str, str, str | None]] = []
    for cid, size, clause, prog in clauses:
        if form == "activated" and size != args.get("size"):
            continue
        if args:  # each argument the clause names must match (a loop: no generator per clause)
            wants = clause.event.args
            matched = True
            for k, v in args.items():
                want = wants.get(k)
                if want is not None and want != v:
                    matched = False
                    break
            if not matched:
                continue
        if clause.cond is not None and not eng.test(
            {"p": p, "sec": ctx.get("sec"), "src": cid}, clause.cond
        ):
            continue
        frames.append((prog, cid, size))
    if not frames:
        return 0
    eng.state["trig"] = eng.state.get("trig", 0) + len(frames)
    if eng.state["trig"] > TRIGGER_LIMIT:
        raise EngineError(
            f"trigger loop: more than {TRIGGER_LIMIT} triggers fired within one "
            f"action (last: '{form}' on {frames[-1][1]} at "
            f"{eng.source_loc(frames[-1][0])})"
        )
    for prog, cid, _size in reversed(frames):
        if eng.log is not None:
            eng.event("trigger", p, prog, card=cid, on=form)
        eng.push(prog, p, src=cid, **ctx)
    return len(frames)
