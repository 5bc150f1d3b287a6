"""Rollouts for the search bot: the planner's scoring as the policy of every seat, played in a
sampled world, and the value of the position where a rollout stops.

The policy reads the sampled world the rollout plays in (never the real game): each seat is
played by the planner's scoring (`PlannerBot.score` over `plan_seat.Seat`), which is how the
planner would play there, ties broken on the rollout's own generator. It is the planner's
scoring, not its exact decisions: the planner reads an observation, the rollout reads the whole
sampled state (the same numbers for everything the planner looks at) and keeps the sampled
engine's caches between decisions.
"""

from __future__ import annotations

import math
from typing import Any

from lastlight.interpreter.agents.planner.bot import PlannerBot
from lastlight.interpreter.agents.planner.seat import Seat
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.game import Decision, Game
from lastlight.interpreter.engine.rng import Rng

#: Light a position's value is measured in: a lead of this much light is worth ~73% (sigmoid).
VALUE_SCALE = 3.0


class PlannerPolicy:
    """The planner's scoring, for every seat of a sampled world."""

    def __init__(self, rules: Any):
        self.scorer = PlannerBot(0, rules)

    def choose(self, game: Game, rng: Rng) -> Decision:
        legal = game.legal()
        if len(legal) == 1:
            return legal[0]
        p = game.to_move
        assert p is not None
        seat = Seat(game.eng, p)
        seat.can_stop = any(d["kind"] == "done" for d in legal)
        scores = [self.scorer.score(seat, d) for d in legal]
        best = max(scores)
        top = [d for d, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
        return top[0] if len(top) == 1 else top[rng.below(len(top))]

    def ranked(self, game_or_view: Any, me: int, legal: list[Decision]) -> list[float]:
        """The planner's score of every legal decision for seat `me` (a read-only engine)."""
        seat = Seat(game_or_view, me)
        seat.can_stop = any(d["kind"] == "done" for d in legal)
        return [self.scorer.score(seat, d) for d in legal]


def rollout(
    game: Game,
    policy: PlannerPolicy,
    rng: Rng,
    *,
    rounds: int | None,
    max_steps: int = 600,
) -> None:
    """Play `game` on with the policy: to its end, or until `rounds` more rounds have begun
    (None: to the end), never more than `max_steps` decisions."""
    last_round = None if rounds is None else game.state["round"] + rounds
    steps = 0
    while not game.over and steps < max_steps:
        if last_round is not None and game.state["round"] >= last_round:
            break
        game.apply(policy.choose(game, rng))
        steps += 1


def values(game: Game, kind: str = "plain") -> list[float]:
    """Each seat's value in [0, 1]: its share of the win when the game is over, otherwise its
    worth against the best other seat's, squashed by a sigmoid (`kind`: "plain" is `worth`,
    "planner" is `planner_worth`)."""
    st = game.state
    n = st["n"]
    if game.over:
        winners = st["winners"]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    fn = planner_worth if kind == "planner" else worth
    score = [fn(game, p) for p in range(n)]
    out = []
    for p in range(n):
        rival = max(score[o] for o in range(n) if o != p)
        out.append(1.0 / (1.0 + math.exp(-(score[p] - rival) / VALUE_SCALE)))
    return out


def worth(game: Game, p: int) -> float:
    """Light plus a light-equivalent of what makes light later: the light a claim would give
    now (R-REF-04/05), technologies in play and resources."""
    eng, st = game.eng, game.state
    claim = 0
    for sector in q.planets_controlled(eng, p):
        kind = eng.board.kind(sector)
        if kind in ("inner", "outer", "distant") and not q.blockaded(eng, sector, p):
            claim += q.param(eng, p, f"claim_{kind}")
    pl = st["players"][p]
    return pl["light"] + 1.0 * claim + 0.5 * q.techs_in_play(eng, p) + 0.1 * sum(pl["res"].values())


def planner_worth(game: Game, p: int) -> float:
    """Light plus what the seat holds, valued the planner's way over the rounds left (read from
    the planner's `Seat`): each extractor's claims for the refresh cycles left (half when
    blockaded) and its mining, resources at the planner's worth, technologies in play, ships."""
    eng = game.eng
    seat = Seat(eng, p)
    value = float(seat.pl["light"])
    per_mine = seat.rounds_left * 0.2
    for u in game.state["units"].values():
        if u["o"] != p or u["k"] != "x":
            continue
        if u["at"] == "planet":
            sector = u["s"]
            claim = q.param(eng, p, f"claim_{eng.board.kind(sector)}")
            share = 0.5 if q.blockaded(eng, sector, p) else 1.0
            value += claim * seat.cycles_left * share + seat.yield_value(sector) * per_mine
        elif u["at"] == "colony":
            value += seat.ctx.res_value(seat.rules.colony_spaces[u["c"]]) * per_mine
    value += seat.res_value({r: n for r, n in seat.pl["res"].items() if r != "light"})
    value += q.techs_in_play(eng, p) * (0.25 * per_mine + 0.6)
    value += 0.3 * len(seat.mine_list)
    return value
