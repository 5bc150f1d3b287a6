"""Rollouts for the search bot: the planner's scoring as the policy of every seat, played in a
sampled world, and the value of the position where a rollout stops.

The policy reads the sampled world the rollout plays in (never the real game), through the
world's whole live view (`world.view(ALL, live=True)`: the world is the bot's own): each seat is
played by the planner's scoring (`PlannerBot.score` over `planner.seat.Seat`), which is how the
planner would play there, ties broken on the rollout's own generator. It is the planner's
scoring, not its exact decisions: the planner reads its seat's view, the rollout reads the
whole sampled world (the same numbers for everything the planner looks at) and keeps one memo
for the whole rollout (what the planner works out once, e.g. a technology pile's worth).
"""

from __future__ import annotations

import functools
import math
from typing import Any

from lastlight.interpreter.agents.planner.bot import PlannerBot
from lastlight.interpreter.agents.planner.seat import Seat
from lastlight.interpreter.agents.search.value import ValueModel, features, load_model
from lastlight.interpreter.engine.errors import EngineError
from lastlight.interpreter.engine.game import Decision, Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.rng import Rng
from lastlight.interpreter.engine.view import SeatView

#: Light a position's value is measured in: a lead of this much light is worth ~73% (sigmoid).
VALUE_SCALE = 3.0


class PlannerPolicy:
    """The planner's scoring, for every seat of a sampled world."""

    def __init__(self, rules: Any):
        self.scorer = PlannerBot(0, rules)

    def choose(self, game: Game, rng: Rng, memo: dict[Any, Any] | None = None) -> Decision:
        """The planner's decision for the seat to move in `game` (a world of the bot's own),
        with `memo` kept by the caller across the decisions of one rollout."""
        legal = game.legal()
        if len(legal) == 1:
            return legal[0]
        p = game.to_move
        assert p is not None
        seat = Seat(game.view(ALL, live=True), p, memo=memo, geometry=self.scorer.geometry)
        seat.can_stop = any(d["kind"] == "done" for d in legal)
        scores = [self.scorer.score(seat, d) for d in legal]
        best = max(scores)
        top = [d for d, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
        return top[0] if len(top) == 1 else top[rng.below(len(top))]

    def ranked(self, view: SeatView, me: int, legal: list[Decision]) -> list[float]:
        """The planner's score of every legal decision for seat `me` in `view`."""
        seat = Seat(view, me, geometry=self.scorer.geometry)
        seat.can_stop = any(d["kind"] == "done" for d in legal)
        return [self.scorer.score(seat, d) for d in legal]


@functools.cache
def learned_model() -> ValueModel:
    """The shipped learned value, read once per process."""
    return load_model()


def rollout(
    game: Game,
    policy: PlannerPolicy,
    rng: Rng,
    *,
    rounds: int | None,
    max_steps: int = 600,
) -> dict[Any, Any]:
    """Play `game` on with the policy: to its end, or until `rounds` more rounds have begun
    (None: to the end), never more than `max_steps` decisions. Returns the rollout's memo (for
    `values(..., memo=)`). A decision the engine refuses (the content failing part-way, e.g. a
    trigger loop; the world is left as it was) ends the rollout there: the sampled world is
    the bot's own, and the real game is never touched."""
    memo: dict[Any, Any] = {}
    last_round = None if rounds is None else game.view(ALL, live=True).round + rounds
    steps = 0
    while not game.over and steps < max_steps:
        if last_round is not None and game.view(ALL, live=True).round >= last_round:
            break
        try:
            game.apply(policy.choose(game, rng, memo))
        except EngineError:
            break
        steps += 1
    return memo


def values(game: Game, kind: str = "plain", memo: dict[Any, Any] | None = None) -> list[float]:
    """Each seat's value in [0, 1]: its share of the win when the game is over, otherwise its
    worth against the best other seat's, squashed by a sigmoid (`kind`: "plain" is `worth`,
    "planner" is `planner_worth`, which reads the rollout's `memo`; "learned" is the fitted
    chance to win of `value.py`, from the shipped `value.yaml`)."""
    view = game.view(ALL, live=True)
    n = view.players_count
    if view.over:
        winners = view.winners
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    if kind == "learned":
        kept = {} if memo is None else memo
        return learned_model().win_chances([features(view, p, kept) for p in range(n)])
    if kind == "planner":
        kept = {} if memo is None else memo
        score = [planner_worth(view, p, kept) for p in range(n)]
    else:
        score = [worth(view, p) for p in range(n)]
    out = []
    for p in range(n):
        rival = max(score[o] for o in range(n) if o != p)
        out.append(1.0 / (1.0 + math.exp(-(score[p] - rival) / VALUE_SCALE)))
    return out


def worth(view: SeatView, p: int) -> float:
    """Light plus a light-equivalent of what makes light later: the light a claim would give
    now (R-REF-04/05), technologies in play and resources."""
    claim = 0
    for sector in view.planets_controlled(p):
        kind = view.kind(sector)
        if kind in ("inner", "outer", "distant") and not view.blockaded(sector, p):
            claim += view.param(p, f"claim_{kind}")
    pl = view.players[p]
    return pl.light + 1.0 * claim + 0.5 * view.techs_in_play(p) + 0.1 * sum(pl.resources.values())


def planner_worth(view: SeatView, p: int, memo: dict[Any, Any] | None = None) -> float:
    """Light plus what the seat holds, valued the planner's way over the rounds left (read from
    the planner's `Seat`): each extractor's claims for the refresh cycles left (half when
    blockaded) and its mining, resources at the planner's worth, technologies in play, ships."""
    seat = Seat(view, p, memo=memo)
    value = float(seat.pl.light)
    per_mine = seat.rounds_left * 0.2
    for u in seat.my_extractors:
        if u.place == "planet":
            sector = u.sector
            assert sector is not None
            claim = view.param(p, f"claim_{view.kind(sector)}")
            share = 0.5 if view.blockaded(sector, p) else 1.0
            value += claim * seat.cycles_left * share + seat.yield_value(sector) * per_mine
        elif u.place == "colony":
            value += seat.ctx.res_value(seat.rules.colony_spaces[u.colony_space]) * per_mine  # type: ignore[index]
    value += seat.res_value({r: n for r, n in seat.pl.resources.items() if r != "light"})
    value += view.techs_in_play(p) * (0.25 * per_mine + 0.6)
    value += 0.3 * len(seat.mine_list)
    return value
