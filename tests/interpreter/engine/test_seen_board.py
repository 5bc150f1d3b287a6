"""The board the observations share (`observe.seen_board`): every seat's observation holds the
same sector and unit objects while nothing a seat can see of them changes, and new objects as
soon as something does. Checked against a board worked out afresh from the state at every
decision of whole games, so a write that bypassed `Engine.unit` / `Engine.sector` (the only
write paths that tell the observations) would fail here."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules


def _fresh_board(game: Game) -> tuple[dict[str, Any], dict[str, Any]]:
    """The sectors and units a seat sees, worked out from the state without the engine's help."""
    piles = game.rules.token_piles_by_id
    sectors: dict[str, Any] = {}
    for sid, info in game.state["sectors"].items():
        seen = dict(info)
        if seen["token"] and not seen["up"]:
            seen["token"] = piles.get(seen["token"], "token")
        if seen["deep"]:
            seen["deep"] = True
        sectors[sid] = seen
    units = {uid: dict(u) for uid, u in game.state["units"].items()}
    return sectors, units


def _shared(game: Game) -> tuple[Any, Any]:
    """The board of every seat's and the spectator's observation: one pair of objects."""
    n = game.state["n"]
    boards = [(o["sectors"], o["units"]) for o in map(game.observation, [*range(n), None])]
    assert all(b[0] is boards[0][0] and b[1] is boards[0][1] for b in boards)
    return boards[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_shared_board_changes_exactly_when_what_a_seat_sees_changes(
    rules: Rules, players: int
) -> None:
    changed = {"sectors": 0, "units": 0}
    kept = {"sectors": 0, "units": 0}
    for seed in (1, 2):
        game = Game.new(rules, players, seed)
        bot = RandomBot(seed)
        last: tuple[Any, Any] | None = None
        last_copy: tuple[Any, Any] | None = None
        while not game.over:
            board = _shared(game)
            fresh = _fresh_board(game)
            assert board == fresh  # what every seat is shown is the board as it is
            if last is not None and last_copy is not None:
                for i, name in enumerate(("sectors", "units")):
                    assert last[i] == last_copy[i], "an observation's board was written"
                    if board[i] is last[i]:  # the same objects: nothing seen changed
                        assert fresh[i] == last_copy[i]
                        kept[name] += 1
                    else:  # new objects: something seen did change (nothing hidden leaks)
                        assert fresh[i] != last_copy[i]
                        changed[name] += 1
            last, last_copy = board, copy.deepcopy(fresh)
            game.apply(ask(bot, game))
    # the test could fail both ways: the board changed, and stayed, many times
    assert min(changed.values()) >= 5 and min(kept.values()) >= 50, (changed, kept)


def _play_until_units_change(game: Game, bot: RandomBot) -> None:
    before = _fresh_board(game)[1]
    for _ in range(500):
        game.apply(ask(bot, game))
        if _fresh_board(game)[1] != before:
            return
    raise AssertionError("no unit moved in 500 decisions")


def test_a_clone_and_its_original_each_keep_their_own_board(rules: Rules) -> None:
    game = Game.new(rules, 3, 7)
    bot = RandomBot(7)
    for _ in range(40):
        game.apply(ask(bot, game))
    seat = game.to_move
    before = game.observation(seat)
    twin = game.clone()
    assert twin.observation(seat)["units"] == before["units"]
    _play_until_units_change(twin, RandomBot(8))
    # the original's board is untouched by the clone's moves, and the clone sees its own
    again = game.observation(seat)
    assert again["units"] is before["units"] and again["sectors"] is before["sectors"]
    assert (again["sectors"], again["units"]) == _fresh_board(game)
    assert (twin.observation(seat)["sectors"], twin.observation(seat)["units"]) == _fresh_board(
        twin
    )
    # and the other way round: the original moves on, the clone's board stays its own
    twin_units = twin.observation(seat)["units"]
    _play_until_units_change(game, RandomBot(9))
    assert twin.observation(seat)["units"] is twin_units
    assert game.observation(seat)["units"] == _fresh_board(game)[1]


def test_a_loaded_game_and_a_hand_edit_show_the_board_as_it_is(rules: Rules) -> None:
    game = Game.new(rules, 2, 3)
    bot = RandomBot(3)
    for _ in range(30):
        game.apply(ask(bot, game))
    seat = game.to_move
    before = game.observation(seat)
    loaded = Game.from_json(rules, game.to_json())
    seen = loaded.observation(seat)
    assert seen["units"] is not before["units"]  # its own, worked out on load
    assert (seen["sectors"], seen["units"]) == _fresh_board(loaded)
    # a hand edit (no write path of the engine's) is seen at once
    uid = next(u for u, unit in game.state["units"].items() if unit["at"] == "supply")
    with game.edit(cards_changed=False) as st:
        st["units"][uid]["d"] = 2
    after = game.observation(seat)
    assert after["units"][uid]["d"] == 2 and before["units"][uid]["d"] == 0
    assert (after["sectors"], after["units"]) == _fresh_board(game)
