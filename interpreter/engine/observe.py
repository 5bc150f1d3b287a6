"""What one seat may know: observations and the visibility of log events (R-SET-06, R-RND-07).

An observation has the shape of the game state (so the read-only queries in `queries.py` work on
it unchanged), with everything the seat may not know taken out:

- the generator state and the seed (they would reveal every future draw), the effect stack and
  the trigger counters (they hold cards drawn but not yet kept);
- the technology deck's order (`deck` becomes `None`; `deck_count` says how many cards are left);
- other players' technology hands (`tech_hand` is `None`; `tech_hand_count` is public), their
  kept achievement until the game is over, their faction until every player has kept both a
  faction and an achievement (the factions are revealed together), their offers, and the
  action card they chose until the cards are revealed (`chosen` is `None`; `has_chosen` is
  public);
- the identity of face-down exploration tokens (`token` becomes the pile its back shows:
  `common`, `rare`, ...; a face-down deep space token shows only `deep: true`);
- the options of a decision that is not the seat's (only who decides and the kind are public).

`None` always means "hidden from this seat". The spectator view (`seat=None`) shows only public
information. Everything is plain JSON.

Log events carry `see`: the seats that may read the event (absent: everyone).

The observation's types live in `observe_types.py` (kept in Python: a test reads their
`NotRequired` back, which mypyc drops) and are named here too; this module is compiled with the
rules core (setup.py): a learning environment asks for an observation at every step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from lastlight.interpreter.engine.observe_types import (
    Observation,
    SeenPending,
    SeenPlayer,
    SeenSector,
)
from lastlight.interpreter.engine.state import GameState, Unit
from lastlight.interpreter.engine.state_copy import clone_state

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine

__all__ = [
    "ALL",
    "PRIVATE_KEYS",
    "Observation",
    "Reader",
    "SeenPending",
    "SeenPlayer",
    "SeenSector",
    "event_visible",
    "everything",
    "factions_revealed",
    "observation",
    "redact",
    "seen_board",
    "visible_log",
]


#: State keys that are never part of an observation.
PRIVATE_KEYS = ("rng", "seed", "stack", "trig", "entry")


def observation(eng: Engine, seat: int | None) -> Observation:
    """Everything `seat` may know, as a fresh JSON-ready dict (None: a spectator). Its `sectors`
    and `units` are shared with the engine's other observations while the board is unchanged
    (`seen_board`): read them, never write them (copy first)."""
    st = eng.state
    # the engine's fast typed copy but the board (shared, below); then take out secrets
    obs = cast(dict[str, Any], clone_state(st, board=False))
    for key in PRIVATE_KEYS:
        obs.pop(key, None)
    obs["seat"] = seat
    obs["deck"] = None
    obs["deck_count"] = len(st["deck"])
    factions_public = factions_revealed(st)
    over = bool(st["over"])
    for i, pl in enumerate(obs["players"]):
        _redact_player(pl, i == seat, factions_public, over, st["stage"] == "select")
    obs["sectors"], obs["units"] = seen_board(eng)
    pending = st["pending"]
    if pending is not None:
        mine = pending["p"] == seat
        obs["pending"] = {
            "p": pending["p"],
            "kind": pending["kind"],
            "prompt": pending["prompt"] if mine else None,
            "options": obs["pending"]["options"] if mine else None,  # already a copy
        }
    return cast(Observation, obs)


def seen_board(eng: Engine) -> tuple[dict[str, SeenSector], dict[str, Unit]]:
    """The sectors and units as every seat sees them (the same for all: a face-down token shows
    its back to everyone), shared by the observations of every seat until the board is written.

    They are copies the engine never writes, kept in `eng.cache` and worked out again after a
    write to a unit or a sector (`Engine.unit` / `Engine.sector` set `board_written`; a hand
    edit or a put-back drops the cache). Worked out again, each of the two is kept as the same
    object when it is equal to the last, so two observations' sectors (or units) are the same
    object exactly when nothing a seat can see of them changed in between: a client compares
    them with `is` (`SeatView.board_data`). That tells a seat nothing hidden: a write that
    changed only what it cannot see (none does today) leaves them the same objects."""
    seen = eng.cache.get("seen_board")
    if seen is not None and not eng.board_written:
        return seen
    eng.board_written = False
    st = eng.state
    sectors: dict[str, dict[str, Any]] = {sid: dict(s) for sid, s in st["sectors"].items()}
    piles = eng.rules.token_piles_by_id
    for info in sectors.values():
        if info["token"] and not info["up"]:
            info["token"] = piles.get(info["token"], "token")
        if info["deep"]:
            info["deep"] = True
    units = {uid: u.copy() for uid, u in st["units"].items()}
    shown = (cast(dict[str, SeenSector], sectors), units)
    if seen is not None:  # equal to the last: the last kept (its identity says "unchanged")
        old_sectors, old_units = seen
        shown = (
            old_sectors if shown[0] == old_sectors else shown[0],
            old_units if units == old_units else units,
        )
    eng.cache["seen_board"] = shown
    return shown


def everything(eng: Engine) -> Observation:
    """The whole state in an observation's shape (every field known, the counts an observation
    adds filled in): what `Game.view(ALL)` reads, for tools that may see everything."""
    st = eng.state
    obs = cast(dict[str, Any], clone_state(st))  # the deck stays a list: ALL may see its order
    obs["seat"] = None
    obs["deck_count"] = len(st["deck"])
    for pl in obs["players"]:
        _public_counts(pl)
    return cast(Observation, obs)


def factions_revealed(st: GameState | Observation) -> bool:
    """R-SET-06: the kept factions are revealed together once every player has kept both a
    faction and an achievement (the two are chosen secretly and simultaneously)."""
    return all(pl["faction"] is not None and pl["ach"] is not None for pl in st["players"])


def _public_counts(out: dict[str, Any]) -> None:
    """The counts and flags every seat may know of a player, whatever else is hidden."""
    out["tech_hand_count"] = len(out["tech_hand"])
    out["hand_count"] = len(out["hand"])
    out["has_chosen"] = out["chosen"] is not None
    out["faction_kept"] = out["faction"] is not None
    out["achievement_kept"] = out["ach"] is not None


def _redact_player(
    out: dict[str, Any], me: bool, factions_public: bool, over: bool, choosing: bool
) -> None:
    _public_counts(out)
    if me:
        return
    out["tech_hand"] = None
    out["offer_f"] = None
    out["offer_a"] = None
    if choosing:  # revealed together once all have chosen (R-RND-07)
        out["chosen"] = None
    if not factions_public:
        out["faction"] = None
    if not over:
        out["ach"] = None


#: The reader who may see everything (a designer debugging a bot game, a finished game's review).
ALL = "all"

Reader = int | str | None


def event_visible(entry: dict[str, Any], seat: Reader) -> bool:
    """May `seat` (a seat number, None for a spectator, or ALL) read this log event?"""
    see = entry.get("see")
    return see is None or seat == ALL or (isinstance(seat, int) and seat in see)


def redact(entry: dict[str, Any], seat: Reader) -> dict[str, Any]:
    """The event as `seat` may read it: whole, or only that it happened (who, what kind,
    `hidden: true`), never the cards or values it was about."""
    if event_visible(entry, seat):
        return entry
    out: dict[str, Any] = {k: entry[k] for k in ("round", "event", "player") if k in entry}
    out["hidden"] = True
    return out


def visible_log(log: list[dict[str, Any]], seat: Reader) -> list[dict[str, Any]]:
    """The log as `seat` (None: a spectator) may read it."""
    return [redact(e, seat) for e in log]
