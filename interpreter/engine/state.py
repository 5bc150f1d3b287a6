"""The game state: one definition a reader can hold in their head, and a fast copy of it.

The state is plain JSON data (dicts, lists, strings, ints, booleans, None), so a game saves and
loads with `json` and an observation (observe.py) has the same shape with hidden fields `None`.
These TypedDicts document every key and type the engine's signatures (`python .ci/typecheck.py`
checks the engine strictly); the engine reads and writes the dicts directly. Unit keys
are one letter (they are read in the hottest loops and fill most of a save); each is documented
in `Unit`. Derived data (the unit index, card tables, reach caches) is never in the state: it
lives in `Engine.cache` and is rebuilt from the state when missing (memos.py declares it).

`clone_state` copies a state without JSON or pickle, knowing its shape. `fork_state` is the
cheaper copy `Game.clone` makes: it shares the unit and sector dicts and the open decision with
the state it copies, which the engine then writes only through `Engine.unit`/`Engine.sector`
(copy on write) and never edits in place (`pending` is replaced, not changed).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast


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
    """An independent copy of a state, shaped by the definitions above (no JSON). Keys this
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
