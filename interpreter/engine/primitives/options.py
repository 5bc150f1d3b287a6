"""What the primitives share: decision options, and the sector an effect runs in."""

from __future__ import annotations

from typing import Any

from lastlight.interpreter.engine.errors import EngineError
from lastlight.interpreter.engine.state import Frame

#: The `done` option of every "do X, or done" decision: one object, since a decision is never
#: changed by its receiver and a bot hands back the very option it was offered.
DONE: dict[str, Any] = {"kind": "done"}


def this_sector(frame: Frame) -> str:
    """The frame's sector ("this sector") for a form that needs one. Loading refuses content
    that runs such a form where no sector is given (the registry's `requires`, compile.py), so a
    frame without one is the engine's own mistake: said plainly, never run on a sector None."""
    sector = frame["sec"]
    if sector is None:
        raise EngineError(f"{frame.get('src') or frame['prog']} needs 'this sector' and has none")
    return sector
