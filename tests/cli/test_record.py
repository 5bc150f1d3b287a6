"""`lastlight record`: a replay's moment to a scenario file; bad input gets one clear line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout + result.stderr


@pytest.fixture(scope="module")
def replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rec") / "g.json"
    code, out = run("play", "-n", "2", "-s", "2", "--save", str(path))
    assert code == 0, out
    return path


def test_record_writes_a_scenario_that_passes(replay: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.yaml"
    code, text = run("record", str(replay), "--step", "20", "-o", str(out))
    assert code == 0, text
    assert f"{out}: " in text and "setup entries" in text
    code, text = run("test", str(out))
    assert code == 0 and "1 passed, 0 failed" in text, text


def test_record_prints_without_output(replay: Path) -> None:
    code, text = run("record", str(replay), "--step", "20", "--until", "22")
    assert code == 0, text
    assert "kind: scenarios" in text and "--until 22" in text


def test_bad_input(replay: Path, tmp_path: Path) -> None:
    n = len(json.loads(replay.read_text())["decisions"])
    code, text = run("record", str(replay), "--step", str(n + 5))
    assert code == 1 and f"decisions 1 to {n}" in text and "Traceback" not in text
    code, text = run("record", str(replay), "--step", "0")
    assert code == 2 and "--step" in text
    code, text = run("record", str(replay))
    assert code == 2 and "--step" in text
    missing = tmp_path / "none.json"
    code, text = run("record", str(missing), "--step", "3")
    assert code == 1 and "none.json" in text and "Traceback" not in text
    code, text = run("record", str(replay), "--step", "20", "-o", str(tmp_path / "no" / "s.yaml"))
    assert code == 1 and "cannot write" in text and "Traceback" not in text
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    code, text = run("record", str(broken), "--step", "3")
    assert code == 1 and "not valid JSON" in text


def test_the_terminal_games_record_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    content = Path(__file__).resolve().parents[2] / "content"
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        main,
        ["play", "-n", "2", "--human", "0", "--content", str(content)],
        input="1\n1\n1\nr\nq\n\n",
    )
    assert "recorded in moment-s1-d" in result.stdout, result.stdout[-2000:]
    (made,) = tmp_path.glob("moment-s1-d*.yaml")
    code, text = run("test", str(made), "--content", str(content))
    assert code == 0 and "1 passed" in text, text
