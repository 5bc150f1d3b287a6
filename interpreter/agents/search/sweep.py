"""The sweep bot: the planner, with a short look ahead at the action card it plays.

The search bot (`bot.py`) rolls every candidate out to the end of the game: strong, and about
0.45 s of CPU a searched decision, too slow for sweeps of thousands of games. The sweep bot
searches the same way (the planner's best `top` choices, each played in the same sampled
worlds, common random numbers, the planner's choice kept unless another is clearly better) but

- only at the decisions where the planner is weakest and a round shows the difference: the
  action card to play (`SEARCHED`); keeps and everything inside an effect are the planner's;
- rolls out one round only, and values the position there with the learned chance to win
  (`value.py`, fitted on positions labelled by who won, `benchmarks/fit_value.py`).

Budget: `playouts` rollouts a searched decision (same seeds, same game).
"""

from __future__ import annotations

from typing import Any

from lastlight.interpreter.agents.search.bot import SearchBot
from lastlight.interpreter.engine.game import Decision
from lastlight.interpreter.engine.view import SeatView

#: The decision kinds the sweep bot searches; every other decision is the planner's.
SEARCHED = frozenset({"play"})

DEFAULT_PLAYOUTS = 8
DEFAULT_ROUNDS = 1


class SweepBot(SearchBot):
    name = "sweep"
    salt = 0x5EE9

    def __init__(
        self,
        seed: int = 0,
        rules: Any = None,
        *,
        playouts: int = DEFAULT_PLAYOUTS,
        rounds: int = DEFAULT_ROUNDS,
        top: int = 2,
        z: float = 1.0,
        value: str = "learned",
        kinds: frozenset[str] = SEARCHED,
    ):
        super().__init__(seed, rules, playouts=playouts, rounds=rounds, top=top, z=z, value=value)
        self.kinds = kinds

    def decide(self, view: SeatView | None, legal: list[Decision]) -> Decision:
        if len(legal) > 1 and legal[0]["kind"] not in self.kinds:
            self.last = {"searched": False, "playouts": 0}
            return self.tactics.decide(self.seat_view(view), legal)
        return super().decide(view, legal)
