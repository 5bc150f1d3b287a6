"""Where the units are: `move_unit`, the one function that moves a piece, and the index it keeps.

The state holds every piece in `state["units"]` (id -> unit, see state.py). Questions such as
"which ships are in this sector" or "the first ship of this size in p's supply" used to scan all
of them; the index answers them from buckets kept current by `move_unit`. Buckets list unit ids
in id order, the order the state's units are kept in (game.canonical_order), so answers come in
the same order a scan would give. The index is derived data: it lives in `eng.cache` (dropped by
`Game.state_edited` and on a restore) and is rebuilt from the state when missing.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any, Final, TypedDict, Unpack

from lastlight.interpreter.engine.state import Unit

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine

KEY: Final = "units"  # the index's key in eng.cache


class Placement(TypedDict, total=False):
    """The fields of a `Unit` that `move_unit` changes."""

    at: str
    s: str | None
    c: int | None
    d: int
    g: int | None


class UnitIndex:
    """Buckets of unit ids, each in id order."""

    __slots__ = ("board", "by_owner", "colony", "planet_x", "shared", "supply", "ver")

    def __init__(self, units: dict[str, Unit]):
        #: sector -> ships on the board there
        self.board: dict[str, list[str]] = {}
        #: owner -> that side's ships on the board
        self.by_owner: dict[int, list[str]] = {}
        #: sector -> the extractor on its planet
        self.planet_x: dict[str, str] = {}
        #: (owner, kind, size) -> units in supply (size None for extractors)
        self.supply: dict[tuple[int, str, str | None], list[str]] = {}
        #: owner -> extractors on colony ship spaces
        self.colony: dict[int, list[str]] = {}
        #: also in a clone's cache (`Engine.cache_for_clone`): copied before a move changes it
        self.shared = False
        #: moves made through this index (`move_unit`): a memo of where units are keeps the
        #: index and this count it was worked out at
        self.ver = 0
        for uid, u in units.items():  # id order: appending keeps every bucket sorted
            self._add(uid, u, append=True)

    def copy(self) -> UnitIndex:
        """An index of its own for a clone of the game (the buckets copied)."""
        twin = UnitIndex({})
        twin.board = {key: bucket[:] for key, bucket in self.board.items()}
        twin.by_owner = {key: bucket[:] for key, bucket in self.by_owner.items()}
        twin.planet_x = self.planet_x.copy()
        twin.supply = {key: bucket[:] for key, bucket in self.supply.items()}
        twin.colony = {key: bucket[:] for key, bucket in self.colony.items()}
        twin.shared = False
        twin.ver = self.ver
        return twin

    def _add(self, uid: str, u: Unit, append: bool = False) -> None:
        # (a unit on the board or a planet has a sector, `s`; the types cannot say so)
        buckets: dict[Any, list[str]]
        key: Any
        at = u["at"]
        if at == "board":
            for buckets, key in ((self.board, u["s"]), (self.by_owner, u["o"])):
                bucket = buckets.get(key)
                if bucket is None:
                    buckets[key] = [uid]
                elif append:
                    bucket.append(uid)
                else:
                    insort(bucket, uid)
        elif at == "supply":
            key = (u["o"], u["k"], u["z"])
            bucket = self.supply.get(key)
            if bucket is None:
                self.supply[key] = [uid]
            elif append:
                bucket.append(uid)
            else:
                insort(bucket, uid)
        elif at == "planet":
            self.planet_x[u["s"]] = uid  # type: ignore[index]
        elif at == "colony":
            bucket = self.colony.setdefault(u["o"], [])
            bucket.append(uid) if append else insort(bucket, uid)

    def _remove(self, uid: str, u: Unit) -> None:
        at = u["at"]
        if at == "board":
            self.board[u["s"]].remove(uid)  # type: ignore[index]
            self.by_owner[u["o"]].remove(uid)
        elif at == "supply":
            self.supply[(u["o"], u["k"], u["z"])].remove(uid)
        elif at == "planet":
            self.planet_x.pop(u["s"], None)  # type: ignore[arg-type]
        elif at == "colony":
            self.colony[u["o"]].remove(uid)


def index(eng: Engine) -> UnitIndex:
    ix = eng.cache.get(KEY)
    if ix is None:
        ix = eng.cache[KEY] = UnitIndex(eng.state["units"])
    return ix


def move_unit(eng: Engine, uid: str, **fields: Unpack[Placement]) -> None:
    """Change where a unit is (`at`, `s` sector, `c` colony space, `d` damage, `g` graveyard
    holder): the only way the engine moves a piece, so the index stays current."""
    unit = eng.unit(uid)
    ix = eng.cache.get(KEY)
    if ix is not None:
        if ix.shared:  # another game's cache holds it too
            ix = eng.cache[KEY] = ix.copy()
        ix._remove(uid, unit)
    unit.update(fields)  # type: ignore[typeddict-item]  # (a Placement's keys are a Unit's)
    if ix is not None:
        ix._add(uid, unit)
        ix.ver += 1
