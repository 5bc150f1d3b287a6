"""The game state: one definition a reader can hold in their head.

The state is plain JSON data (dicts, lists, strings, ints, booleans, None), so a game saves and
loads with `json` and an observation (observe.py) has the same shape with hidden fields `None`.
These TypedDicts document every key and type the engine's signatures (`python .ci/typecheck.py`
checks the engine strictly); the engine reads and writes the dicts directly. Unit keys
are one letter (they are read in the hottest loops and fill most of a save); each is documented
in `Unit`. Derived data (the unit index, card tables, reach caches) is never in the state: it
lives in `Engine.cache` and is rebuilt from the state when missing (memos.py declares it).

Copying a state (`clone_state`, `fork_state`) is in `state_copy.py`, which is compiled with the
rules core; this module stays Python (mypyc drops the `NotRequired` a test reads back).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class Unit(TypedDict):
    """One piece (a ship or an extractor), keyed by a stable id such as `p0-small-3`,
    `p1-x-2` or `lumos-large-1`."""

    o: int  #: owner: the seat, or -1 for the Lumos (two-player variant)
    k: str  #: kind: "s" ship, "x" extractor
    z: str | None  #: size of a ship ("small", "medium", "large"); None for an extractor
    #: where it is: "supply" (its owner's), "board" (a ship in sector `s`), "planet" (an
    #: extractor on the planet of sector `s`), "colony" (an extractor on colony space `c`),
    #: "grave" (in seat `g`'s graveyard), "box" (a destroyed Lumos ship, out of the game)
    at: str
    s: str | None  #: sector id when on the board or a planet
    c: int | None  #: colony ship space index when on a colony space
    d: int  #: damage taken this combat (ships; cleared by a repair or when destroyed)
    g: int | None  #: the seat whose graveyard holds it


class Sector(TypedDict):
    planet: str | None  #: planet name, or None for empty space
    token: str | None  #: the exploration token on the planet (physical id), or None
    up: bool  #: the planetary token is face up
    deep: str | None  #: a face-down deep space token (physical id), or None
    ast: bool  #: an asteroid field (ships may not enter, R-CMD-03)


class Player(TypedDict):
    faction: str | None  #: kept faction card; None while undecided ("" when none was dealt)
    ach: str | None  #: kept planetary achievement (secret until the end), None while undecided
    offer_f: list[str]  #: factions offered at setup (emptied once one is kept)
    offer_a: list[str]  #: achievements offered at setup
    light: int  #: light (victory points)
    res: dict[str, int]  #: resources held: common, uncommon, rare
    hand: list[str]  #: action cards in hand
    played: list[str]  #: action cards played and not yet picked up
    chosen: str | None  #: the action card chosen this round (secret until revealed)
    tech_hand: list[str]  #: technology cards in hand (physical ids, secret)
    civ: list[str]  #: civilization cards in play, in play order
    ability: dict[str, str | None]  #: ship size -> the ship ability card attached
    mods: dict[str, list[str]]  #: ship size -> mod cards attached
    exhausted: list[str]  #: cards exhausted since the last refresh
    grave: list[str]  #: unit ids in this player's graveyard (destroyed by this player)
    ver: int  #: bumped whenever the cards in play change (card tables are rebuilt then)


class Frame(TypedDict, total=False):
    """One running effect program on the stack (machine.py)."""

    prog: str  #: program key in `Rules.programs` (e.g. `card:salvage-drones:0`)
    pc: int  #: index of the next step
    p: int  #: the player the effect belongs to ("you")
    src: str | None  #: the card, token or action that runs it (for the log and errors)
    sec: str | None  #: "this sector", when the effect has one
    loc: dict[str, Any]  #: the current step's own progress (options taken, counts left)
    group: list[int]  #: players of a joint phase (Command's attack)
    size: str  #: the rolling ship size (die faces)
    lumos: bool  #: the roll is for Lumos ships


class Pending(TypedDict):
    """The open decision."""

    p: int  #: the seat to decide
    kind: str  #: a kind from effects/decisions.py
    options: list[dict[str, Any]]  #: the legal decisions
    prompt: str  #: what the player is asked
    by: str  #: "vm" (a frame asked: the answer resumes it) or "flow" (the round flow asked)


class Combat(TypedDict):
    fought: list[str]  #: ships that have rolled this turn (R-CMD-17)
    #: unit id -> [seat that dealt the final damage, dealt by Lumos ships it commands?]
    #: (removed at the end of the sector's combat)
    doomed: dict[str, list[Any]]
    pool: int  #: hits rolled and not yet assigned


class Lumos(TypedDict):
    """The two-player variant's neutral fleet (lumos.py)."""

    ally: int | None  #: the seat the Lumos are allied with, or None


class GameState(TypedDict):
    v: int  #: state format version
    seed: int  #: the seed the game was created with
    n: int  #: number of players
    round: int  #: the round number, from 1
    rot: int  #: board rotation step (0 .. period-1)
    first: int  #: the first player this round
    #: "faction" / "achievement" (setup keeps), "select" (choosing cards), "resolve"
    #: (working through `queue`), "ending" (game end triggers), "over"
    stage: str
    players: list[Player]
    units: dict[str, Unit]  #: every piece by id, kept in id order
    sectors: dict[str, Sector]  #: every sector in play by id, kept in board order
    homes: list[str]  #: each seat's home sector
    center: str  #: the center sector
    deck: list[str]  #: the technology deck, top last (secret order)
    discard: list[str]  #: discarded technology cards
    removed: list[str]  #: exploration tokens out of the game
    lumos: Lumos | None  #: the two-player variant's Lumos; else None
    #: what is left to resolve this round: ["before"|"after", action, p],
    #: ["phase", action, i, p], ["together", action, i, players], ["card_end", action],
    #: ["rotated"]
    queue: list[list[Any]]
    stack: list[Frame]  #: running effect programs, top last
    pending: Pending | None  #: the open decision, or None
    combat: Combat | None  #: the attack in progress, or None
    trig: int  #: triggers fired in this action (the loop guard, triggers.TRIGGER_LIMIT)
    entry: int  #: 1 once the queue's first entry has fired its window triggers
    over: bool  #: the game has ended
    stalled: bool  #: it ended at the round cap with nobody reaching the light to win
    winners: list[int]  #: the winning seats, once over
    rng: int  #: the generator's state (never shown to a player)
    #: die faces to come, by face id, before the generator is asked (scenarios and tests fix
    #: them; absent in a game)
    dice: NotRequired[list[str]]
