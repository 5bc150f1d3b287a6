"""Read-only questions about a game state: stats with modifiers, parameters, pieces, control.

Lasting modifiers are read from the cards a player has in play (faction, civilization cards,
ship abilities and mods attached to a ship type); the engine never asks for a card by name.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.effects import ast
from lastlight.interpreter.engine import lumos
from lastlight.interpreter.engine.memos import PlacedParts, bounded
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.engine.state import Player
from lastlight.interpreter.engine.units import index

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine

# the two-player variant's answers (lumos.py), under the names bots and scenarios use
LUMOS = lumos.LUMOS
lumos_ally = lumos.ally
are_enemies = lumos.are_enemies


def active_cards(eng: Engine, p: int) -> Iterator[tuple[str, str | None]]:
    """(physical card id, attached ship size or None) for everything of p's that is in play.

    Order is fixed: faction, kept achievement, civilization cards in play order, then ship
    abilities and mods by ship size. Exhausted cards are still in play (R-RES-01 FAQ)."""
    if p < 0:
        return
    yield from _in_play(eng.state["players"][p], eng.rules.sizes)


def _in_play(pl: Player, sizes: tuple[str, ...]) -> tuple[tuple[str, str | None], ...]:
    """`active_cards` of one player's state, as a tuple."""
    out: list[tuple[str, str | None]] = []
    if pl["faction"]:
        out.append((pl["faction"], None))
    if pl["ach"]:
        out.append((pl["ach"], None))
    for cid in pl["civ"]:
        out.append((cid, None))
    abilities = pl["ability"]
    mods = pl["mods"]
    for size in sizes:
        ability = abilities.get(size)
        if ability:
            out.append((ability, size))
        for mod in mods.get(size, ()):
            out.append((mod, size))
    return tuple(out)


class CardTables:
    """What one player's cards in play say: the lasting modifiers, the designs, the events they
    listen for, and the parameter, ship-stat and cost answers asked so far. Built when the
    player's cards in play change, from each placed card's precomputed part (`_place`); the
    answers asked so far carry over when the lasting modifiers stay the same.

    (Tables are kept per game, not shared by the games of a run: a store shared by every game
    grows with every new set of cards, and the garbage collector then walks it again and again,
    which cost more than rebuilding, measured on fresh seeds.)"""

    __slots__ = (
        "activated",
        "costs",
        "flags",
        "ids",
        "key",
        "params",
        "ranged",
        "ship_costs",
        "statics",
        "stats",
        "triggers",
    )

    #: parameter -> its value for this player (`param`)
    params: dict[str, int]
    #: (ship size, stat) -> its value for this player's ships (`ship_stat`)
    stats: dict[tuple[str, str], int]
    #: technology design -> its cost for this player; ship size -> a ship's cost (the answers
    #: are shared: callers never change them)
    costs: dict[str, dict[str, int]]
    ship_costs: dict[str, dict[str, int]]
    #: the ship sizes of this player's with range 2 or more (`ranged_sizes`), once asked
    ranged: frozenset[str] | None

    def __init__(
        self,
        rules: Rules,
        n: int,
        cards: tuple[tuple[str, str | None], ...],
        old: CardTables | None = None,
    ):
        statics: list[tuple[ast.Phrase, str | None]] = []
        #: event form -> (physical card, attached size, clause, program key), in card order
        triggers: dict[str, list[tuple[str, str | None, ast.Triggered, str]]] = {}
        #: exhaust abilities: (physical card, clause index, clause)
        activated: list[tuple[str, int, ast.Activated]] = []
        #: modifier form -> its phrases, for the yes/no modifiers (`has_flag`)
        flags: dict[str, list[ast.Phrase]] = {}
        ids = []
        key: list[Any] = [n]  # the lasting modifiers, for the shared memos below
        placed = rules.memo.placed_parts
        for card in cards:
            parts = placed.get(card)
            if parts is None:
                parts = placed[card] = _place(rules, *card)
            bid, its_statics, its_key, its_triggers, its_activated = parts
            ids.append(bid)
            if its_statics:
                statics.extend(its_statics)
                key.extend(its_key)
                for modifier, _size in its_statics:
                    found = flags.get(modifier.form)
                    if found is None:
                        flags[modifier.form] = [modifier]
                    else:
                        found.append(modifier)
            for form, entry in its_triggers:
                found_t = triggers.get(form)
                if found_t is None:
                    triggers[form] = [entry]
                else:
                    found_t.append(entry)
            if its_activated:
                activated.extend(its_activated)
        self.statics = statics
        self.triggers = triggers
        self.activated = activated
        self.flags = flags
        self.ids = frozenset(ids)
        #: the lasting modifiers as a key: the same ones give the same parameters, stats and
        #: costs, so the memos below carry over from the player's previous tables
        self.key = tuple(key)
        if old is not None and old.key == self.key:
            self.params, self.stats = old.params, old.stats
            self.costs, self.ship_costs = old.costs, old.ship_costs
            self.ranged = old.ranged
            return
        self.params = {}
        self.stats = {}
        self.costs = {}
        self.ship_costs = {}
        self.ranged = None


def _place(rules: Rules, cid: str, size: str | None) -> PlacedParts:
    """What one physical card attached to `size` (or to nothing) adds to its player's tables:
    its design, lasting modifiers (and their part of the memo key), trigger entries by event
    and exhaust abilities (worked out once per card and size for the loaded content)."""
    bid, statics, triggered, activated = rules.memo.card_parts[base_id(cid)]
    return (
        bid,
        tuple((modifier, size) for modifier in statics),
        tuple(x for modifier in statics for x in (id(modifier), size)),
        tuple((form, (cid, size, clause, prog)) for form, clause, prog in triggered),
        tuple((cid, i, clause) for i, clause in activated),
    )


def tables(eng: Engine, p: int) -> CardTables:
    """p's card tables (p >= 0), looked up again only when p's cards in play change (the
    player's `ver`)."""
    ver = eng.state["players"][p]["ver"]
    try:
        seen_ver, t = eng.cache["tables"][p]
        if seen_ver == ver:
            return t
    except KeyError:
        t = None
    cards = _in_play(eng.state["players"][p], eng.rules.sizes)
    t = CardTables(eng.rules, eng.state["n"], cards, t)
    if eng.in_play is not None:
        eng.in_play.update(t.ids)
    eng.cache.setdefault("tables", {})[p] = (ver, t)
    return t


def card_ids(eng: Engine, p: int) -> frozenset[str]:
    """The designs (base ids) of everything p has in play, for a quick listener test."""
    return tables(eng, p).ids


def statics(eng: Engine, p: int) -> list[tuple[ast.Phrase, str | None]]:
    """Every lasting modifier p has in play, with the ship size it is attached to."""
    if p < 0:
        return []
    return tables(eng, p).statics


def param(eng: Engine, p: int, name: str) -> int:
    """A rule parameter for player p: base, player-count override, then modifiers."""
    if p < 0:
        return eng.params[name]
    t = tables(eng, p)
    value = t.params.get(name)
    if value is None:
        value = eng.params[name]
        for phrase, _size in t.statics:
            if phrase.form == "param" and phrase.args["param"][1:] == name:
                value += phrase.args["delta"]
        t.params[name] = value
    return value


#: "$name" -> "name": a parameter reference's name, sliced once per reference
_PARAM_NAMES: dict[str, str] = {}


def amount(eng: Engine, p: int, value: Any) -> int:
    if type(value) is int:
        return value
    name = _PARAM_NAMES.get(value) if type(value) is str else None
    if name is not None:
        return param(eng, p, name)
    if isinstance(value, str) and value.startswith("$"):
        name = _PARAM_NAMES[value] = value[1:]
        return param(eng, p, name)
    return int(value)


def ship_stat(eng: Engine, owner: int, size: str, stat: str) -> int:
    """A ship stat with modifiers; Lumos ships use base stats only (R-TWO-09)."""
    if owner < 0:
        return int(eng.rules.ships[size][stat])
    t = tables(eng, owner)
    value = t.stats.get((size, stat))
    if value is None:
        value = int(eng.rules.ships[size][stat])
        for phrase, attached in t.statics:
            if phrase.args.get("stat") != stat:
                continue
            general = phrase.form == "ship_stat" and phrase.args.get("size") in (None, size)
            if general or (phrase.form == "attached_stat" and attached == size):
                value += phrase.args["delta"]
        value = t.stats[(size, stat)] = max(value, 0 if stat != "shields" else 1)
    return value


def ranged_sizes(eng: Engine, owner: int) -> frozenset[str]:
    """The ship sizes of `owner`'s that fire into adjacent sectors (range 2 or more, R-CMD-15),
    with modifiers (`ship_stat`); kept with the player's stats."""
    if owner < 0:
        return frozenset(z for z in eng.rules.sizes if ship_stat(eng, owner, z, "range") >= 2)
    t = tables(eng, owner)
    found = t.ranged
    if found is None:
        found = t.ranged = frozenset(
            z for z in eng.rules.sizes if ship_stat(eng, owner, z, "range") >= 2
        )
    return found


def bombardment(eng: Engine, owner: int, size: str) -> bool:
    if eng.rules.ships[size]["bombardment"]:
        return True
    if owner < 0:
        return False
    t = tables(eng, owner)
    if "ship_bombard" not in t.flags and "attached_bombard" not in t.flags:
        return False
    for phrase, attached in t.statics:
        if phrase.form == "ship_bombard" and phrase.args.get("size") in (None, size):
            return True
        if phrase.form == "attached_bombard" and attached == size:
            return True
    return False


def has_flag(eng: Engine, p: int, form: str, **match: Any) -> bool:
    if p < 0:
        return False
    phrases = tables(eng, p).flags.get(form)
    if not phrases:
        return False
    return any(all(ph.args.get(k) == v for k, v in match.items()) for ph in phrases)


def ship_cost(eng: Engine, p: int, size: str) -> dict[str, int]:
    """What a ship of this size costs p (a shared answer: never change it)."""
    costs = tables(eng, p).ship_costs
    cached = costs.get(size)
    if cached is None:
        cached = costs[size] = _ship_cost(eng, p, size)
    return cached


def _ship_cost(eng: Engine, p: int, size: str) -> dict[str, int]:
    cost = dict(eng.rules.ships[size]["cost"])
    for phrase in tables(eng, p).flags.get("ship_discount", ()):
        if phrase.form == "ship_discount" and phrase.args.get("size") in (None, size):
            res = phrase.args["what"]
            cost[res] = max(0, cost.get(res, 0) - amount(eng, p, phrase.args["n"]))
    return {k: v for k, v in cost.items() if v > 0}


def tech_cost(eng: Engine, p: int, card_id: str) -> dict[str, int]:
    costs = tables(eng, p).costs
    bid = base_id(card_id)
    cached = costs.get(bid)
    if cached is None:
        cached = costs[bid] = _tech_cost(eng, p, card_id)
    return cached


def _tech_cost(eng: Engine, p: int, card_id: str) -> dict[str, int]:
    discounts = tables(eng, p).flags.get("tech_discount")
    if not discounts:  # the printed cost, one shared answer per design
        base = bounded(eng.rules.memo.printed_costs)
        bid = base_id(card_id)
        printed = base.get(bid)
        if printed is None:
            cost = eng.rules.cards[bid].cost
            printed = base[bid] = {k: v for k, v in cost.items() if v > 0}
        return printed
    cost = dict(eng.rules.cards[base_id(card_id)].cost)
    for phrase in discounts:
        if phrase.form == "tech_discount":
            res = phrase.args["what"]
            cost[res] = max(0, cost.get(res, 0) - amount(eng, p, phrase.args["n"]))
    return {k: v for k, v in cost.items() if v > 0}


def can_pay(eng: Engine, p: int, cost: dict[str, int]) -> bool:
    pl = eng.state["players"][p]
    for res, n in cost.items():
        have = pl["light"] if res == "light" else pl["res"].get(res, 0)
        if have < n:
            return False
    return True


# --- pieces ---------------------------------------------------------------------------------


def ships_in(eng: Engine, sector: str) -> list[str]:
    """Ids of ships on the board in a sector, in id order (deterministic)."""
    return list(index(eng).board.get(sector, ()))


def owners_in(eng: Engine, sector: str) -> list[int]:
    seen: list[int] = []
    units = eng.state["units"]
    for uid in index(eng).board.get(sector, ()):
        o = units[uid]["o"]
        if o not in seen:
            seen.append(o)
    return seen


def extractor_on_planet(eng: Engine, sector: str) -> str | None:
    return index(eng).planet_x.get(sector)


def planet_extractors(eng: Engine) -> dict[str, str]:
    """Sector -> id of the extractor on its planet, for every planet that has one."""
    return dict(index(eng).planet_x)


def blockaded(eng: Engine, sector: str, owner: int) -> bool:
    """R-REF-05 / R-TWO-06: ships of another colour (not an allied Lumos) are in the sector."""
    if has_flag(eng, owner, "no_blockade"):
        return False
    return any(are_enemies(eng, owner, o) for o in owners_in(eng, sector))


def sector_order(eng: Engine) -> dict[str, int]:
    """Each sector's place in board order (the order of the state's sectors)."""
    order = eng.cache.get("sector_order")
    if order is None:
        order = eng.cache["sector_order"] = {s: i for i, s in enumerate(eng.state["sectors"])}
    return order


def planets_controlled(eng: Engine, p: int) -> list[str]:
    """Sectors of planets where p has an extractor (R-CON-05), in extractor id order."""
    units = eng.state["units"]
    return [
        sector
        for uid, sector in sorted((uid, s) for s, uid in index(eng).planet_x.items())
        if units[uid]["o"] == p
    ]


def techs_in_play(eng: Engine, p: int) -> int:
    pl = eng.state["players"][p]
    return (
        len(pl["civ"])
        + sum(1 for a in pl["ability"].values() if a)
        + sum(len(m) for m in pl["mods"].values())
    )


def total_resources(eng: Engine, p: int) -> int:
    return sum(eng.state["players"][p]["res"].values())
