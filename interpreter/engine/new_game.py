"""A new game's state from content, a player count and a seed (R-SET-01..07, R-TWO-02).

The board layout (planets, tokens, asteroids, homes) is dealt by the board package from the
setup for this player count; everything else is dealt here from the same seeded generator.
"""

from __future__ import annotations

from typing import Any

from lastlight.interpreter.engine import lumos
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.engine.state import GameState, Player, Unit


def new_state(rules: Rules, layout: dict[str, Any], players: int, seed: int, rng: Rng) -> GameState:
    """The initial state. `layout` is the dealt board:
    `{"sectors": {id: {"planet", "token", "deep", "ast"}}, "homes": [...], "center": id}`."""
    start = rules.start
    state = _table(rules, layout, players, seed)
    rng.shuffle(state["deck"])  # R-SET-05
    factions = [f for f in rules.factions if rules.cards[f].min_players <= players]  # R-SET-02
    rng.shuffle(factions)
    by_color: dict[str, list[str]] = {}
    for phys in rules.achievements:
        card = rules.cards[phys.split("#")[0]]
        by_color.setdefault(card.color, []).append(phys)
    dealt_f = int(start.get("factions_dealt", 2))
    for p in range(players):
        offer_f = factions[p * dealt_f : (p + 1) * dealt_f]
        offer_a = [copies[p] for _color, copies in sorted(by_color.items()) if p < len(copies)]
        state["players"].append(_player(rules, state["deck"], offer_f, offer_a))
        _pieces(rules, state, p)
    if state["lumos"] is not None:  # R-TWO-02
        supply, on_board = lumos.starting_ships(rules)
        _add_ships(
            state["units"],
            "lumos",
            lumos.LUMOS,
            supply,
            rules.sizes,
            on_board,
            layout.get("lumos_start", state["center"]),
        )
    state["first"] = rng.below(players)  # R-SET-07
    state["rng"] = rng.state
    return state


def _table(rules: Rules, layout: dict[str, Any], players: int, seed: int) -> GameState:
    """The state before anything is dealt: the board, the deck in content order, no players."""
    return {
        "v": 1,
        "seed": seed,
        "n": players,
        "round": 1,
        "rot": 0,
        "first": 0,
        "stage": "faction",
        "players": [],
        "units": {},
        "sectors": {
            s: {
                "planet": info.get("planet"),
                "token": info.get("token"),
                "up": False,
                "deep": info.get("deep"),
                "ast": bool(info.get("ast")),
            }
            for s, info in layout["sectors"].items()
        },
        "homes": list(layout["homes"]),
        "center": layout["center"],
        "deck": list(rules.tech_deck),
        "discard": [],
        "removed": [],
        "lumos": lumos.initial_state(rules, players),
        "queue": [],
        "stack": [],
        "pending": None,
        "combat": None,
        "trig": 0,
        "entry": 0,
        "over": False,
        "stalled": False,
        "winners": [],
        "rng": 0,  # (the generator's state once everything is dealt: `new_state`)
    }


def _player(rules: Rules, deck: list[str], offer_f: list[str], offer_a: list[str]) -> Player:
    """A player at the start: offers to keep from, starting resources, all action cards in
    hand, starting technologies drawn from the top of the (shuffled) deck."""
    start = rules.start
    sizes = rules.sizes
    res = {r: 0 for r in ("common", "uncommon", "rare")}
    res.update({k: int(v) for k, v in (start.get("resources") or {}).items()})
    return {
        "faction": None if offer_f else "",
        "ach": None if offer_a else "",
        "offer_f": offer_f,
        "offer_a": offer_a,
        "light": 0,
        "res": res,
        "hand": [a.id for a in rules.actions],
        "played": [],
        "chosen": None,
        "tech_hand": [deck.pop() for _ in range(int(start.get("technologies", 1))) if deck],
        "civ": [],
        "ability": {z: None for z in sizes},
        "mods": {z: [] for z in sizes},
        "exhausted": [],
        "grave": [],
        "ver": 0,
    }


def _pieces(rules: Rules, state: GameState, p: int) -> None:
    """Player p's ships (some at home) and extractors (some on the colony ship)."""
    start = rules.start
    _add_ships(
        state["units"],
        f"p{p}",
        p,
        rules.pieces_ships,
        rules.sizes,
        dict(start.get("ships_at_home") or {}),
        state["homes"][p],
    )
    common_spaces = [i for i, r in enumerate(rules.colony_spaces) if r == "common"]
    for i in range(rules.pieces_extractors):
        on_colony = i < int(start.get("colony_extractors", 1)) and i < len(common_spaces)
        state["units"][f"p{p}-x-{i + 1}"] = _unit(
            p,
            "x",
            None,
            "colony" if on_colony else "supply",
            colony=common_spaces[i] if on_colony else None,
        )


def _unit(
    owner: int,
    kind: str,
    size: str | None,
    at: str,
    sector: str | None = None,
    colony: int | None = None,
) -> Unit:
    """One piece: owner, kind (s ship, x extractor), size, where it is, damage, graveyard."""
    return {"o": owner, "k": kind, "z": size, "at": at, "s": sector, "c": colony, "d": 0, "g": None}


def _add_ships(
    units: dict[str, Unit],
    prefix: str,
    owner: int,
    counts: dict[str, int],
    sizes: tuple[str, ...],
    on_board: dict[str, int],
    sector: str,
) -> None:
    """A side's ships: `on_board` of each size start in `sector`, the rest in supply."""
    for size in sizes:
        for i in range(counts.get(size, 0)):
            placed = on_board.get(size, 0) > 0
            if placed:
                on_board[size] -= 1
            units[f"{prefix}-{size}-{i + 1}"] = _unit(
                owner, "s", size, "board" if placed else "supply", sector if placed else None
            )


def fresh_rng(seed: int) -> Rng:
    return Rng(seed_state(seed))
