"""The heuristic bot: scores each legal decision by what it would do, from its observation."""

from __future__ import annotations

from collections.abc import Callable

from lastlight.interpreter.agents.base import Bot
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.game import Decision
from lastlight.interpreter.engine.machine import Engine
from lastlight.interpreter.engine.observe import Observation


class HeuristicBot(Bot):
    """Grabs planets, builds extractors, contests the center, researches when rich.

    Each legal decision gets a score from what it would do; ties break at random. It reads its
    seat's observation through the decision options and a few queries, like a player at the
    table."""

    name = "heuristic"
    salt = 0x5EED

    def decide(self, obs: Observation | None, legal: list[Decision]) -> Decision:
        assert obs is not None
        game = Seen(self.view(obs))
        p = obs["seat"]
        scores = [self.score(game, p, d) for d in legal]
        best = max(scores)
        top = [d for d, s in zip(legal, scores, strict=True) if s == best]
        return top[self.rng.below(len(top))]

    # --- scoring ----------------------------------------------------------------------------
    def score(self, game: Seen, p: int, d: Decision) -> float:
        kind = d["kind"]
        fn: Callable[[Seen, int, Decision], float] | None = getattr(self, f"_{kind}", None)
        return fn(game, p, d) if fn else 0.0

    def _play(self, game: Seen, p: int, d: Decision) -> float:
        """Score an action card by what its phases do (the forms it uses), never by its name."""
        forms = action_forms(game, d["card"])
        eng = game.eng
        st = game.state
        pl = st["players"][p]
        score = 0.0
        if "claim" in forms:
            planets = q.planets_controlled(eng, p)
            ring = [s for s in planets if eng.board.kind(s) in ("inner", "outer")]
            score += 4.0 + 2 * len(ring) + (3 if len(pl["played"]) >= 3 else 0)
        if "build_extractors" in forms:
            from lastlight.interpreter.engine.primitives.build import extractor_sites

            planet_sites = [s for s in extractor_sites(eng, p) if "sector" in s]
            score += 3.0 + 5 * bool(planet_sites)
        if "build_ships" in forms:
            score += 2 * any(q.can_pay(eng, p, q.ship_cost(eng, p, z)) for z in eng.rules.sizes)
        if "move_ships" in forms:
            on_board = any(
                u["o"] == p and u["k"] == "s" and u["at"] == "board" for u in st["units"].values()
            )
            score += 3.0 + 3 * bool(_free_planets_near(game, p)) + (2 if on_board else -3)
        if "mine" in forms:
            extractors = sum(
                1
                for u in st["units"].values()
                if u["o"] == p and u["k"] == "x" and u["at"] in ("planet", "colony")
            )
            score += 1.0 + 1.5 * extractors
        if "draw_keep" in forms:
            score += 1.0 + (4 if q.total_resources(eng, p) >= 5 else 0) + len(pl["tech_hand"])
        if "make_trades" in forms:
            score += 2.0 + (2 if pl["res"]["rare"] >= 2 else 0)
        return score

    def _move(self, game: Seen, p: int, d: Decision) -> float:
        eng = game.eng
        to = d["to"]
        st = game.state
        info = st["sectors"][to]
        score = 1.0
        if to == st["center"]:
            score += 4
        if info["planet"] and not q.extractor_on_planet(eng, to):
            kind = eng.board.kind(to)
            score += {"inner": 6, "outer": 5, "distant": 3}.get(kind, 2)
        if (info["token"] and not info["up"]) or info["deep"]:
            score += 2
        enemies = [o for o in q.owners_in(eng, to) if q.are_enemies(eng, p, o)]
        if enemies:
            score -= 2
        frm = d["from"]
        if (
            st["sectors"][frm]["planet"]
            and q.extractor_on_planet(eng, frm) is None
            and q.owners_in(eng, frm) == [p]
        ):
            score -= 4  # do not leave a planet we are about to claim
        return score

    def _extractor(self, game: Seen, p: int, d: Decision) -> float:
        if "sector" in d:
            return {"inner": 10, "outer": 8, "distant": 5}.get(game.eng.board.kind(d["sector"]), 4)
        return 3.0

    def _build(self, game: Seen, p: int, d: Decision) -> float:
        return {"small": 3, "medium": 4, "large": 5}.get(d["size"], 3)

    def _done(self, game: Seen, p: int, d: Decision) -> float:
        return 0.5

    def _attack(self, game: Seen, p: int, d: Decision) -> float:
        """Attack with as many ships as can join (range 2 ships may come from next door)."""
        if not d["attack"]:
            return 0.0
        return 1.0 + 0.1 * sum(d.get("from", {}).values())

    def _damage(self, game: Seen, p: int, d: Decision) -> float:
        if "extractor" in d:
            return 5.0
        return 1.0 + d["dmg"] * 2 + {"large": 3, "medium": 2}.get(d["size"], 1)

    def _manufacture(self, game: Seen, p: int, d: Decision) -> float:
        return 2.0

    def _trade(self, game: Seen, p: int, d: Decision) -> float:
        text = d.get("text", "")
        if "light" in text:
            return 5.0
        if "for 1 rare" in text or "for 1 uncommon" in text:
            return 2.0
        return 1.0

    def _may(self, game: Seen, p: int, d: Decision) -> float:
        return 1.0 if d["do"] else 0.0

    def _use(self, game: Seen, p: int, d: Decision) -> float:
        return 2.0

    def _pass(self, game: Seen, p: int, d: Decision) -> float:
        return 1.0

    def _player(self, game: Seen, p: int, d: Decision) -> float:
        # give the common to whoever has the least light
        return -game.state["players"][d["player"]]["light"]

    def _keep(self, game: Seen, p: int, d: Decision) -> float:
        return 0.0

    def _discard(self, game: Seen, p: int, d: Decision) -> float:
        card = game.rules.cards[d["card"].split("#")[0]]
        return sum(card.cost.values())  # discard the dearest


def action_forms(game: Seen, card: str) -> set[str]:
    key = ("forms", card)
    cached = game.eng.cache.get(key)
    if cached is None:
        from lastlight.interpreter.effects.ast import walk_phrases

        cached = {
            ph.form
            for _n, prog, _t in game.rules.action(card).phases
            for ph in walk_phrases(game.rules.programs[prog])
        }
        game.eng.cache[key] = cached
    return cached


def _free_planets_near(game: Seen, p: int) -> list[str]:
    eng = game.eng
    st = game.state
    out = []
    for u in st["units"].values():
        if u["o"] != p or u["k"] != "s" or u["at"] != "board":
            continue
        reach = eng.board.reachable(
            u["s"], max(1, q.ship_stat(eng, p, u["z"], "movement")), st["rot"], eng.asteroids()
        )
        for s in reach:
            info = st["sectors"].get(s)  # homes of empty seats are on the board, not in play
            if info and info["planet"] and q.extractor_on_planet(eng, s) is None:
                out.append(s)
    return out



class Seen:
    """What the heuristic reads: the view engine over an observation, shaped like the few
    `Game` attributes its scoring uses."""

    def __init__(self, eng: Engine):
        self.eng = eng
        self.state = eng.state
        self.rules = eng.rules
