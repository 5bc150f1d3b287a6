"""The state: its documented shape, the fast copy, saves that carry history and log, and the
unit index that `move_unit` keeps current."""

from __future__ import annotations

import json
from typing import NotRequired, get_origin, get_type_hints

from lastlight.interpreter.agents import RandomBot
from lastlight.interpreter.engine import state as state_doc
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.engine.state import clone_state
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
