"""Program bots (`cmd:PROGRAM`): a good one (answering by index or by ids), a crashing one, a
slow one, one answering garbage, one on another protocol version, and one in JavaScript."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from lastlight.interpreter.agents import RandomBot, make_bot, play_game
from lastlight.interpreter.agents.stdio import BotFailed
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules

PROGRAMS = Path(__file__).parent / "programs"
FIRST = f"cmd:{sys.executable} {PROGRAMS / 'first_bot.py'}"


def _game(rules: Rules, name: str, seed: int = 4) -> tuple[Game, object]:
    bot = make_bot(name, seed, rules)
    game = Game.new(rules, 2, seed, log=False)
    return play_game(game, [bot, RandomBot(seed)]), bot


def test_a_good_bot_plays_a_whole_game_by_index_and_by_ids(rules: Rules) -> None:
    for name in (FIRST, FIRST + " --ids"):
        game, bot = _game(rules, name)
        assert game.over and not bot.failures  # type: ignore[attr-defined]
        bot.close()  # type: ignore[attr-defined]
    # the same seats and seeds give the same game: the program answered the same way
    again, _ = _game(rules, FIRST)
    assert again.history == _game(rules, FIRST + " --ids")[0].history


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        ("--crash-after 3", r"seat 0's bot cmd:.* exited \(exit code 3\) without answering"),
        ("--slow-after 2", r"seat 0's bot cmd:.* did not answer its decision within 0.5s"),
        ("--garbage-after 2", r"seat 0's bot cmd:.* answered 'the third one, please': not an"),
        ("--version 2", r"speaks protocol version 2; lastlight speaks 1"),
        ("--deaf-after 2", r"seat 0's bot cmd:.* did not read its input within 0.5s"),
    ],
)
def test_a_failing_bot_stops_the_game_with_a_message_naming_the_seat(
    rules: Rules, monkeypatch: pytest.MonkeyPatch, flags: str, message: str
) -> None:
    monkeypatch.setenv("LASTLIGHT_BOT_TIME", "0.5")
    game = Game.new(rules, 2, 4, log=False)
    bot = make_bot(f"{FIRST} {flags}", 4, rules)
    with pytest.raises(BotFailed, match=message):
        play_game(game, [bot, RandomBot(4)])
    assert not game.over  # the state is as it was when the decision was asked
    assert bot.link.proc is None  # type: ignore[attr-defined]  # the program was stopped


def test_on_error_random_goes_on_and_counts(
    rules: Rules, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LASTLIGHT_BOT_TIME", "0.5")
    monkeypatch.setenv("LASTLIGHT_BOT_ON_ERROR", "random")
    game, bot = _game(rules, f"{FIRST} --garbage-after 2")
    assert game.over and len(bot.failures) == 1  # type: ignore[attr-defined]
    assert bot.link.random_decisions == 1  # type: ignore[attr-defined]  # then it went on
    game, bot = _game(rules, f"{FIRST} --crash-after 3")
    assert game.over and len(bot.failures) == 1  # type: ignore[attr-defined]
    randoms = bot.link.random_decisions  # type: ignore[attr-defined]
    assert randoms > 10  # the rest of the game, at random
    bot.close()  # type: ignore[attr-defined]
    err = capfd.readouterr().err
    assert "seat 0's bot cmd:" in err and f"{randoms} decision(s) made at random" in err


def test_a_bot_in_javascript_on_node(rules: Rules) -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    assert node, "Node.js is needed (Debian's nodejs package; .ci/run installs it)"
    game, bot = _game(rules, f"cmd:{node} {PROGRAMS / 'random_bot.js'}")
    assert game.over and not bot.failures  # type: ignore[attr-defined]


def test_a_program_that_cannot_start_is_named(rules: Rules) -> None:
    game = Game.new(rules, 2, 1, log=False)
    bot = make_bot("cmd:/no/such/program --flag", 1, rules)
    with pytest.raises(BotFailed, match="could not be started: No such file"):
        play_game(game, [bot, RandomBot(1)])
