"""Record a moment of a game as a scenario test: `lastlight record REPLAY --step N`.

A scenario starts from a fresh game (the replay's seed, so the same board) and writes a
position into it. The engine cannot be set up part-way through an effect, so the position
recorded is the last clean one before decision N: the start of the round, or the start of the
round's queue entry (an action's phase or ability window) that holds N, when no effect is
running and no decision is open. The scenario is:

- `setup`: that position where it differs from the fresh game (pieces, cards, resources, light,
  sectors, the deck's top, first player, round, the generator's state, the die faces rolled,
  and `resolve`: the cards chosen and what is left of the round's queue), then shrunk
  (shrink.py, ddmin) to the entries the steps and the expectation see;
- `steps`: the recorded decisions from that position to decision M (cards chosen as one
  `play` step, the others as `choose` with the recorded decision, card copies by card);
- `expect`: what decisions N..M changed (each player's resources, light, technologies, pieces
  that differ between before N and after M), the events they caused (without piece ids) and
  the decision the game then waits for.

`proves` names the content items whose effects ran in N..M. A cut of the setup is kept only if
the scenario still passes with the very same events; one whose steps no longer replay is
UNRESOLVED, never a pass. Recording re-runs the scenario and refuses to write one that fails.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from lastlight.interpreter.engine import flow as round_flow
from lastlight.interpreter.engine.errors import EngineError
from lastlight.interpreter.engine.game import Game, IllegalDecision
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.replay import ReplayError, run_replay
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.engine.view import LUMOS, SeatView
from lastlight.interpreter.load.yamlload import YDict
from lastlight.interpreter.tools.record_text import load_item, to_yaml
from lastlight.interpreter.tools.scenario import ScenarioFailure, _Runner
from lastlight.interpreter.tools.scenario_expect import _ships
from lastlight.interpreter.tools.shrink import FAIL, PASS, UNRESOLVED, ddmin

#: Event keys an expectation leaves out: ids that depend on which copy or piece the setup used,
#: and bookkeeping.
_UNSTABLE_KEYS = ("unit", "at", "see", "round", "units", "frm")
#: Events the expectation leaves out: round bookkeeping. (The faces the dice show are in it:
#: the setup pins the faces to come, the expectation says how the engine read them.)
_QUIET_EVENTS = ("round", "setup", "rotation")
#: Setup entries never shrunk away: the die faces the steps roll (a designer reads the faces,
#: and a test whose dice come from the generator's state would hide them).
_PINNED = (("dice",),)
#: At most this many events in the expectation (the first ones of decisions N..M).
MAX_EXPECT_EVENTS = 10
#: Player fields an expectation may check, when decisions N..M changed them (not the action
#: cards in hand: a round's end picks them up whatever the decisions were).
_PLAYER_FIELDS = ("resources", "light", "tech_hand", "in_play", "ships", "extractors")


class RecordError(Exception):
    """The moment cannot be recorded (a bad step number, a replay that does not reproduce)."""


@dataclass
class Moment:
    """The recorded game around decisions N..M (1-based, as `replay` numbers them)."""

    data: dict[str, Any]
    step: int
    until: int
    start: int  #: the index (0-based) of the first decision the scenario's steps take
    start_state: SeatView  #: the position then (a round's start or an action's start)
    start_log: int  #: the length of the game's log then
    before: SeatView  #: the position before decision N
    after: Game  #: the game after decision M
    events: list[dict[str, Any]] = field(default_factory=list)  #: events of N..M


def capture(rules: Rules, data: dict[str, Any], step: int, until: int | None) -> Moment:
    """Replay `data` to decision `until` (default `step`), keeping the last clean position
    before decision `step` (module docstring)."""
    decisions = data["decisions"]
    until = step if until is None else until
    if not 1 <= step <= len(decisions):
        raise RecordError(f"--step {step}: the replay has decisions 1 to {len(decisions)}")
    if not step <= until <= len(decisions):
        raise RecordError(f"--until {until}: must be from --step ({step}) to {len(decisions)}")
    head = dict(data, decisions=[], result=None)
    try:
        game = run_replay(rules, head)
    except ReplayError as exc:
        raise RecordError(str(exc)) from None
    clean: list[tuple[int, SeatView, int]] = []  # (next decision, position, log length)
    before: SeatView | None = None
    mark = 0
    with _between_entries(
        game, lambda: clean.append((len(game.history), game.view(ALL), len(game.log)))
    ):
        for i in range(until):
            now = game.view(ALL, live=True)
            if i == step - 1:
                before, mark = game.view(ALL), len(game.log)
            fresh_round = now.stage == "select" and all(pl.chosen is None for pl in now.players)
            if i < step and fresh_round:
                clean.append((i, game.view(ALL), len(game.log)))
            try:
                game.apply(decisions[i])
            except (IllegalDecision, EngineError) as exc:
                raise RecordError(f"decision {i + 1} does not replay: {exc}") from None
    found = [c for c in clean if c[0] <= step - 1]
    if not found:
        raise RecordError(
            f"decision {step} is a setup keep (faction or achievement), before the first "
            "round: record a decision of a round"
        )
    # the latest clean point: the highest next decision, and of those the last reached
    start, state, log_at = max(reversed(found), key=lambda c: c[0])
    assert before is not None
    return Moment(data, step, until, start, state, log_at, before, game, game.log[mark:])


@contextmanager
def _between_entries(game: Game, seen: Callable[[], None]) -> Iterator[None]:
    """Call `seen()` whenever `game`'s round queue is about to start its next entry with no
    effect running and no decision open: a position the scenario's `resolve` setup can write
    and the engine carries on from exactly as it did. (The flow's `resolve_queue` is wrapped
    for the replay's duration only; only `game` is played meanwhile.)"""
    real = round_flow.resolve_queue

    def watched(eng: Any, choice: Any = None) -> None:
        now = game.view(ALL, live=True)  # the position the queue is about to go on from
        idle = choice is None and not now.effects_running and now.pending is None
        if idle and not now.queue_entry and now.queue and now.stage == "resolve":
            seen()
        real(eng, choice)

    round_flow.resolve_queue = watched
    try:
        yield
    finally:
        round_flow.resolve_queue = real


def stable_event(rules: Rules, e: dict[str, Any]) -> dict[str, Any]:
    """An event as an expectation can state it: no piece ids, card copies as base ids."""
    out = {}
    for k, v in e.items():
        if k in _UNSTABLE_KEYS:
            continue
        if isinstance(v, str) and "#" in v:
            v = base_id(v)
        elif isinstance(v, list):
            v = [base_id(x) if isinstance(x, str) and "#" in x else x for x in v]
        out[k] = v
    return out


# --- the position --------------------------------------------------------------------------
def player_view(view: SeatView, p: int) -> dict[str, Any]:
    """A player's part of a position (a view that sees everything), in the scenario's words."""
    pl = view.players[p]
    in_play: list[Any] = list(pl.civilization)  # copies by their own id (`x#2`): exact
    for size, card in pl.abilities.items():
        if card:
            in_play.append({"card": card, "size": size})
    for size, mods in pl.mods.items():
        in_play += [{"card": c, "size": size} for c in mods]
    return {
        "faction": base_id(pl.faction) if pl.faction else "",
        "achievement": base_id(pl.achievement) if pl.achievement else "",
        "resources": {k: v for k, v in pl.resources.items() if v},
        "light": pl.light,
        "hand": list(pl.hand),  # in order: a pick-up lists them so
        "played": list(pl.played),
        "tech_hand": sorted(pl.tech_hand or ()),
        "in_play": in_play,
        "exhausted": sorted(pl.exhausted),
        "ships": _ships(view, p),
        "extractors": _extractor_places(view, p),
        "graveyard": list(pl.graveyard),
    }


def _sector_view(view: SeatView, sid: str) -> dict[str, Any]:
    info = view.sectors[sid]
    deep = view.deep_token(sid)
    return {
        "planet": info.planet,
        "token": info.token and base_id(info.token),
        "up": info.token_face_up,
        "deep": deep and base_id(deep),
        "asteroid": info.asteroid,
    }


def setup_entries(rules: Rules, moment: Moment, fresh: Game) -> list[tuple[tuple[Any, ...], Any]]:
    """The start position as (path, value) entries, where it differs from `fresh` (the
    scenario's game before any setup). Each entry is one unit of shrinking."""
    then, base = moment.start_state, fresh.view(ALL)
    out: list[tuple[tuple[Any, ...], Any]] = []
    for key, mine, theirs in (
        ("round", then.round, base.round),
        ("first", then.first, base.first),
        ("rotation", then.rotation, base.rotation),
        ("rng", then.rng_state, None),
    ):
        if mine != theirs:
            out.append(((key,), mine))
    dice = _dice_of(moment)
    if dice:
        out.append((("dice",), dice))
    if then.stage == "resolve":  # part-way through the round: what is left to resolve
        resolve: dict[str, Any] = {
            "chosen": {p: pl.chosen for p, pl in enumerate(then.players)},
            "queue": [list(e) for e in then.queue],
        }
        if then.trigger_count:
            resolve["trig"] = then.trigger_count
        out.append((("resolve",), resolve))
    drawn = list(reversed(then.deck or ()))[: _draws(moment)]
    if drawn and drawn != list(reversed(base.deck or ()))[: len(drawn)]:
        out.append((("deck_top",), drawn))
    if sorted(then.discard) != sorted(base.discard):
        out.append((("discard",), list(then.discard)))
    for sid in then.sectors:
        sector, fresh_sector = _sector_view(then, sid), _sector_view(base, sid)
        for key, value in sector.items():
            if value != fresh_sector[key]:
                out.append((("sectors", sid, key), value))
    for p in range(then.players_count):
        player, fresh_player = player_view(then, p), player_view(base, p)
        for key, value in player.items():
            if value != fresh_player[key]:
                out.append((("players", p, key), value))
    if then.lumos_in_play:
        if then.lumos_ally != base.lumos_ally:
            out.append((("lumos", "ally"), then.lumos_ally))
        if _ships(then, LUMOS) != _ships(base, LUMOS):
            out.append((("lumos", "ships"), _ships(then, LUMOS)))
        if _lumos_out(then) != _lumos_out(base):
            out.append((("lumos", "out"), _lumos_out(then)))
    return out


def _extractor_places(view: SeatView, p: int) -> list[str]:
    """Where p's extractors are, in the order of their pieces: the setup places them in that
    order, so the engine meets them (mines them) in the recorded order."""
    out = []
    for u in view.units.values():
        if u.owner == p and u.is_extractor:
            if u.place == "colony":
                out.append(f"colony:{u.colony_space}")
            elif u.place == "planet":
                out.append(str(u.sector))
    return out


def _lumos_out(view: SeatView) -> dict[str, int]:
    """Lumos ships destroyed (out of the game), by size."""
    out: dict[str, int] = {}
    for u in view.units.values():
        if u.owner == LUMOS and u.is_ship and u.place == "box" and u.size is not None:
            out[u.size] = out.get(u.size, 0) + 1
    return dict(sorted(out.items()))


def _dice_of(moment: Moment) -> list[str]:
    """The die faces rolled from the scenario's start to decision M and on to the next open
    decision (they come from the generator, but a designer reads faces)."""
    return [e["face"] for e in moment.after.log[moment.start_log :] if e["event"] == "die"]


def _draws(moment: Moment) -> int:
    """How many technologies were drawn from the deck from the scenario's start to the end of
    the steps (the deck only shrinks from its top, its end, until it is rebuilt from the
    discard pile: then all of it was drawn)."""
    then = moment.start_state.deck or []
    now = moment.after.view(ALL, live=True).deck or []
    if now == then[: len(now)]:
        return len(then) - len(now)
    return len(then)


def build_setup(entries: list[tuple[tuple[Any, ...], Any]]) -> dict[str, Any]:
    setup: dict[str, Any] = {}
    for path, value in entries:
        node = setup
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node[path[-1]] = value
    return setup


# --- steps and expectation -----------------------------------------------------------------
def build_steps(moment: Moment) -> list[dict[str, Any]]:
    """The decisions from the scenario's start to M: a round's cards chosen as one `play`
    step, the others as `choose`."""
    replay = Game.new(moment.after.rules, moment.data["players"], moment.data["seed"], log=False)
    decisions = moment.data["decisions"]
    for d in decisions[: moment.start]:
        replay.apply(d)
    steps: list[dict[str, Any]] = []
    plays: dict[int, str] = {}
    for d in decisions[moment.start : moment.until]:
        if d["kind"] == "play" and replay.view(ALL, live=True).stage == "select":
            seat = replay.to_move
            assert seat is not None  # a card is being chosen: someone chooses it
            if seat in plays:  # the next round's choices (none asked between)
                steps.append({"play": plays})
                plays = {}
            plays[seat] = d["card"]
        else:
            if plays:
                steps.append({"play": plays})
                plays = {}
            steps.append({"choose": _base_ids(d)})
        replay.apply(d)
    if plays:
        steps.append({"play": plays})
    return steps


def _base_ids(value: Any) -> Any:
    """A decision with card copies named by their card (`assault-rigs`, not `assault-rigs#2`):
    the scenario's setup may have dealt another copy."""
    if isinstance(value, dict):
        return {k: _base_ids(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_base_ids(v) for v in value]
    if isinstance(value, str) and "#" in value:
        return base_id(value)
    return value


def build_expect(rules: Rules, moment: Moment) -> dict[str, Any]:
    """What decisions N..M changed: player fields that differ, and the events they caused."""
    before, after = moment.before, moment.after.view(ALL)
    players: dict[int, dict[str, Any]] = {}
    for p in range(after.players_count):
        old, new = player_view(before, p), player_view(after, p)
        changed = {k: new[k] for k in _PLAYER_FIELDS if new[k] != old[k]}
        if "resources" in changed:  # the resources that changed, zeros included
            now, then = after.players[p].resources, before.players[p].resources
            changed["resources"] = {
                r: now[r] for r in ("common", "uncommon", "rare") if now[r] != then[r]
            }
        if "in_play" in changed:  # the expectation reads technologies in play by card
            changed["in_play"] = sorted(
                base_id(c if isinstance(c, str) else c["card"]) for c in changed["in_play"]
            )
        if "tech_hand" in changed:
            changed["tech_hand"] = f"{len(changed['tech_hand'])} cards"
        if changed:
            players[p] = changed
    expect: dict[str, Any] = {}
    if players:
        expect["players"] = players
    events = [stable_event(rules, e) for e in moment.events if e["event"] not in _QUIET_EVENTS]
    if events:
        expect["events"] = events[:MAX_EXPECT_EVENTS]
    pending = after.pending
    if pending is not None:  # the decision the game stopped at, and whose it is
        expect["pending"] = {
            "player": pending.seat,
            "kind": pending.kind,
            "options": len(pending.options or ()),
        }
    else:
        expect["winners"] = after.winners
    return expect


def proves_of(rules: Rules, moment: Moment) -> list[str]:
    """Content items whose effects ran in decisions N..M."""
    found: list[str] = []
    for e in moment.events:
        for key in ("source", "card", "token"):
            v = e.get(key)
            if not isinstance(v, str):
                continue
            v = v.split(":", 1)[1] if v.startswith(("action:", "card:", "token:")) else v
            v = base_id(v.split(":")[0])
            if v in rules.pack.items and v not in found:
                found.append(v)
    return found


# --- running a candidate --------------------------------------------------------------------
def outcome(rules: Rules, item: YDict) -> tuple[str, tuple[Any, ...], str]:
    """(PASS/FAIL/UNRESOLVED, the events the steps caused, the failure message). A setup or a
    step that no longer replays is UNRESOLVED; an expectation that does not hold is FAIL."""
    runner = _Runner(rules, item)
    try:
        mark = runner.play()
    except (ScenarioFailure, EngineError, IllegalDecision, ValueError, KeyError) as exc:
        return UNRESOLVED, (), str(exc)
    seen = tuple(json.dumps(stable_event(rules, e), sort_keys=True) for e in runner.game.log[mark:])
    try:
        runner.expect()
    except ScenarioFailure as exc:
        return FAIL, seen, str(exc)
    return PASS, seen, ""


@dataclass
class Recorded:
    text: str
    lines_before: int
    lines_after: int
    entries_before: int
    entries_after: int
    tests_run: int


def record(
    rules: Rules,
    data: dict[str, Any],
    step: int,
    until: int | None = None,
    *,
    name: str = "recorded",
    source: str = "",
    shrink: bool = True,
) -> Recorded:
    """The scenario for decisions `step`..`until` of the replay `data`, shrunk."""
    moment = capture(rules, data, step, until)
    fresh = _fresh(rules, data)
    entries = setup_entries(rules, moment, fresh)
    sid = f"{name}-step-{step}" + (f"-{moment.until}" if moment.until != step else "")
    head = {
        "id": re.sub(r"[^a-z0-9-]+", "-", sid.lower()).strip("-") or "recorded",
        "name": f"decisions {step}..{moment.until} of {source or 'a replay'}"
        f" (round {moment.start_state.round})",
        "proves": proves_of(rules, moment),
        "players": data["players"],
        "seed": data["seed"],
    }
    if not head["proves"]:
        del head["proves"]
    steps, expect = build_steps(moment), build_expect(rules, moment)
    comment = (
        f"recorded by `lastlight record {source} --step {step}"
        + (f" --until {moment.until}`" if moment.until != step else "`")
        if source.endswith(".json")
        else f"recorded from {source or 'a game'}: decision {step}"
        + (f" to {moment.until}" if moment.until != step else "")
    )

    def text_of(kept: list[tuple[tuple[Any, ...], Any]]) -> str:
        return to_yaml(
            {**head, "setup": build_setup(kept), "steps": steps, "expect": expect}, comment
        )

    full = text_of(entries)
    status, reference, message = outcome(rules, load_item(full))
    if status != PASS:
        raise RecordError(
            f"the position before decision {moment.start + 1} (round "
            f"{moment.start_state.round}) does not "
            f"replay decisions {step}..{moment.until} as the game did: {message}"
        )
    kept, runs = entries, 1
    if shrink:
        pinned = [e for e in entries if e[0] in _PINNED]
        rest = [e for e in entries if e[0] not in _PINNED]
        kept, runs = shrink_entries(rules, rest, lambda k: text_of(pinned + k), reference)
        chosen = {id(e) for e in pinned + kept}
        kept = [e for e in entries if id(e) in chosen]  # in the position's own order
    small = text_of(kept)
    return Recorded(small, full.count("\n"), small.count("\n"), len(entries), len(kept), runs)


def shrink_entries(
    rules: Rules,
    entries: list[tuple[tuple[Any, ...], Any]],
    text_of: Callable[[list[tuple[tuple[Any, ...], Any]]], str],
    reference: tuple[Any, ...],
) -> tuple[list[tuple[tuple[Any, ...], Any]], int]:
    """ddmin over the setup entries: keep a cut only if the scenario passes with the very same
    events (the same outcome, not merely a passing one)."""

    def test(kept: list[int]) -> str:
        status, seen, _ = outcome(rules, load_item(text_of([entries[i] for i in kept])))
        if status == PASS and seen != reference:
            return FAIL  # passes, but the steps resolve differently: another outcome
        return status

    result = ddmin(list(range(len(entries))), test)
    return [entries[i] for i in result.kept], result.tests_run


def _fresh(rules: Rules, data: dict[str, Any]) -> Game:
    """The scenario's game before any setup entry: the replay's seed, keeps made."""
    item = YDict({"id": "fresh", "players": data["players"], "seed": data["seed"], "steps": []})
    runner = _Runner(rules, item)
    runner.play()
    return runner.game
