"""Options the engine keeps between decisions (derived data in `eng.cache`: a move step's
groups, each group's moves, the unit index) are the options a fresh engine works out: at every
move decision, a game loaded from a save (nothing kept) offers exactly the same decisions."""

from __future__ import annotations

import pytest
from lastlight.interpreter.engine.bots import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 8)])
def test_kept_move_options_equal_fresh_ones(rules: Rules, players: int, seed: int) -> None:
    game = Game.new(rules, players, seed, log=False)
    bot = RandomBot(seed)
    checked = 0
    while not game.over:
        pending = game.state["pending"]
        if pending["kind"] == "move" and checked < 60:
            fresh = Game.load(rules, game.save())
            assert fresh.legal() == game.legal()
            checked += 1
        game.apply(ask(bot, game))
    assert checked >= 20  # the game had move steps with several moves to check


def test_a_clone_mid_move_goes_on_like_the_original(rules: Rules) -> None:
    game = Game.new(rules, 3, 11, log=False)
    bot = RandomBot(11)
    while not game.over and game.state["pending"]["kind"] != "move":
        game.apply(ask(bot, game))
    game.apply(ask(bot, game))  # one ship moved: the step keeps its groups now
    twin = game.clone()
    twin_bot = RandomBot(0)
    twin_bot.rng.state = bot.rng.state
    while not game.over:
        assert twin.legal() == game.legal()
        game.apply(ask(bot, game))
        twin.apply(ask(twin_bot, twin))
    assert twin.to_json() == game.to_json()
