"""The action catalogue: every partial step of every decision a seat can face, numbered from the
loaded pack (not from one game), so the same decision has the same ids in every game.

A decision (`{"kind": "move", "from": "h0", "size": "small", "to": "d0"}`) is a sequence of
tokens: its verb (`move`), then one token per slot of its kind in a fixed order (`move.from=…`,
`move.size=…`, `move.to=…`, `move.lumos=…`), an absent slot giving the `-` token. Each token is
verb x slot x value, and each has an id. The values come from the pack: cards by their ids (one
id per physical copy), sizes, piles, colony spaces, trades, clause and option numbers; places
and players are relative to the seat, since the board turns and seats sit apart:

- a place is where a sector lies as seen from the seat's home: `outer@45` is the outer-ring
  place 45° clockwise of the seat's home, whatever sector the ring has carried there; a sector
  with no arc (the center) keeps its id;
- a player is counted in seat order from the seat: `+0` the seat itself, `+1` the next one;
  the Lumos (the neutral fleet) is `lumos`.

`attack.from` (how many ships join from each place) is a list: one token per place with its
count (`attack.from=inner@90x2`), in catalogue order, then `attack.from=end`.

The catalogue is the same for the same pack in any process (a test checks it); `to_json` is what
`lastlight actions --format json` writes. A decision with a value the catalogue does not know
raises `CatalogueError` naming the decision and the slot (content and engine drifted apart).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.effects import ast
from lastlight.interpreter.effects.decisions import DECISION_KINDS
from lastlight.interpreter.engine.lumos import LUMOS

if TYPE_CHECKING:
    from lastlight.interpreter.engine.ruleset import Rules

#: The catalogue's format; bumped when the numbering scheme (not the pack) changes.
CATALOGUE_VERSION = 1

#: Keys a decision carries that follow from the others (a trade's text): not slots.
DERIVED_KEYS = frozenset({"text"})

#: Slots an option may carry besides its kind's registered keys (a bombarded extractor, the
#: kind of token a reveal turns over).
EXTRA_SLOTS: dict[str, tuple[str, ...]] = {"damage": ("extractor",), "reveal": ("pile",)}

#: What a `reveal` option's `pile` says (the engine's words, primitives/move.py).
REVEAL_PILES = ("planetary", "deep_space")

#: The token of an absent slot, and the one that ends a list slot.
ABSENT = "-"
END = "end"

Token = tuple[str, str, str]  # (verb, slot, value); slot "" for the verb itself


class CatalogueError(ValueError):
    """A decision the catalogue cannot number (a value outside the pack's domains)."""


def _places(rules: Rules) -> list[str]:
    """Every place name a sector can take, over every player count, seat and rotation, in
    board order of kinds and then by angle."""
    board = rules.pack.models["board"]
    setups = rules.pack.models.get("setups") or {}
    found: set[str] = set()
    for n, setup in setups.items():
        for home in setup.homes[:n]:
            for rot in range(board.period):
                found.update(place_map(board, home, rot).values())
    kinds = list(dict.fromkeys(s.kind for s in board.spec.sectors.values()))

    def key(name: str) -> tuple[int, float, str]:
        kind, _, angle = name.partition("@")
        order = kinds.index(kind) if kind in kinds else len(kinds)
        return (order, float(angle) if angle else -1.0, name)

    return sorted(found, key=key)


def place_map(board: Any, home: str, rot: int) -> dict[str, str]:
    """Physical sector id -> its place name, seen from `home` at `rot` rotations."""
    home_arc = board.arc(home, rot)
    origin = home_arc[0] if home_arc is not None else 0.0
    out: dict[str, str] = {}
    for sid, sector in board.spec.sectors.items():
        arc = board.arc(sid, rot)
        if arc is None:
            out[sid] = sid
        else:
            out[sid] = f"{sector.kind}@{round((arc[0] - origin) % 360, 3):g}"
    return out


def _max_choose(rules: Rules) -> int:
    most = 0
    for seq in rules.programs.values():
        for step in seq.steps:
            if isinstance(step, ast.Choose):
                most = max(most, len(step.options))
    return most


def _domains(rules: Rules) -> dict[tuple[str, str], list[str]]:
    """(verb, slot) -> the values it can take, as token strings, in a fixed order."""
    places = _places(rules)
    players = [f"+{k}" for k in range(rules.players_max)]
    actions = [a.id for a in rules.actions]
    techs = list(rules.tech_deck)
    keepable = list(rules.factions) + list(rules.achievements)
    pieces = max([*rules.pieces_ships.values(), *(rules.lumos.get("ships") or {}).values(), 1])
    shields = max([int(s.get("shields", 1)) for s in rules.ships.values()] or [1])
    mod_slots = sum(int(s.get("mod_slots", 0)) for s in rules.ships.values())
    clauses = max([len(c.clauses) for c in rules.cards.values()] or [1])
    booleans = ["false", "true"]
    return {
        ("keep", "card"): keepable,
        ("play", "card"): actions,
        ("pick_up", "card"): actions,
        ("use", "card"): techs + keepable,
        ("use", "clause"): [str(i) for i in range(clauses)],
        ("manufacture", "card"): techs,
        ("manufacture", "size"): list(rules.sizes),
        ("discard", "card"): techs,
        ("may", "do"): booleans,
        ("choose", "option"): [str(i) for i in range(_max_choose(rules))],
        ("trade", "option"): [str(i) for i in range(len(rules.trades))],
        ("move", "from"): places,
        ("move", "size"): list(rules.sizes),
        ("move", "to"): places,
        ("move", "lumos"): booleans,
        ("reveal", "sector"): places,
        ("reveal", "pile"): list(REVEAL_PILES),
        ("sector", "sector"): places,
        ("attack", "size"): list(rules.sizes),
        ("attack", "attack"): booleans,
        ("attack", "lumos"): booleans,
        ("attack", "from"): [f"{p}x{k}" for p in places for k in range(1, pieces + 1)],
        ("damage", "owner"): [*players, "lumos"],
        ("damage", "size"): list(rules.sizes),
        ("damage", "dmg"): [str(i) for i in range(shields + mod_slots)],
        ("damage", "extractor"): ["yes"],
        ("destroy", "owner"): [*players, "lumos"],
        ("destroy", "size"): list(rules.sizes),
        ("build", "size"): list(rules.sizes),
        ("build", "from"): players,
        ("extractor", "sector"): places,
        ("extractor", "colony"): [str(i) for i in range(len(rules.colony_spaces))],
        ("player", "player"): players,
    }


#: Slots whose value is a list of tokens closed by `END` (one token per entry).
LIST_SLOTS = frozenset({("attack", "from")})


@dataclass(frozen=True)
class SeatView:
    """How one seat names places and players (its frame): built by `Catalogue.view`."""

    seat: int
    players: int
    places: dict[str, str]

    def player(self, p: int) -> str:
        return "lumos" if p == LUMOS else f"+{(p - self.seat) % self.players}"


class Catalogue:
    """The numbered tokens of a pack; `ids(decision, view)` numbers one decision."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.digest = rules.pack.digest
        self.board = rules.pack.models["board"]
        domains = _domains(rules)
        self.slots: dict[str, tuple[str, ...]] = {
            kind: tuple(k for k in keys if k not in DERIVED_KEYS) + EXTRA_SLOTS.get(kind, ())
            for kind, (_what, keys) in DECISION_KINDS.items()
        }
        tokens: list[Token] = []
        for kind, slots in self.slots.items():
            tokens.append((kind, "", ""))
            for slot in slots:
                values = domains.get((kind, slot), [])
                extra = [END] if (kind, slot) in LIST_SLOTS else []
                tokens.extend((kind, slot, v) for v in [ABSENT, *values, *extra])
        self.tokens = tokens
        self.index: dict[Token, int] = {t: i for i, t in enumerate(tokens)}
        self.places = _places(rules)
        self._views: dict[tuple[int, int, str, int], SeatView] = {}

    def __len__(self) -> int:
        return len(self.tokens)

    def name(self, token_id: int) -> str:
        """A token's readable name: `move`, `move.from=home@0`."""
        kind, slot, value = self.tokens[token_id]
        return kind if not slot else f"{kind}.{slot}={value}"

    def view(self, seat: int, players: int, home: str, rot: int) -> SeatView:
        """The seat's frame at this rotation (cached: a board has `period` rotation states)."""
        key = (seat, players, home, rot % self.board.period)
        found = self._views.get(key)
        if found is None:
            found = self._views[key] = SeatView(seat, players, place_map(self.board, home, rot))
        return found

    def view_of(self, obs: dict[str, Any], seat: int) -> SeatView:
        """The frame of `seat` in an observation (or state) of a game."""
        return self.view(seat, obs["n"], obs["homes"][seat], obs["rot"])

    def ids(self, decision: dict[str, Any], view: SeatView) -> tuple[int, ...]:
        """The token ids of one decision, as `view`'s seat names it."""
        kind = decision.get("kind")
        slots = self.slots.get(kind) if isinstance(kind, str) else None
        if slots is None or not isinstance(kind, str):
            raise CatalogueError(f"decision {decision!r}: unknown kind {kind!r}")
        index = self.index
        out = [index[(kind, "", "")]]
        for slot in slots:
            value = decision.get(slot)
            if value is None:
                out.append(index[(kind, slot, ABSENT)])
            elif (kind, slot) in LIST_SLOTS:
                out.extend(self._list_ids(kind, slot, value, view, decision))
            else:
                token = (kind, slot, self._value(slot, value, view))
                found = index.get(token)
                if found is None:
                    raise CatalogueError(
                        f"decision {decision!r}: {kind}.{slot} value {value!r} is not in the "
                        "catalogue of this pack"
                    )
                out.append(found)
        extra = set(decision) - set(slots) - DERIVED_KEYS - {"kind"}
        if extra:
            raise CatalogueError(f"decision {decision!r}: keys {sorted(extra)} have no slot")
        return tuple(out)

    def _value(self, slot: str, value: Any, view: SeatView) -> str:
        if slot in ("from", "to", "sector") and isinstance(value, str):
            return view.places.get(value, value)
        if slot in ("owner", "player") or (slot == "from" and isinstance(value, int)):
            return view.player(value)
        if slot == "extractor":
            return "yes"
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def _list_ids(
        self, kind: str, slot: str, value: dict[str, int], view: SeatView, decision: Any
    ) -> list[int]:
        order = {p: i for i, p in enumerate(self.places)}
        entries = sorted((view.places.get(s, s), k) for s, k in value.items())
        entries.sort(key=lambda e: order.get(e[0], len(order)))
        out = []
        for place, count in entries:
            found = self.index.get((kind, slot, f"{place}x{count}"))
            if found is None:
                raise CatalogueError(
                    f"decision {decision!r}: {kind}.{slot} entry {place} x{count} is not in "
                    "the catalogue of this pack"
                )
            out.append(found)
        out.append(self.index[(kind, slot, END)])
        return out

    def to_json(self) -> dict[str, Any]:
        """The catalogue as written by `lastlight actions --format json`."""
        return {
            "format": "lastlight-actions",
            "version": CATALOGUE_VERSION,
            "content": self.digest,
            "size": len(self.tokens),
            "places": self.places,
            "slots": {kind: list(slots) for kind, slots in self.slots.items()},
            "actions": [
                {"id": i, "verb": k, "slot": s or None, "value": v or None, "name": self.name(i)}
                for i, (k, s, v) in enumerate(self.tokens)
            ],
        }


_CATALOGUES: dict[int, Catalogue] = {}


def catalogue_for(rules: Rules) -> Catalogue:
    """The catalogue of a loaded pack (built once per `Rules` object)."""
    found = _CATALOGUES.get(id(rules))
    if found is None or found.rules is not rules:
        found = _CATALOGUES[id(rules)] = Catalogue(rules)
    return found
