"""The registry of decision kinds, beside the effect vocabulary (registry.py).

Every decision the engine asks has a kind (`Engine.ask(p, kind, …)`) and every option offered
has one (`{"kind": "move", …}`). Scenarios name them in `choose`, `illegal`, `never`, `legal`
and `pending`; `lastlight lint` checks those names against this table, and the engine refuses
to ask a kind that is not here, so the two can never drift apart.
"""

from __future__ import annotations

#: kind -> (what it is, the keys an option of this kind carries besides `kind`)
DECISION_KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "keep": ("keep one dealt faction or achievement (setup)", ("card",)),
    "play": ("choose the action card to play this round", ("card",)),
    "ability": ("the window before or after your action: use an exhaust ability or pass", ()),
    "use": ("use an exhaust ability (an option of `ability`)", ("card", "clause")),
    "pass": ("use no (more) abilities in this window", ()),
    "done": ("stop a repeatable step (moving, building, manufacturing…)", ()),
    "may": ("take an optional effect or not", ("do",)),
    "choose": ("pick one option of a `choose N of [...]` effect", ("option",)),
    "move": ("move a ship (or a Lumos ship)", ("from", "size", "to", "lumos")),
    "reveal": ("reveal an exploration token where your ships are", ("sector",)),
    "sector": ("the first player picks the next sector to resolve combat in", ("sector",)),
    "attack": (
        "roll with one ship type in this sector (from: how many ships join from each sector) "
        "or hold fire with it",
        ("size", "attack", "lumos", "from"),
    ),
    "damage": ("assign one damage to an enemy ship or extractor", ("owner", "size", "dmg")),
    "destroy": ("destroy an enemy ship here", ("owner", "size")),
    "trade": ("make a trade", ("option",)),
    "build": ("build a ship", ("size", "from")),
    "extractor": ("build an extractor", ("sector", "colony")),
    "manufacture": ("manufacture a technology from your hand", ("card", "size")),
    "discard": ("discard a technology from your hand", ("card",)),
    "pick_up": ("pick up a played action card", ("card",)),
    "player": ("choose another player", ("player",)),
}


def decision_kinds() -> list[str]:
    return sorted(DECISION_KINDS)
