"""`lastlight actions`: the catalogue and the observation layout, the same on every run."""

from __future__ import annotations

import json

from click.testing import CliRunner
from lastlight.cli.main import main


def test_actions_json_is_the_same_on_every_run_and_complete() -> None:
    first = CliRunner().invoke(main, ["actions", "--format", "json"])
    second = CliRunner().invoke(main, ["actions", "--format", "json"])
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["format"] == "lastlight-actions" and data["version"] == 1
    assert [a["id"] for a in data["actions"]] == list(range(data["size"]))
    names = {a["name"] for a in data["actions"]}
    assert {"play.card=research", "move.from=home@0", "attack.from=end"} <= names
    fields = data["observation"]["fields"]
    assert sum(f["size"] for f in fields) == data["observation"]["size"]


def test_actions_text_lists_every_id() -> None:
    result = CliRunner().invoke(main, ["actions"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split()[0].isdigit() and lines[1].split() == ["0", "keep"]
