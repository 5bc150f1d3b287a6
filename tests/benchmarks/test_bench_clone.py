"""benchmarks/bench_clone.py: the position it clones is half-way through a game, and its tables
print every tenth and every kind it timed (never a timing assertion)."""

from __future__ import annotations

from types import ModuleType

import pytest
from lastlight.interpreter.engine.ruleset import Rules

from tests.benchmarks.scripts import load_script


def _bench() -> ModuleType:
    return load_script("bench_clone")


def test_the_clone_position_is_half_way_and_the_tables_are_complete(
    rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = _bench()
    game = bench.half_way(rules, 7, log=True)  # type: ignore[attr-defined]
    assert not game.over and game.state["n"] == 4 and game.log
    assert len(game.history) > 100  # a 4-player random game makes some 600 decisions
    bench.bench_clone(rules, 5)  # type: ignore[attr-defined]
    bench.bench_tenths(rules, 1, 2)  # type: ignore[attr-defined]
    out = capsys.readouterr().out
    assert "each the least of 2 plays" in out
    assert "no log" in out and "clone/pickle" in out
    engine = next(line for line in out.splitlines() if line.strip().startswith("engine:"))
    assert len(engine.split("last/first")[0].split()) == 11  # the label and ten tenths
    assert "same kinds" in out and "keep" in out  # the first tenth's setup decisions
