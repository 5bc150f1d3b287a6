"""Static checks of scenario files, as strict as the content checks (X030-X036).

Every name a scenario uses must exist in its pack: items it proves (X030), cards it sets up or
draws (X031), sectors anywhere in its setup and expectations (X032), action cards in `play`
(X033), decision kinds in `choose`, `illegal`, `never`, `legal` and `pending` (X034, from the
registry in effects/decisions.py); scenario ids are unique across the pack's files (X035); every
seat it names (setup, play, expectations, winners, first player) exists at its player count (X036).
Every diagnostic points at the offending line and column.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lastlight.interpreter.effects.decisions import DECISION_KINDS
from lastlight.interpreter.load.errors import Diagnostic, Loc, did_you_mean
from lastlight.interpreter.load.pack import Pack
from lastlight.interpreter.load.yamlload import YDict, YList

_EXTRACTOR_PLACE_PREFIX = "colony:"


class _Names:
    def __init__(self, pack: Pack):
        self.items = pack.items
        board = pack.models.get("board")
        self.sectors = set(board.sectors()) if board is not None else set()
        self.actions = {str(a["id"]) for a in pack.items_of("actions")}
        self.techs = {str(t["id"]) for t in pack.items_of("technologies")}
        self.kinds = set(DECISION_KINDS)
        game = pack.doc("game")
        ship = game.data.get("colony_ship") if game is not None else None
        spaces = ship.get("spaces") if isinstance(ship, dict) else None
        self.colonies = {f"colony:{i}" for i in range(len(spaces))} if spaces else None


def check_scenarios(data: YDict, pack: Pack) -> list[Diagnostic]:
    """Diagnostics for one schema-valid scenario file."""
    names = _Names(pack)
    out: list[Diagnostic] = []
    for scenario in data.get("items") or []:
        if isinstance(scenario, YDict):
            out.extend(_scenario(scenario, names))
    return out


def duplicate_ids(files: list[YDict]) -> list[Diagnostic]:
    """X035: a scenario id used twice in the pack's scenario files (each repeat reported)."""
    seen: dict[str, Loc] = {}
    out = []
    for data in files:
        for scenario in data.get("items") or []:
            if not isinstance(scenario, YDict) or "id" not in scenario:
                continue
            ident = str(scenario["id"])
            at = scenario.loc_of("id")
            if ident in seen:
                first = seen[ident]
                out.append(
                    Diagnostic(
                        at,
                        "X035",
                        f"duplicate scenario id '{ident}'",
                        hint=f"first used at {first.path}:{first.line}",
                    )
                )
            else:
                seen[ident] = at
    return out


def _seat_places(sc: YDict) -> Iterator[tuple[Any, Loc, str]]:
    """Every seat a scenario names: (the seat as written, where, what names it)."""
    raw_setup = sc.get("setup")
    setup = raw_setup if isinstance(raw_setup, YDict) else YDict()
    expects = [sc.get("expect")]
    for step in sc.get("steps") or []:
        if isinstance(step, YDict):
            if isinstance(step.get("play"), YDict):
                yield from ((p, step["play"].key_loc(p), "play") for p in step["play"])
            expects.append(step.get("expect"))
    if isinstance(setup.get("players"), YDict):
        yield from ((p, setup["players"].key_loc(p), "setup") for p in setup["players"])
    if "first" in setup:
        yield setup["first"], setup.loc_of("first"), "setup's first player"
    for expect in expects:
        if not isinstance(expect, YDict):
            continue
        if isinstance(expect.get("players"), YDict):
            yield from ((p, expect["players"].key_loc(p), "expect") for p in expect["players"])
        winners = expect.get("winners")
        if isinstance(winners, YList):
            yield from ((w, winners.loc_of(i), "winners") for i, w in enumerate(winners))
        for key in ("first",):
            if key in expect:
                yield expect[key], expect.loc_of(key), f"expected {key} player"
        pending = expect.get("pending")
        if isinstance(pending, YDict) and "player" in pending:
            yield pending["player"], pending.loc_of("player"), "pending"


def seat_problems(sc: YDict) -> Iterator[Diagnostic]:
    """X036: a seat that does not exist at the scenario's player count (seat 3 of a 2-player
    game once reached the engine and ended in an internal error)."""
    players = sc.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool):
        return
    for seat, at, what in _seat_places(sc):
        digits = isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) < 4
        number = int(seat) if digits else seat
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < players:
            yield Diagnostic(
                at,
                "X036",
                f"scenario '{sc.get('id')}': {what} names seat {seat!r}, but a {players}-player "
                f"game has seats 0 to {players - 1}",
            )


def setup_problems(sc: YDict, pack: Pack) -> list[Diagnostic]:
    """What must hold before a scenario is set up at all: its seats exist (X036) and every
    card, sector and action card its setup names is in the pack (X031-X033). `lastlight test`
    runs scenarios without lint: an unknown faction in a setup once reached the engine and
    ended in an internal error (found by the fuzzer's scenario mutations)."""
    setup = sc.get("setup")
    names = _Names(pack)
    return [*seat_problems(sc), *(_setup(setup, names) if isinstance(setup, YDict) else [])]


def _scenario(sc: YDict, n: _Names) -> Iterator[Diagnostic]:
    yield from seat_problems(sc)
    sid = sc.get("id")
    for i, ident in enumerate(sc.get("proves") or []):
        if ident not in n.items:
            yield Diagnostic(
                sc["proves"].loc_of(i),
                "X030",
                f"scenario '{sid}' proves unknown item '{ident}'",
                hint=did_you_mean(str(ident), n.items),
            )
    setup = sc.get("setup") or YDict()
    yield from _setup(setup, n)
    steps = sc.get("steps") or YList()
    for step in steps:
        if not isinstance(step, YDict):
            continue
        for verb, arg in step.items():
            if verb == "play" and isinstance(arg, YDict):
                for p, card in arg.items():
                    if str(card) not in n.actions:
                        yield Diagnostic(
                            arg.loc_of(p),
                            "X033",
                            f"unknown action card '{card}' in play",
                            hint=did_you_mean(str(card), n.actions),
                        )
            elif verb in ("choose", "illegal", "never"):
                yield from _kind(arg, step.loc_of(verb), n)
            elif verb == "expect" and isinstance(arg, YDict):
                yield from _expect(arg, n)
    expect = sc.get("expect")
    if isinstance(expect, YDict):
        yield from _expect(expect, n)


def _setup(setup: YDict, n: _Names) -> Iterator[Diagnostic]:
    for sector in setup.get("sectors") or {}:
        yield from _sector(sector, setup["sectors"].key_loc(sector), n)
    for key in ("deck_top", "deck", "discard"):
        cards = setup.get(key) or YList()
        for i, card in enumerate(cards):
            yield from _card(str(card), cards.loc_of(i), key, n.techs)
    lumos = setup.get("lumos") or YDict()
    yield from _ship_sectors(lumos.get("ships"), n)
    for _p, conf in (setup.get("players") or {}).items():
        if not isinstance(conf, YDict):
            continue
        for key in ("in_play", "tech_hand", "faction", "achievement"):
            value = conf.get(key)
            cards = value if isinstance(value, list) else [value] if value else []
            for i, name in enumerate(cards):
                card = name.get("card") if isinstance(name, dict) else name
                at = value.loc_of(i) if isinstance(value, YList) else conf.loc_of(key)
                if card:
                    yield from _card(str(card), at, key, n.items)
        for key in ("faction_offer", "achievement_offer"):
            offers = conf.get(key) or YList()
            for i, card in enumerate(offers):
                yield from _card(str(card), offers.loc_of(i), key, n.items)
        for key in ("hand", "played"):
            cards = conf.get(key) or YList()
            for i, card in enumerate(cards):
                yield from _card(str(card), cards.loc_of(i), key, n.actions)
        yield from _ship_sectors(conf.get("ships"), n)
        places = conf.get("extractors") or YList()
        for i, where in enumerate(places):
            if not str(where).startswith(_EXTRACTOR_PLACE_PREFIX):
                yield from _sector(str(where), places.loc_of(i), n)
            elif n.colonies is not None and where not in n.colonies:
                yield Diagnostic(
                    places.loc_of(i),
                    "X032",
                    f"unknown colony space '{where}'",
                    hint=f"colony:0 to colony:{len(n.colonies) - 1}",
                )


def _expect(expect: YDict, n: _Names) -> Iterator[Diagnostic]:
    for sector in expect.get("sectors") or {}:
        yield from _sector(sector, expect["sectors"].key_loc(sector), n)
    yield from _ship_sectors(expect.get("lumos_ships"), n)
    for _p, conf in (expect.get("players") or {}).items():
        if isinstance(conf, YDict):
            yield from _ship_sectors(conf.get("ships"), n)
    legal = expect.get("legal") or YList()
    for i, want in enumerate(legal):
        yield from _kind(want, legal.loc_of(i), n)
    pending = expect.get("pending")
    if isinstance(pending, YDict):
        if "kind" in pending:
            yield from _kind(pending["kind"], pending.loc_of("kind"), n)
        for key in ("offers", "not_offered"):
            opts = pending.get(key) or YList()
            for i, want in enumerate(opts):
                yield from _kind(want, opts.loc_of(i), n)


def _kind(arg: Any, at: Loc, n: _Names) -> Iterator[Diagnostic]:
    """X034: a decision kind not in the registry (a step's or expectation's `kind`)."""
    if isinstance(arg, YDict):
        if "kind" not in arg:
            return
        kind, at = arg["kind"], arg.loc_of("kind")
    else:
        kind = arg
    if str(kind) not in n.kinds:
        yield Diagnostic(
            at,
            "X034",
            f"unknown decision kind '{kind}'",
            hint=did_you_mean(str(kind), n.kinds) or f"one of {', '.join(sorted(n.kinds))}",
        )


def _ship_sectors(ships: Any, n: _Names) -> Iterator[Diagnostic]:
    if isinstance(ships, YDict):
        for sector in ships:
            yield from _sector(str(sector), ships.key_loc(sector), n)


def _sector(sector: str, at: Loc, n: _Names) -> Iterator[Diagnostic]:
    if n.sectors and sector not in n.sectors:
        yield Diagnostic(
            at, "X032", f"unknown sector '{sector}'", hint=did_you_mean(sector, n.sectors)
        )


def _card(card: str, at: Loc, key: str, known: Any) -> Iterator[Diagnostic]:
    base, _, copy = card.partition("#")
    if copy.isdigit() and base in known:
        return  # one copy of a known card (`assault-rigs#2`, as `lastlight record` writes)
    if card not in known:
        code = "X033" if key in ("hand", "played") else "X031"
        what = "action card" if code == "X033" else "card"
        yield Diagnostic(
            at, code, f"unknown {what} '{card}' in {key}", hint=did_you_mean(card, known)
        )
