"""The README's Bots section runs as written: the example bot plays through `--bots
module:Class`, and the Python API script plays, clones and saves a game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main

README = Path(__file__).resolve().parents[4] / "README.md"


def _python_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Bots\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_readme_example_bot_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bot_code = _python_blocks()[0]
    assert "class Greedy(Bot)" in bot_code
    (tmp_path / "mybots.py").write_text(bot_code, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = CliRunner().invoke(main, ["play", "--bots", "mybots:Greedy,planner", "-n", "2"])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


def test_readme_python_api_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = _python_blocks()[1]
    monkeypatch.chdir(tmp_path)
    exec(compile(script, "README.md (Bots: the Python API)", "exec"), {})
    assert (tmp_path / "game.json").stat().st_size > 0
    result = CliRunner().invoke(main, ["replay", str(tmp_path / "game.json")])
    assert result.exit_code == 0, result.output
