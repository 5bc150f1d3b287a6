"""docs/bots.md's examples run as written: the example bot plays through `--bots module:Class`,
and the Python API script plays, clones and saves a game. (The docs test runs the page's shell
blocks too, in the slow run; this is the quick check in the default run.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main

PAGE = Path(__file__).resolve().parents[3] / "docs" / "bots.md"


def _python_files() -> dict[str, str]:
    """The Python files the page writes with `cat > NAME.py <<'EOF'`, by name."""
    text = PAGE.read_text(encoding="utf-8")
    return dict(re.findall(r"cat > (\w+\.py) <<'EOF'\n(.*?)\nEOF\n", text, flags=re.S))


def test_readme_example_bot_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bot_code = _python_files()["mybots.py"]
    assert "class Greedy(Bot)" in bot_code
    (tmp_path / "mybots.py").write_text(bot_code, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = CliRunner().invoke(main, ["play", "--bots", "mybots:Greedy,planner", "-n", "2"])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


def test_readme_python_api_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = _python_files()["play_api.py"]
    monkeypatch.chdir(tmp_path)
    exec(compile(script, "docs/bots.md (the Python API)", "exec"), {})
    assert (tmp_path / "api-game.json").stat().st_size > 0
    result = CliRunner().invoke(main, ["replay", str(tmp_path / "api-game.json")])
    assert result.exit_code == 0, result.output
