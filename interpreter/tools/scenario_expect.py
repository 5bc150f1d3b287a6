"""Scenario expectations: what must hold after the steps, checked against the game state.

Each failed expectation raises a ScenarioFailure at the expectation's own file:line:col, saying
what was expected and what happened.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import base_id
from lastlight.interpreter.engine.view import LUMOS, SeatView, UnitView
from lastlight.interpreter.load.errors import Loc
from lastlight.interpreter.load.yamlload import YDict, YList

#: `3 cards`: at most 6 digits, like the schema's pattern (a 5,000-digit count once reached
#: int() and ended in an internal error; found by the fuzzer's scenario mutations).
COUNT_RE = re.compile(r"(\d{1,6}) ([a-z]+)")


def check(run: Any, expect: YDict) -> None:
    """Raise a located ScenarioFailure for the first expectation that does not hold."""
    view = run.game.view(ALL)  # a tool may see everything (a copy: one position)
    for p, conf in (expect.get("players") or {}).items():
        for key, want in conf.items():
            at = conf.loc_of(key)
            expectation = _PLAYER_CHECKS.get(key)
            if expectation is None:
                raise run.fail(at, f"unknown expectation '{key}'")
            expectation(run, view, at, int(p), key, want)
    _check_table(run, view, expect)
    _check_events(run, expect)


#: One player expectation: (run, the game's view, where it is written, seat, key, wanted
#: value); raises a located ScenarioFailure if it does not hold.
PlayerCheck = Callable[[Any, SeatView, Loc, int, str, Any], None]


def _resources(run: Any, view: SeatView, at: Loc, p: int, key: str, want: Any) -> None:
    for res, n in want.items():
        _eq(run, at, f"P{p} {res}", view.players[p].resources[res], n)


def _in_play(run: Any, view: SeatView, at: Loc, p: int, key: str, want: Any) -> None:
    have = [c for c, _s in view.active_cards(p) if run.rules.cards[base_id(c)].kind == "technology"]
    _cards(run, at, f"P{p} technologies in play", have, want)


def _kept(run: Any, view: SeatView, at: Loc, p: int, key: str, want: Any) -> None:
    """`faction` or `achievement`: the card the player kept."""
    pl = view.players[p]
    kept = pl.faction if key == "faction" else pl.achievement
    _eq(run, at, f"P{p} {key}", kept and base_id(kept), want)


def _supply(run: Any, view: SeatView, at: Loc, p: int, key: str, want: Any) -> None:
    for what, n in want.items():
        _eq(run, at, f"P{p} {what} in supply", _in_supply(view, p, what), n)


def _graveyard(run: Any, view: SeatView, at: Loc, p: int, key: str, want: Any) -> None:
    grave = view.players[p].graveyard
    if isinstance(want, int):
        _eq(run, at, f"P{p} graveyard size", len(grave), want)
    else:
        _cards(run, at, f"P{p} graveyard", grave, want, unit="units")


def _damage(run: Any, view: SeatView, at: Loc, p: int, key: str, want: Any) -> None:
    for uid, n in want.items():
        if uid not in view.units:  # found by the fuzzer: a look-alike 'р1-large-1'
            raise run.fail(at, f"unknown unit '{uid}'")
        _eq(run, at, f"damage on {uid}", view.units[uid].damage, n)


#: What each key under `players: {P: ...}` checks.
_PLAYER_CHECKS: dict[str, PlayerCheck] = {
    "resources": _resources,
    "light": lambda run, view, at, p, key, want: _eq(
        run, at, f"P{p} light", view.players[p].light, want
    ),
    "hand": lambda run, view, at, p, key, want: _cards(
        run, at, f"P{p} {key}", view.players[p].hand, want
    ),
    "played": lambda run, view, at, p, key, want: _cards(
        run, at, f"P{p} {key}", view.players[p].played, want
    ),
    "in_play": _in_play,
    "tech_hand": lambda run, view, at, p, key, want: _cards(
        run, at, f"P{p} technologies in hand", view.players[p].tech_hand or [], want
    ),
    "exhausted": lambda run, view, at, p, key, want: _cards(
        run, at, f"P{p} exhausted", view.players[p].exhausted, want
    ),
    "faction": _kept,
    "achievement": _kept,
    "supply": _supply,
    "ships": lambda run, view, at, p, key, want: _eq(
        run, at, f"P{p} ships", _ships(view, p), _norm_ships(want)
    ),
    "extractors": lambda run, view, at, p, key, want: _eq(
        run, at, f"P{p} extractors", _extractors(view, p), sorted(want)
    ),
    "graveyard": _graveyard,
    "damage": _damage,
}


def _check_table(run: Any, view: SeatView, expect: YDict) -> None:
    """The Lumos, the piles, units, the pending decision, round and rotation, sectors."""
    if "lumos_ships" in expect:
        _eq(
            run,
            expect.loc_of("lumos_ships"),
            "Lumos ships",
            _ships(view, LUMOS),
            _norm_ships(expect["lumos_ships"]),
        )
    if "lumos_ally" in expect:
        _eq(run, expect.loc_of("lumos_ally"), "Lumos ally", view.lumos_ally, expect["lumos_ally"])
    if "deck" in expect:
        _pile(run, expect.loc_of("deck"), "deck", view.deck or [], expect["deck"])
    if "discard" in expect:
        _pile(run, expect.loc_of("discard"), "discard", view.discard, expect["discard"])
    units = view.units
    for uid, want in (expect.get("units") or {}).items():
        at = expect["units"].loc_of(uid)
        if uid not in units:
            raise run.fail(at, f"unknown unit '{uid}'")
        _eq(run, at, f"{uid} place", _place(units[uid], str(want)), str(want))
    if "pending" in expect:
        _pending(run, view, expect["pending"])
    table = {
        "round": lambda: view.round,
        "rotation": lambda: view.rotation,
        "first": lambda: view.first,
        "over": lambda: view.over,
        "winners": lambda: view.winners,
    }
    for key, actual in table.items():
        if key in expect:
            _eq(run, expect.loc_of(key), key, actual(), expect[key])
    for sector, conf in (expect.get("sectors") or {}).items():
        if sector not in view.sectors:  # found by the fuzzer: a look-alike 'о1' (KeyError)
            raise run.fail(expect["sectors"].key_loc(sector), f"unknown sector '{sector}'")
        for key, want in conf.items():
            _eq(run, conf.loc_of(key), f"{sector} {key}", _sector(view, sector, key), want)


def _sector(view: SeatView, sector: str, key: str) -> Any:
    """What an expectation under `sectors: {S: ...}` reads."""
    info = view.sectors[sector]
    if key == "token_up":
        return info.token_face_up
    if key == "deep":
        deep = view.deep_token(sector)
        return deep and base_id(deep)
    return {"planet": info.planet, "token": info.token}.get(key)


def _check_events(run: Any, expect: YDict) -> None:
    """`events` happened in that order, `no_events` did not, `legal` decisions are offered."""
    events = expect.get("events") or YList()
    log = run.game.log
    pos = 0
    for i, want in enumerate(events):
        while pos < len(log) and not matches(log[pos], want):
            pos += 1
        if pos >= len(log):
            raise run.fail(
                events.loc_of(i),
                f"no event matching {dict(want)} (in order after the previous expected one)",
            )
        pos += 1
    for i, want in enumerate(expect.get("no_events") or []):
        hit = next((e for e in log if matches(e, want)), None)
        if hit is not None:
            raise run.fail(
                expect["no_events"].loc_of(i), f"an event matching {dict(want)} happened: {hit}"
            )
    if "legal" in expect:
        for i, want in enumerate(expect["legal"]):
            if not any(matches(d, want) for d in run.game.legal()):
                raise run.fail(
                    expect["legal"].loc_of(i),
                    f"expected {dict(want)} to be legal; legal: {run.game.legal()[:10]}",
                )


def count_of(want: Any, unit: str = "cards") -> int | None:
    """`3 cards` (or `1 card`, `2 units`): a count expectation; None for anything else."""
    if isinstance(want, str):
        m = COUNT_RE.fullmatch(want.strip())
        if m and m.group(2) in (unit, unit.rstrip("s")):
            return int(m.group(1))
    return None


def _cards(
    run: Any, loc: Loc, what: str, have: Sequence[str], want: Any, unit: str = "cards"
) -> None:
    """A list of ids (compared as a multiset of base ids) or a count such as `3 cards`."""
    n = count_of(want, unit)
    if n is not None:
        _eq(run, loc, f"number of {what}", len(have), n)
        return
    if not isinstance(want, list):
        raise run.fail(loc, f"expected a list of ids or a count such as '3 {unit}' for {what}")
    _eq(run, loc, what, sorted(base_id(c) for c in have), sorted(str(w) for w in want))


def _pile(run: Any, loc: Loc, key: str, pile: Sequence[str], want: Any) -> None:
    """The technology deck (top first) or discard pile: a list, a count, or
    {size: N, top: [...], includes: [...]}."""
    name = "technology deck" if key == "deck" else "discard pile"
    ordered = list(reversed(pile)) if key == "deck" else list(pile)  # the deck's top is its end
    if not isinstance(want, YDict):
        if isinstance(want, list) and key == "deck":
            _eq(run, loc, f"{name} (top first)", [base_id(c) for c in ordered], want)
        else:
            _cards(run, loc, name, ordered, want)
        return
    if "size" in want:
        _eq(run, want.loc_of("size"), f"number of cards in the {name}", len(pile), want["size"])
    if "top" in want:
        top = [base_id(c) for c in ordered[: len(want["top"])]]
        _eq(run, want.loc_of("top"), f"top of the {name}", top, list(want["top"]))
    for i, cid in enumerate(want.get("includes") or []):
        if cid not in {base_id(c) for c in pile}:
            raise run.fail(want["includes"].loc_of(i), f"expected {cid} in the {name}")
    for i, cid in enumerate(want.get("excludes") or []):
        if cid in {base_id(c) for c in pile}:
            raise run.fail(want["excludes"].loc_of(i), f"expected no {cid} in the {name}")


def _place(unit: UnitView, want: str) -> str:
    """Where a piece is, in the words of the expectation: supply, box (out of the game),
    graveyard:N, colony:N, a sector id, or board (any sector)."""
    at = unit.place
    if at == "grave":
        return f"graveyard:{unit.graveyard}"
    if at == "colony":
        return f"colony:{unit.colony_space}"
    if at in ("board", "planet"):
        return "board" if want == "board" else str(unit.sector)
    return str(at)


def _in_supply(view: SeatView, p: int, what: str) -> int:
    extractors = what in ("extractor", "extractors")
    return sum(
        1
        for u in view.units.values()
        if u.owner == p
        and u.place == "supply"
        and (u.is_extractor if extractors else u.is_ship and u.size == what)
    )


def _pending(run: Any, view: SeatView, want: YDict) -> None:
    """Whose decision is open, of what kind, and what that player is offered."""
    pending = view.pending
    if pending is None:
        raise run.fail(want.loc, "expected an open decision, but none is (the game is over)")
    legal = run.game.legal()
    if "player" in want:
        _eq(run, want.loc_of("player"), "player to decide", pending.seat, want["player"])
    if "kind" in want:
        run.known_kind(want["kind"], want.loc_of("kind"))
        _eq(run, want.loc_of("kind"), "kind of the open decision", pending.kind, want["kind"])
    if "options" in want:
        _eq(run, want.loc_of("options"), "number of options offered", len(legal), want["options"])
    for i, opt in enumerate(want.get("offers") or []):
        if not any(matches(d, opt) for d in legal):
            raise run.fail(
                want["offers"].loc_of(i), f"expected {dict(opt)} to be offered; offered: {legal}"
            )
    for i, opt in enumerate(want.get("not_offered") or []):
        run.known_kind(opt, want["not_offered"].loc_of(i))
        hit = next((d for d in legal if matches(d, opt)), None)
        if hit is not None:
            raise run.fail(want["not_offered"].loc_of(i), f"{dict(opt)} is offered: {hit}")


def _eq(run: Any, loc: Loc, what: str, actual: Any, expected: Any) -> None:
    if actual != expected:
        raise run.fail(loc, f"expected {what} = {expected!r}, got {actual!r}")


def matches(actual: dict[str, Any], wanted: Any) -> bool:
    for key, value in wanted.items():
        have = actual.get(key)
        if isinstance(have, str) and isinstance(value, str) and "#" in have and "#" not in value:
            have = base_id(have)
        elif isinstance(have, list) and isinstance(value, list) and len(have) == len(value):
            have = [_as_wanted(h, v) for h, v in zip(have, value, strict=True)]
        if have != value:
            return False
    return True


def _as_wanted(have: Any, want: Any) -> Any:
    """A card copy (`x#2`) read as its card when the expectation names the card (`x`)."""
    if isinstance(have, str) and isinstance(want, str) and "#" in have and "#" not in want:
        return base_id(have)
    return have


def _ships(view: SeatView, owner: int) -> dict[str, dict[str, int]]:
    """The owner's ships on the board: sector -> size -> count."""
    out: dict[str, dict[str, int]] = {}
    for u in view.units.values():
        if u.owner == owner and u.is_ship and u.on_board:
            assert u.sector is not None and u.size is not None
            out.setdefault(u.sector, {}).setdefault(u.size, 0)
            out[u.sector][u.size] += 1
    return {s: dict(sorted(z.items())) for s, z in sorted(out.items())}


def _norm_ships(spec: Any) -> dict[str, dict[str, int]]:
    return {
        str(s): dict(sorted((str(k), int(v)) for k, v in z.items() if int(v)))
        for s, z in sorted(spec.items())
        if any(int(v) for v in z.values())
    }


def _extractors(view: SeatView, p: int) -> list[str]:
    out = []
    for u in view.units.values():
        if u.owner == p and u.is_extractor:
            if u.place == "colony":
                out.append(f"colony:{u.colony_space}")
            elif u.place == "planet":
                out.append(str(u.sector))
    return sorted(out)
