"""Replays: save, load, verify; corrupt or mismatched replays get clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lastlight.interpreter.agents import HeuristicBot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.replay import (
    ReplayError,
    load_replay,
    make_replay,
    run_replay,
    save_replay,
)
from lastlight.interpreter.engine.ruleset import Rules


def _recorded(rules: Rules, tmp_path: Path) -> Path:
    game = play_game(Game.new(rules, 3, 21), [HeuristicBot(i) for i in range(3)])
    path = tmp_path / "game.json"
    save_replay(path, make_replay(game, rules, ["heuristic"] * 3))
    return path


def test_a_saved_replay_reproduces_the_game(rules: Rules, tmp_path: Path) -> None:
    path = _recorded(rules, tmp_path)
    data = load_replay(path)
    game = run_replay(rules, data)
    assert game.over
    assert game.winners == data["result"]["winners"]


@pytest.mark.parametrize(
    "breakage, message",
    [
        (lambda text: text[: len(text) // 2], "not valid JSON"),
        (lambda text: "\x00\x01binary", "not valid JSON"),
        (lambda text: json.dumps({"format": "other"}), "not a lastlight replay"),
        (lambda text: text.replace('"version": 1', '"version": 99'), "version"),
        (lambda text: text.replace('"content": "', '"content": "x'), "content"),
    ],
)
def test_broken_replays_are_refused_clearly(
    rules: Rules,
    tmp_path: Path,
    breakage,  # type: ignore[no-untyped-def]
    message: str,
) -> None:
    path = _recorded(rules, tmp_path)
    path.write_text(breakage(path.read_text()))
    with pytest.raises(ReplayError, match=message):
        run_replay(rules, load_replay(path))


def test_a_tampered_decision_is_caught(rules: Rules, tmp_path: Path) -> None:
    path = _recorded(rules, tmp_path)
    data = json.loads(path.read_text())
    data["decisions"][5] = {"kind": "play", "card": "nonsense"}
    with pytest.raises(ReplayError, match="decision 6"):
        run_replay(rules, data)


def test_a_different_result_is_caught(rules: Rules, tmp_path: Path) -> None:
    data = json.loads(_recorded(rules, tmp_path).read_text())
    data["result"]["light"][0] += 1
    with pytest.raises(ReplayError, match="does not reproduce"):
        run_replay(rules, data)


def test_a_failed_save_keeps_the_old_file(rules: Rules, tmp_path: Path) -> None:
    path = _recorded(rules, tmp_path)
    good = path.read_text()
    with pytest.raises(TypeError):
        save_replay(path, {"bad": object()})
    assert path.read_text() == good
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
