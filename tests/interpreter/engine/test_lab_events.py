"""A game with the lab list instead of the full log: the same game, and the list holds exactly
the full log's entries of the events a sweep's rows read (machine.LAB_EVENTS: light gained and
spent, not other resources)."""

from __future__ import annotations

from typing import Any

from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.machine import LAB_EVENTS
from lastlight.interpreter.engine.ruleset import Rules


def _play(rules: Rules, players: int, seed: int, **kw: Any) -> Game:
    game = Game.new(rules, players, seed, **kw)
    bot = RandomBot(seed)
    while not game.over:
        game.apply(ask(bot, game))
    return game


def _lab_part(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        e
        for e in log
        if e["event"] in LAB_EVENTS and (e["event"] not in ("gain", "pay") or e["what"] == "light")
    ]


def test_lab_list_is_the_logs_lab_part(rules: Rules) -> None:
    kinds: set[str] = set()
    for players, seed in ((2, 3), (3, 4), (4, 5), (4, 6)):
        full = _play(rules, players, seed)
        lab = _play(rules, players, seed, log=False, lab=True)
        assert lab.to_json() == full.to_json()
        assert lab.eng.log is None
        assert lab.log == _lab_part(full.log)
        kinds |= {e["event"] for e in lab.log}
    assert {"setup", "gain", "manufacture", "play"} <= kinds  # the list is not trivially empty


def test_no_lab_list_unless_asked(rules: Rules) -> None:
    game = _play(rules, 4, 7, log=False)
    assert game.eng.lab is None and game.log == []
    assert Game.new(rules, 4, 7, lab=True).eng.lab is None  # the full log already holds it


def test_clone_copies_the_lab_list(rules: Rules) -> None:
    game = Game.new(rules, 4, 8, log=False, lab=True)
    bot = RandomBot(8)
    for _ in range(200):
        game.apply(ask(bot, game))
    twin = game.clone()
    assert twin.log == game.log and twin.eng.lab is not game.eng.lab
    while not twin.over:
        twin.apply(ask(bot, twin))
    assert len(twin.log) > len(game.log)
