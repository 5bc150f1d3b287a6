"""Every benchmark script answers --help (exit 0, a usage line): a '%' in an argparse help
string once made `calibrate_keeps.py --help` a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
SCRIPTS = sorted(p.name for p in BENCHMARKS.glob("*.py"))


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS)
def test_help(script: str) -> None:
    out = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "--help"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-400:]
    assert "usage" in out.stdout.lower(), out.stdout[:200]
    assert "Traceback" not in out.stderr
