"""Every memo the engine keeps, declared in one place: what it holds, who fills it, and when.

Two kinds of derived data speed the engine up; neither is ever part of the game state:

- `Memos`, held by the loaded content as `rules.memo`: answers that depend on nothing but the
  content (and the key they are stored under), shared by every game played with it. Tables
  worked out in one go are built on first use (`cached_property`: later reads are a plain
  attribute read); stores filled in one answer at a time start empty. The stores keyed by
  positions as well as content (reach on the board, each group's moves) and the printed costs are
  read through `bounded`, which empties one holding more than `TABLES_KEPT` answers, so a long
  run of games never grows them without end.
- `GameCache`, an engine's `eng.cache`: answers derived from one game's state (the unit index,
  card tables, ...). It is dropped whenever the state is written by hand or put back
  (`Game.state_edited`, `Game._restore`) and starts empty in a clone; each entry is rebuilt from
  the state when missing.

Module-level tables keyed by plain values that mean the same in any content (`ruleset._BASE`,
`queries._PARAM_NAMES`, the option objects of `flow` and `primitives.build`, the seat orders)
are not memos of the content and stay beside the code that reads them; so does
`ActionCard.segments`, a property of one card.

A memo never changes a game: a test plays the same games with cold and warm memos
(`tests/interpreter/engine/test_speed_caches.py`).
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

from lastlight.interpreter.effects import ast

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Op
    from lastlight.interpreter.engine.observe import SeenSector
    from lastlight.interpreter.engine.queries import CardTables
    from lastlight.interpreter.engine.ruleset import ActionCard, Rules
    from lastlight.interpreter.engine.state import Combat, Frame, Unit
    from lastlight.interpreter.engine.units import UnitIndex

#: Answers kept in one unbounded-key store (`bounded`) before it is emptied.
TABLES_KEPT = 4096

_Store = TypeVar("_Store", bound=dict[Any, Any])


def bounded(store: _Store) -> _Store:
    """`store`, emptied first when it holds more than `TABLES_KEPT` answers."""
    if len(store) > TABLES_KEPT:
        store.clear()
    return store


#: A design's parts (`Memos.card_parts`): its id, lasting modifiers, triggered clauses (event
#: form, clause, program key) and activated clauses (with their index).
CardParts = tuple[
    str,
    tuple[ast.Phrase, ...],
    tuple[tuple[str, ast.Triggered, str], ...],
    tuple[tuple[int, ast.Activated], ...],
]

#: What one physical card attached to a ship size (or to nothing) adds to its player's card
#: tables (`Memos.placed_parts`, built by `queries._place`): its design, its lasting modifiers
#: with the size, their part of the tables' memo key, its trigger entries by event form and its
#: exhaust abilities.
PlacedParts = tuple[
    str,
    tuple[tuple[ast.Phrase, str | None], ...],
    tuple[Any, ...],
    tuple[tuple[str, tuple[str, str | None, ast.Triggered, str]], ...],
    tuple[tuple[str, int, ast.Activated], ...],
]

#: A physical technology card (`Memos.designs`, built by `primitives.cards._design_of`): its
#: design id, type, name, its `manufacture` options (one for a civilization technology, one per
#: ship size otherwise) and its printed cost as (resource, n) pairs.
Design = tuple[str, str, str, dict[str | None, dict[str, Any]], tuple[tuple[str, int], ...]]

#: The cards of a hand in card order (`Memos.hand_cards`), each as (its `play` option, its
#: `playable_if`).
HandCards = tuple[tuple[dict[str, Any], ast.Cond | None], ...]

#: `primitives.move._reach`'s key: (movement, from sector, rotation, blocked sectors, sectors
#: in play).
ReachKey = tuple[int, str, int, frozenset[str], frozenset[str]]

#: A `move_ships` step's options by group of alike ships, (owner, sector, size), while it asks
#: move after move (`GameCache.move_run`).
MoveRun = dict[tuple[int, str, str], list[dict[str, Any]]]

#: `primitives.move._group_options`'s key: (moving the Lumos?, sector, size, movement,
#: rotation, blocked sectors, sectors in play).
MovesKey = tuple[bool, str, str, int, int, frozenset[str], frozenset[str]]


#: `combat.attack_options`'s key: (ship size, for the Lumos?, range 2?, (origin sector, ships
#: waiting there) in sector order).
AttackKey = tuple[str, bool, bool, tuple[tuple[str, int], ...]]


class Memos:
    """What the engine works out once per loaded content (`rules.memo`). Every field is typed
    and says who fills it; nothing here is ever changed by a reader (the option objects in it are
    handed to bots, which never change a decision)."""

    def __init__(self, rules: Rules):
        self._rules = rules
        #: program key -> its steps with each `Do` step's primitive looked up
        #: (`machine._compile`), filled in as programs first run
        self.compiled: dict[str, tuple[Op, ...]] = {}
        #: effect source (program key, card or token id) -> its YAML file:line
        #: (`Engine.source_loc`), filled in as sources are logged or named in an error
        self.source_locs: dict[str, str] = {}
        #: (physical card, attached size) -> what it adds to its player's card tables
        #: (`queries._place`), filled in as cards are placed
        self.placed_parts: dict[tuple[str, str | None], PlacedParts] = {}
        #: a hand of action cards -> its cards and their `play` options (`flow.play_options`);
        #: at most a few thousand hands
        self.hand_cards: dict[tuple[str, ...], HandCards] = {}
        #: (action card, players in resolution order) -> the card's queue entries
        #: (`flow._build_queue`); the engine only drops entries from the front of its queue,
        #: never changes one
        self.card_entries: dict[tuple[Any, ...], list[list[Any]]] = {}
        #: physical technology card -> its `Design` (`primitives.cards`), filled in as met
        self.designs: dict[str, Design] = {}
        #: light gain source -> its `light_source` column (the lab's rows, `lab/rows.py`)
        self.light_sources: dict[str | None, tuple[str, str | None]] = {}
        #: design -> its printed cost without zero entries (`queries.tech_cost` without a
        #: discount; read through `bounded`)
        self.printed_costs: dict[str, dict[str, int]] = {}
        #: `ReachKey` -> the sectors a ship reaches, in order (`primitives.move._reach`; read
        #: through `bounded`)
        self.reach: dict[ReachKey, list[str]] = {}
        #: `MovesKey` -> a group of alike ships' `move` options (`primitives.move`; read
        #: through `bounded`)
        self.moves: dict[MovesKey, list[dict[str, Any]]] = {}
        #: (program key, step index, player count[, the options offered]) -> the prompt of a
        #: `may` or `choose` step (`Engine._may`, `Engine._choose`), rendered once
        self.prompts: dict[tuple[Any, ...], str] = {}
        #: `AttackKey` -> a ship type's `attack` options in a fight (`combat.attack_options`;
        #: read through `bounded`)
        self.attack_options: dict[AttackKey, list[dict[str, Any]]] = {}

    @cached_property
    def actions_by_id(self) -> dict[str, ActionCard]:
        """Action card id -> the card (`Rules.action`)."""
        return {card.id: card for card in self._rules.actions}

    @cached_property
    def token_piles_by_id(self) -> dict[str, str]:
        """Physical token id -> the pile its back shows (`Rules.token_piles_by_id`)."""
        return {phys: t.pile for phys, t in self._rules.tokens.items()}

    @cached_property
    def staying(self) -> frozenset[str]:
        """The action cards that stay on the table when played cards go back to hand
        (R-REF-06, `ruleset.staying_actions`)."""
        return frozenset(a.id for a in self._rules.actions if a.stays_on_table)

    @cached_property
    def rotating(self) -> frozenset[str]:
        """The action cards that rotate the board (R-ROT-01, `flow`)."""
        return frozenset(a.id for a in self._rules.actions if a.rotates_board)

    @cached_property
    def tech_ids(self) -> frozenset[str]:
        """Every physical technology card (`sample`)."""
        return frozenset(self._rules.tech_deck)

    @cached_property
    def tech_designs(self) -> tuple[str, ...]:
        """Each technology design once, in deck order (`Rules.tech_designs`)."""
        # `ruleset.base_id`, written out: ruleset imports this module (no import circles)
        return tuple(dict.fromkeys(c.split("#", 1)[0] for c in self._rules.tech_deck))

    @cached_property
    def achievement_designs(self) -> tuple[str, ...]:
        """Each achievement design once, in file order (`Rules.achievement_designs`)."""
        return tuple(dict.fromkeys(a.split("#", 1)[0] for a in self._rules.achievements))

    @cached_property
    def board_order(self) -> dict[str, int]:
        """Sector -> its place in the board's order (`game.canonical_order`)."""
        return {s: i for i, s in enumerate(self._rules.pack.models["board"].sectors())}

    @cached_property
    def card_parts(self) -> dict[str, CardParts]:
        """Design id -> its `CardParts` (`queries`)."""
        parts: dict[str, CardParts] = {}
        for bid, card in self._rules.cards.items():
            clauses = list(enumerate(card.clauses))
            parts[bid] = (
                bid,
                tuple(c.modifier for _i, c in clauses if isinstance(c, ast.Static)),
                tuple(
                    (c.event.form, c, f"card:{bid}:{i}")
                    for i, c in clauses
                    if isinstance(c, ast.Triggered)
                ),
                tuple((i, c) for i, c in clauses if isinstance(c, ast.Activated)),
            )
        return parts

    @cached_property
    def trade_table(self) -> list[tuple[ast.Step | None, dict[str, Any]]]:
        """Each trade's first step and its `trade` option (`primitives.economy`)."""
        rules = self._rules
        return [
            (
                rules.programs[key].steps[0] if rules.programs[key].steps else None,
                {"kind": "trade", "option": i, "text": rules.trade_texts[i]},
            )
            for i, key in enumerate(rules.trades)
        ]


class GameCache(TypedDict, total=False):
    """What an engine keeps derived from its game's state (`eng.cache`): every key is optional
    and rebuilt from the state when missing; the whole cache is dropped when the state is written
    by hand or put back, and a clone starts without it."""

    #: the unit index (`units.index`, kept current by `units.move_unit`)
    units: UnitIndex
    #: seat -> (its `ver` when built, its card tables) (`queries.tables`)
    tables: dict[int, tuple[int, CardTables]]
    #: each sector in play -> its place in the state's order (`queries.sector_order`)
    sector_order: dict[str, int]
    #: the sectors in play (`primitives.move.live_sectors`)
    live: frozenset[str]
    #: the sectors and units as every seat sees them, shared by observations while the board
    #: is unchanged (`observe.seen_board`)
    seen_board: tuple[dict[str, SeenSector], dict[str, Unit]]
    #: the asteroid sectors at this rotation (`Engine.asteroids`; dropped at a rotation)
    asteroids: frozenset[str]
    #: the running `move_ships` frame and each group's options for it (`primitives.move`)
    move_run: tuple[Frame, MoveRun]
    #: seat -> (its technology hand, the designs in it) (`primitives.cards._hand_designs`)
    tech_hands: dict[int, tuple[tuple[str, ...], list[Design]]]
    #: the last `combat._all_origins` answer: (the fight, the unit index and its move count,
    #: side, sector, ships that had fought, size -> origin sector -> ship ids); never changed
    #: by a reader
    origins: tuple[Combat, UnitIndex, int, int, str, int, dict[str, dict[str, list[str]]]]
