"""`lastlight restrict`: a table (or JSON) of forced against free play, and one clear usage
message for an item that is not a faction, achievement or technology, or an unknown bot."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter.tools.lab import restrict


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["restrict", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.slow
def test_a_small_table_and_its_json() -> None:
    code, out, err = run("achievement-red", "--games", "3", "--players", "2", "--bot", "random")
    assert code == 0, err
    header, row = out.strip().splitlines()
    assert "forced win [95% Wilson]" in header and row.startswith("achievement-red")
    assert row.split()[1:4] == ["2p", "keep", "3"]
    code, out, err = run("achievement-red", "-g", "3", "-n", "2", "--bot", "random", "--never",
                         "--format", "json")  # fmt: skip
    assert code == 0, err
    (summary,) = json.loads(out)
    assert summary["mode"] == "never" and summary["pairs"] == 3 and summary["free_kept"] <= 3


def test_bad_items_and_bots_are_usage_errors() -> None:
    code, _, err = run("no-such-card")
    assert code == 2 and "'no-such-card' is not a faction, achievement or technology id" in err
    assert "Traceback" not in err
    code, _, err = run("achievement-red", "--bot", "nobody")
    assert code == 2 and "unknown bot 'nobody'" in err


def test_an_unknown_technology_names_close_ids() -> None:
    code, _, err = run("light-sail-city", "-n", "2")
    assert code == 2 and "'light-sail-city' is not a faction, achievement or technology id" in err
    assert "did you mean light-sail-cities?" in err and "Traceback" not in err


def test_a_technology_row_and_its_json() -> None:
    code, out, err = run("kinetic-rams", "-g", "2", "-n", "2", "--bot", "random", "--seed", "1")
    assert code == 0, err
    header, row = out.strip().splitlines()
    assert "free kept/made" in header and row.split()[:4] == ["kinetic-rams", "2p", "must", "2"]
    code, out, err = run("kinetic-rams", "-g", "2", "-n", "2", "--bot", "random", "--seed", "1",
                         "--never", "--format", "json")  # fmt: skip
    assert code == 0, err
    (s,) = json.loads(out)
    assert {k for k in s} >= {"forced_interval", "free_interval", "change_interval", "deals"}
    assert s["kind"] == "technology" and s["mode"] == "never" and s["pairs"] == 2
    assert "free_kept" not in s and 0 <= s["free_manufactured"] <= 2
    assert s["deals"] > 2  # seed 1: deals 0, 1 and 2 never offer it to the forced seat


def test_a_technology_never_offered_stops_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(restrict, "TRIES_PER_PAIR", 1)  # deal 0 of seed 1 does not offer it
    code, _, err = run("kinetic-rams", "-g", "1", "-n", "2", "--bot", "random", "--seed", "1")
    assert code == 1 and "Traceback" not in err
    assert "kinetic-rams was offered to the forced seat in 0 of 1 deals at 2 players" in err
