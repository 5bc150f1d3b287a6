"""Every `sh` block of README.md and docs/*.md runs as written, so a stale example fails.

Each page gets its own scratch copy of the repository (without .git, .venv, runs and caches);
its blocks run in order with bash (`set -euo pipefail`) from the copy's root, with this venv's
PATH, each with a timeout. The blocks right after a `<!-- readme-command: ... -->` marker are
left out: CI runs those itself (they install system packages and a fresh venv). Commands that
must not run here (servers, long sweeps, installs) are shown in `text` blocks.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MARKER = re.compile(r"<!--\s*readme-command:.*-->")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)")
TIMEOUT = 240  # seconds a block may take before it counts as hung
#: Left out of the scratch copy: version control, environments, outputs and caches.
SKIP_TOP = {".git", ".venv", "runs", "site", "fuzz-findings", "lastlight.egg-info", "out"}
SKIP_ANY = {"__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache"}


@dataclass(frozen=True)
class Block:
    page: str  # the page's path from the repository root
    line: int  # the line of the opening fence
    lang: str
    text: str
    after_marker: bool  # right after a `readme-command` marker


def fenced_blocks(text: str, page: str) -> list[Block]:
    """Every fenced block of a Markdown text, with its language and its opening line."""
    lines = text.splitlines()
    blocks: list[Block] = []
    previous = ""  # the last non-blank line before the current one
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            previous = lines[i].strip() or previous
            i += 1
            continue
        indent, fence, lang = match.groups()
        body: list[str] = []
        j = i + 1
        while j < len(lines) and lines[j].strip() != fence:
            body.append(lines[j][len(indent) :] if lines[j].startswith(indent) else lines[j])
            j += 1
        blocks.append(Block(page, i + 1, lang, "\n".join(body), bool(MARKER.fullmatch(previous))))
        previous = fence
        i = j + 1
    return blocks


def sh_blocks(path: Path) -> list[Block]:
    """The blocks of a page the docs test runs: `sh`, not right after a marker."""
    page = path.relative_to(ROOT).as_posix()
    blocks = fenced_blocks(path.read_text(encoding="utf-8"), page)
    return [b for b in blocks if b.lang == "sh" and not b.after_marker]


def _ignore(folder: str, names: list[str]) -> set[str]:
    skip = SKIP_ANY | (SKIP_TOP if Path(folder) == ROOT else set())
    return {n for n in names if n in skip}


def _env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["XDG_CACHE_HOME"] = str(tmp / "cache")  # no cache written outside the test's folder
    venv_bin = str(Path(sys.executable).parent)
    env["PATH"] = venv_bin + os.pathsep + env.get("PATH", "")
    env["VIRTUAL_ENV"] = str(Path(sys.executable).parent.parent)
    env.pop("PYTHONPATH", None)
    env.pop("LASTLIGHT_DEBUG", None)
    env["NO_COLOR"] = "1"
    return env


def _tail(text: str, lines: int = 25) -> str:
    return "\n".join(text.splitlines()[-lines:])


def test_the_extractor_finds_sh_blocks_and_leaves_out_marked_ones() -> None:
    text = (
        "intro\n\n<!-- readme-command: main-job -->\n```sh\ninstall\n```\n\n"
        "```sh\nlastlight lint\n```\n\n```text\nlastlight serve\n```\n\n"
        "1. a step\n\n    ```sh\n    lastlight test\n    ```\n"
    )
    runs = [b for b in fenced_blocks(text, "X.md") if b.lang == "sh" and not b.after_marker]
    assert [(b.line, b.text) for b in runs] == [(8, "lastlight lint"), (18, "lastlight test")]


def test_every_page_with_commands_is_found() -> None:
    with_blocks = {p.name for p in PAGES if sh_blocks(p)}
    assert {"README.md", "designers.md", "balance-lab.md", "players.md", "bots.md"} <= with_blocks


@pytest.mark.parametrize("path", [p for p in PAGES if sh_blocks(p)], ids=lambda p: p.name)
def test_the_page_s_commands_run(path: Path, tmp_path: Path) -> None:
    scratch = tmp_path / "repo"
    shutil.copytree(ROOT, scratch, ignore=_ignore, symlinks=True)
    env = _env(tmp_path)
    for block in sh_blocks(path):
        where = f"{block.page}:{block.line}"
        try:
            done = subprocess.run(
                ["bash", "-c", "set -euo pipefail\n" + block.text],
                cwd=scratch,
                env=env,
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired:
            pytest.fail(f"{where}: the sh block did not finish in {TIMEOUT} s:\n{block.text}")
        assert done.returncode == 0, (
            f"{where}: the sh block failed (exit {done.returncode}):\n{block.text}\n"
            f"--- stdout (end)\n{_tail(done.stdout)}\n--- stderr (end)\n{_tail(done.stderr)}"
        )
