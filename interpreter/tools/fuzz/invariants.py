"""Invariants every reachable game state must satisfy; the fuzzer checks them as it plays and
the conformance test after every decision."""

from __future__ import annotations

import json
from collections import Counter

from lastlight.interpreter.engine.game import Game


def check_state(game: Game) -> list[str]:
    """Every broken invariant, as a sentence (empty when the state is sound)."""
    st = game.state
    rules = game.rules
    problems: list[str] = []
    if not game.over and not game.legal():
        problems.append("no legal decision although the game is not over")
    # each player's ships and extractors are in exactly one place
    per_owner: Counter[tuple[int, str]] = Counter()
    for uid, u in st["units"].items():
        per_owner[(u["o"], u["k"])] += 1
        at = u["at"]
        if at == "board" and (u["s"] not in st["sectors"] or u["k"] != "s"):
            problems.append(f"{uid} is on the board but not in a sector")
        if at == "planet" and (u["k"] != "x" or not st["sectors"][u["s"]]["planet"]):
            problems.append(f"{uid} is on a planet that is not there")
        if at == "grave":
            holder = u["g"]
            if holder is None or uid not in st["players"][holder]["grave"]:
                problems.append(f"{uid} is in a graveyard that does not list it")
        if at == "box" and u["o"] >= 0:
            problems.append(f"{uid} of a player left the game (only Lumos ships may)")
        if at not in ("supply", "board", "grave", "box", "colony", "planet"):
            problems.append(f"{uid} is nowhere ({at})")
        if u["d"] < 0:
            problems.append(f"{uid} has negative damage")
    ships = sum(rules.pieces_ships.values())
    for p in range(st["n"]):
        if per_owner[(p, "s")] != ships:
            problems.append(f"P{p} has {per_owner[(p, 's')]} ships, not {ships}")
        if per_owner[(p, "x")] != rules.pieces_extractors:
            problems.append(f"P{p} has {per_owner[(p, 'x')]} extractors")
        for uid in st["players"][p]["grave"]:
            if st["units"][uid]["at"] != "grave":
                problems.append(f"{uid} listed in P{p}'s graveyard but is {st['units'][uid]['at']}")
    on_planets = Counter(u["s"] for u in st["units"].values() if u["at"] == "planet")
    for sector, n in on_planets.items():
        if n > 1:
            problems.append(f"{n} extractors on the planet in {sector}")
    for p, pl in enumerate(st["players"]):
        if pl["light"] < 0 or any(v < 0 for v in pl["res"].values()):
            problems.append(f"P{p} has negative resources or light")
    places: list[str] = [*st["deck"], *st["discard"]]
    for pl in st["players"]:
        places += pl["tech_hand"]
        places += pl["civ"]
        places += [c for c in pl["ability"].values() if c]
        for mods in pl["mods"].values():
            places += mods
    for frame in st["stack"]:
        places += frame["loc"].get("drawn", [])
    if sorted(places) != sorted(rules.tech_deck):
        missing = Counter(rules.tech_deck) - Counter(places)
        extra = Counter(places) - Counter(rules.tech_deck)
        problems.append(f"technology cards misplaced: missing {dict(missing)}, extra {dict(extra)}")
    if json.loads(json.dumps(st)) != st:
        problems.append("the state does not round-trip through JSON")
    return problems
