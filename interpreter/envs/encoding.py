"""The observation vector: a fixed-size float32 encoding of what one seat may know.

The vector is built from the seat's view alone (`Game.view(seat)`, engine/view.py, built from
observe.py's observation: everything the seat may not know is already absent), so it holds
nothing its seat may not see; a test checks it on two
worlds that differ only in hidden information. Its layout is derived from the pack: one block
per field, each named (`Layout.fields`: name, offset, size, labels), written by
`lastlight actions --format json` under `observation`. Players are counted in seat order from the
seat (`p+0` is the seat itself) and sectors are named by place as seen from the seat's home (the
catalogue's frame), so the same situation reads the same from every seat.

Blocks: the table (player count, round, rotation state, stage, first player, who decides and
what kind, deck sizes, combat, the Lumos' ally); per player (light, resources, faction and
achievement, action cards in hand / played / chosen, technologies in hand / in play / as ship
abilities and mods, exhausted cards, offers, supply and graveyard); per place (planet, asteroid,
the face-down token's pile or the revealed token's yields, deep space, ships and damage by owner
and size, the extractor's owner).

Encoding reads the view's rows (`SeatView.player_rows`, `piece_rows`, `sector_rows`: every
player, piece and sector read at once) and index tables built once from the layout
(encoding_tables.py), and gives the vector in parts (`Encoded`): the board's entries, a vector
shared while the view's sectors and pieces are those last seen (the same objects: the engine's
observations share them until something a seat sees of them changes, `observe.seen_board`), and
the entries that are 1 and those with other values, written into a copy of it with two numpy
assignments. A player's cards change seldom: their entries are kept per player and slot while
they are equal. The env encodes once per decision (steps.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from lastlight.interpreter.effects.decisions import DECISION_KINDS
from lastlight.interpreter.envs.encoding_tables import (
    EncoderTables,
    Frame,
    SlotTables,
    local_maps,
)

if TYPE_CHECKING:
    from lastlight.interpreter.engine.catalogue import Catalogue
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.engine.view import PlayerRow, SeatView, TableRow


#: The engine's stages (flow.py), in order.
STAGES = ("faction", "achievement", "select", "resolve", "ending", "over")


class Encoded(NamedTuple):
    """A vector in parts (`Encoder.parts`): `board`, with 1 at `ones` and `val` at `at`."""

    board: np.ndarray  #: what the sectors and pieces write (shared: never write it)
    ones: np.ndarray  #: entries that are 1 (intp), each once, none of them the board's
    at: np.ndarray  #: the entries with another value (intp), each once, none of the above
    val: np.ndarray  #: their values (float32)

    def vector(self) -> np.ndarray:
        """The whole vector: a new array."""
        out = self.board.copy()
        out[self.ones] = 1.0
        out[self.at] = self.val
        return out


@dataclass
class Layout:
    """Named blocks of the vector, in order."""

    fields: list[tuple[str, int, tuple[str, ...]]] = field(default_factory=list)
    size: int = 0
    where: dict[str, int] = field(default_factory=dict)

    def add(self, name: str, labels: tuple[str, ...] | list[str] = ("",)) -> int:
        start = self.size
        self.fields.append((name, start, tuple(labels)))
        self.where[name] = start
        for i, label in enumerate(labels):
            self.where[f"{name}.{label}" if label else name] = start + i
        self.size += len(labels)
        return start

    def to_json(self) -> list[dict[str, Any]]:
        return [
            {"name": n, "offset": o, "size": len(labels), "labels": [x for x in labels if x]}
            for n, o, labels in self.fields
        ]


def _resources(rules: Rules) -> list[str]:
    names: set[str] = set(rules.colony_spaces)
    names.update(rules.start.get("resources") or {})
    for ship in rules.ships.values():
        names.update(ship.get("cost") or {})
    for card in rules.cards.values():
        names.update(card.cost)
    return sorted(names)


class Encoder:
    """`encode(obs, seat)` -> the float32 vector; `layout` says what each entry is."""

    def __init__(self, rules: Rules, catalogue: Catalogue):
        self.rules = rules
        self.catalogue = catalogue
        self.n_max = rules.players_max
        self.sizes = list(rules.sizes)
        self.resources = _resources(rules)
        self.actions = [a.id for a in rules.actions]
        self.factions = list(rules.factions)
        self.achievements = list(rules.achievement_designs)
        self.techs = list(rules.tech_designs)
        self.cards = list(dict.fromkeys([*self.techs, *self.factions, *self.achievements]))
        self.piles = list(rules.token_piles)
        self.yields = sorted({y for t in rules.tokens.values() for y in t.yields})
        self.owners = [f"p+{k}" for k in range(self.n_max)] + ["lumos"]
        self.layout = self._build()
        self._t = self._tables()
        #: (player, slot) -> that player's cards (`PlayerRow`'s fields from `faction` on) as
        #: last read in that slot, and their entries (`_counted`): read again when they differ
        self._cards: dict[tuple[int, int], tuple[tuple[Any, ...], np.ndarray, list[int], list[int]]]
        self._cards = {}

    # --- layout ------------------------------------------------------------------------------
    def _build(self) -> Layout:
        lay = Layout()
        rules = self.rules
        seats = [f"p+{k}" for k in range(self.n_max)]
        lay.add("players", [str(n) for n in range(rules.players_min, rules.players_max + 1)])
        lay.add("round")
        lay.add("rotation", [str(r) for r in range(self.catalogue.board.period)])
        lay.add("stage", list(STAGES))
        lay.add("first", seats)
        lay.add("to_move", seats)
        lay.add("pending", sorted(DECISION_KINDS))
        lay.add("counts", ["deck", "discard", "removed"])
        lay.add("combat", ["on", "pool"])
        lay.add("lumos_ally", seats)
        for seat in seats:
            self._player_block(lay, seat)
        for place in self.catalogue.places:
            self._place_block(lay, place)
        self.decision_at = lay.add("decision", [str(i) for i in range(len(self.catalogue))])
        return lay

    def _player_block(self, lay: Layout, seat: str) -> None:
        lay.add(
            f"{seat}.state",
            [
                "present",
                "light",
                "faction_kept",
                "achievement_kept",
                "has_chosen",
                "hand_count",
                "tech_hand_count",
                "grave",
                "extractors_supply",
                "extractors_colony",
                "extractors_planet",
            ],
        )
        lay.add(f"{seat}.res", self.resources)
        lay.add(f"{seat}.faction", self.factions)
        lay.add(f"{seat}.achievement", self.achievements)
        lay.add(f"{seat}.hand", self.actions)
        lay.add(f"{seat}.played", self.actions)
        lay.add(f"{seat}.chosen", self.actions)
        lay.add(f"{seat}.tech_hand", self.techs)
        lay.add(f"{seat}.civ", self.techs)
        for size in self.sizes:
            lay.add(f"{seat}.ability.{size}", self.techs)
            lay.add(f"{seat}.mods.{size}", self.techs)
        lay.add(f"{seat}.exhausted", self.cards)
        lay.add(f"{seat}.offer_f", self.factions)
        lay.add(f"{seat}.offer_a", self.achievements)
        lay.add(f"{seat}.supply", self.sizes)

    def _place_block(self, lay: Layout, place: str) -> None:
        lay.add(f"{place}.sector", ["planet", "asteroid", "up", "deep"])
        lay.add(f"{place}.token", self.piles)
        lay.add(f"{place}.yields", self.yields)
        lay.add(f"{place}.ships", [f"{o}.{z}" for o in self.owners for z in self.sizes])
        lay.add(f"{place}.damage", self.owners)
        lay.add(f"{place}.extractor", self.owners)

    # --- encoding ----------------------------------------------------------------------------
    def _tables(self) -> EncoderTables:
        """The index tables (encoding_tables.py), from the layout's names."""
        rules = self.rules
        loc = local_maps(
            rules,
            {
                "res": self.resources,
                "faction": self.factions,
                "achievement": self.achievements,
                "action": self.actions,
                "tech": self.techs,
                "card": self.cards,
                "pile": self.piles,
                "yield": self.yields,
                "size": self.sizes,
            },
            {
                "achievement": list(rules.achievements),
                "tech": list(rules.tech_deck),
                "card": [*rules.tech_deck, *rules.achievements],
            },
        )
        where = self.layout.where
        self._stage = {s: where["stage"] + i for i, s in enumerate(STAGES)}
        self._pending = {k: where["pending"] + i for i, k in enumerate(sorted(DECISION_KINDS))}
        self._top = itemgetter(
            "players", "round", "rotation", "first", "to_move", "counts", "combat", "lumos_ally"
        )(where)
        return EncoderTables(rules, where, loc, self.catalogue.places, self.n_max, self.layout.size)

    def _frame(self, view: SeatView, seat: int, n: int, rotation: int) -> Frame:
        rot = rotation % self.catalogue.board.period
        key = (seat, n, view.homes[seat], rot)
        frame = self._t.frames.get(key)
        if frame is None:
            places = self.catalogue.view(seat, n, key[2], rot).places
            frame = self._t.frames[key] = Frame(self._t, seat, n, places)
            if seat != 0:  # its board is seat 0's, renamed (`Frame.follow`)
                frame.follow(self._frame(view, 0, n, rotation))
        return frame

    def encode(self, view: SeatView) -> np.ndarray:
        """The vector of `view`, a seat's view (`Game.view(seat)`): a new array each call."""
        return self.parts(view).vector()

    def parts(self, view: SeatView) -> Encoded:
        """The vector of `view` in parts (`Encoded`): what the board writes, a vector shared
        with other calls, and the other entries. The encoder keeps the view's sectors and
        pieces until the next call, to tell whether the next view's are the same (`Board`)."""
        seat = view.seat
        if seat is None:
            raise ValueError("the encoder reads a seat's view, not a spectator's")
        table = view.table_row()
        frame = self._frame(view, seat, table.players_count, table.rotation)
        ones: list[int] = []  # entries that are 1, besides the players' cards
        at: list[int] = []  # entries with another value (each written once)
        val: list[Any] = []
        self._encode_table(ones, at, val, table, frame.rel)
        cards, known = [], self._cards
        for row, slot, key in zip(view.player_rows(), frame.slots, frame.keys, strict=True):
            _encode_player(ones, at, val, slot, row)
            mine = row[11:]  # the cards: they seldom change (`_cards`)
            last = known.get(key)
            if last is None or last[0] != mine:
                once, more, times = _counted(_card_entries(slot, mine))
                last = known[key] = (mine, np.array(once, np.intp), more, times)
            cards.append(last[1])
            if last[2]:
                at += last[2]
                val += last[3]
        seen = self._t.seen
        seen.see(view)
        if len(set(ones)) != len(ones):  # a card in a hand twice (no pack does that yet)
            counts = Counter(ones)
            ones = [i for i, k in counts.items() if k == 1]
            more = [i for i, k in counts.items() if k > 1]
            at += more
            val += [counts[i] for i in more]
        n = len(at)  # (typed arrays: numpy need not guess the lists' types)
        return Encoded(
            frame.board(seen),
            np.concatenate([np.fromiter(ones, np.intp, len(ones)), *cards]),
            np.fromiter(at, np.intp, n),
            np.fromiter(val, np.float32, n),
        )

    def _encode_table(
        self, ones: list[int], at: list[int], val: list[Any], row: TableRow, rel: list[int]
    ) -> None:
        players, round_, rotation, first, to_move, counts, combat, ally = self._top
        n, rounds, rot, first_seat, stage, mover, kind, deck, discard, removed, pool, friend = row
        ones.append(players + n - self.rules.players_min)
        ones.append(rotation + rot % self.catalogue.board.period)
        ones.append(self._stage.get(stage, self._stage[STAGES[0]]))
        ones.append(first + rel[first_seat])
        if mover is not None and kind is not None:
            ones.append(to_move + rel[mover])
            ones.append(self._pending[kind])
        at += (round_, counts, counts + 1, counts + 2)
        val += (rounds, deck, discard, removed)
        if pool is not None:
            ones.append(combat)
            at.append(combat + 1)
            val.append(pool)
        if friend is not None:
            ones.append(ally + rel[friend])


def _encode_player(
    ones: list[int], at: list[int], val: list[Any], t: SlotTables, row: PlayerRow
) -> None:
    """One player's flags and counts, resources and action cards, written in slot `t` (the
    layout's `p+k.*` blocks)."""
    res, hand, played, chosen = row.resources, row.hand, row.played, row.chosen
    at += t.flags  # present, the flags and counts, grave
    val.append(1)
    val += row[:6]  # light .. tech_hand_count (`PlayerRow`), in the block's order
    val.append(len(row.graveyard))
    try:
        at += list(map(t.res.__getitem__, res))
        val += res.values()
    except KeyError:  # a resource the pack does not name: left out
        for r, amount in res.items():
            if r in t.res:
                at.append(t.res[r])
                val.append(amount)
    ones += map(t.hand.__getitem__, hand)
    ones += map(t.played.__getitem__, played)
    if chosen is not None:
        ones.append(t.chosen[chosen])


def _card_entries(t: SlotTables, cards: tuple[Any, ...]) -> list[int]:
    """The entries of a player's other cards (`PlayerRow`'s fields from `faction` on), in slot
    `t`; copies of one card give one entry twice."""
    faction, ach, tech_hand, civ, exhausted, ability, mods, offer_f, offer_a = cards
    ones: list[int] = []
    if faction:  # "" is a pack without factions: nothing kept
        ones.append(t.faction[faction])
    if ach is not None:
        ones.append(t.achievement[ach])
    if tech_hand:
        ones += map(t.tech_hand.__getitem__, tech_hand)
    if civ:
        ones += map(t.civ.__getitem__, civ)
    if exhausted:
        ones += [t.exhausted[c] for c in exhausted if c in t.exhausted]
    for z, c in (ability or {}).items():
        if c is not None:
            ones.append(t.ability[z][c])
    for z, cids in (mods or {}).items():
        ones += map(t.mods[z].__getitem__, cids)
    if offer_f:
        ones += map(t.offer_f.__getitem__, offer_f)
    if offer_a:
        ones += map(t.offer_a.__getitem__, offer_a)
    return ones


def _counted(entries: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Entries as those written once, and those written more often (copies of one card)
    with how often."""
    if len(set(entries)) == len(entries):
        return entries, [], []
    counts = Counter(entries)
    once = [i for i, k in counts.items() if k == 1]
    more = [i for i, k in counts.items() if k > 1]
    return once, more, [counts[i] for i in more]
