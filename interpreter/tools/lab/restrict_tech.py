"""Restricted play of a technology: the rule at the forced seat's `manufacture` decisions.

A technology is not kept at setup: it is drawn into a hand during the game and manufactured
(decision kind `manufacture`, option keys `card` and `size`). So the rule bites at every
decision of the seat that offers to manufacture ITEM (compared by base id, never by a name):

- `must`: ITEM is manufactured. The bot is asked first, as it would be free; only if it chose
  otherwise is it overridden (if several options manufacture ITEM, onto different ship sizes
  say, the bot chooses among those).
- `never`: ITEM is not manufactured. If the bot chose it, it is asked again among the other
  options (if `done` is the only other one, the seat stops). A decision that offers nothing
  but ITEM cannot be refused, and does not count as an offer.
- `free`: nothing is overridden; the wrapper only records whether ITEM was offered and whether
  the bot manufactured it (the free arm's "how often it took ITEM when it could").

Until its first override a forced game is the free game, decision for decision, so a game in
which ITEM was never offered (`offered` is False at the end) was the free game as well: its
deal is dropped (restrict.play_deal). That costs a whole game, unlike a faction's deal, which
is known not to offer its item when the setup is over.
"""

from __future__ import annotations

from typing import Any, Literal

from lastlight.interpreter.engine.game import Decision
from lastlight.interpreter.engine.observe import Observation
from lastlight.interpreter.engine.ruleset import base_id

Mode = Literal["must", "never", "free"]


class RestrictedTech:
    """A bot whose manufacture decisions are constrained (see the module docstring)."""

    def __init__(self, inner: Any, item: str, mode: Mode):
        self.inner = inner
        self.item = item
        self.mode = mode
        self.offered = False
        self.overridden = False
        self.made = False
        self.rules = getattr(inner, "rules", None)
        # read a view only if the inner bot does (a bot that reads none is asked directly)
        self.needs_observation = getattr(inner, "needs_observation", True)

    def bind(self, rules: Any) -> None:
        self.rules = rules
        if hasattr(self.inner, "bind"):
            self.inner.bind(rules)

    def decide(self, obs: Observation | None, legal: list[Decision]) -> Decision:
        match = [d for d in legal if d["kind"] == "manufacture" and self._is_item(d)]
        rest = [d for d in legal if not (d["kind"] == "manufacture" and self._is_item(d))]
        if not match or (self.mode == "never" and not rest):
            return self.inner.decide(obs, legal)
        self.offered = True
        choice = self.inner.decide(obs, legal)
        took = choice in match
        if self.mode == "free" or took == (self.mode == "must"):
            self.made |= took
            return choice
        self.overridden = True
        if self.mode == "never":
            return rest[0] if len(rest) == 1 else self.inner.decide(obs, rest)
        self.made = True
        return match[0] if len(match) == 1 else self.inner.decide(obs, match)

    def _is_item(self, option: Decision) -> bool:
        return base_id(str(option.get("card", ""))) == self.item
