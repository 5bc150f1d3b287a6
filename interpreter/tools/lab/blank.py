"""A neutral stand-in for an item: the same card (id, cost, type, copies) with no effects.

Keeping the id and the copies keeps the deck, the deal and every draw the same on paired seeds,
so an ablation compares the item with a blank of equal cost rather than with a smaller deck.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from lastlight.interpreter.engine.ruleset import Rules


def blank_items(rules: Rules, items: tuple[str, ...]) -> Rules:
    unknown = [i for i in items if i not in rules.cards]
    if unknown:
        raise ValueError(
            f"no technology, faction or achievement named {', '.join(map(repr, unknown))}"
        )
    out = copy.copy(rules)
    out.cards = dict(rules.cards)
    out.texts = dict(rules.texts)
    for item in items:
        out.cards[item] = replace(rules.cards[item], clauses=(), locs=())
        out.texts[item] = ()
    out.listeners = {form: frozenset(ids - set(items)) for form, ids in rules.listeners.items()}
    return out
