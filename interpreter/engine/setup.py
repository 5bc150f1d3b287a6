"""A new game's state from content, a player count and a seed (R-SET-01..07, R-TWO-02).

The board layout (planets, tokens, asteroids, homes) is dealt by the board package from the
setup for this player count; everything else is dealt here from the same seeded generator.
"""

from __future__ import annotations

from typing import Any

from .rng import Rng, seed_state
from .rules import Rules

LUMOS = -1


def new_state(
    rules: Rules, layout: dict[str, Any], players: int, seed: int, rng: Rng
) -> dict[str, Any]:
    """The initial state. `layout` is the dealt board:
    `{"sectors": {id: {"planet", "token", "deep", "ast"}}, "homes": [...], "center": id}`."""
    start = rules.start
    sizes = rules.sizes
    state: dict[str, Any] = {
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
        "lumos": {"ally": None} if players == 2 and rules.lumos else None,
        "queue": [],
        "stack": [],
        "pending": None,
        "combat": None,
        "trig": 0,
        "entry": 0,
        "over": False,
        "stalled": False,
        "winners": [],
    }
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
        res = {r: 0 for r in ("common", "uncommon", "rare")}
        res.update({k: int(v) for k, v in (start.get("resources") or {}).items()})
        state["players"].append(
            {
                "faction": None if offer_f else "",
                "ach": None if offer_a else "",
                "offer_f": offer_f,
                "offer_a": offer_a,
                "light": 0,
                "res": res,
                "hand": [a.id for a in rules.actions],
                "played": [],
                "chosen": None,
                "tech_hand": [
                    state["deck"].pop()
                    for _ in range(int(start.get("technologies", 1)))
                    if state["deck"]
                ],
                "civ": [],
                "ability": {z: None for z in sizes},
                "mods": {z: [] for z in sizes},
                "exhausted": [],
                "grave": [],
                "ver": 0,
            }
        )
        home = state["homes"][p]
        at_home = dict(start.get("ships_at_home") or {})
        for size in sizes:
            for i in range(rules.pieces_ships.get(size, 0)):
                on_board = at_home.get(size, 0) > 0
                if on_board:
                    at_home[size] -= 1
                state["units"][f"p{p}-{size}-{i + 1}"] = {
                    "o": p,
                    "k": "s",
                    "z": size,
                    "at": "board" if on_board else "supply",
                    "s": home if on_board else None,
                    "c": None,
                    "d": 0,
                    "g": None,
                }
        common_spaces = [i for i, r in enumerate(rules.colony_spaces) if r == "common"]
        for i in range(rules.pieces_extractors):
            on_colony = i < int(start.get("colony_extractors", 1)) and i < len(common_spaces)
            state["units"][f"p{p}-x-{i + 1}"] = {
                "o": p,
                "k": "x",
                "z": None,
                "at": "colony" if on_colony else "supply",
                "s": None,
                "c": common_spaces[i] if on_colony else None,
                "d": 0,
                "g": None,
            }
    if state["lumos"] is not None:  # R-TWO-02
        start_lumos = dict(rules.lumos.get("start") or {})
        for size in sizes:
            for i in range(int((rules.lumos.get("ships") or {}).get(size, 0))):
                on_board = start_lumos.get(size, 0) > 0
                if on_board:
                    start_lumos[size] -= 1
                state["units"][f"lumos-{size}-{i + 1}"] = {
                    "o": LUMOS,
                    "k": "s",
                    "z": size,
                    "at": "board" if on_board else "supply",
                    "s": layout.get("lumos_start", state["center"]) if on_board else None,
                    "c": None,
                    "d": 0,
                    "g": None,
                }
    state["first"] = rng.below(players)  # R-SET-07
    state["rng"] = rng.state
    return state


def fresh_rng(seed: int) -> Rng:
    return Rng(seed_state(seed))
