"""Decision options the primitives share."""

from __future__ import annotations

from typing import Any

#: The `done` option of every "do X, or done" decision: one object, since a decision is never
#: changed by its receiver and a bot hands back the very option it was offered.
DONE: dict[str, Any] = {"kind": "done"}
