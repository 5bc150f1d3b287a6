"""The documentation site builds with `mkdocs build --strict` (a broken link or anchor, a page
left out of the nav, fails), and its CLI reference lists every command of the `lastlight` group
(mkdocs-click loads them through the group's lazy `get_command`)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from lastlight.cli.main import COMMANDS

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_the_site_builds_strict_and_lists_every_command(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    pytest.importorskip("mkdocs_click")
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr[-4000:]
    cli = (site / "cli" / "index.html").read_text(encoding="utf-8")
    shown = set(re.findall(r'<h[2-4] id="([a-z]+)"', cli))
    assert set(COMMANDS) <= shown, f"not in the CLI reference: {sorted(set(COMMANDS) - shown)}"
    assert "Sentinel" not in cli  # click's unset default, as the table style printed it
    assert "Games to play.  [default: 300;" in cli  # an option's help as `--help` prints it
    for page in ("designers", "balance-lab", "players", "bots", "architecture", "figures"):
        assert (site / page / "index.html").exists(), page
