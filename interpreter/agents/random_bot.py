"""The random bot: uniform over the legal decisions (the conformance tests' player)."""

from __future__ import annotations

from collections.abc import Callable

from lastlight.interpreter.agents.base import Bot
from lastlight.interpreter.engine.game import Decision
from lastlight.interpreter.engine.view import SeatView


class RandomBot(Bot):
    name = "random"
    needs_observation = False

    def decide(self, view: SeatView | None, legal: list[Decision]) -> Decision:
        return legal[self.rng.below(len(legal))]

    def index_picker(self) -> Callable[[int], int] | None:
        """`decide` as a function of the number of legal decisions (None in a subclass that
        decides otherwise)."""
        return self.rng.below if type(self).decide is RandomBot.decide else None
