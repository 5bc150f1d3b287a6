"""The state: its documented shape, the fast copy, saves that carry history and log, and the
unit index that `move_unit` keeps current."""

from __future__ import annotations

import json
from typing import NotRequired, get_origin, get_type_hints

from lastlight.interpreter.agents import RandomBot
from lastlight.interpreter.engine import state as state_doc
from lastlight.interpreter.engine import state_copy
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.engine.state_copy import clone_state
from lastlight.interpreter.engine.units import KEY, UnitIndex, index


def _played(rules: Rules, players: int, seed: int, steps: int, *, log: bool = False) -> Game:
    game = Game.new(rules, players, seed, log=log)
    bot = RandomBot(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(bot.decide(None, game.legal()))
    return game


def _finish(game: Game, seed: int) -> Game:
    bot = RandomBot(seed)
    while not game.over:
        game.apply(bot.decide(None, game.legal()))
    return game


def test_the_typed_dicts_name_every_key_of_a_real_state(rules: Rules) -> None:
    for players in (2, 4):
        st = _played(rules, players, 3, 150).state
        # every key a game always has; the optional ones (`dice`, fixed by scenarios) absent
        hints = get_type_hints(state_doc.GameState, include_extras=True)
        optional = {k for k, t in hints.items() if get_origin(t) is NotRequired}
        assert optional == {"dice"}
        assert set(st) == set(hints) - optional
        for pl in st["players"]:
            assert set(pl) == set(get_type_hints(state_doc.Player))
        for unit in st["units"].values():
            assert set(unit) == set(get_type_hints(state_doc.Unit))
        for sector in st["sectors"].values():
            assert set(sector) == set(get_type_hints(state_doc.Sector))
        assert set(st["pending"]) == set(get_type_hints(state_doc.Pending))


def test_clone_state_equals_a_json_round_trip_and_shares_nothing(rules: Rules) -> None:
    st = _played(rules, 4, 5, 300).state
    copy = clone_state(st)
    assert copy == json.loads(json.dumps(st))
    seen = {id(v) for v in _containers(st)}
    assert not [c for c in _containers(copy) if id(c) in seen]


def _containers(value: object) -> list[object]:
    out: list[object] = []
    if isinstance(value, dict):
        out.append(value)
        for v in value.values():
            out.extend(_containers(v))
    elif isinstance(value, list):
        out.append(value)
        for v in value:
            out.extend(_containers(v))
    return out


def test_a_clone_plays_on_like_the_original_and_leaves_it_alone(rules: Rules) -> None:
    game = _played(rules, 3, 11, 200, log=True)
    before = game.to_json()
    twin = game.clone()
    assert twin.history == game.history and twin.log == game.log
    _finish(twin, 99)
    assert game.to_json() == before  # the original did not move
    _finish(game, 99)
    assert game.to_json() == twin.to_json()
    assert game.history == twin.history and game.log == twin.log


def test_a_save_carries_history_and_log_and_loads_to_the_same_game(rules: Rules) -> None:
    game = _played(rules, 2, 8, 120, log=True)
    text = game.save()
    loaded = Game.load(rules, text)
    assert loaded.history == game.history and loaded.log == game.log
    assert loaded.to_json() == game.to_json()
    assert json.loads(text)["state"] == json.loads(game.to_json())  # readable JSON
    _finish(game, 4)
    _finish(loaded, 4)
    assert loaded.to_json() == game.to_json()
    # a bare state (to_json) still loads, with no history
    assert Game.load(rules, game.to_json()).history == []


def _buckets(ix: UnitIndex) -> tuple[object, ...]:
    def clean(d: dict) -> dict:  # empty buckets are the same as none
        return {k: v for k, v in d.items() if v}

    return (clean(ix.board), clean(ix.by_owner), ix.planet_x, clean(ix.supply), clean(ix.colony))


def test_the_unit_index_stays_equal_to_one_built_from_the_state(rules: Rules) -> None:
    for players, seed in ((2, 1), (4, 2)):
        game = Game.new(rules, players, seed, log=False)
        bot = RandomBot(seed)
        checked = 0
        while not game.over:
            game.apply(bot.decide(None, game.legal()))
            if game.eng.cache.get(KEY) is not None:
                fresh = UnitIndex(game.state["units"])
                assert _buckets(index(game.eng)) == _buckets(fresh), f"after {game.history[-1]}"
                checked += 1
        assert checked > 100


def test_a_clone_and_its_original_never_write_each_others_state(rules: Rules) -> None:
    """Copy on write (`Engine.unit`/`sector`, `fork_state`): what one game plays or edits never
    shows in the other, whichever of the two moves first, and a clone of a clone too."""
    game = _played(rules, 4, 21, 260, log=True)
    frozen = json.loads(game.to_json())
    twin = game.clone()
    _finish(twin, 5)  # the clone plays to the end: the original did not move
    assert json.loads(game.to_json()) == frozen
    again = game.clone()
    _finish(game, 6)  # the original plays on: its clones did not move
    assert json.loads(again.to_json()) == frozen
    third = again.clone()
    uid, sid = next(iter(frozen["units"])), next(iter(frozen["sectors"]))
    with again.edit(cards_changed=False) as st:  # by hand, every kind of shared dict
        st["units"][uid]["d"] = 9
        st["sectors"][sid]["up"] = not frozen["sectors"][sid]["up"]
        st["pending"]["options"].append({"kind": "done"})
        st["players"][0]["res"]["rare"] = 99
    assert json.loads(third.to_json()) == frozen
    with third.edit() as st:
        st["units"][uid]["at"] = "box"
    assert again.state["units"][uid]["at"] == frozen["units"][uid]["at"]
    assert again.state["units"][uid]["d"] == 9 and third.state["units"][uid]["d"] != 9


def test_a_clone_shares_no_container_that_the_engine_writes(rules: Rules) -> None:
    """The shared parts are the unit and sector dicts (copied on write), the open decision
    (replaced, never written) and the log's entries; nothing else is shared."""
    game = _played(rules, 4, 22, 300, log=True)
    twin = game.clone()
    assert twin.state == game.state and twin.log == game.log
    shared_ok = {id(game.state["pending"])}
    shared_ok |= {id(c) for c in _containers(game.state["pending"])}
    for part in ("units", "sectors"):
        shared_ok |= {id(c) for v in game.state[part].values() for c in _containers(v)}
    seen = {id(v) for v in _containers(game.state)} - shared_ok
    assert not [c for c in _containers(twin.state) if id(c) in seen]
    assert twin.eng.log is not game.eng.log and twin.history is not game.history


def test_fork_state_knows_every_field_of_the_typed_dicts() -> None:
    """`fork_state` copies the fields it knows by shape and any other one deep: its lists of
    known fields are the TypedDicts' own."""
    # (a NotRequired field, such as a scenario's fixed `dice`, is copied deep as an extra one)
    hints = get_type_hints(state_doc.GameState, include_extras=True)
    required = {k for k, v in hints.items() if get_origin(v) is not NotRequired}
    assert required == state_copy._KNOWN
    assert set(get_type_hints(state_doc.Player)) == state_copy._PLAYER_SHAPED


def test_a_clone_takes_the_derived_data_over_and_both_keep_it_right(rules: Rules) -> None:
    """The unit index (shared, copied by the first move of either game) and the card tables a
    clone starts with stay equal to ones worked out from each game's own state."""
    game = _played(rules, 4, 23, 250)
    assert index(game.eng) is not None
    twin = game.clone()
    assert twin.eng.cache[KEY] is game.eng.cache[KEY]  # not worked out again
    bots = {id(game): RandomBot(1), id(twin): RandomBot(2)}
    moved = 0
    while not (game.over and twin.over):
        for g in (game, twin):
            if g.over:
                continue
            g.apply(bots[id(g)].decide(None, g.legal()))
            fresh = UnitIndex(g.state["units"])
            assert _buckets(index(g.eng)) == _buckets(fresh), f"after {g.history[-1]}"
            moved += 1
    assert game.eng.cache[KEY] is not twin.eng.cache[KEY]
    assert moved > 200
