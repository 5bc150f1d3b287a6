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


def test_the_cli_never_imports_the_rl_libraries() -> None:
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from lastlight.cli.main import main\n"
        "for args in (['actions', '--format', 'json'], ['play', '-n', '2', '--bots', 'random']):\n"
        "    assert CliRunner().invoke(main, args).exit_code == 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('gymnasium', 'pettingzoo')))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
