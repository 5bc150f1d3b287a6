"""benchmarks/tune_planner.py: the shipped run never sees the variant's weights, the variant's
do change the games, and a bad weight name is one clear message."""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.benchmarks.scripts import load_script


def _tune() -> ModuleType:
    return load_script("tune_planner")


@pytest.mark.slow
def test_overrides_stay_in_the_variant_workers() -> None:
    tune = _tune()
    shipped = tune.wins(([], 4, 9000, 8))
    # a planner that never values Refresh nor Research loses games the shipped one wins
    assert sum(tune.run(["CLAIM_WEIGHT=0", "RESEARCH_WEIGHT=0"], 4, 9000, 8, 2)) < sum(shipped)
    # and the shipped run after it, in fresh workers, is unchanged
    assert tune.run([], 4, 9000, 8, 2) == shipped


def test_a_weight_that_does_not_exist_is_named() -> None:
    tune = _tune()
    with pytest.raises(SystemExit, match=r"no weight named 'EVENT_RATE\.nope'"):
        tune.parse(["EVENT_RATE.nope=1"])
    with pytest.raises(SystemExit, match="not a number"):
        tune.parse(["CLAIM_WEIGHT=high"])
