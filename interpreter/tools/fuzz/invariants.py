"""Invariants every reachable game state must satisfy; the fuzzer checks them as it plays and
the conformance test after every decision."""

from __future__ import annotations

import json
from collections import Counter

from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.engine.view import PLACES, SeatView


def check_state(game: Game) -> list[str]:
    """Every broken invariant, as a sentence (empty when the state is sound)."""
    view = game.view(ALL, live=True)  # read before the next decision, as the fuzzer does
    rules = game.rules
    problems: list[str] = []
    if not game.over and not game.legal():
        problems.append("no legal decision although the game is not over")
    problems += _pieces(view, rules)
    problems += _cards(view, rules)
    if json.loads(json.dumps(view.to_json())) != view.to_json():
        problems.append("the state does not round-trip through JSON")
    return problems


def _pieces(view: SeatView, rules: Rules) -> list[str]:
    """Each player's ships and extractors are in exactly one place; resources are not negative."""
    problems: list[str] = []
    units, sectors, players = view.units, view.sectors, view.players
    per_owner: Counter[tuple[int, bool]] = Counter()
    for uid, u in units.items():
        per_owner[(u.owner, u.is_ship)] += 1
        at = u.place
        if at == "board" and (u.sector not in sectors or not u.is_ship):
            problems.append(f"{uid} is on the board but not in a sector")
        if at == "planet" and (
            not u.is_extractor or u.sector is None or not sectors[u.sector].planet
        ):
            problems.append(f"{uid} is on a planet that is not there")
        if at == "grave":
            holder = u.graveyard
            if holder is None or uid not in players[holder].graveyard:
                problems.append(f"{uid} is in a graveyard that does not list it")
        if at == "box" and u.owner >= 0:
            problems.append(f"{uid} of a player left the game (only Lumos ships may)")
        if at not in PLACES:
            problems.append(f"{uid} is nowhere ({at})")
        if u.damage < 0:
            problems.append(f"{uid} has negative damage")
    ships = sum(rules.pieces_ships.values())
    for p in range(view.players_count):
        if per_owner[(p, True)] != ships:
            problems.append(f"P{p} has {per_owner[(p, True)]} ships, not {ships}")
        if per_owner[(p, False)] != rules.pieces_extractors:
            problems.append(f"P{p} has {per_owner[(p, False)]} extractors")
        for uid in players[p].graveyard:
            if units[uid].place != "grave":
                problems.append(f"{uid} listed in P{p}'s graveyard but is {units[uid].place}")
    on_planets = Counter(u.sector for u in units.values() if u.place == "planet")
    for sector, n in on_planets.items():
        if n > 1:
            problems.append(f"{n} extractors on the planet in {sector}")
    for pl in players:
        if pl.light < 0 or any(v < 0 for v in pl.resources.values()):
            problems.append(f"P{pl.seat} has negative resources or light")
    return problems


def _cards(view: SeatView, rules: Rules) -> list[str]:
    """Every technology card is in exactly one place."""
    places: list[str] = [*(view.deck or ()), *view.discard]
    for pl in view.players:
        places += pl.tech_hand or ()
        places += pl.civilization
        places += [c for c in pl.abilities.values() if c]
        for mods in pl.mods.values():
            places += mods
    places += view.cards_held_by_effects()
    if sorted(places) != sorted(rules.tech_deck):
        missing = Counter(rules.tech_deck) - Counter(places)
        extra = Counter(places) - Counter(rules.tech_deck)
        return [f"technology cards misplaced: missing {dict(missing)}, extra {dict(extra)}"]
    return []
