"""The picture: every setup renders; a game in progress renders; the CLI writes atomically."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter.board.svg import render, view_from_state
from lastlight.interpreter.engine.bots import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.rules import Rules


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_setup_renders(tmp_path: Path, players: int) -> None:
    out = tmp_path / f"b{players}.svg"
    result = CliRunner().invoke(main, ["board", "-n", str(players), "-s", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    root = ET.fromstring(out.read_text())
    assert root.tag.endswith("svg")
    assert out.read_text().count("<circle") >= 8  # planets, the white dwarf, tokens


def test_a_game_in_progress_renders(rules: Rules) -> None:
    game = Game.new(rules, 3, 2)
    bot = RandomBot(2)
    for _ in range(200):
        game.apply(ask(bot, game))
    piles = {phys: t.pile for phys, t in rules.tokens.items()}
    svg = render(game.board, view_from_state(game.state, rules.planets, piles))
    ET.fromstring(svg)
    assert svg.count("<polygon") >= 3  # ships


@pytest.mark.parametrize(
    "args, message",
    [
        (["-n", "5"], "5"),
        (["-r", "-1"], "-1"),
        (["-o", "board.png"], "SVG"),
    ],
)
def test_bad_arguments_fail_cleanly(tmp_path: Path, args: list[str], message: str) -> None:
    base = ["board", "-o", str(tmp_path / "x.svg")]
    result = CliRunner().invoke(main, [*base, *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_an_unwritable_output_fails_without_a_traceback(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["board", "-o", str(tmp_path / "no" / "such" / "x.svg")])
    assert result.exit_code == 1
    assert "cannot write" in result.output


def test_a_saved_game_draws_at_any_step(tmp_path: Path) -> None:
    replay = tmp_path / "g.json"
    runner = CliRunner()
    assert runner.invoke(main, ["play", "-n", "3", "-s", "4", "--save", str(replay)]).exit_code == 0
    out = tmp_path / "mid.svg"
    result = runner.invoke(main, ["board", "--replay", str(replay), "--step", "40", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "after 40 decisions" in out.read_text()
    broken = runner.invoke(main, ["board", "--replay", str(tmp_path / "none.json"), "-o", str(out)])
    assert broken.exit_code == 1 and "cannot read" in broken.output
