"""The self-contained HTML page of a replay: the template, its CSS and JS, and the game data.

The data goes in a `<script type="application/json">` block. JSON may hold `</script>` or `<!--`
inside a string (a card named so), which would end the block early, so every `<`, `>` and `&`
is written as a `\\u` escape (still the same JSON) and so are U+2028/U+2029.
"""

from __future__ import annotations

import html
import json
from importlib import resources
from typing import Any

_ESCAPES = {
    "<": "\\u003c",
    ">": "\\u003e",
    "&": "\\u0026",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
}


def json_for_script(data: Any) -> str:
    """JSON that is safe inside an HTML <script> element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in _ESCAPES.items():
        text = text.replace(raw, escaped)
    return text


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def compact(data: dict[str, Any]) -> dict[str, Any]:
    """The same data with each distinct player panel stored once (`panels`), steps naming them
    by index: most panels do not change from one decision to the next. viewer.js undoes it."""
    panels: list[Any] = []
    index: dict[str, int] = {}
    steps = []
    for step in data.get("steps", []):
        refs = []
        for panel in step.get("players", []):
            key = json.dumps(panel, sort_keys=True)
            if key not in index:
                index[key] = len(panels)
                panels.append(panel)
            refs.append(index[key])
        steps.append({**step, "players": refs})
    return {**data, "steps": steps, "panels": panels}


def render_page(data: dict[str, Any]) -> str:
    """The page: one file, no network, nothing to install to open it."""
    data = compact(data)
    page = _asset("page.html")
    # Replace the data last, so nothing in the game data is ever taken for a placeholder.
    page = page.replace("__TITLE__", html.escape(str(data.get("title", "Last Light"))))
    page = page.replace("__CSS__", _asset("viewer.css"))
    page = page.replace("__JS__", _asset("viewer.js"))
    return page.replace("__DATA__", json_for_script(data))
