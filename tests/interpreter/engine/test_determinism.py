"""Same content + seed + decisions = same game, in any process and whatever PYTHONHASHSEED."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import pytest
from lastlight.interpreter.agents import HeuristicBot, RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules

SCRIPT = """
import hashlib
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.pipeline import load_pack_or_raise
from lastlight.interpreter.load.paths import content_dir
rules = Rules.from_pack(load_pack_or_raise(content_dir()))
game = Game.new(rules, {players}, {seed})
bot = RandomBot({seed})
while not game.over:
    game.apply(ask(bot, game))
print(hashlib.sha256(game.to_json().encode()).hexdigest(), len(game.history))
"""


def _digest(game: Game) -> str:
    return hashlib.sha256(game.to_json().encode()).hexdigest()


def _play(rules: Rules, players: int, seed: int, bot_cls: type = RandomBot) -> Game:
    game = Game.new(rules, players, seed)
    bot = bot_cls(seed)
    while not game.over:
        game.apply(ask(bot, game))
    return game


def test_same_seed_same_game(rules: Rules) -> None:
    for players in (2, 3, 4):
        a, b = _play(rules, players, 11), _play(rules, players, 11)
        assert _digest(a) == _digest(b)
        assert a.history == b.history
        assert a.log == b.log


def test_different_seeds_differ(rules: Rules) -> None:
    assert _digest(_play(rules, 4, 1)) != _digest(_play(rules, 4, 2))


@pytest.mark.slow
def test_same_game_under_different_hash_seeds(rules: Rules) -> None:
    local = _play(rules, 3, 5)
    expected = f"{_digest(local)} {len(local.history)}"
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", SCRIPT.format(players=3, seed=5)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        assert out.stdout.strip() == expected, f"PYTHONHASHSEED={hash_seed} diverged"


def test_replaying_the_decisions_reproduces_the_game(rules: Rules) -> None:
    original = _play(rules, 4, 3, HeuristicBot)
    again = Game.new(rules, 4, 3)
    for decision in original.history:
        again.apply(decision)
    assert _digest(again) == _digest(original)


def test_json_round_trip_mid_game_continues_identically(rules: Rules) -> None:
    game = Game.new(rules, 4, 9)
    bot = RandomBot(9)
    for _ in range(150):
        game.apply(ask(bot, game))
    restored = Game.from_json(rules, game.to_json())
    assert restored.state == game.state
    bot_a, bot_b = RandomBot(99), RandomBot(99)
    while not game.over:
        game.apply(ask(bot_a, game))
        restored.apply(ask(bot_b, restored))
    assert _digest(game) == _digest(restored)
