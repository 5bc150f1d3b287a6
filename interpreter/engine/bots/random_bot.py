"""The random bot: uniform over the legal decisions (the conformance tests' player)."""

from __future__ import annotations

from ..game import Decision
from ..observe import Observation
from .base import Bot


class RandomBot(Bot):
    name = "random"
    needs_observation = False

    def decide(self, obs: Observation | None, legal: list[Decision]) -> Decision:
        return legal[self.rng.below(len(legal))]
