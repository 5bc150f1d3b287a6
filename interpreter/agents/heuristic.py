"""The heuristic bot: scores each legal decision by what it would do, from its seat's view."""

from __future__ import annotations

from collections.abc import Callable

from lastlight.interpreter.agents.base import Bot
from lastlight.interpreter.engine.game import Decision
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.engine.view import SeatView


class HeuristicBot(Bot):
    """Grabs planets, builds extractors, contests the center, researches when rich.

    Each legal decision gets a score from what it would do; ties break at random. It reads its
    seat's view (named fields and the view's queries) and the decision options, like a player
    at the table."""

    name = "heuristic"
    salt = 0x5EED

    def decide(self, view: SeatView | None, legal: list[Decision]) -> Decision:
        view = self.seat_view(view)
        p = view.seat
        assert p is not None, "the heuristic plays a seat"
        scores = [self.score(view, p, d) for d in legal]
        best = max(scores)
        top = [d for d, s in zip(legal, scores, strict=True) if s == best]
        return top[self.rng.below(len(top))]

    # --- scoring ----------------------------------------------------------------------------
    def score(self, view: SeatView, p: int, d: Decision) -> float:
        """What decision `d` is worth to seat `p` in the position `view` shows (any view that
        shows p's own cards: the seat's, or a rollout's whole sampled world)."""
        kind = d["kind"]
        fn: Callable[[SeatView, int, Decision], float] | None = getattr(self, f"_{kind}", None)
        return fn(view, p, d) if fn else 0.0

    def _play(self, view: SeatView, p: int, d: Decision) -> float:
        """Score an action card by what its phases do (the forms it uses), never by its name."""
        forms = action_forms(view.rules, d["card"])
        pl = view.players[p]
        score = 0.0
        if "claim" in forms:
            planets = view.planets_controlled(p)
            ring = [s for s in planets if view.kind(s) in ("inner", "outer")]
            score += 4.0 + 2 * len(ring) + (3 if len(pl.played) >= 3 else 0)
        if "build_extractors" in forms:
            planet_sites = [s for s in view.extractor_sites(p) if "sector" in s]
            score += 3.0 + 5 * bool(planet_sites)
        if "build_ships" in forms:
            score += 2 * any(view.can_pay(p, view.ship_cost(p, z)) for z in view.rules.sizes)
        if "move_ships" in forms:
            on_board = any(u.owner == p and u.on_board for u in view.placed_units())
            score += 3.0 + 3 * bool(_free_planets_near(view, p)) + (2 if on_board else -3)
        if "mine" in forms:
            extractors = sum(
                1 for u in view.placed_units() if u.owner == p and u.place in ("planet", "colony")
            )
            score += 1.0 + 1.5 * extractors
        if "draw_keep" in forms:
            hand = pl.tech_hand
            assert hand is not None, "the heuristic reads its own technology hand"
            score += 1.0 + (4 if view.total_resources(p) >= 5 else 0) + len(hand)
        if "make_trades" in forms:
            score += 2.0 + (2 if pl.resources["rare"] >= 2 else 0)
        return score

    def _move(self, view: SeatView, p: int, d: Decision) -> float:
        to = d["to"]
        info = view.sectors[to]
        score = 1.0
        if to == view.center:
            score += 4
        if info.planet and not view.extractor_on_planet(to):
            kind = view.kind(to)
            score += {"inner": 6, "outer": 5, "distant": 3}.get(kind, 2)
        if (info.token and not info.token_face_up) or info.deep_space:
            score += 2
        enemies = [o for o in view.owners_in(to) if view.are_enemies(p, o)]
        if enemies:
            score -= 2
        frm = d["from"]
        if (
            view.sectors[frm].planet
            and view.extractor_on_planet(frm) is None
            and view.owners_in(frm) == [p]
        ):
            score -= 4  # do not leave a planet we are about to claim
        return score

    def _extractor(self, view: SeatView, p: int, d: Decision) -> float:
        if "sector" in d:
            return {"inner": 10, "outer": 8, "distant": 5}.get(view.kind(d["sector"]), 4)
        return 3.0

    def _build(self, view: SeatView, p: int, d: Decision) -> float:
        return {"small": 3, "medium": 4, "large": 5}.get(d["size"], 3)

    def _done(self, view: SeatView, p: int, d: Decision) -> float:
        return 0.5

    def _attack(self, view: SeatView, p: int, d: Decision) -> float:
        """Attack with as many ships as can join (range 2 ships may come from next door)."""
        if not d["attack"]:
            return 0.0
        return 1.0 + 0.1 * sum(d.get("from", {}).values())

    def _damage(self, view: SeatView, p: int, d: Decision) -> float:
        if "extractor" in d:
            return 5.0
        return 1.0 + d["dmg"] * 2 + {"large": 3, "medium": 2}.get(d["size"], 1)

    def _manufacture(self, view: SeatView, p: int, d: Decision) -> float:
        return 2.0

    def _trade(self, view: SeatView, p: int, d: Decision) -> float:
        text = d.get("text", "")
        if "light" in text:
            return 5.0
        if "for 1 rare" in text or "for 1 uncommon" in text:
            return 2.0
        return 1.0

    def _may(self, view: SeatView, p: int, d: Decision) -> float:
        return 1.0 if d["do"] else 0.0

    def _use(self, view: SeatView, p: int, d: Decision) -> float:
        return 2.0

    def _pass(self, view: SeatView, p: int, d: Decision) -> float:
        return 1.0

    def _player(self, view: SeatView, p: int, d: Decision) -> float:
        # give the common to whoever has the least light
        return -view.players[d["player"]].light

    def _keep(self, view: SeatView, p: int, d: Decision) -> float:
        return 0.0

    def _discard(self, view: SeatView, p: int, d: Decision) -> float:
        card = view.rules.cards[d["card"].split("#")[0]]
        return sum(card.cost.values())  # discard the dearest


#: Each loaded pack's action cards' forms (`action_forms`), worked out once per process:
#: id(rules) -> (the rules, card -> forms). Content only, never the game.
_FORMS: dict[int, tuple[Rules, dict[str, frozenset[str]]]] = {}


def action_forms(rules: Rules, card: str) -> frozenset[str]:
    """The forms an action card's phases use (read from the content, never the card's name)."""
    found = _FORMS.get(id(rules))
    if found is None or found[0] is not rules:
        found = _FORMS[id(rules)] = (rules, {})
    forms = found[1].get(card)
    if forms is None:
        from lastlight.interpreter.effects.ast import walk_phrases

        forms = found[1][card] = frozenset(
            ph.form
            for _n, prog, _t in rules.action(card).phases
            for ph in walk_phrases(rules.programs[prog])
        )
    return forms


def _free_planets_near(view: SeatView, p: int) -> list[str]:
    """Free planets p's ships on the board could reach this turn."""
    out = []
    sectors = view.sectors
    for u in view.placed_units():
        if u.owner != p or not u.on_board:
            continue
        where = u.sector
        size = u.size
        assert where is not None and size is not None
        for s in view.reach(where, max(1, view.ship_stat(p, size, "movement"))):
            info = sectors.get(s)  # homes of empty seats are on the board, not in play
            if info and info.planet and view.extractor_on_planet(s) is None:
                out.append(s)
    return out
