"""The fuzzer's invariants (`check_state`, read through the game's view) find each kind of
broken state, and none in a sound one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.tools.fuzz.invariants import check_state


def _game(rules: Rules) -> Game:
    game = Game.new(rules, 3, 4)
    bot = RandomBot(4)
    for _ in range(40):
        game.apply(ask(bot, game))
    return game


def _first(st: dict[str, Any], owner: int, kind: str) -> tuple[str, dict[str, Any]]:
    return next((i, u) for i, u in st["units"].items() if u["o"] == owner and u["k"] == kind)


def _nowhere(st: dict[str, Any]) -> None:
    _first(st, 0, "s")[1]["at"] = "limbo"


def _negative_damage(st: dict[str, Any]) -> None:
    _first(st, 1, "s")[1]["d"] = -1


def _lost_card(st: dict[str, Any]) -> None:
    st["deck"].pop()


def _graveyard_lie(st: dict[str, Any]) -> None:
    st["players"][0]["grave"].append(_first(st, 1, "s")[0])  # (a ship not in any graveyard)


def _off_board(st: dict[str, Any]) -> None:
    _first(st, 2, "s")[1].update({"at": "board", "s": "nowhere-sector"})


def _negative_light(st: dict[str, Any]) -> None:
    st["players"][1]["light"] = -2


BREAKS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "nowhere": (_nowhere, "is nowhere (limbo)"),
    "damage": (_negative_damage, "has negative damage"),
    "card": (_lost_card, "technology cards misplaced"),
    "graveyard": (_graveyard_lie, "listed in P0's graveyard but is"),
    "board": (_off_board, "is on the board but not in a sector"),
    "light": (_negative_light, "P1 has negative resources or light"),
}


def test_a_sound_game_has_no_problems(rules: Rules) -> None:
    assert check_state(_game(rules)) == []


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_each_broken_state_is_found(rules: Rules, name: str) -> None:
    game = _game(rules)
    brk, said = BREAKS[name]
    with game.edit(cards_changed=False) as st:
        brk(st)
    problems = check_state(game)
    assert any(said in p for p in problems), problems
