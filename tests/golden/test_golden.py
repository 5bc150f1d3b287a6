"""Golden games: recorded seeded games re-played and compared on every run.

A difference means the rules or the content changed how a game plays. If that change is
intended, record them again: `python tests/golden/regenerate.py`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lastlight.interpreter.engine.replay import ReplayError, run_replay
from lastlight.interpreter.engine.ruleset import Rules

from .regenerate import state_digest

FILES = sorted(Path(__file__).parent.glob("game-*.json"))


def test_there_are_golden_games() -> None:
    assert len(FILES) >= 4


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_identically(rules: Rules, path: Path) -> None:
    data = json.loads(path.read_text())
    hint = "if the change is intended: python tests/golden/regenerate.py"
    try:
        game = run_replay(rules, data, check_content=False)
    except ReplayError as exc:
        pytest.fail(f"{path.name}: {exc}; {hint}")
    assert game.over
    assert state_digest(game) == data["final_state_sha256"], f"{path.name} diverged; {hint}"
    assert len(game.log) == data["log_events"], hint
