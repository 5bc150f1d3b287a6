"""A test table: set up positions on a real game and drive it, without knowing sector ids.

Sectors are found by what they are (the center, an inner sector next to it, a planet on the
outer ring…) through the board's queries, so the tests hold for any board drawn in content.
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
    st = game.state
    for pl in st["players"]:
        if faction is not None:
            pl["offer_f"] = [faction] if faction else []
            pl["faction"] = None if faction else ""
        if achievement is not None:
            pl["offer_a"] = [f"{achievement}#1"] if achievement else []
            pl["ach"] = None if achievement else ""
    st["pending"] = None
    game._advance()
    while st["stage"] in ("faction", "achievement"):
        game.apply(game.legal()[0])
    set_first(game, first)
    return game


def refresh(game: Game) -> None:
    """After editing the state by hand: drop caches and re-ask the open decision."""
    game.edited()


def set_first(game: Game, first: int) -> None:
    st = game.state
    st["first"] = first
    if st["stage"] == "select":
        for pl in st["players"]:
            pl["chosen"] = None
        st["pending"] = None
        game._advance()


def sectors(game: Game, kind: str) -> list[str]:
    return [s for s in game.state["sectors"] if game.board.kind(s) == kind]


def planet_sector(game: Game, kind: str) -> str:
    """A sector of that kind holding a planet (one is given a planet if none has)."""
    for s in sectors(game, kind):
        if game.state["sectors"][s]["planet"]:
            return s
    s = sectors(game, kind)[0]
    game.state["sectors"][s]["planet"] = next(iter(game.rules.planets))
    return s


def clear_board(game: Game) -> None:
    """Every ship and extractor back to supply; no tokens or asteroids."""
    st = game.state
    for u in st["units"].values():
        u.update({"at": "supply", "s": None, "c": None, "d": 0, "g": None})
    for pl in st["players"]:
        pl["grave"] = []
    for info in st["sectors"].values():
        info.update({"token": None, "deep": None, "up": False, "ast": False})
    refresh(game)


def ship(game: Game, owner: int, sector: str, size: str = "small") -> str:
    """Put one ship of the owner's from supply on a sector; returns its id."""
    for uid, u in game.state["units"].items():
        if u["o"] == owner and u["k"] == "s" and u["z"] == size and u["at"] == "supply":
            u.update({"at": "board", "s": sector, "d": 0})
            return uid
    raise AssertionError(f"no {size} ship of {owner} in supply")


def extractor(game: Game, owner: int, sector: str | None = None, colony: int | None = None) -> str:
    for uid, u in game.state["units"].items():
        if u["o"] == owner and u["k"] == "x" and u["at"] == "supply":
            if colony is not None:
                u.update({"at": "colony", "c": colony, "s": None})
            else:
                u.update({"at": "planet", "s": sector, "c": None})
            return uid
    raise AssertionError(f"no extractor of {owner} in supply")


def give(game: Game, p: int, **amounts: int) -> None:
    pl = game.state["players"][p]
    for what, n in amounts.items():
        if what == "light":
            pl["light"] = n
        else:
            pl["res"][what] = n


def _take(game: Game, card: str) -> str:
    """One physical copy of a technology from the deck, the discard or any hand."""
    st = game.state
    for pile in (st["deck"], st["discard"], *(pl["tech_hand"] for pl in st["players"])):
        for phys in pile:
            if base_id(phys) == card:
                pile.remove(phys)
                return phys
    raise AssertionError(f"no copy of {card} left")


def reask(game: Game) -> None:
    """Re-compute the open card choice after the state was edited by hand."""
    refresh(game)
    if game.state["stage"] == "select":
        game.state["pending"] = None
        game._advance()


def tech_in_play(game: Game, p: int, card: str, size: str | None = None) -> str:
    """Take a copy of a technology out of the deck and put it in play."""
    st = game.state
    phys = _take(game, card)
    pl = st["players"][p]
    ctype = game.rules.cards[card].type
    if ctype == "civilization":
        pl["civ"].append(phys)
    elif ctype == "ship_ability":
        pl["ability"][size or "small"] = phys
    else:
        pl["mods"][size or "small"].append(phys)
    refresh(game)
    return phys


def tech_in_hand(game: Game, p: int, card: str) -> str:
    st = game.state
    phys = _take(game, card)
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
