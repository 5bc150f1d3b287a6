"""CI runs the README's own commands: `.ci/run` extracts the blocks marked in README.md and runs
them (never a copy), and each command installs from the lock."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _extractor():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("readme_command", ROOT / ".ci/readme_command.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_has_both_commands_and_they_use_the_lock() -> None:
    commands = _extractor().readme_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert set(commands) == {"main-job", "tests"}
    assert "uv sync --locked" in commands["main-job"] and "lastlight play" in commands["main-job"]
    assert "uv sync --locked" in commands["tests"] and "--extra dev" in commands["tests"]
    assert commands["tests"].rstrip().endswith("pytest")
    # as root (no sudo in a container) and as a user with sudo, with empty package lists
    assert "apt-get update" in commands["tests"] and "sudo apt-get" not in commands["tests"]


def test_ci_runs_the_readme_commands_not_a_copy() -> None:
    run = (ROOT / ".ci/run").read_text(encoding="utf-8")
    for name in ("main-job", "tests"):
        assert f'bash -euo pipefail -c "$(python3 .ci/readme_command.py {name})"' in run
    commands = _extractor().readme_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    for command in commands.values():
        for part in re.split(r"\s*&&\s*", command):
            if "uv sync" in part or "apt-get" in part:
                assert part not in run, f"{part!r} is copied into .ci/run"


def test_a_missing_or_broken_marker_is_an_error() -> None:
    extract = _extractor().readme_commands
    assert extract("<!-- readme-command: tests -->\n```sh\npytest\n```\n") == {"tests": "pytest"}
    for broken in (
        "<!-- readme-command: tests -->\ntext\n",
        "<!-- readme-command: a -->\n```sh\nx\n",
    ):
        try:
            extract(broken)
        except ValueError as exc:
            assert "README.md:2" in str(exc)
        else:
            raise AssertionError(f"accepted {broken!r}")
