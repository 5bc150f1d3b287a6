"""Copying a game state without JSON or pickle, knowing its shape (state.py defines it).

`clone_state` is an independent copy. `fork_state` is the cheaper copy `Game.clone` makes: it
shares the unit and sector dicts and the open decision with the state it copies, which the
engine then writes only through `Engine.unit`/`Engine.sector` (copy on write) and never edits
in place (`pending` is replaced, not changed). A field the lists below do not know (a newer
one) is copied deep, never shared; a test checks the lists against state.py's TypedDicts.

Compiled with the rules core (setup.py): every clone a search bot makes, and the snapshot a
game keeps for putting a failed decision back, run through here.
"""

from __future__ import annotations

from typing import Any, cast

from lastlight.interpreter.engine.state import GameState, Player


def _deep(value: Any) -> Any:
    if type(value) is dict:
        return {k: _deep(v) for k, v in value.items()}
    if type(value) is list:
        return [_deep(v) for v in value]
    return value


#: A deep copy of plain JSON data (dicts and lists copied, the rest shared).
deep_copy = _deep


def _player(pl: Player) -> Player:
    out = pl.copy()  # (one line per field: a loop over the names costs a third more)
    out["offer_f"] = pl["offer_f"][:]
    out["offer_a"] = pl["offer_a"][:]
    out["hand"] = pl["hand"][:]
    out["played"] = pl["played"][:]
    out["tech_hand"] = pl["tech_hand"][:]
    out["civ"] = pl["civ"][:]
    out["exhausted"] = pl["exhausted"][:]
    out["grave"] = pl["grave"][:]
    out["res"] = pl["res"].copy()
    out["ability"] = pl["ability"].copy()
    out["mods"] = {size: mods[:] for size, mods in pl["mods"].items()}
    if len(out) != _PLAYER_KEYS:  # a field this module does not know: copied deep
        extra = cast(dict[str, Any], out)
        for key in pl.keys() - _PLAYER_SHAPED:
            extra[key] = _deep(extra[key])
    return out


def clone_state(st: GameState, *, board: bool = True) -> GameState:
    """An independent copy of a state, shaped by state.py's definitions (no JSON). Keys this
    module does not know (a newer field) are deep-copied, so a clone is never shared. With
    `board=False` the unit and sector dicts are not copied: the copy's `units` and `sectors`
    are the state's own until the caller replaces them (observe.py puts its own copies in)."""
    # (keeps the key order)
    out: dict[str, Any] = {k: v if k in _SHAPED else _deep(v) for k, v in st.items()}
    out["players"] = [_player(pl) for pl in st["players"]]
    if board:
        out["units"] = {uid: u.copy() for uid, u in st["units"].items()}
        out["sectors"] = {sid: s.copy() for sid, s in st["sectors"].items()}
    for key in ("homes", "deck", "discard", "removed", "winners"):
        out[key] = st[key][:]
    out["queue"] = [entry[:3] + [_deep(x) for x in entry[3:]] for entry in st["queue"]]
    out["stack"] = [_deep(frame) for frame in st["stack"]]
    for name in ("pending", "combat", "lumos"):
        out[name] = _deep(st[name])
    return cast(GameState, out)


def fork_state(state: GameState) -> GameState:
    """A copy of a state for `Game.clone` that shares the unit dicts, the sector dicts and the
    open decision with `st` (the engine copies a unit or sector before writing it: see
    `Engine.unit`) and copies the rest as `clone_state` does."""
    st = cast(dict[str, Any], state)  # (read by key: a newer field is copied too)
    out = st.copy()  # the scalars, in the state's key order
    for key in st.keys() - _KNOWN:  # a newer field: copied deep, never shared
        out[key] = _deep(st[key])
    out["players"] = [_player(pl) for pl in st["players"]]
    out["units"] = st["units"].copy()
    out["sectors"] = st["sectors"].copy()
    out["homes"] = st["homes"][:]
    out["deck"] = st["deck"][:]
    out["discard"] = st["discard"][:]
    out["removed"] = st["removed"][:]
    out["winners"] = st["winners"][:]
    out["queue"] = [entry[:3] + [_deep(x) for x in entry[3:]] for entry in st["queue"]]
    out["stack"] = [_frame(frame) for frame in st["stack"]]
    if st["combat"] is not None:
        out["combat"] = _deep(st["combat"])
    if st["lumos"] is not None:
        out["lumos"] = _deep(st["lumos"])
    return cast(GameState, out)


def _frame(frame: dict[str, Any]) -> dict[str, Any]:
    out = frame.copy()
    for key, value in frame.items():
        if type(value) is dict or type(value) is list:
            out[key] = _deep(value)
    return out


_SHAPED = frozenset(
    (
        "players",
        "units",
        "sectors",
        "homes",
        "deck",
        "discard",
        "removed",
        "winners",
        "queue",
        "stack",
        "pending",
        "combat",
        "lumos",
    )
)

#: the state's fields of plain values (shared by a copy as they are)
_SCALARS = frozenset(
    (
        "v",
        "seed",
        "n",
        "round",
        "rot",
        "first",
        "stage",
        "center",
        "trig",
        "entry",
        "over",
        "stalled",
        "rng",
    )
)
_KNOWN = _SHAPED | _SCALARS
_PLAYER_SHAPED = frozenset(
    (
        "faction",
        "ach",
        "offer_f",
        "offer_a",
        "light",
        "res",
        "hand",
        "played",
        "chosen",
        "tech_hand",
        "civ",
        "ability",
        "mods",
        "exhausted",
        "grave",
        "ver",
    )
)
_PLAYER_KEYS = len(_PLAYER_SHAPED)
