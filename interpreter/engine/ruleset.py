"""The engine's view of a loaded pack: every card compiled once, indexed for fast lookups.

`Rules.from_pack(pack)` turns checked content into plain tables the engine reads during play:
programs (every effect sequence by a stable key), trigger listeners indexed by event, lasting
modifiers by item, activated abilities, ship stats, the die, the decks. Nothing here knows a
card by name; it only reads what the content says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from lastlight.interpreter.effects import ast
from lastlight.interpreter.effects.compile import CompiledClause, EffectIndex
from lastlight.interpreter.engine.memos import Memos
from lastlight.interpreter.load.errors import ContentError, Diagnostic, Loc
from lastlight.interpreter.load.pack import Pack


@dataclass(frozen=True)
class ActionCard:
    id: str
    name: str
    number: int
    phases: tuple[tuple[str, str, bool], ...]  # (name, program key, together)
    stays_on_table: bool
    rotates_board: bool
    playable_if: ast.Cond | None

    @cached_property
    def segments(self) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """The phases as runs of per-player phases between the joint (`together`) ones, and
        the joint ones: `((runs...), (joints...))`, R-RND-04 / R-CMD-07."""
        segments: list[list[int]] = [[]]
        joints: list[int] = []
        for i, (_name, _key, together) in enumerate(self.phases):
            if together:
                joints.append(i)
                segments.append([])
            else:
                segments[-1].append(i)
        return tuple(tuple(s) for s in segments), tuple(joints)


@dataclass(frozen=True)
class Card:
    """A technology, faction or achievement: what the engine needs to run it."""

    id: str
    name: str
    kind: str  # technology, faction, achievement
    type: str  # civilization / ship_ability / ship_mod / faction / achievement
    cost: dict[str, int]
    clauses: tuple[ast.Clause, ...]
    locs: tuple[str, ...]
    min_players: int = 0
    color: str = ""


@dataclass(frozen=True)
class Token:
    id: str
    pile: str
    yields: tuple[str, ...]
    program: str
    loc: str


@dataclass
class Rules:
    pack: Pack
    params: dict[str, int]
    overrides: dict[int, dict[str, int]]
    players_min: int
    players_max: int
    light_to_win: int
    round_cap: int
    pieces_ships: dict[str, int]
    pieces_extractors: int
    start: dict[str, Any]
    ships: dict[str, dict[str, Any]]
    sizes: tuple[str, ...]
    die: tuple[str, ...]  # six program keys, one per face
    die_faces: tuple[str, ...]  # face ids, same order
    colony_spaces: tuple[str, ...]
    trades: tuple[str, ...]  # program keys
    trade_texts: tuple[str, ...]
    lumos: dict[str, Any]
    actions: tuple[ActionCard, ...]
    cards: dict[str, Card]
    tech_deck: tuple[str, ...]  # physical card ids "id#n", in file order
    factions: tuple[str, ...]
    achievements: tuple[str, ...]  # physical ids
    tokens: dict[str, Token]  # by physical id
    token_piles: dict[str, tuple[str, ...]]
    planets: dict[str, dict[str, Any]]
    programs: dict[str, ast.Seq] = field(default_factory=dict)
    program_locs: dict[str, str] = field(default_factory=dict)
    listeners: dict[str, frozenset[str]] = field(default_factory=dict)  # event form -> card ids
    texts: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: everything worked out once from the content and shared by its games (memos.py)
    memo: Memos = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.memo = Memos(self)

    def __copy__(self) -> Rules:
        """A copy (e.g. the lab's blanked content, `lab/blank.py`) works its memos out again
        from its own tables: sharing them would answer from the original's cards."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.memo = Memos(twin)
        return twin

    def action(self, action_id: str) -> ActionCard:
        return self.memo.actions_by_id[action_id]

    @property
    def token_piles_by_id(self) -> dict[str, str]:
        """Physical token id -> the pile its back shows (what a face-down token reveals)."""
        return self.memo.token_piles_by_id

    @property
    def tech_designs(self) -> tuple[str, ...]:
        """Each technology design once (not each physical copy), in deck order."""
        return self.memo.tech_designs

    @property
    def achievement_designs(self) -> tuple[str, ...]:
        """Each achievement design once (not each physical copy), in file order."""
        return self.memo.achievement_designs

    def params_for(self, players: int) -> dict[str, int]:
        out = dict(self.params)
        out.update(self.overrides.get(players, {}))
        return out

    @staticmethod
    def from_pack(pack: Pack) -> Rules:
        return _build(pack)


_BASE: dict[str, str] = {}


def base_id(physical: str) -> str:
    """`photon-harvester#2` → `photon-harvester` (memoised: it runs on every card lookup)."""
    base = _BASE.get(physical)
    if base is None:
        base = _BASE[physical] = physical.split("#", 1)[0]
    return base


def staying_actions(rules: Rules) -> frozenset[str]:
    """The action cards that stay on the table when played cards go back to hand (R-REF-06),
    worked out once per content."""
    return rules.memo.staying


def _expand(ident: str, copies: int) -> list[str]:
    return [f"{ident}#{i + 1}" for i in range(copies)]


class _Programs:
    """Assigns every effect sequence (and nested option / may body) a stable key."""

    def __init__(self, rules_programs: dict[str, ast.Seq], locs: dict[str, str]):
        self.programs = rules_programs
        self.locs = locs

    def add(self, key: str, seq: ast.Seq, loc: str) -> str:
        self.programs[key] = seq
        self.locs[key] = loc
        for i, step in enumerate(seq.steps):
            self._nested(f"{key}.{i}", step, loc)
        return key

    def _nested(self, key: str, step: ast.Step, loc: str) -> None:
        if isinstance(step, ast.May):
            self.add(f"{key}.may", ast.Seq((step.step,)), loc)
        elif isinstance(step, ast.Choose):
            for j, option in enumerate(step.options):
                self.add(f"{key}.opt{j}", option, loc)


def _loc(c: CompiledClause) -> str:
    return str(c.site.loc)


def _build(pack: Pack) -> Rules:
    """The rules from a loaded pack: each part below compiles its programs into `progs`."""
    effects: EffectIndex = pack.models["effects"]
    game_doc = pack.doc("game")
    if game_doc is None:
        raise ContentError([Diagnostic(Loc(str(pack.root)), "X010", "the pack has no game file")])
    g = game_doc.data
    programs: dict[str, ast.Seq] = {}
    locs: dict[str, str] = {}
    progs = _Programs(programs, locs)
    texts: dict[str, tuple[str, ...]] = {}
    die, face_ids, trades, trade_texts = _die_and_trades(g, effects, progs)
    actions = _action_cards(pack, effects, progs)
    cards, listeners = _cards(pack, effects, progs, texts)
    tokens, piles = _tokens(pack, effects, progs, texts)
    return Rules(
        pack=pack,
        **_game_fields(g),
        die=tuple(die),
        die_faces=tuple(face_ids),
        trades=tuple(trades),
        trade_texts=tuple(trade_texts),
        actions=tuple(actions),
        cards=cards,
        **_decks(pack),
        tokens=tokens,
        token_piles={k: tuple(v) for k, v in piles.items()},
        programs=programs,
        program_locs=locs,
        listeners={k: frozenset(v) for k, v in listeners.items()},
        texts=texts,
    )


def _game_fields(g: dict[str, Any]) -> dict[str, Any]:
    """The `Rules` fields read straight from the game file: parameters, player counts, the goal,
    pieces, ships and the Lumos."""
    ships = {size: dict(stats) for size, stats in g["ships"].items()}
    return {
        "params": {str(k): int(v) for k, v in g["parameters"].items()},
        "overrides": {
            int(k): {str(a): int(b) for a, b in v.items()}
            for k, v in (g.get("player_count_overrides") or {}).items()
        },
        "players_min": int(g["players"]["min"]),
        "players_max": int(g["players"]["max"]),
        "light_to_win": int(g["light_to_win"]),
        "round_cap": int(g.get("round_cap", 200)),
        "pieces_ships": {str(k): int(v) for k, v in g["pieces"]["ships"].items()},
        "pieces_extractors": int(g["pieces"]["extractors"]),
        "start": dict(g.get("start") or {}),
        "ships": ships,
        "sizes": tuple(ships),
        "colony_spaces": tuple(g["colony_ship"]["spaces"]),
        "lumos": dict(g.get("lumos") or {}),
    }


def _decks(pack: Pack) -> dict[str, Any]:
    """The `Rules` fields listing the pack's items: the technology deck and the achievements
    (one entry per physical copy), the factions and the planets."""
    return {
        "tech_deck": tuple(
            p
            for t in pack.items_of("technologies")
            for p in _expand(t["id"], int(t.get("copies", 1)))
        ),
        "achievements": tuple(
            p
            for a in pack.items_of("achievements")
            for p in _expand(a["id"], int(a.get("copies", 1)))
        ),
        "factions": tuple(f["id"] for f in pack.items_of("factions")),
        "planets": {
            str(p["id"]): {
                "colors": tuple(p.get("colors") or ()),
                "name": p.get("name"),
                "size": p.get("size"),
            }
            for p in pack.items_of("planets")
        },
    }


def _die_and_trades(
    g: dict[str, Any], effects: EffectIndex, progs: _Programs
) -> tuple[list[str], list[str], list[str], list[str]]:
    """The die (one program per face, repeated by count) and the trades."""
    by_field = {c.site.field: c for c in effects.of("game")}
    die: list[str] = []
    face_ids: list[str] = []
    for i, face in enumerate(g["die"]["faces"]):
        compiled = by_field[f"die.faces[{i}].effect"]
        assert isinstance(compiled.clause, ast.Plain)
        key = progs.add(f"die:{face['id']}", compiled.clause.effect, _loc(compiled))
        die.extend([key] * int(face["count"]))
        face_ids.extend([face["id"]] * int(face["count"]))
    trades: list[str] = []
    trade_texts: list[str] = []
    for i, _text in enumerate(g["trades"]):
        compiled = by_field[f"trades[{i}]"]
        assert isinstance(compiled.clause, ast.Plain)
        trades.append(progs.add(f"trade:{i}", compiled.clause.effect, _loc(compiled)))
        trade_texts.append(compiled.text)
    return die, face_ids, trades, trade_texts


def _action_cards(pack: Pack, effects: EffectIndex, progs: _Programs) -> list[ActionCard]:
    """The action cards in number order, each phase a program."""
    actions: list[ActionCard] = []
    for item in pack.items_of("actions"):
        compiled = {c.site.field: c for c in effects.of(item["id"])}
        phases = []
        for i, phase in enumerate(item["phases"]):
            c = compiled[f"phases[{i}].effect"]
            assert isinstance(c.clause, ast.Plain)
            key = progs.add(f"action:{item['id']}:{phase['name']}", c.clause.effect, _loc(c))
            phases.append((str(phase["name"]), key, bool(phase.get("together", False))))
        cond = compiled.get("playable_if")
        actions.append(
            ActionCard(
                item["id"],
                item["name"],
                int(item["number"]),
                tuple(phases),
                bool(item.get("stays_on_table", False)),
                bool(item.get("rotates_board", False)),
                cond.clause if cond is not None else None,
            )
        )
    actions.sort(key=lambda a: a.number)
    return actions


def _cards(
    pack: Pack, effects: EffectIndex, progs: _Programs, texts: dict[str, tuple[str, ...]]
) -> tuple[dict[str, Card], dict[str, set[str]]]:
    """Technologies, factions and achievements; triggered and activated clauses become
    programs, and each event's listeners are noted."""
    cards: dict[str, Card] = {}
    listeners: dict[str, set[str]] = {}
    for kind, ctype_key in (("technologies", "type"), ("factions", None), ("achievements", None)):
        for item in pack.items_of(kind):
            compiled = effects.of(item["id"])
            clauses = tuple(c.clause for c in compiled)
            ctype = str(item.get(ctype_key, "")) if ctype_key else kind.rstrip("s")
            cost = {str(k): int(v) for k, v in (item.get("cost") or {}).items() if v}
            card = Card(
                item["id"],
                str(item["name"]),
                kind.rstrip("s").replace("technologie", "technology"),
                ctype,
                cost,
                clauses,
                tuple(_loc(c) for c in compiled),
                int(item.get("min_players", 0) or 0),
                str(item.get("color", "")),
            )
            cards[card.id] = card
            texts[card.id] = tuple(c.text for c in compiled)
            for i, (clause, c) in enumerate(zip(clauses, compiled, strict=True)):
                if isinstance(clause, (ast.Triggered, ast.Activated)):
                    progs.add(f"card:{card.id}:{i}", clause.effect, _loc(c))
                if isinstance(clause, ast.Triggered):
                    listeners.setdefault(clause.event.form, set()).add(card.id)
    return cards, listeners


def _tokens(
    pack: Pack, effects: EffectIndex, progs: _Programs, texts: dict[str, tuple[str, ...]]
) -> tuple[dict[str, Token], dict[str, list[str]]]:
    """Exploration tokens (each physical copy) and the piles they start in."""
    tokens: dict[str, Token] = {}
    piles: dict[str, list[str]] = {"common": [], "rare": [], "deep_space": []}
    for item in pack.items_of("exploration"):
        compiled = effects.of(item["id"])
        c = compiled[0]
        assert isinstance(c.clause, ast.Plain)
        key = progs.add(f"token:{item['id']}", c.clause.effect, _loc(c))
        texts[item["id"]] = (c.text,)
        for phys in _expand(item["id"], int(item.get("copies", 1))):
            tokens[phys] = Token(
                phys, str(item["pile"]), tuple(item.get("yields") or ()), key, _loc(c)
            )
            piles[str(item["pile"])].append(phys)
    return tokens, piles
