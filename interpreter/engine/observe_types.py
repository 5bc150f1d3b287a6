"""The types of what one seat may know (observe.py makes the observations).

Kept in Python, apart from observe.py, which is compiled with the rules core (setup.py): mypyc
drops a TypedDict's `NotRequired`, and a test reads these types back against real observations.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from lastlight.interpreter.engine.state import Combat, Lumos, Unit


class SeenPlayer(TypedDict):
    """A player as a seat sees them: `state.Player`'s fields, the hidden ones None, and counts
    that are public."""

    faction: str | None  #: None until the factions are revealed (or while undecided)
    ach: str | None  #: another's kept achievement: None until the game is over
    offer_f: list[str] | None  #: another's offers: None
    offer_a: list[str] | None
    light: int
    res: dict[str, int]
    hand: list[str]  #: action cards in hand (public)
    played: list[str]
    chosen: str | None  #: another's chosen card: None while cards are being chosen
    tech_hand: list[str] | None  #: another's technology hand: None
    civ: list[str]
    ability: dict[str, str | None]
    mods: dict[str, list[str]]
    exhausted: list[str]
    grave: list[str]
    ver: int
    tech_hand_count: int  #: how many technology cards they hold
    hand_count: int  #: how many action cards they hold
    has_chosen: bool  #: they have chosen this round's action card
    faction_kept: bool  #: they have kept a faction
    achievement_kept: bool  #: they have kept an achievement


class SeenSector(TypedDict):
    """A sector as anyone sees it: a face-down token shows only its back."""

    planet: str | None
    token: str | None  #: a face-down planetary token: the pile its back shows (`common`, ...)
    up: bool
    deep: str | bool | None  #: a face-down deep space token: True
    ast: bool


class SeenPending(TypedDict):
    """The open decision: who decides and its kind are public; the rest only to that seat."""

    p: int
    kind: str
    prompt: str | None
    options: list[dict[str, Any]] | None


class Observation(TypedDict):
    """Everything one seat may know: the state's fields (`state.GameState`) but the private
    ones (`PRIVATE_KEYS`), hidden values None, and what a seat may count."""

    v: int
    n: int
    round: int
    rot: int
    first: int
    stage: str
    players: list[SeenPlayer]
    units: dict[str, Unit]
    sectors: dict[str, SeenSector]
    homes: list[str]
    center: str
    deck: None  #: the deck's order is never seen
    discard: list[str]
    removed: list[str]
    lumos: Lumos | None
    queue: list[list[Any]]
    pending: SeenPending | None
    combat: Combat | None
    over: bool
    stalled: bool
    winners: list[int]
    dice: NotRequired[list[str]]
    seat: int | None  #: whose observation it is (None: a spectator)
    deck_count: int  #: cards left in the technology deck
