"""The load benchmark's harness on a few tables: a real server process, real WebSockets, the
SIGKILL and restart; it exits non-zero if a decision was lost or doubled."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_serve.py"


@pytest.mark.slow
def test_a_few_tables_are_played_killed_and_resumed_without_a_lost_decision() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--tables", "4", "--timeout", "240"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout
    assert "load: 4 tables of 2" in out and "decision to next prompt: p50" in out
    assert "4 of 4 tables finished" in out
    assert out.count("check: {'lost': 0, 'doubled': 0, 'mismatched': 0, 'unfinished': 0}") == 2
