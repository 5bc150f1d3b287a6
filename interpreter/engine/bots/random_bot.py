"""The random bot: uniform over the legal decisions (the conformance tests' player)."""

from __future__ import annotations

from lastlight.interpreter.engine.bots.base import Bot
from lastlight.interpreter.engine.game import Decision
from lastlight.interpreter.engine.observe import Observation


class RandomBot(Bot):
    name = "random"
    needs_observation = False

    def decide(self, obs: Observation | None, legal: list[Decision]) -> Decision:
        return legal[self.rng.below(len(legal))]
