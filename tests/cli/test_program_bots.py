"""`--bots cmd:PROGRAM` in play, sim and ladder; `--on-bot-error`; never from a saved file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main

PROGRAM = Path(__file__).parents[1] / "interpreter" / "agents" / "programs" / "first_bot.py"
GOOD = f"cmd:{sys.executable} {PROGRAM}"


@pytest.fixture(autouse=True)
def _restore_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    # --on-bot-error writes the environment (for worker processes): undone after each test
    monkeypatch.setenv("LASTLIGHT_BOT_ON_ERROR", "stop")
    monkeypatch.setenv("LASTLIGHT_BOT_TIME", "5")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout + result.stderr


def test_play_with_a_program_bot() -> None:
    code, out = run("play", "-n", "2", "--bots", f"{GOOD},random")
    assert code == 0, out
    assert "Game over" in out


def test_play_stops_cleanly_when_the_program_crashes() -> None:
    code, out = run("play", "-n", "2", "--bots", f"{GOOD} --crash-after 2,random")
    assert code == 1
    assert "the game stopped: seat 0's bot cmd:" in out and "exit code 3" in out
    assert "Traceback" not in out


def test_play_on_bot_error_random_goes_on() -> None:
    code, out = run(
        "play", "-n", "2", "--on-bot-error", "random", "--bots", f"{GOOD} --garbage-after 2,random"
    )
    assert code == 0, out
    assert "Game over" in out


def test_sim_with_a_program_bot(tmp_path: Path) -> None:
    out_file = tmp_path / "r.csv"
    code, out = run(
        "sim", "-g", "1", "-n", "2", "-j", "1", "--bots", f"{GOOD},random", "-o", str(out_file)
    )
    assert code == 0, out
    assert GOOD in out_file.read_text()


def test_sim_reports_a_crashing_program(tmp_path: Path) -> None:
    code, out = run(
        "sim",
        "-g",
        "1",
        "-n",
        "2",
        "-j",
        "1",
        "--bots",
        f"{GOOD} --crash-after 1,random",
        "-o",
        str(tmp_path / "r.csv"),
    )
    assert code == 1 and "exit code 3" in out and "Traceback" not in out


def test_ladder_with_a_program_bot() -> None:
    code, out = run("ladder", "--bots", f"{GOOD},random", "--games", "2", "--players", "2")
    assert code == 0, out
    assert "first_bot.py" in out


def test_a_saved_game_never_starts_a_program(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    save = tmp_path / "g.json"
    code, out = run("play", "-n", "2", "--bots", "random", "--save", str(save))
    assert code == 0, out
    data = json.loads(save.read_text())
    data["seats"][0] = "cmd:touch started"
    data["result"] = None
    save.write_text(json.dumps(data))
    code, out = run("play", "--resume", str(save))
    assert code == 1
    assert "is a program bot; those come from --bots only" in out
    assert not (tmp_path / "started").exists()


def test_a_saved_game_with_a_program_bot_replays(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    long_name = f"{GOOD} --ids"  # a long command line (a path to python and to the program)
    code, out = run("play", "-n", "2", "--bots", f"{long_name},random", "--save", str(save))
    assert code == 0, out
    seats = json.loads(save.read_text())["seats"]
    assert seats[0].startswith("cmd:") and "first_bot.py" in seats[0] and len(seats[0]) <= 40
    code, out = run("replay", str(save))
    assert code == 0, out
