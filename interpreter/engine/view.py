"""The typed door: what one seat sees, with named fields and the queries a client needs.

Every client reads a game through a `SeatView` (`Game.view(seat)`): the bots, the terminal
screen, the replay viewer, the web server and the learning environments. It is built from the
seat's observation (observe.py), so it holds only what that seat may know: a hidden field is
`None` (another player's hand, a face-down token), never a value the page or the bot is asked
not to look at. Nothing here writes the game; a client's own derived values go in `memo`.

    view = game.view(seat)
    view.me.light, view.players[1].hand_count, view.sectors["o3"].planet
    for unit in view.units_at("o3"): unit.owner, unit.size, unit.damage
    view.ship_stat(seat, "large", "attack"), view.reach("o3", 2), view.blockaded("o3", seat)

The raw observation stays JSON data for the places that need JSON (`to_json`: the stdio bot
protocol, the web server's messages, saves of a view). `Game.view(ALL)` is the whole state, for
tools that may see everything (the scenario runner, the fuzzer's invariants, a finished game's
review); it is a copy. `Game.view(ALL, live=True)` reads the game's own state without a copy,
for a bot's rollouts in a world it sampled itself: it is valid until the game's next `apply`.
Every view describes one position: after a decision, take a new one.

The wrappers are small slotted classes over the observation's dicts, built on first use and kept
for the life of the view (a view is one position): reading `unit.owner` costs one attribute and
one dict lookup.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from lastlight.interpreter.engine import lumos, queries
from lastlight.interpreter.engine.machine import Engine
from lastlight.interpreter.engine.primitives.build import extractor_sites
from lastlight.interpreter.engine.sample import sampleable
from lastlight.interpreter.engine.view_parts import (
    PLACES,
    CombatView,
    PendingView,
    PlayerView,
    SectorView,
    UnitView,
)

if TYPE_CHECKING:
    from lastlight.interpreter.effects import ast
    from lastlight.interpreter.engine.observe import Observation
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.engine.state import GameState

#: The owner of the Lumos ships (two-player variant).
LUMOS = lumos.LUMOS

__all__ = [
    "LUMOS",
    "PLACES",
    "BoardData",
    "CombatView",
    "PendingView",
    "PlayerRow",
    "PlayerView",
    "SeatView",
    "SectorView",
    "TableRow",
    "UnitView",
]


# The rows a client reads at once (`SeatView.piece_rows`, `sector_rows`, `player_rows`,
# `table_row`, `board_data`), kept at the top level: mypyc compiles no class inside a class.
_PIECE_ROW = itemgetter("at", "o", "k", "z", "s", "d")
_SECTOR_ROW = itemgetter("planet", "ast", "deep", "token", "up")
_PLAYER_ROW = itemgetter(
    "light", "faction_kept", "achievement_kept", "has_chosen", "hand_count",
    "tech_hand_count", "grave", "res", "hand", "played", "chosen", "faction", "ach",
    "tech_hand", "civ", "exhausted", "ability", "mods", "offer_f", "offer_a",
)  # fmt: skip


class PlayerRow(NamedTuple):
    """One player's fields at once (`SeatView.player_rows`), named as `PlayerView`'s (None:
    hidden from this seat)."""

    light: int
    faction_kept: bool
    achievement_kept: bool
    has_chosen: bool
    hand_count: int
    tech_hand_count: int
    graveyard: Sequence[str]
    resources: Mapping[str, int]
    hand: Sequence[str]
    played: Sequence[str]
    chosen: str | None
    faction: str | None
    achievement: str | None
    tech_hand: Sequence[str] | None
    civilization: Sequence[str]
    exhausted: Sequence[str]
    abilities: Mapping[str, str | None]
    mods: Mapping[str, Sequence[str]]
    faction_offer: Sequence[str] | None
    achievement_offer: Sequence[str] | None


class TableRow(NamedTuple):
    """The table's fields at once (`SeatView.table_row`), named as the view's."""

    players_count: int
    round: int
    rotation: int
    first: int
    stage: str
    to_move: int | None
    pending_kind: str | None  #: `PendingView.kind` (None: no decision is open)
    deck_count: int
    discard_count: int
    removed_count: int
    combat_pool: int | None  #: `CombatView.pool` (None: no combat)
    lumos_ally: int | None


class BoardData(NamedTuple):
    """A view's sectors and pieces as its observation holds them (`SeatView.board_data`): each
    compares whole (`==`, in C) with another view's, field for field. Read-only, as the
    view is."""

    sectors: Mapping[str, Mapping[str, Any]]
    pieces: Mapping[str, Mapping[str, Any]]


class SeatView:
    """What one seat (or a spectator, or ALL for tools) sees of a position, typed and
    read-only, with the queries a client needs. Build it with `Game.view(seat)`."""

    __slots__ = (
        "_combat",
        "_eng",
        "_obs",
        "_pending",
        "_players",
        "_sectors",
        "_units",
        "memo",
        "rules",
    )

    def __init__(
        self, rules: Rules, observation: Observation | GameState, engine: Engine | None = None
    ):
        self.rules = rules
        #: read here by key: an observation, or (ALL) the state, whose keys it shares
        self._obs = cast(dict[str, Any], observation)
        self._eng = engine
        self._players: tuple[PlayerView, ...] | None = None
        self._units: dict[str, UnitView] | None = None
        self._sectors: dict[str, SectorView] | None = None
        self._pending: PendingView | None = None
        self._combat: CombatView | None = None
        #: The client's own store for what it works out from this position (a bot's index,
        #: a screen's words): the engine's caches are never written by a client.
        self.memo: dict[Any, Any] = {}

    # --- the position -----------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The viewing seat (None: a spectator; tools' ALL view: None too)."""
        return self._obs.get("seat")

    @property
    def players_count(self) -> int:
        return int(self._obs["n"])

    @property
    def round(self) -> int:
        return int(self._obs["round"])

    @property
    def rotation(self) -> int:
        """The board's rotation step (the ring edges follow it)."""
        return int(self._obs["rot"])

    @property
    def first(self) -> int:
        """The first player this round."""
        return int(self._obs["first"])

    @property
    def stage(self) -> str:
        """faction / achievement (setup keeps), select, resolve, ending, over."""
        return str(self._obs["stage"])

    @property
    def over(self) -> bool:
        return bool(self._obs["over"])

    @property
    def stalled(self) -> bool:
        return bool(self._obs["stalled"])

    @property
    def winners(self) -> Sequence[int]:
        return self._obs["winners"]  # type: ignore[no-any-return]

    @property
    def center(self) -> str:
        return str(self._obs["center"])

    @property
    def homes(self) -> Sequence[str]:
        """Each seat's home sector."""
        return self._obs["homes"]  # type: ignore[no-any-return]

    @property
    def deck_count(self) -> int:
        """Technology cards left in the deck (their order is hidden)."""
        deck = self._obs.get("deck")
        return len(deck) if deck is not None else int(self._obs["deck_count"])

    @property
    def discard(self) -> Sequence[str]:
        return self._obs["discard"]  # type: ignore[no-any-return]

    @property
    def removed(self) -> Sequence[str]:
        """Exploration tokens out of the game."""
        return self._obs["removed"]  # type: ignore[no-any-return]

    @property
    def lumos_in_play(self) -> bool:
        """The two-player variant's Lumos are in this game."""
        return self._obs.get("lumos") is not None

    @property
    def lumos_ally(self) -> int | None:
        """The seat the Lumos are allied with (None: nobody, or no Lumos)."""
        return lumos.ally(self.engine_view())

    @property
    def players(self) -> tuple[PlayerView, ...]:
        if self._players is None:
            self._players = tuple(PlayerView(i, raw) for i, raw in enumerate(self._obs["players"]))
        return self._players

    @property
    def me(self) -> PlayerView:
        """The viewing seat's own player (a spectator has none: ValueError)."""
        seat = self.seat
        if seat is None:
            raise ValueError("a spectator's view has no seat")
        return self.players[seat]

    @property
    def units(self) -> Mapping[str, UnitView]:
        """Every piece by id, in id order."""
        if self._units is None:
            self._units = {uid: UnitView(uid, raw) for uid, raw in self._obs["units"].items()}
        return self._units

    def units_at(self, sector: str) -> Iterator[UnitView]:
        """The ships on the board in `sector`."""
        units = self.units
        return (units[uid] for uid in self.ships_in(sector))

    @property
    def sectors(self) -> Mapping[str, SectorView]:
        """Every sector in play by id, in board order."""
        if self._sectors is None:
            self._sectors = {sid: SectorView(sid, raw) for sid, raw in self._obs["sectors"].items()}
        return self._sectors

    @property
    def pending(self) -> PendingView | None:
        raw = self._obs["pending"]
        if raw is None:
            return None
        if self._pending is None:
            self._pending = PendingView(raw)
        return self._pending

    @property
    def to_move(self) -> int | None:
        pending = self._obs["pending"]
        return None if pending is None else int(pending["p"])

    @property
    def combat(self) -> CombatView | None:
        raw = self._obs.get("combat")
        if raw is None:
            return None
        if self._combat is None:
            self._combat = CombatView(raw)
        return self._combat

    @property
    def sampleable(self) -> bool:
        """A full state can be drawn from this view (not part-way through a hidden effect):
        what a search bot needs (`Game.from_view`)."""
        return sampleable(cast("Observation", self._obs))

    def to_json(self) -> Observation:
        """The observation as plain JSON data (the stdio bot protocol, the server's messages).
        The caller owns it: the view is built fresh for each position."""
        return cast("Observation", self._obs)

    # --- the board --------------------------------------------------------------------------
    def kind(self, sector: str) -> str:
        """center, inner, outer, distant or home."""
        return self.engine_view().board.kind(sector)

    def asteroids(self) -> frozenset[str]:
        return self.engine_view().asteroids()

    def reach(self, sector: str, steps: int, *, blocked: bool = True) -> dict[str, int]:
        """Sectors within `steps` moves of `sector` at this rotation, with their distance
        (asteroid fields neither entered nor crossed unless `blocked=False`)."""
        eng = self.engine_view()
        walls = eng.asteroids() if blocked else frozenset()
        return eng.board.reachable(sector, steps, self.rotation, walls)

    def neighbours(self, sector: str) -> tuple[str, ...]:
        return self.engine_view().board.neighbours(sector, self.rotation)

    def sector_order(self) -> dict[str, int]:
        return queries.sector_order(self.engine_view())

    # --- the rules' questions (public: the content and what this seat sees) -----------------
    def ship_stat(self, owner: int, size: str, stat: str) -> int:
        """A ship's attack / shields / move / range with the cards in play."""
        return queries.ship_stat(self.engine_view(), owner, size, stat)

    def bombardment(self, owner: int, size: str) -> bool:
        return queries.bombardment(self.engine_view(), owner, size)

    def ship_cost(self, p: int, size: str) -> dict[str, int]:
        return queries.ship_cost(self.engine_view(), p, size)

    def tech_cost(self, p: int, card_id: str) -> dict[str, int]:
        return queries.tech_cost(self.engine_view(), p, card_id)

    def can_pay(self, p: int, cost: dict[str, int]) -> bool:
        return queries.can_pay(self.engine_view(), p, cost)

    def param(self, p: int, name: str) -> int:
        """A numeric parameter of the rules as p's cards change it (e.g. `research_draw`)."""
        return queries.param(self.engine_view(), p, name)

    def amount(self, p: int, value: Any) -> int:
        """An effect's amount (a number or a counted expression) for p."""
        return queries.amount(self.engine_view(), p, value)

    def has_flag(self, p: int, form: str, **match: Any) -> bool:
        return queries.has_flag(self.engine_view(), p, form, **match)

    def active_cards(self, p: int) -> list[tuple[str, str | None]]:
        """p's cards in play (card id, the ship size it is attached to)."""
        return list(queries.active_cards(self.engine_view(), p))

    def statics(self, p: int) -> list[tuple[ast.Phrase, str | None]]:
        """The static phrases of p's cards in play."""
        return queries.statics(self.engine_view(), p)

    def techs_in_play(self, p: int) -> int:
        return queries.techs_in_play(self.engine_view(), p)

    def total_resources(self, p: int) -> int:
        return queries.total_resources(self.engine_view(), p)

    def planets_controlled(self, p: int) -> list[str]:
        """Sectors whose planet p controls (an extractor there)."""
        return queries.planets_controlled(self.engine_view(), p)

    def ships_in(self, sector: str) -> list[str]:
        return queries.ships_in(self.engine_view(), sector)

    def owners_in(self, sector: str) -> list[int]:
        """Who has ships in `sector`."""
        return queries.owners_in(self.engine_view(), sector)

    def extractor_on_planet(self, sector: str) -> str | None:
        return queries.extractor_on_planet(self.engine_view(), sector)

    def blockaded(self, sector: str, owner: int) -> bool:
        """An enemy ship blockades `owner`'s extractor in `sector`."""
        return queries.blockaded(self.engine_view(), sector, owner)

    def are_enemies(self, a: int, b: int) -> bool:
        return lumos.are_enemies(self.engine_view(), a, b)

    def extractor_sites(self, p: int) -> list[dict[str, Any]]:
        """Where p may build an extractor (R-CON-03): empty colony ship spaces, and planets
        holding only p's ships and no extractor."""
        return extractor_sites(self.engine_view(), p)

    # --- queries added for the bots (agents/) -----------------------------------------------
    def placed_units(self) -> list[UnitView]:
        """The pieces in play, in id order: ships on the board, extractors on planets and on
        colony ship spaces (a bot indexes these once per decision; the pieces in supplies and
        graveyards are most of `units` and are counted by `supply_of`)."""
        found = self._units
        if found is not None:
            return [u for u in found.values() if u.place in {"board", "planet", "colony"}]
        return [
            UnitView(uid, raw)
            for uid, raw in self._obs["units"].items()
            if raw["at"] in {"board", "planet", "colony"}
        ]

    def supply_of(self, owner: int) -> dict[str, int]:
        """The pieces in `owner`'s supply: ship size -> how many, and "x" -> extractors (only
        what it has; from the engine's index of the pieces)."""
        from lastlight.interpreter.engine.units import index

        out: dict[str, int] = {}
        for (o, kind, size), bucket in index(self.engine_view()).supply.items():
            if o == owner and bucket:
                key = "x" if kind == "x" else str(size)
                out[key] = out.get(key, 0) + len(bucket)
        return out

    # --- queries added for the other clients (present/, tools/, serve/, envs/, cli/) --------

    @property
    def reader(self) -> int | str | None:
        """Who this view is for, as the log's visibility reads it (`observe.event_visible`):
        the seat, None for a spectator, or `ALL` for a view of the whole state (`Game.view(ALL)`;
        a seat's or a spectator's observation never holds the generator state, the whole state
        always does)."""
        from lastlight.interpreter.engine.observe import ALL

        return ALL if "rng" in self._obs else self.seat

    def engine_view(self) -> Engine:
        """A read-only engine over this view, for the engine's own query functions (used by the
        methods above; a client calls those, not this)."""
        if self._eng is None:
            board = self.rules.pack.models["board"]
            self._eng = Engine(self.rules, board, cast("GameState", self._obs), log=False)
        return self._eng

    # The learning environments' encoder reads every piece, sector and player of each view:
    # these rows read them all at once (one C call per kind over the observation's data) where
    # the wrappers above would take a property call per field. Each is built on each call:
    # call it once per view.

    def table_row(self) -> TableRow:
        """The table's fields read at once (the properties above, for a client that reads
        them all: the environments' encoder)."""
        obs = self._obs
        pending, combat, lumos = obs["pending"], obs.get("combat"), obs.get("lumos")
        deck = obs.get("deck")
        fields = (
            obs["n"], obs["round"], obs["rot"], obs["first"], obs["stage"],
            None if pending is None else pending["p"], None if pending is None else pending["kind"],
            obs["deck_count"] if deck is None else len(deck), len(obs["discard"]),
            len(obs["removed"]), None if combat is None else combat["pool"],
            lumos["ally"] if lumos else None,
        )  # fmt: skip
        return tuple.__new__(TableRow, fields)  # (as `_make`)

    def player_rows(self) -> tuple[PlayerRow, ...]:
        """Every player's fields, in seat order (`players`, read at once)."""
        new, kind, row = tuple.__new__, PlayerRow, _PLAYER_ROW
        return tuple([new(kind, row(raw)) for raw in self._obs["players"]])  # (as `_make`)

    def piece_rows(self) -> tuple[tuple[str, int, str, str | None, str | None, int], ...]:
        """Every piece as (place, owner, kind, size, sector, damage), in id order: `UnitView`'s
        fields, with kind "s" for a ship and "x" for an extractor. A row holds no id, so pieces
        alike give equal rows (a client may count them)."""
        return tuple(map(_PIECE_ROW, self._obs["units"].values()))

    def board_data(self) -> BoardData:
        """This view's sectors and pieces, for a client that works out something from them and
        keeps it while another view's are equal (the environments' encoder). A client may keep
        them after letting the view go: nothing writes them. Views of one game share them while
        nothing a seat can see of them changes (`observe.seen_board`), so a client tests
        identity first (`is`: the same objects, the same board) and compares only when they
        differ (another game's view, or a changed board)."""
        return tuple.__new__(BoardData, (self._obs["sectors"], self._obs["units"]))

    def sector_rows(
        self,
    ) -> tuple[tuple[str, tuple[str | None, bool, bool | str | None, str | None, bool]], ...]:
        """Every sector in play as (id, (planet, asteroid, deep_space, token, token_face_up)), in
        board order: `SectorView`'s fields as the observation holds them (`deep_space`: true or
        None / false; the token's id in an ALL view)."""
        sectors = self._obs["sectors"]
        return tuple(zip(sectors, map(_SECTOR_ROW, sectors.values()), strict=True))

    # --- queries added for the tools (tools/, cli/ladder.py, benchmarks/) --------------------
    # What only a tool that may see everything reads (`Game.view(ALL)`): the generator, the
    # seed, the deck's order, the effects in progress. A seat's view has none of it (None).

    @property
    def seed(self) -> int | None:
        """The game's seed (ALL only)."""
        return self._obs.get("seed")

    @property
    def rng_state(self) -> int | None:
        """The generator's state: what decides every draw to come (ALL only)."""
        return self._obs.get("rng")

    @property
    def deck(self) -> Sequence[str] | None:
        """The technology deck in order, its top LAST (ALL only; a seat knows `deck_count`)."""
        return self._obs.get("deck")

    @property
    def effects_running(self) -> bool:
        """An effect is part-way through (cards drawn may be held by it): ALL only, False in a
        seat's view, which does not hold the effects in progress."""
        return bool(self._obs.get("stack"))

    def cards_held_by_effects(self) -> list[str]:
        """Technology cards drawn by an effect in progress and not yet put anywhere (ALL)."""
        held: list[str] = []
        for frame in self._obs.get("stack") or ():
            held += frame["loc"].get("drawn", [])
        return held

    @property
    def queue(self) -> Sequence[Sequence[Any]]:
        """What is left of the round's queue (flow.py's entries: `[kind, ...]`)."""
        return self._obs["queue"]  # type: ignore[no-any-return]

    @property
    def queue_entry(self) -> int | None:
        """How far the queue's current entry has got (0: not started; ALL only)."""
        return self._obs.get("entry")

    @property
    def trigger_count(self) -> int | None:
        """The triggers fired in the current window (ALL only)."""
        return self._obs.get("trig")

    @property
    def pending_by(self) -> str | None:
        """Who asked the open decision: `flow` (the round) or `vm` (an effect); ALL only."""
        pending = self._obs["pending"]
        return None if pending is None else pending.get("by")

    def deep_token(self, sector: str) -> str | None:
        """The face-down deep space token in `sector` (its id; ALL only: a seat sees only that
        there is one, `SectorView.deep_space`)."""
        raw = self._obs["sectors"][sector]["deep"]
        return raw if isinstance(raw, str) else None

    def count_firings(self, fired: dict[str, int], in_play: set[str]) -> None:
        """Coverage counting (tools/coverage.py), on a live ALL view only: from now on the
        game adds one to `fired[program]` for every program it runs and puts in `in_play` the
        cards whose static clauses it reads. Counting changes nothing in the game."""
        # a live view reads the game's own state, which has no `deck_count` (a copy has one)
        if self._eng is None or "deck_count" in self._obs:
            raise ValueError("count_firings needs the game's live view: game.view(ALL, live=True)")
        self._eng.fired = fired
        self._eng.in_play = in_play
