"""A test table: set up positions on a real game and drive it, without knowing sector ids.

Sectors are found by what they are (the center, an inner sector next to it, a planet on the
outer ring…) through the board's queries, so the tests hold for any board drawn in content.
Every helper that sets up a position writes the state inside `game.edit()` (caches dropped,
every player's `ver` bumped); the open decision is asked again only where a helper says so
(`start`, `set_first`, `reask`), so a test that edits mid-decision keeps that decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.game import Decision, Game
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.tools.scenario_expect import matches

Policy = Callable[[Game, list[Decision]], Decision]


def start(
    rules: Rules,
    players: int = 2,
    seed: int = 1,
    *,
    faction: str | None = "",
    achievement: str | None = "",
    first: int = 0,
) -> Game:
    """A game at its first card choice. By default nobody keeps a faction or achievement, so
    a test sees only the rules it sets up; pass an id to keep one."""
    game = Game.new(rules, players, seed)
    # the open keep decision was computed from the dealt offers: `reask` asks it again
    with game.edit(reask=True) as st:
        for pl in st["players"]:
            if faction is not None:
                pl["offer_f"] = [faction] if faction else []
                pl["faction"] = None if faction else ""
            if achievement is not None:
                pl["offer_a"] = [f"{achievement}#1"] if achievement else []
                pl["ach"] = None if achievement else ""
    while game.state["stage"] in ("faction", "achievement"):
        game.apply(game.legal()[0])
    set_first(game, first)
    return game


def set_first(game: Game, first: int) -> None:
    """The first player; during the card choice, the choice starts again from them."""
    selecting = game.state["stage"] == "select"
    with game.edit(reask=selecting) as st:
        st["first"] = first
        if selecting:
            for pl in st["players"]:
                pl["chosen"] = None


def sectors(game: Game, kind: str) -> list[str]:
    return [s for s in game.state["sectors"] if game.board.kind(s) == kind]


def planet_sector(game: Game, kind: str) -> str:
    """A sector of that kind holding a planet (one is given a planet if none has)."""
    for s in sectors(game, kind):
        if game.state["sectors"][s]["planet"]:
            return s
    s = sectors(game, kind)[0]
    with game.edit() as st:
        st["sectors"][s]["planet"] = next(iter(game.rules.planets))
    return s


def clear_board(game: Game) -> None:
    """Every ship and extractor back to supply; no tokens or asteroids."""
    with game.edit() as st:
        for u in st["units"].values():
            u.update({"at": "supply", "s": None, "c": None, "d": 0, "g": None})
        for pl in st["players"]:
            pl["grave"] = []
        for info in st["sectors"].values():
            info.update({"token": None, "deep": None, "up": False, "ast": False})


def ship(game: Game, owner: int, sector: str, size: str = "small") -> str:
    """Put one ship of the owner's from supply on a sector; returns its id."""
    with game.edit() as st:
        for uid, u in st["units"].items():
            if u["o"] == owner and u["k"] == "s" and u["z"] == size and u["at"] == "supply":
                u.update({"at": "board", "s": sector, "d": 0})
                return uid
    raise AssertionError(f"no {size} ship of {owner} in supply")


def extractor(game: Game, owner: int, sector: str | None = None, colony: int | None = None) -> str:
    with game.edit() as st:
        for uid, u in st["units"].items():
            if u["o"] == owner and u["k"] == "x" and u["at"] == "supply":
                if colony is not None:
                    u.update({"at": "colony", "c": colony, "s": None})
                else:
                    u.update({"at": "planet", "s": sector, "c": None})
                return uid
    raise AssertionError(f"no extractor of {owner} in supply")


def give(game: Game, p: int, **amounts: int) -> None:
    """Set a player's resources and light: `give(game, 0, rare=2, light=1)`."""
    with game.edit() as st:
        pl = st["players"][p]
        for what, n in amounts.items():
            if what == "light":
                pl["light"] = n
            else:
                pl["res"][what] = n


def _take(st: dict[str, Any], card: str) -> str:
    """One physical copy of a technology from the deck, the discard or any hand (call inside
    `game.edit()`, with the state it yields)."""
    for pile in (st["deck"], st["discard"], *(pl["tech_hand"] for pl in st["players"])):
        for phys in pile:
            if base_id(phys) == card:
                pile.remove(phys)
                return phys
    raise AssertionError(f"no copy of {card} left")


def reask(game: Game) -> None:
    """After editing the state by hand: drop caches and, during the card choice, ask it
    again (another open decision is kept)."""
    game.edited(reask=game.state["stage"] == "select")


def tech_in_play(game: Game, p: int, card: str, size: str | None = None) -> str:
    """Take a copy of a technology out of the deck and put it in play."""
    with game.edit() as st:
        phys = _take(st, card)
        pl = st["players"][p]
        ctype = game.rules.cards[card].type
        if ctype == "civilization":
            pl["civ"].append(phys)
        elif ctype == "ship_ability":
            pl["ability"][size or "small"] = phys
        else:
            pl["mods"][size or "small"].append(phys)
    return phys


def tech_in_hand(game: Game, p: int, card: str) -> str:
    with game.edit() as st:
        phys = _take(st, card)
        st["players"][p]["tech_hand"].append(phys)
    return phys


def play(game: Game, cards: dict[int, str]) -> None:
    """Every player chooses their card (the select stage)."""
    todo = dict(cards)
    while game.state["stage"] == "select" and game.to_move in todo:
        game.apply({"kind": "play", "card": todo.pop(game.to_move)})
    assert not todo or game.state["stage"] != "select", f"P{game.to_move} was not given a card"


def choose(game: Game, **match: Any) -> Decision:
    """Apply the one legal decision matching these keys (card ids may be base ids)."""
    found = [d for d in game.legal() if matches(d, match)]
    assert len(found) == 1, f"{len(found)} decisions match {match}; legal: {game.legal()}"
    game.apply(found[0])
    return found[0]


def can(game: Game, **match: Any) -> bool:
    return any(matches(d, match) for d in game.legal())


def passive(game: Game, legal: list[Decision]) -> Decision:
    """Do as little as possible: pass, done, no, hold fire; else the first option."""
    for d in legal:
        if d["kind"] in ("pass", "done") or d.get("do") is False or d.get("attack") is False:
            return d
    return legal[0]


def eager(game: Game, legal: list[Decision]) -> Decision:
    """Say yes to everything: the first option that is not pass/done/no."""
    for d in legal:
        if (
            d["kind"] not in ("pass", "done")
            and d.get("do") is not False
            and d.get("attack") is not False
        ):
            return d
    return legal[0]


def run_until(
    game: Game, stop: Callable[[Game], bool], policy: Policy = passive, limit: int = 5000
) -> None:
    for _ in range(limit):
        if game.over or stop(game):
            return
        game.apply(policy(game, game.legal()))
    raise AssertionError("run_until did not reach its stop")


def finish_round(game: Game, policy: Policy = passive) -> None:
    """Resolve the rest of the round in which cards were last played; stops at the next
    round's card choice or the game end."""
    plays = [e["round"] for e in game.log if e["event"] == "play"]
    start_round = plays[-1] if plays else game.state["round"]
    run_until(
        game,
        lambda g: g.state["round"] > start_round or g.state["stage"] in ("ending", "over"),
        policy,
    )


def round_over(game: Game, round_no: int) -> bool:
    return game.state["round"] > round_no or game.over


def ships_at(game: Game, sector: str, owner: int | None = None) -> list[str]:
    return [
        uid
        for uid in q.ships_in(game.eng, sector)
        if owner is None or game.state["units"][uid]["o"] == owner
    ]


def events(game: Game, name: str, **match: Any) -> list[dict[str, Any]]:
    return [e for e in game.log if e["event"] == name and matches(e, match)]


def dice(game: Game, faces: list[str]) -> None:
    """Fix the faces the next dice show, in order (then dice roll from the game's generator)."""
    with game.edit() as st:
        st["dice"] = list(faces)


def lumos_ally(game: Game, p: int | None) -> None:
    """Two players: the Lumos fight beside player `p` (None: beside nobody)."""
    with game.edit() as st:
        st["lumos"]["ally"] = p


def played_before(game: Game, p: int, *cards: str) -> None:
    """Move action cards from the player's hand to their played pile (cards played in earlier
    rounds; Refresh needs one, R-TWO-01)."""
    with game.edit() as st:
        pl = st["players"][p]
        for card in cards:
            pl["hand"].remove(card)
            pl["played"].append(card)
