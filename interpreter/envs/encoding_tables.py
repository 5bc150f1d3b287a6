"""Index tables for the observation encoder (encoding.py), built once per pack and per frame.

The layout names every entry (`p+1.hand.construct`); encoding uses numbers. `SlotTables` holds,
for one player slot (`p+k`), every card, resource and size as its index in the whole vector.
`Frame` is one seat's frame (the seat, the player count, its home, the rotation state): the slot
tables of each player in seat order from the seat, the place of each physical sector, and memos
of the entries one sector or one unit writes, by the number `Board` gives its row (a small ship
of player 2 at sector `o3` with 1 damage), so each is worked out once per frame. The memos are
bounded by the pack (sectors x what a sector can show; owners x sizes x places x damage).
`Board` keeps the sectors and pieces last seen (`SeatView.board_data`): the views of one game
share those objects while nothing a seat sees of them changes (`observe.seen_board`), so one
identity test tells that they are the same, and each frame's vector of their entries is then
reused as it is (about nine decisions in ten). When they change, seat 0's frame counts the
entries once and the other seats' frames rename that vector (`Frame.follow`: the same sectors
and players, each at its place and slot as that seat sees it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np
from lastlight.interpreter.engine.ruleset import base_id
from lastlight.interpreter.engine.view import LUMOS

if TYPE_CHECKING:
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.engine.view import SeatView

#: Entries of a player's `state` block, by position (encoding.py's layout).
EXTRACTORS_SUPPLY, EXTRACTORS_COLONY, EXTRACTORS_PLANET = 8, 9, 10


def local_maps(
    rules: Rules, labels: dict[str, list[str]], copies: dict[str, list[str]]
) -> dict[str, dict[str, int]]:
    """Each label list as label -> position; a list in `copies` also maps every physical copy
    of a card (`research#2`) to its base card's position."""
    out = {}
    for name, values in labels.items():
        found = {label: i for i, label in enumerate(values)}
        for c in copies.get(name, ()):
            if base_id(c) in found:
                found[c] = found[base_id(c)]
        out[name] = found
    return out


def _absolute(base: int, local: dict[str, int]) -> dict[str, int]:
    return {k: base + i for k, i in local.items()}


class SlotTables:
    """One player slot's entries: each card, resource and size -> its index in the vector."""

    def __init__(self, where: dict[str, int], s: str, loc: dict[str, dict[str, int]], sizes: Any):
        state = where[f"{s}.state"]
        self.state_block = state  # where the `p+k.state` block starts
        self.flags = tuple(range(state, state + 8))  # present .. grave (encoding.py)
        self.res = _absolute(where[f"{s}.res"], loc["res"])
        self.faction = _absolute(where[f"{s}.faction"], loc["faction"])
        self.achievement = _absolute(where[f"{s}.achievement"], loc["achievement"])
        self.hand = _absolute(where[f"{s}.hand"], loc["action"])
        self.played = _absolute(where[f"{s}.played"], loc["action"])
        self.chosen = _absolute(where[f"{s}.chosen"], loc["action"])
        self.tech_hand = _absolute(where[f"{s}.tech_hand"], loc["tech"])
        self.civ = _absolute(where[f"{s}.civ"], loc["tech"])
        self.exhausted = _absolute(where[f"{s}.exhausted"], loc["card"])
        self.offer_f = _absolute(where[f"{s}.offer_f"], loc["faction"])
        self.offer_a = _absolute(where[f"{s}.offer_a"], loc["achievement"])
        self.ability = {z: _absolute(where[f"{s}.ability.{z}"], loc["tech"]) for z in sizes}
        self.mods = {z: _absolute(where[f"{s}.mods.{z}"], loc["tech"]) for z in sizes}
        self.supply = _absolute(where[f"{s}.supply"], loc["size"])


class PlaceBlock:
    """One place's blocks: where its sector, token, yields, ships, damage and extractor
    entries start."""

    def __init__(self, where: dict[str, int], place: str):
        self.sector = where[f"{place}.sector"]
        self.token = where[f"{place}.token"]
        self.yields = where[f"{place}.yields"]
        self.ships = where[f"{place}.ships"]
        self.damage = where[f"{place}.damage"]
        self.extractor = where[f"{place}.extractor"]


class Frame:
    """One seat's frame: player slots, places, and the memos of sector and unit entries."""

    def __init__(self, tables: EncoderTables, seat: int, n: int, places: dict[str, str]):
        self.tables = tables
        self.seat = seat
        self.rel = [(p - seat) % n for p in range(n)]
        self.slots = [tables.slots[r] for r in self.rel]
        self.keys = [(p, r) for p, r in enumerate(self.rel)]  # each player and its slot
        self.places = places
        # each sector's and unit's entries by its number in `Board` (its row there), packed as
        # machine integers (`_packed`): a board's entries are joined and counted without
        # reading a Python number
        self.sectors: list[bytes | None] = []
        self.units: list[bytes | None] = []
        # the board last seen (its versions, `Board`) and its vector
        self._seen = (-1, -1)
        self._base = np.zeros(0, np.float32)
        # the board last counted by this frame: its sectors' entries, its vector and a 0
        self._counted = (-1, -1)
        self._sentries = b""
        self._ext = np.zeros(0, np.float32)
        # another frame whose board vector this one renames (`follow`), and how
        self._source: Frame | None = None
        self._rename = np.zeros(0, np.intp)

    def board(self, seen: Board) -> np.ndarray:
        """A vector holding only what the sectors and units write (their blocks take no other
        entry), as this frame reads `seen`; kept while they do not change, which is most
        decisions. Do not write to it."""
        if seen.versions != self._seen:
            self._seen = seen.versions
            if self._source is None:
                self._base = self._count(seen)[:-1]
            else:  # the same board seen from another seat: its entries renamed
                self._base = self._source._count(seen)[self._rename]
        return self._base

    def _count(self, seen: Board) -> np.ndarray:
        """The board's entries counted in this frame, and one more entry, always 0."""
        if seen.versions != self._counted:
            if seen.versions[0] != self._counted[0]:
                smemo = _grown(self.sectors, len(seen.sector_rows))
                rows, sector = seen.sector_rows, self._sector
                self._sentries = b"".join(
                    [
                        m if (m := smemo[i]) is not None else sector(i, rows[i])
                        for i in seen.sector_ids
                    ]
                )
            umemo = _grown(self.units, len(seen.unit_rows))
            rows, unit = seen.unit_rows, self._unit
            entries = [self._sentries]
            for i, times in seen.unit_counts:
                m = umemo[i]
                entries.append((m if m is not None else unit(i, rows[i])) * times)
            self._counted = seen.versions
            counts = np.bincount(
                np.frombuffer(b"".join(entries), np.intp), minlength=self.tables.size + 1
            )
            self._ext = counts.astype(np.float32)
        return self._ext

    def follow(self, source: Frame) -> None:
        """Take the board's vector from `source` (another seat's frame of the same game at the
        same rotation), renamed: each of its sector's and player's entries moved to where this
        frame writes that sector and that player. One count of a changed board then serves
        every seat. Only when each frame names every sector by a place of its own (else this
        frame counts for itself)."""
        mine, theirs = self.places, source.places
        if len(set(mine.values())) != len(mine) or len(set(theirs.values())) != len(theirs):
            return
        t = self.tables
        rename = np.full(t.size, t.size, np.intp)  # (the source's last entry is 0)
        n = len(self.rel)
        # each owner's slot here and in the source (the Lumos: the last slot in both)
        slots = [((p - self.seat) % n, (p - source.seat) % n) for p in range(n)]
        slots.append((t.n_max, t.n_max))
        sizes = len(t.sizes)
        for sid, place in mine.items():
            a, b = t.places[place], t.places[theirs[sid]]
            for start_a, start_b, width in (
                (a.sector, b.sector, 4),
                (a.token, b.token, len(t.piles)),
                (a.yields, b.yields, len(t.yields)),
            ):
                rename[start_a : start_a + width] = np.arange(start_b, start_b + width)
            for k, j in slots:
                ships_a, ships_b = a.ships + k * sizes, b.ships + j * sizes
                rename[ships_a : ships_a + sizes] = np.arange(ships_b, ships_b + sizes)
                rename[a.damage + k] = b.damage + j
                rename[a.extractor + k] = b.extractor + j
        for k, j in slots[:-1]:
            mine_s, theirs_s = t.slots[k], t.slots[j]
            for e in (EXTRACTORS_SUPPLY, EXTRACTORS_COLONY, EXTRACTORS_PLANET):
                rename[mine_s.state_block + e] = theirs_s.state_block + e
            for z, i in mine_s.supply.items():
                rename[i] = theirs_s.supply[z]
        self._source, self._rename = source, rename

    def _sector(self, number: int, key: tuple[str, tuple[Any, ...]]) -> bytes:
        sid, (planet, ast, deep, token, up) = key
        out: list[int] = []
        if token or planet or ast or deep:
            t = self.tables
            block = t.places[self.places[sid]]
            base = block.sector
            out += [base + i for i, flag in ((0, planet), (1, ast), (3, deep)) if flag]
            if token:
                if up and token in t.tokens:
                    out.append(base + 2)
                    out += [block.yields + t.yields[y] for y in t.tokens[token].yields]
                elif token in t.piles:
                    out.append(block.token + t.piles[token])
        self.sectors[number] = found = _packed(out)
        return found

    def _unit(self, number: int, key: tuple[Any, ...]) -> bytes:
        at, o, k, z, sector, d = key
        t = self.tables
        lumos = o == LUMOS
        slot = t.n_max if lumos else self.rel[o]
        out: tuple[int, ...] = ()
        if at == "board":
            if k == "s":
                block = t.places[self.places[sector]]
                ship = block.ships + slot * len(t.sizes) + t.sizes[z]
                out = (ship,) + (block.damage + slot,) * int(d or 0)
        elif not lumos:
            state = t.slots[slot].state_block
            if at == "supply":
                out = (t.slots[slot].supply[z] if k == "s" else state + EXTRACTORS_SUPPLY,)
            elif at == "planet":
                block = t.places[self.places[sector]]
                out = (block.extractor + slot, state + EXTRACTORS_PLANET)
            elif at == "colony":
                out = (state + EXTRACTORS_COLONY,)
        self.units[number] = found = _packed(out)
        return found


def _grown(memo: list[bytes | None], size: int) -> list[bytes | None]:
    """`memo` grown to `size` entries (None: not worked out yet)."""
    if len(memo) < size:
        memo += [None] * (size - len(memo))
    return memo


def _packed(entries: Sequence[int]) -> bytes:
    """Entries as numpy's index integers (`np.intp`), packed: joined with others and read
    with `np.frombuffer`."""
    return np.array(entries, np.intp).tobytes()


class Board:
    """The sectors and units of the last view encoded, each with a version that changes when
    they do; what frames read of them is worked out once per version. They are the same from
    every seat (observe.py hides token identities from all alike): the views of one game share
    the very objects until something a seat sees of them changes (`observe.seen_board`, which
    keeps the objects when a write left them equal), so `see` tests identity, never compares.
    Other objects (another game's view, a changed board) are read again; only they are kept,
    not the view."""

    def __init__(self) -> None:
        self.versions = (0, 0)
        #: the sectors and pieces last seen (`SeatView.board_data`, read-only): those of the
        #: view that changed them last
        self._sectors: Mapping[str, Any] | None = None
        self._pieces: Mapping[str, Any] | None = None
        #: every sector row met, (id, (planet, asteroid, deep, token, up)) as
        #: `SeatView.sector_rows` gives it, numbered in the order met (`_sector_numbers`)
        self.sector_rows: list[tuple[str, tuple[Any, ...]]] = []
        self._sector_numbers: dict[tuple[str, tuple[Any, ...]], int] = {}
        #: the sectors of the last view, by number
        self.sector_ids: list[int] = []
        #: every piece row met, (place, owner, kind, size, sector, damage) (`piece_rows`)
        self.unit_rows: list[tuple[Any, ...]] = []
        self._unit_numbers: dict[tuple[Any, ...], int] = {}
        #: the pieces of the last view: (number, how many pieces have that row)
        self.unit_counts: list[tuple[int, int]] = []

    def see(self, view: SeatView) -> None:
        """Take a view's sectors and pieces: their rows are read again only when they are not
        the objects kept (`SeatView.board_data`: the same objects, the same board). Each
        distinct row gets a number once, so that frames look their entries up by position."""
        s, u = self.versions
        data = view.board_data()
        if data.sectors is not self._sectors:
            number = _numbering(self._sector_numbers, self.sector_rows)
            self.sector_ids = [number(row) for row in view.sector_rows()]
            self._sectors = data.sectors
            s += 1
        if data.pieces is not self._pieces:
            rows = view.piece_rows()
            found = list(map(self._unit_numbers.get, rows))
            if None in found:  # a row not met before
                numbers = list(map(_numbering(self._unit_numbers, self.unit_rows), rows))
            else:
                numbers = cast("list[int]", found)
            self.unit_counts = list(Counter(numbers).items())
            self._pieces = data.pieces
            u += 1
        self.versions = (s, u)


def _numbering(numbers: dict[Any, int], rows: list[Any]) -> Callable[[Any], int]:
    """row -> its number, given the first time the row is met (appended to `rows`)."""

    def number(row: Any) -> int:
        found = numbers.get(row)
        if found is None:
            found = numbers[row] = len(rows)
            rows.append(row)
        return found

    return number


class EncoderTables:
    """Everything the encoder looks up, built once from the layout: the player slots, the
    place blocks, the frames met so far."""

    def __init__(
        self,
        rules: Rules,
        where: dict[str, int],
        loc: dict[str, dict[str, int]],
        places: list[str],
        n_max: int,
        size: int,
    ):
        self.n_max = n_max
        self.size = size
        self.tokens = rules.tokens
        self.sizes = loc["size"]
        self.piles = loc["pile"]
        self.yields = loc["yield"]
        sizes = list(rules.sizes)
        self.slots = [SlotTables(where, f"p+{k}", loc, sizes) for k in range(n_max)]
        self.places = {p: PlaceBlock(where, p) for p in places}
        self.frames: dict[tuple[int, int, str, int], Frame] = {}
        self.seen = Board()
