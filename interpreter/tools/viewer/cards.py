"""Cards as the viewer shows them: name, kind, cost, the generated text, and the YAML file:line.

Only cards the page actually refers to are put in it, so a card that sits in a hidden hand and
is never named anywhere visible cannot be found in the page either.
"""

from __future__ import annotations

from typing import Any

from lastlight.interpreter.engine.ruleset import Rules, base_id


class CardTable:
    """Card facts by base id, collected as the page refers to them."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.used: dict[str, dict[str, Any]] = {}

    def ref(self, ident: str | None) -> str | None:
        """The base id of a card, token or action card (recorded for the page), or None."""
        if not ident:
            return None
        base = base_id(ident)
        if base in self.used:
            return base
        items = self.rules.pack.items
        if base not in items:
            return None
        kind, item = items[base]
        effects = self.rules.pack.models["effects"].of(base)
        info: dict[str, Any] = {
            "name": str(item.get("name") or base),
            "kind": kind,
            "text": [c.text for c in effects],
            "at": str(item.loc_of("id")),
        }
        if item.get("type"):
            info["type"] = str(item["type"])
        cost = {str(k): int(v) for k, v in (item.get("cost") or {}).items() if v}
        if cost:
            info["cost"] = cost
        self.used[base] = info
        return base

    def kind(self, ident: str | None) -> str | None:
        """technologies, achievements, factions, actions, exploration... (None if unknown)."""
        if not ident:
            return None
        entry = self.rules.pack.items.get(base_id(ident))
        return entry[0] if entry else None


def source_card(event: dict[str, Any]) -> str | None:
    """The card an event is about or was caused by (`card:` / `action:` sources included)."""
    if event.get("card"):
        return str(event["card"])
    src = event.get("source")
    if not src:
        return None
    if src.startswith(("card:", "action:")):
        return src.split(":")[1]
    return str(src)
