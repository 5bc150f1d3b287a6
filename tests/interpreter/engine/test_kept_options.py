"""Options the engine keeps between decisions (derived data in `eng.cache`: a move step's
groups, each group's moves, the unit index) are the options a fresh engine works out: after
every move decision, a game loaded from the save taken just before it (nothing kept) and given
the same decision offers exactly the same next decisions."""

from __future__ import annotations

import pytest
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 8)])
def test_kept_move_options_equal_fresh_ones(rules: Rules, players: int, seed: int) -> None:
    game = Game.new(rules, players, seed, log=False)
    bot = RandomBot(seed)
    checked = 0
    while not game.over:
        decision = ask(bot, game)
        if game.state["pending"]["kind"] == "move":
            fresh = Game.load(rules, game.save())  # the save holds no derived data
            fresh.apply(decision)
            game.apply(decision)
            assert fresh.legal() == game.legal()
            assert fresh.to_json() == game.to_json()
            checked += 1
        else:
            game.apply(decision)
    assert checked >= 20  # the game had move steps with several moves to check


def test_a_clone_mid_move_goes_on_like_the_original(rules: Rules) -> None:
    game = Game.new(rules, 3, 11, log=False)
    bot = RandomBot(11)
    while not game.over and game.state["pending"]["kind"] != "move":
        game.apply(ask(bot, game))
    game.apply(ask(bot, game))  # a move decision: the step keeps what it worked out
    twin = game.clone()  # derived data is not copied: the twin works it out again
    twin_bot = RandomBot(0)
    twin_bot.rng.state = bot.rng.state
    while not game.over:
        game.apply(ask(bot, game))
        twin.apply(ask(twin_bot, twin))
        assert twin.legal() == game.legal()
    assert twin.to_json() == game.to_json()
