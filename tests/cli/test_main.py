"""The command group: `--help` lists every command from its one line, without importing any
command module or the lab's heavy libraries (so it starts at once)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from click.testing import CliRunner
from lastlight.cli.main import COMMANDS, SHORT_HELP, main

PROBE = """
import sys
from lastlight.cli.main import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
heavy = ("numpy", "networkx", "pyarrow", "scipy", "statsmodels", "matplotlib", "lark", "yaml")
loaded = [
    m
    for m in sys.modules
    if (m.startswith("lastlight.cli.") and m != "lastlight.cli.main") or m.split(".")[0] in heavy
]
print("LOADED", sorted(loaded))
"""


def test_every_command_has_its_line() -> None:
    assert set(SHORT_HELP) == set(COMMANDS)
    assert all(len(line) <= 60 for line in SHORT_HELP.values())


def test_help_lists_every_command_with_its_line() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for name, line in SHORT_HELP.items():
        assert f"{name}  " in result.output and line in result.output


def test_a_loaded_command_carries_the_same_line() -> None:
    group = main
    for name in ("lint", "play"):
        command = group.get_command(None, name)  # type: ignore[arg-type]
        assert command is not None and command.get_short_help_str(80) == SHORT_HELP[name]


def test_help_imports_no_command_and_no_heavy_library() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, "--help"], capture_output=True, text=True, check=True
    ).stdout
    loaded = out.split("LOADED", 1)[1].strip()
    assert loaded == "[]", loaded


RUN_PROBE = """
import atexit, gc, sys
from lastlight.cli.main import run
atexit.register(lambda: print("FROZEN", gc.get_freeze_count(), "ENABLED", gc.isenabled()))
sys.argv = ["lastlight", *sys.argv[1:]]
run()
"""


def test_the_console_script_is_run_which_freezes_the_heap_on_the_way_out() -> None:
    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text("utf-8"))
    assert project["project"]["scripts"]["lastlight"] == "lastlight.cli.main:run"
    for argv, code in ((["show", "--kind", "technologies"], 0), (["show", "no-such-item"], 1)):
        done = subprocess.run(
            [sys.executable, "-c", RUN_PROBE, *argv], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == code, done.stderr  # the command's own exit status, kept
        frozen = int(done.stdout.split("FROZEN ")[1].split()[0])
        assert frozen > 10_000, done.stdout  # what the command built is out of the last walk
        assert "ENABLED True" in done.stdout
