"""The search bot: the planner, improved by comparing its best few choices on sampled futures.

At a decision taken between effects (the action card to play, the faction and achievement to
keep, an ability around an action) with more than one option:

1. the planner scores every option from the seat's view; only its `top` best are searched
   (prior pruning: the planner is strong, and a budget split over fewer options separates them);
2. each *world* is dealt from the seat's view (`Game.from_view`: the other hands, the
   deck, hidden factions, achievements, chosen cards, face-down tokens and the generator are
   sampled), and every candidate is played in a copy of that SAME world, then rolled out with
   the planner's scoring for every seat (`search_rollout.py`) with the SAME rollout generator:
   common random numbers, so the candidates are compared on paired outcomes and the luck of
   the world mostly cancels out;
3. a rollout stops after `rounds` rounds (None: at the end of the game) and the position is
   valued: a won game 1, a lost one 0, otherwise the seat's light and what makes light against
   the best other seat's, squashed to [0, 1];
4. the candidate with the best mean value is played, but the planner's own choice is kept
   unless the paired difference in its favour is clear (mean difference above `margin` and
   `z` standard errors): a budget too small to separate the candidates falls back to the planner.

Decisions taken part-way through an effect (moves, builds, trades...) are the planner's: the
effect stack is hidden, so a world cannot be rebuilt there (sample.py). A decision with one
option is never searched.

Budget: `playouts` rollouts per searched decision (the default; same seeds, same game) or `ms`
milliseconds (stops on the clock after at least one world, so not reproducible).
"""

from __future__ import annotations

import math
import time
from typing import Any

from lastlight.interpreter.agents.base import Bot
from lastlight.interpreter.agents.planner.bot import PlannerBot
from lastlight.interpreter.agents.planner.keeps import KeepCalibration
from lastlight.interpreter.agents.search.rollout import PlannerPolicy, rollout, values
from lastlight.interpreter.engine.game import Decision, Game
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.view import SeatView

#: The default budget (rollouts per searched decision) and shape of the search, measured with
#: benchmarks/bench_search.py (see the README's figures).
DEFAULT_PLAYOUTS = 12
DEFAULT_TOP = 2
DEFAULT_ROUNDS: int | None = None
DEFAULT_Z = 1.0


class SearchBot(Bot):
    name = "search"
    salt = 0x15_3C75

    def __init__(
        self,
        seed: int = 0,
        rules: Any = None,
        *,
        playouts: int | None = None,
        ms: float | None = None,
        top: int = DEFAULT_TOP,
        rounds: int | None = DEFAULT_ROUNDS,
        margin: float = 0.0,
        value: str = "plain",
        z: float = DEFAULT_Z,
        max_steps: int = 600,
        informed: bool = False,
        keeps: KeepCalibration | None = None,
    ):
        super().__init__(seed, rules)
        self.playouts = playouts if playouts is not None else (None if ms else DEFAULT_PLAYOUTS)
        self.ms = ms
        self.top = max(1, top)
        self.rounds = rounds
        self.margin = margin
        self.value = value
        self.z = z
        self.max_steps = max_steps
        #: Deal another seat's unseen chosen card in a world as the planner would choose it
        #: (an opponent model), not at random.
        self.informed = informed
        #: Decisions taken inside an effect are the planner's, as in the real planner; `keeps`
        #: (calibrated keeps, agents/planner/keeps.py) is how it keeps, None the planner's own.
        self.tactics = PlannerBot(seed ^ 0x7AC7, rules, keeps=keeps)
        self.policy: PlannerPolicy | None = None if rules is None else PlannerPolicy(rules)
        #: Figures of the last decision (searched or not, rollouts run, candidate values).
        self.last: dict[str, Any] = {}

    def bind(self, rules: Any) -> None:
        super().bind(rules)
        self.tactics.bind(rules)
        self.policy = PlannerPolicy(rules)

    def decide(self, view: SeatView | None, legal: list[Decision]) -> Decision:
        if len(legal) == 1:
            self.last = {"searched": False, "playouts": 0}
            return legal[0]
        view = self.seat_view(view)
        if not view.sampleable:
            self.last = {"searched": False, "playouts": 0}
            return self.tactics.decide(view, legal)
        return self.search(view, legal)

    # --- the search -------------------------------------------------------------------------
    def ranked(self, view: SeatView, legal: list[Decision]) -> tuple[list[float], list[int]]:
        """The planner's score of each option and the options' indices best first (ties keep
        the order of `legal`)."""
        assert self.policy is not None and view.seat is not None
        scores = self.policy.ranked(view, view.seat, legal)
        return scores, sorted(range(len(legal)), key=lambda i: (-scores[i], i))

    def candidates(self, view: SeatView, legal: list[Decision]) -> list[int]:
        """The planner's `top` best options (indices into `legal`), best first."""
        return self.ranked(view, legal)[1][: self.top]

    def opponent(self, view: SeatView, legal: list[Decision]) -> Decision:
        """The planner's best option for the seat of `view` (the first of equals): how a world
        deals a card another seat chose unseen, when `informed`."""
        assert self.policy is not None and view.seat is not None
        scores = self.policy.ranked(view, view.seat, legal)
        return legal[max(range(len(legal)), key=lambda i: (scores[i], -i))]

    def search(self, view: SeatView, legal: list[Decision]) -> Decision:
        assert self.rules is not None and self.policy is not None, "bind(rules) before decide"
        me = view.seat
        assert me is not None, "the search bot plays a seat"
        cands = self.candidates(view, legal)
        if len(cands) == 1:
            self.last = {"searched": False, "playouts": 0}
            return legal[cands[0]]
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000
        worlds = None if self.playouts is None else max(1, self.playouts // len(cands))
        results: list[list[float]] = [[] for _ in cands]
        runs = 0
        while True:
            if worlds is not None and len(results[0]) >= worlds:
                break
            if deadline is not None and results[0] and time.perf_counter() >= deadline:
                break
            world = Game.from_view(view, self.rng, choose=self.opponent if self.informed else None)
            seed = self.rng.next64()
            for j, i in enumerate(cands):
                game = world.clone()
                game.apply(legal[i])
                memo = rollout(game, self.policy, Rng(seed_state(seed)), rounds=self.rounds,
                               max_steps=self.max_steps)  # fmt: skip
                results[j].append(values(game, self.value, memo)[me])
                runs += 1
        pick = choose(results, self.margin, self.z)
        self.last = {
            "searched": True,
            "playouts": runs,
            "seat": me,
            "worlds": len(results[0]),
            "candidates": [
                (legal[i].get("card", legal[i]["kind"]), round(sum(r) / len(r), 4))
                for i, r in zip(cands, results, strict=True)
            ],
            "deviated": pick != 0,
        }
        return legal[cands[pick]]


def choose(results: list[list[float]], margin: float, z: float) -> int:
    """The candidate to play: the best mean, unless its paired advantage over candidate 0 (the
    planner's choice) is not clear, i.e. the mean of the per-world differences is not above
    `margin` and `z` standard errors."""
    means = [sum(r) / len(r) for r in results]
    best = max(range(len(results)), key=lambda j: (means[j], -j))
    if best == 0:
        return 0
    diffs = [b - a for a, b in zip(results[0], results[best], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    if mean <= margin or mean <= z * math.sqrt(var / n):
        return 0
    return best
