"""`record`: a moment of a bot game becomes a passing, shrunk scenario that sees the engine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.primitives import move
from lastlight.interpreter.engine.replay import make_replay
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.tools.record import RecordError, record
from lastlight.interpreter.tools.record_text import flow
from lastlight.interpreter.tools.scenario import run_file

from tests.engine_build import pure_core_only


@pytest.fixture(scope="module")
def replay(rules: Rules) -> dict[str, Any]:
    game = Game.new(rules, 2, 2)  # a game with moves and a fight
    play_game(game, [make_bot("heuristic", 20 + s, rules) for s in range(2)])
    return make_replay(game, rules, ["heuristic"] * 2)


def _step(data: dict[str, Any], kind: str) -> int:
    return 1 + next(i for i, d in enumerate(data["decisions"]) if d["kind"] == kind)


def _passes(rules: Rules, path: Path) -> bool:
    results, problems = run_file(rules, path)
    return not problems and bool(results) and all(r.ok for r in results)


def test_a_move_is_recorded_shrunk_and_passes(
    rules: Rules, replay: dict[str, Any], tmp_path: Path
) -> None:
    step = _step(replay, "move")
    made = record(rules, replay, step, name="g", source="g.json")
    assert made.entries_after <= made.entries_before and made.lines_after <= made.lines_before
    assert f"--step {step}" in made.text and "proves: [" in made.text
    path = tmp_path / "s.yaml"
    path.write_text(made.text)
    assert _passes(rules, path)
    # the steps end with the recorded move, and the expectation names where its ship went
    assert "kind: move" in made.text.split("  expect:")[0].rstrip().splitlines()[-1]
    assert "ships:" in made.text.split("expect:")[1]


@pure_core_only
def test_it_fails_when_the_engine_resolves_the_step_differently(
    rules: Rules, replay: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(record(rules, replay, _step(replay, "move"), name="g").text)
    real = move.move_unit

    def ships_stay(eng: Any, uid: str, **fields: Any) -> None:  # a planted bug
        if eng.state["units"][uid]["at"] == "board" and "s" in fields and "at" not in fields:
            return
        real(eng, uid, **fields)

    monkeypatch.setattr(move, "move_unit", ships_stay)
    assert not _passes(rules, path)


def test_a_combat_step_with_dice(rules: Rules, replay: dict[str, Any], tmp_path: Path) -> None:
    made = record(rules, replay, _step(replay, "damage"), name="g")
    path = tmp_path / "s.yaml"
    path.write_text(made.text)
    assert _passes(rules, path)
    assert "    dice: [" in made.text  # the faces rolled are written out, never shrunk away


def test_a_range_of_decisions(rules: Rules, replay: dict[str, Any], tmp_path: Path) -> None:
    step = _step(replay, "move")
    made = record(rules, replay, step, step + 2, name="g", source="g.json")
    assert f"--until {step + 2}" in made.text
    path = tmp_path / "s.yaml"
    path.write_text(made.text)
    assert _passes(rules, path)


def test_bad_steps_say_why(rules: Rules, replay: dict[str, Any]) -> None:
    n = len(replay["decisions"])
    with pytest.raises(RecordError, match=f"decisions 1 to {n}"):
        record(rules, replay, n + 1)
    with pytest.raises(RecordError, match="--until 3"):
        record(rules, replay, 5, 3)
    with pytest.raises(RecordError, match="setup keep"):
        record(rules, replay, 1)


def test_flow_quotes_what_yaml_would_misread() -> None:
    assert flow({"a": ["yes", "x#2", "colony:1", "mine"], "n": None}) == (
        '{a: ["yes", "x#2", "colony:1", mine], "n": null}'
    )


def test_a_recorded_scenario_lints_clean(
    rules: Rules, replay: dict[str, Any], tmp_path: Path
) -> None:
    """Copies named by their id (`war-drums#1`) and the `resolve` setup pass the pack's checks."""
    from lastlight.interpreter.load.yamlload import load_yaml
    from lastlight.interpreter.tools.scenario_lint import check_scenarios

    made = record(rules, replay, _step(replay, "damage"), name="g", shrink=False)
    assert "#" in made.text.split("steps:")[0] and "resolve:" in made.text
    path = tmp_path / "s.yaml"
    path.write_text(made.text)
    data, problems = load_yaml(path)
    assert not problems
    assert check_scenarios(data, rules.pack) == []


def test_moments_of_a_random_bots_game_record(rules: Rules) -> None:
    """Random bots reach odd positions (abilities, trades, the Lumos): every moment records (a
    moment that records is a scenario that passes: `record` re-runs it)."""
    game = Game.new(rules, 3, 36)
    play_game(game, [make_bot("random", 36 + s, rules) for s in range(3)])
    data = make_replay(game, rules, ["random"] * 3)
    n = len(data["decisions"])
    for step in (20, n // 3, n // 2, 2 * n // 3, n - 1):
        assert record(rules, data, step, min(step + 1, n), name="r", shrink=False).text
