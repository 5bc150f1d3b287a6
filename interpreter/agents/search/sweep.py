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
        blind: int = 99,
        informed: bool = True,
    ):
        super().__init__(
            seed, rules, playouts=playouts, rounds=rounds, top=top, z=z, value=value,
            informed=informed,
        )  # fmt: skip
        self.kinds = kinds
        #: Search only when at most this many other seats have chosen a card this seat cannot
        #: see (a sampled world deals them one at random).
        self.blind = blind

    def decide(self, view: SeatView | None, legal: list[Decision]) -> Decision:
        if len(legal) > 1 and legal[0]["kind"] not in self.kinds:
            self.last = {"searched": False, "playouts": 0}
            return self.tactics.decide(self.seat_view(view), legal)
        if len(legal) > 1:
            seen = self.seat_view(view)
            hidden = sum(
                1 for pl in seen.players if pl.seat != seen.seat and pl.has_chosen and not pl.chosen
            )
            if hidden > self.blind:
                self.last = {"searched": False, "playouts": 0}
                return self.tactics.decide(seen, legal)
        return super().decide(view, legal)
