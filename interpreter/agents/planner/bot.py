"""The planner: a fast bot that plays every part of the game with intent, from its view.

Every decision is scored in light (the game's score): an action card by what it would bring now
(claims, mined resources, an extractor on the best site, ships moved onto free planets and the
center, technologies it can manufacture, trades that make a planned purchase affordable), a
technology by what its clauses are worth over the rest of the game (`valuation.py`, read from
the compiled effects, never the card's name), a move by what the ship would hold where it
lands, an attack by the odds. The best score wins; ties break on the bot's own generator.

It never simulates: everything is read from its seat's view (named fields and the view's
queries), so it is fast enough for balance sweeps (see benchmarks/bench_bots.py).
"""

from __future__ import annotations

from collections.abc import Callable

from lastlight.interpreter.agents.base import Bot
from lastlight.interpreter.agents.planner import valuation as val
from lastlight.interpreter.agents.planner.keeps import KeepCalibration
from lastlight.interpreter.agents.planner.seat import Seat
from lastlight.interpreter.agents.planner.weights import Weights
from lastlight.interpreter.engine.game import Decision
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.engine.view import SeatView


class PlannerBot(Bot):
    name = "planner"
    salt = 0x91A7

    def __init__(
        self,
        seed: int = 0,
        rules: Rules | None = None,
        weights: Weights | None = None,
        keeps: KeepCalibration | None = None,
    ):
        super().__init__(seed, rules)
        #: What it scores with (`weights.yaml` unless a tuner gives others).
        self.weights = val.SHIPPED if weights is None else weights
        #: Calibrated keeps (keeps.py), or None: a keep is scored like any decision.
        self.keeps = keeps
        #: The board's moves it has worked out (`Seat.reach`): content only, kept for its life.
        self.geometry: dict[tuple[str, int, int, frozenset[str]], dict[str, int]] = {}

    def bind(self, rules: Rules) -> None:
        super().bind(rules)
        self.geometry = {}

    def decide(self, view: SeatView | None, legal: list[Decision]) -> Decision:
        if len(legal) == 1:
            return legal[0]
        view = self.seat_view(view)
        me = view.seat
        assert me is not None, "the planner plays a seat"
        seat = Seat(view, me, self.weights, geometry=self.geometry)
        seat.can_stop = any(d["kind"] == "done" for d in legal)
        scores = [self.score(seat, d) for d in legal]
        if self.keeps is not None and legal[0]["kind"] == "keep":
            return self.keeps.choose(view.players_count, legal, scores, self.rng)
        best = max(scores)
        top = [d for d, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
        return top[self.rng.below(len(top))]

    def score(self, seat: Seat, d: Decision) -> float:
        fn: Callable[[Seat, Decision], float] | None = getattr(self, f"_{d['kind']}", None)
        return fn(seat, d) if fn else 0.0

    # --- setup ------------------------------------------------------------------------------
    def _keep(self, s: Seat, d: Decision) -> float:
        card = s.rules.cards[base_id(d["card"])]
        if card.kind == "achievement":
            return s.achievement_value(card)
        return val.card_value(card, s.ctx)

    # --- the action card --------------------------------------------------------------------
    def _play(self, s: Seat, d: Decision) -> float:
        return s.action_value(d["card"])

    # --- research ---------------------------------------------------------------------------
    def _discard(self, s: Seat, d: Decision) -> float:
        return -s.tech_net(d["card"], None)

    def _manufacture(self, s: Seat, d: Decision) -> float:
        # a manufacture that cannot be declined is a free one (an exploration token, a card)
        net = s.tech_net(d["card"], d.get("size"), free=not s.can_stop)
        return net + s.w.MANUFACTURE_BONUS

    def _done(self, s: Seat, d: Decision) -> float:
        return 0.0

    def _use(self, s: Seat, d: Decision) -> float:
        card = s.rules.cards[base_id(d["card"])]
        clause = card.clauses[d.get("clause", 0)]
        if isinstance(clause, val.ast.Activated) and clause.pay:
            # what the payment would cost the seat's planned purchases, not a flat rate
            res = {**s.pl.resources, "light": 0}
            after = dict(res)
            for n, what in clause.pay:
                after[what] = after.get(what, 0) - s.view.amount(s.me, n)
            loss = s.utility(res) - s.utility(after)
            return val.seq_value(clause.effect, s.ctx) - loss
        uses = max(1.0, s.ctx.rounds_left * s.w.EXHAUST_RATE)
        return val.clause_value(clause, s.ctx, card.type) / uses

    def _pass(self, s: Seat, d: Decision) -> float:
        return s.w.PASS

    # --- construct --------------------------------------------------------------------------
    def _extractor(self, s: Seat, d: Decision) -> float:
        return s.site_value(d)

    def _build(self, s: Seat, d: Decision) -> float:
        return s.ship_value(d["size"])

    def _may(self, s: Seat, d: Decision) -> float:
        return s.w.MAY if d["do"] else 0.0

    # --- trade ------------------------------------------------------------------------------
    def _trade(self, s: Seat, d: Decision) -> float:
        return s.trade_option_value(d["option"])

    def _player(self, s: Seat, d: Decision) -> float:
        # the common goes to whoever is furthest from winning; a tie breaks on the bot's own
        # generator (decide), never on the seat index, which gave the last seat every gift
        return -s.players[d["player"]].light

    def _pick_up(self, s: Seat, d: Decision) -> float:
        return s.action_value(d["card"])

    # --- command ----------------------------------------------------------------------------
    def _move(self, s: Seat, d: Decision) -> float:
        gain = s.potential(d["to"], (d["from"], d["size"])) + s.strike_value(d["to"], d["size"])
        return gain - s.hold_value(d["from"], d["size"]) - s.w.MOVE_COST

    def _attack(self, s: Seat, d: Decision) -> float:
        return s.w.ATTACK if d["attack"] else 0.0

    def _damage(self, s: Seat, d: Decision) -> float:
        w = s.w
        if "extractor" in d:
            return w.DAMAGE_EXTRACTOR
        owner = d.get("owner", -1)
        if owner == s.me:
            return w.DAMAGE_OWN
        size = d["size"]
        shields = s.view.ship_stat(owner, size, "shields") if owner >= 0 else s.base_shields(size)
        kill = d["dmg"] + 1 >= shields
        worth = w.DAMAGE_SIZE.get(size, w.DAMAGE_SIZE_OTHER)
        leader = w.DAMAGE_LEADER * s.players[owner].light if owner >= 0 else 0.0
        return (w.DAMAGE_KILL + worth if kill else worth * w.DAMAGE_HURT + d["dmg"]) + leader

    def _reveal(self, s: Seat, d: Decision) -> float:
        return 0.0

    def _sector(self, s: Seat, d: Decision) -> float:
        return 0.0

    def _choose(self, s: Seat, d: Decision) -> float:
        return -d.get("option", 0) * 0.01
