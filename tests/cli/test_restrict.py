"""`lastlight restrict`: a table (or JSON) of forced against free play, and one clear usage
message for an item that is not a faction or achievement, or an unknown bot."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main


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
    assert code == 2 and "'no-such-card' is not a faction or achievement id" in err
    assert "Traceback" not in err
    code, _, err = run("achievement-red", "--bot", "nobody")
    assert code == 2 and "unknown bot 'nobody'" in err
