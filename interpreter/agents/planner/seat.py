"""What the planner reads about its seat, once per decision: an index of the units, the
valuation context, and what each action card, technology, trade and purchase is worth in light
(from the seat's view and the content only). Ship movement and targets: fleet.py."""

from __future__ import annotations

from typing import Any

from lastlight.interpreter.agents.heuristic import action_forms
from lastlight.interpreter.agents.planner import valuation as val
from lastlight.interpreter.agents.planner.fleet import Fleet, Ship
from lastlight.interpreter.agents.planner.weights import Weights
from lastlight.interpreter.engine.game import Decision
from lastlight.interpreter.engine.ruleset import base_id
from lastlight.interpreter.engine.view import SeatView, UnitView


class Seat(Fleet):
    """What the planner reads about its seat, computed once per decision from the view."""

    can_stop = False  # the decision may be declined (`done` is among the legal ones)

    def __init__(
        self,
        view: SeatView,
        me: int,
        weights: Weights | None = None,
        memo: dict[Any, Any] | None = None,
        geometry: dict[tuple[str, int, int, frozenset[str]], dict[str, int]] | None = None,
    ):
        """`view` shows the position (the seat's own, or a rollout's whole world); `memo` is
        where values worked out once are kept (default: the view's memo, this position only;
        a rollout keeps one for its whole game); `geometry` keeps the board's moves (`reach`)
        for as long as the caller keeps it (a bot: its life)."""
        self.w = w = val.SHIPPED if weights is None else weights
        self.view = view
        self.rules = view.rules
        self.me = me
        self.memo = view.memo.setdefault(("planner", w), {}) if memo is None else memo
        self.geometry = {} if geometry is None else geometry
        self.players = view.players
        self.pl = self.players[me]
        self.sectors = view.sectors
        self.center = view.center
        leader = max(p.light for p in self.players)
        to_go = (self.rules.light_to_win - leader) / w.LEADER_PACE
        self.rounds_left = max(w.ROUNDS_MIN, min(w.ROUNDS_MAX, to_go))
        self.cycles_left = self.rounds_left / w.ROUNDS_PER_CYCLE
        self._index()
        self.ctx = self._context()
        self._desire: dict[str, float] = {}
        self._targets: list[tuple[str, float, dict[str, int]]] | None = None
        self._pot: dict[tuple[str, tuple[str, str] | None], float] = {}
        self._assigned: dict[str, tuple[str, str]] | None = None
        self._ship_worth: float | None = None
        self._plans: list[tuple[float, dict[str, int]]] | None = None
        self._actions: dict[str, float] = {}
        self._utility: dict[tuple[tuple[str, int], ...], float] = {}
        self._planet: dict[str, float] = {}
        self._costs: dict[tuple[str, str], dict[str, int]] = {}

    # --- basics -----------------------------------------------------------------------------
    def _index(self) -> None:
        """One pass over the pieces in play: ships on the board by sector (ours apart too),
        planet extractors by sector, our extractors; and our supply."""
        self.ships_at: dict[str, list[Ship]] = {}
        self.extractor_at: dict[str, int] = {}
        self.supply: dict[str, int]
        self.mine_list: list[Ship] = []
        self.mine_at: dict[str, list[Ship]] = {}
        self.my_extractors: list[UnitView] = []
        me = self.me
        for u in self.view.placed_units():
            at = u.place
            if at == "board":  # a ship (state.py: only ships stand in a sector)
                ship = Ship(u.sector, u.size, u.owner)  # type: ignore[arg-type]
                self.ships_at.setdefault(ship.sector, []).append(ship)
                if ship.owner == me:
                    self.mine_list.append(ship)
                    self.mine_at.setdefault(ship.sector, []).append(ship)
            else:  # an extractor on a planet or a colony ship space
                owner = u.owner
                if at == "planet":
                    self.extractor_at[u.sector] = owner  # type: ignore[index]
                if owner == me:
                    self.my_extractors.append(u)
        self.supply = self.view.supply_of(me)

    def _context(self) -> val.Context:
        view, me, w = self.view, self.me, self.w
        by_place: dict[str, int] = {}
        by_color: dict[str, float] = {}
        mine = view.planets_controlled(me)
        for sector in mine:
            kind = view.kind(sector)
            by_place[kind] = by_place.get(kind, 0) + 1
            for color in self.planet_colors(sector):
                by_color[color] = by_color.get(color, 0) + 1
        ships: dict[str, float] = {}
        center = 0
        middle = self.center
        for ship in self.mine_list:
            ships[ship.size] = ships.get(ship.size, 0) + 1
            center += ship.sector == middle
        return val.Context(
            rounds_left=self.rounds_left,
            planets=len(mine),
            planets_by_place=by_place,
            planets_by_color=by_color,
            techs=view.techs_in_play(me),
            center_ships=center,
            ships_by_size=ships,
            action_rate=w.ACTION_RATE,
            res_scale=max(w.RES_SCALE_MIN, min(1.0, self.rounds_left / w.RES_FADE_ROUNDS)),
            w=w,
            players=view.players_count,
        )

    def planet_colors(self, sector: str) -> tuple[str, ...]:
        planet = self.sectors[sector].planet
        return tuple(self.rules.planets.get(planet, {}).get("colors", ())) if planet else ()

    def base_shields(self, size: str) -> int:
        return int(self.rules.ships[size]["shields"])

    def ship_cost(self, size: str) -> dict[str, int]:
        """What a ship of this size costs the seat (asked of the view once per decision)."""
        found = self._costs.get(("ship", size))
        if found is None:
            found = self._costs[("ship", size)] = self.view.ship_cost(self.me, size)
        return found

    def tech_cost(self, card_id: str) -> dict[str, int]:
        """What manufacturing this technology costs the seat (once per decision)."""
        found = self._costs.get(("tech", card_id))
        if found is None:
            found = self._costs[("tech", card_id)] = self.view.tech_cost(self.me, card_id)
        return found

    def res_value(self, cost: dict[str, int]) -> float:
        return sum(n * self.ctx.res_value(r) for r, n in cost.items())

    def yield_value(self, sector: str) -> float:
        """Light one mine of a planet brings (a face-down token: its pile's average)."""
        token = self.sectors[sector].token
        if not token:
            return self.w.UNKNOWN_YIELD
        tokens = self.rules.tokens
        if token in tokens:
            return sum(self.ctx.res_value(y) for y in tokens[token].yields)
        key = ("pile_yield", token)
        cached = self.memo.get(key)
        if cached is None:
            ids = self.rules.token_piles.get(token, ())
            values = [sum(self.ctx.res_value(y) for y in tokens[t].yields) for t in ids]
            cached = sum(values) / len(values) if values else self.w.UNKNOWN_YIELD
            self.memo[key] = cached
        return cached

    # --- cards ------------------------------------------------------------------------------
    def tech_value(self, card_id: str, size: str | None) -> float:
        card = self.rules.cards[base_id(card_id)]
        value = val.card_value(card, self.ctx, size)
        # every technology in play counts for the Research light and the tie-break
        w = self.w
        in_play = w.TECH_IN_PLAY_LIGHT * self.ctx.rounds_left * w.TECH_IN_PLAY_RATE
        value += in_play + w.TECH_IN_PLAY_BONUS
        if card.type == "ship_ability" and size and (held := self.pl.abilities.get(size)):
            value -= val.card_value(self.rules.cards[base_id(held)], self.ctx, size)
        return value

    def tech_net(self, card_id: str, size: str | None, free: bool = False) -> float:
        value = self.tech_value(card_id, size)
        if free:
            return value
        return value - self.res_value(self.tech_cost(card_id))

    def hand_plans(self) -> list[tuple[float, dict[str, int]]]:
        """(net worth, cost) of every technology in hand worth manufacturing, best first."""
        if self._plans is not None:
            return self._plans
        out: list[tuple[float, dict[str, int]]] = []
        self._plans = out
        for cid in self.pl.tech_hand or ():
            card = self.rules.cards[base_id(cid)]
            size = self.best_size(card) if card.type != "civilization" else None
            net = self.tech_net(cid, size)
            if net > 0:
                out.append((net, self.tech_cost(cid)))
        out.sort(key=lambda t: -t[0])
        return out

    def best_size(self, card: Any) -> str:
        ships = self.ctx.ships_by_size
        return max(self.rules.sizes, key=lambda z: (ships.get(z, 0), -self.rules.sizes.index(z)))

    def buyable(self, res: dict[str, int]) -> float:
        """Net worth of the technologies in hand these resources would pay for (greedy)."""
        left = dict(res)
        total = 0.0
        for net, cost in self.hand_plans():
            if all(left.get(r, 0) >= n for r, n in cost.items()):
                for r, n in cost.items():
                    left[r] -= n
                total += net
        return total

    def after_action_value(self, action: str) -> float:
        total = 0.0
        for cid, _size in self.view.active_cards(self.me):
            card = self.rules.cards[base_id(cid)]
            for clause in card.clauses:
                if (
                    isinstance(clause, val.ast.Triggered)
                    and clause.event.form == "after_action"
                    and clause.event.args.get("action") == action
                ):
                    total += val.seq_value(clause.effect, self.ctx)
        return total

    def achievement_value(self, card: Any) -> float:
        """Light an achievement is expected to bring: its clauses valued on what the seat is
        expected to hold when the game ends (`val.end_context`), the colours of its planets in
        the shares of the planets near its home (a planet one move nearer counts more)."""
        home = self.view.homes[self.me]
        reach = self.reach(home, 6)
        near = 0.0
        by_color: dict[str, float] = {}
        for sector, info in self.sectors.items():
            if info.planet and sector in reach:
                weight = 1.0 / (1 + reach[sector])
                near += weight
                for color in self.planet_colors(sector):
                    by_color[color] = by_color.get(color, 0.0) + weight
        planets = self.w.END_STATE["planets"]
        colors = {color: planets * w / near for color, w in by_color.items()} if near else {}
        return val.card_value(card, val.end_context(self.ctx, planets, colors, self.rules.sizes))

    def achievement_gain(self, sector: str) -> float:
        """What holding this planet adds to the seat's achievement when the game ends: its
        clauses valued on the planets the seat holds (at least `END_STATE`'s), with and without
        this one (2 light for a blue planet and 2 light per blue planet; for "if you control a
        red planet", the first red one)."""
        if not self.pl.achievement:
            return 0.0
        card = self.rules.cards[base_id(self.pl.achievement)]
        planets = max(float(self.ctx.planets), self.w.END_STATE["planets"])
        held = dict(self.ctx.planets_by_color)
        more = dict(held)
        for color in self.planet_colors(sector):
            more[color] = more.get(color, 0) + 1
        sizes = self.rules.sizes
        before = val.end_context(self.ctx, planets, held, sizes)
        after = val.end_context(self.ctx, planets + 1, more, sizes)
        return val.card_value(card, after) - val.card_value(card, before)

    # --- action values ----------------------------------------------------------------------
    def action_value(self, action: str) -> float:
        """What playing this action card now would bring, from what its phases do."""
        cached = self._actions.get(action)
        if cached is not None:
            return cached
        forms = action_forms(self.rules, action)
        value = 0.0
        if "claim" in forms:
            value += self.w.CLAIM_WEIGHT * self.refresh_value()
        if "mine" in forms:
            value += self.mine_value()
        if "build_extractors" in forms or "build_ships" in forms:
            value += self.construct_value()
        if "make_trades" in forms:
            value += self.trade_value()
        if "draw_keep" in forms or "manufacture_any" in forms:
            value += self.w.RESEARCH_WEIGHT * self.research_value()
        if "move_ships" in forms:
            value += self.command_value()
        # what the seat's cards do after this action (after you mine: ...)
        value += self.after_action_value(action)
        self._actions[action] = value
        return value

    def claim_now(self) -> float:
        return self.claim_of(self.me)

    def claim_of(self, p: int) -> float:
        """What player p would claim at a Refresh now (all public)."""
        view = self.view
        total = 0.0
        for sector, owner in self.extractor_at.items():
            if owner == p and not view.blockaded(sector, p):
                total += view.param(p, f"claim_{view.kind(sector)}")
        return float(total)

    def refresh_value(self) -> float:
        """Claims now, plus getting the played cards back: the best of them played next round
        against the best card left in hand (so a seat that needs Command again refreshes)."""
        played = [a for a in self.pl.played if not self.stays(a)]
        hand = [a for a in self.pl.hand if not self.stays(a)]
        w = self.w
        value = w.CLAIM * self.claim_now() + w.REFRESH_PLAYED * len(played) ** 2
        best_back = max((self.action_value(a) for a in played), default=0.0)
        best_hand = max((self.action_value(a) for a in hand), default=0.0)
        value += w.RECOVER * max(0.0, best_back - best_hand)
        value -= w.FOREGONE * self.pending_claims()
        value += w.READY_EXHAUSTED * len(self.pl.exhausted)
        others_done = all(
            any(self.rules.action(a).rotates_board for a in p.played)
            for i, p in enumerate(self.players)
            if i != self.me
        )
        if others_done:  # this Refresh turns the board: center ships score, claims come again
            center = self.view.param(self.me, "center_light")
            value += self.ctx.center_ships * center + w.ROTATION_BONUS
            rivals = max(self.claim_of(p) for p in range(len(self.players)) if p != self.me)
            value += w.PACE * (self.claim_now() - rivals)
            value += w.WAITING * (self.claim_now() + self.ctx.center_ships)
            now = self.claim_now() + self.ctx.center_ships * center
        else:
            now = self.claim_now()
        return value + self.finish_bonus(now)

    def finish_bonus(self, gain: float) -> float:
        """Light that reaches the goal this round ends the game (R-END-01): worth FINISH when
        it puts the seat ahead of every rival's light now."""
        light = self.pl.light + gain
        if light < self.rules.light_to_win:
            return 0.0
        best_rival = max(p.light for i, p in enumerate(self.players) if i != self.me)
        return self.w.FINISH if light > best_rival else 0.0

    def pending_claims(self) -> float:
        """Claims the seat would add by building on the free planets its ships stand on."""
        if not self.supply.get("x"):
            return 0.0
        total = 0.0
        for sector, ships in self.ships_at.items():
            if sector in self.extractor_at or not self.sectors[sector].planet:
                continue
            if all(u.owner == self.me for u in ships):
                total += self.view.param(self.me, f"claim_{self.view.kind(sector)}")
        return total

    def stays(self, action: str) -> bool:
        """An action card that stays on the table (Refresh), read from the content."""
        return bool(self.rules.action(action).stays_on_table)

    def mine_value(self) -> float:
        res = dict(self.pl.resources)
        after = dict(res)
        total = 0.0
        for u in self.my_extractors:
            where = u.sector
            if u.place == "planet":
                assert where is not None
                token = self.sectors[where].token
                if token in self.rules.tokens:
                    for y in self.rules.tokens[token].yields:
                        after[y] = after.get(y, 0) + 1
                else:
                    total += self.yield_value(where)
            elif u.place == "colony":
                y = self.rules.colony_spaces[u.colony_space]  # type: ignore[index]
                after[y] = after.get(y, 0) + 1
        total += self.activated_during("mine")
        return total + self.utility(after) - self.utility(res)

    def activated_during(self, action: str) -> float:
        total = 0.0
        exhausted = set(self.pl.exhausted)
        for cid, _size in self.view.active_cards(self.me):
            if cid in exhausted:
                continue
            for clause in self.rules.cards[base_id(cid)].clauses:
                if isinstance(clause, val.ast.Activated) and clause.during == action:
                    total += val.seq_value(clause.effect, self.ctx)
        return total

    def site_value(self, d: Decision) -> float:
        if "colony" in d:
            space = self.rules.colony_spaces[d["colony"]]
            worth = self.ctx.res_value(space) * self.rounds_left * self.w.COLONY_RATE
            return worth + self.w.COLONY_BONUS
        return self.planet_value(d["sector"])

    def planet_value(self, sector: str) -> float:
        cached = self._planet.get(sector)
        if cached is None:
            cached = self._planet[sector] = self._planet_value(sector)
        return cached

    def _planet_value(self, sector: str) -> float:
        kind = self.view.kind(sector)
        claim = self.view.param(self.me, f"claim_{kind}")
        w = self.w
        value = claim * (self.cycles_left + w.CLAIM_CYCLES_EXTRA)
        value += self.yield_value(sector) * self.rounds_left * w.MINE_RATE
        return value + self.achievement_gain(sector) + w.PLANET_BONUS

    def construct_value(self) -> float:
        view, me = self.view, self.me
        has_x = self.supply.get("x", 0) > 0
        value = 0.0
        if has_x:
            sites = sorted(
                (self.site_value(site) for site in view.extractor_sites(me)), reverse=True
            )
            n = view.param(me, "construct_extractors")
            value += sum(sites[:n])
        return value + self.ship_buy(dict(self.pl.resources))

    def ship_worth(self) -> float:
        """Light one more ship is expected to bring: a free planet no ship of ours is near yet,
        else a seat in the center at the rotations to come."""
        cached = self._ship_worth
        if cached is None:
            free = sorted((self.planet_value(x) for x in self.free_planets()), reverse=True)
            idle = [
                u for u in self.my_ships()
                if not (self.sectors[u.sector].planet and u.sector not in self.owned_planets())
            ]  # fmt: skip
            spare = free[len(idle) :]
            if spare:
                cached = self.w.SHIP_PLANET_SHARE * spare[0]
            else:
                center = self.view.param(self.me, "center_light") * self.cycles_left
                cached = center * self.w.SHIP_CENTER_SHARE + self.w.SHIP_BONUS
            self._ship_worth = cached
        return cached

    def owned_planets(self) -> set[str]:
        return set(self.view.planets_controlled(self.me))

    def ship_value(self, size: str) -> float:
        cost = self.res_value(self.ship_cost(size))
        strength = self.view.ship_stat(self.me, size, "attack") * self.w.SHIP_ATTACK
        return self.ship_worth() + strength - cost

    def ship_buy(self, res: dict[str, int]) -> float:
        """Net worth of the ships these resources would build (greedy, each further ship worth
        a little less)."""
        left = dict(res)
        supply = dict(self.supply)
        total = 0.0
        damp = 1.0
        for _ in range(4):
            best, best_z = 0.0, None
            for z in self.rules.sizes:
                cost = self.ship_cost(z)
                if supply.get(z, 0) > 0 and all(left.get(r, 0) >= n for r, n in cost.items()):
                    v = self.ship_value(z) * damp
                    if v > best:
                        best, best_z = v, z
            if best_z is None:
                break
            for r, n in self.ship_cost(best_z).items():
                left[r] -= n
            supply[best_z] -= 1
            total += best
            damp *= self.w.SHIP_DAMP
        return total

    def free_planets(self) -> list[str]:
        taken = self.extractor_at
        return [s for s, info in self.sectors.items() if info.planet and s not in taken]

    def trade_value(self) -> float:
        n = self.view.param(self.me, "trade_choices")
        res = dict(self.pl.resources)
        res["light"] = 0
        base = self.utility(res)
        best = base
        frontier = [res]
        for _ in range(n):
            nxt = []
            for r in frontier:
                for i in range(len(self.rules.trades)):
                    after = self.apply_trade(r, i)
                    if after is not None:
                        nxt.append(after)
                        best = max(best, self.utility(after))
            frontier = nxt[:40]
        return best - base + self.w.TRADE_BONUS

    def trade_option_value(self, i: int) -> float:
        res = dict(self.pl.resources)
        res["light"] = 0
        after = self.apply_trade(res, i)
        if after is None:
            return -1.0
        return self.utility(after) - self.utility(res)

    def apply_trade(self, res: dict[str, int], i: int) -> dict[str, int] | None:
        seq = self.rules.programs[self.rules.trades[i]]
        out = dict(res)
        for step in seq.steps:
            ph = getattr(step, "phrase", None)
            if ph is None:
                return None
            if ph.form == "trade":
                give, n = ph.args["give"], self.view.amount(self.me, ph.args["n"])
                if out.get(give, 0) < n:
                    return None
                out[give] -= n
                got = self.view.amount(self.me, ph.args["m"])
                out[ph.args["get"]] = out.get(ph.args["get"], 0) + got
            elif ph.form == "gain":
                what = ph.args["what"]
                out[what] = out.get(what, 0) + self.view.amount(self.me, ph.args["n"])
            else:
                return None
        return out

    def utility(self, res: dict[str, int]) -> float:
        key = tuple(sorted(res.items()))
        cached = self._utility.get(key)
        if cached is None:
            cached = self._utility[key] = self._utility_of(res)
        return cached

    def _utility_of(self, res: dict[str, int]) -> float:
        plain = {k: v for k, v in res.items() if k != "light"}
        value = sum(n * self.ctx.res_value(r) for r, n in plain.items())
        value += res.get("light", 0) * 1.0
        value += self.w.PURCHASE_SHARE * max(self.buyable(plain), self.ship_buy(plain))
        return value

    def research_value(self) -> float:
        view, me = self.view, self.me
        light = view.techs_in_play(me) // 4
        keep = view.param(me, "research_keep")
        hand = len(self.pl.tech_hand or ())
        w = self.w
        draw = keep * self.deck_worth() * (1.0 if hand < w.HAND_FULL else w.FULL_HAND_SHARE)
        buy = self.buyable({k: v for k, v in self.pl.resources.items()})
        return light + w.DRAW * draw + buy + w.RESEARCH_BONUS

    def deck_worth(self) -> float:
        """Mean net worth of a technology worth keeping, over the deck's designs (public)."""
        key = ("deck_worth", self.me, round(self.rounds_left), self.pl.cards_version)
        cached = self.memo.get(key)
        if cached is None:
            nets = []
            for cid in self.rules.tech_designs:
                card = self.rules.cards[cid]
                size = self.best_size(card) if card.type != "civilization" else None
                nets.append(max(0.0, self.tech_net(cid, size)))
            cached = self.memo[key] = sum(nets) / max(1, len(nets))
        return cached
