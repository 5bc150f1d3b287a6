"""Intervals and paired comparisons (statsmodels and scipy agree; pairing is kept)."""

from __future__ import annotations

import numpy as np
from lastlight.interpreter.tools.lab.stats import (
    mcnemar_p,
    mean_interval,
    paired_ratio_diff,
    wilson,
)
from scipy.stats import binomtest


def test_wilson_matches_scipy() -> None:
    for k, n in ((0, 10), (42, 100), (83, 100), (7, 7)):
        ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
        assert np.allclose(wilson(k, n), (ci.low, ci.high))
    lo, hi = wilson(0, 10)
    assert lo == 0 and 0.2 < hi < 0.35  # Wald would give [0, 0]


def test_paired_diff_identical_runs_is_exactly_zero() -> None:
    wins = np.array([1, 0, 0, 1, 0], float)
    ones = np.ones(5)
    c = paired_ratio_diff(wins, ones, wins, ones)
    assert (c.diff, c.lo, c.hi, c.moved) == (0.0, 0.0, 0.0, False)


def test_paired_diff_finds_a_real_change_and_not_noise() -> None:
    rng = np.random.default_rng(3)
    base = rng.random(400)
    old = (base < 0.5).astype(float)
    new = (base < 0.3).astype(float)  # the same games, 20 points fewer wins
    c = paired_ratio_diff(old, np.ones(400), new, np.ones(400), seed=1)
    assert c.moved and c.lo < -0.2 < c.hi and c.hi < -0.15
    noise = (rng.random(400) < 0.5).astype(float)
    assert not paired_ratio_diff(old, np.ones(400), noise, np.ones(400), seed=1).moved


def test_paired_diff_of_ratios_with_different_denominators() -> None:
    # a faction present in different games before and after: wins per appearance
    num_old, den_old = np.array([1, 0, 1, 0, 1, 1] * 20, float), np.ones(120)
    num_new, den_new = np.zeros(120), np.array([1, 0] * 60, float)
    c = paired_ratio_diff(num_old, den_old, num_new, den_new, seed=2)
    assert np.isclose(c.old, 4 / 6) and c.new == 0.0 and c.moved


def test_mcnemar_and_mean_interval() -> None:
    a = np.array([True] * 30 + [False] * 30)
    b = np.array([False] * 30 + [False] * 30)
    assert mcnemar_p(a, b) < 1e-6
    assert mcnemar_p(a, a) == 1.0
    lo, hi = mean_interval(np.array([1.0, 2.0, 3.0, 4.0]), 2.5)
    assert lo < 2.5 < hi


def test_a_mean_interval_is_clipped_to_what_the_mean_can_take() -> None:
    pairs = np.array([1.0, -1.0])  # two paired deals: forced won one, free the other
    lo, hi = mean_interval(pairs, 0.0)
    assert lo < -6 and hi > 6  # t with one degree of freedom
    assert mean_interval(pairs, 0.0, bounds=(-1.0, 1.0)) == (-1.0, 1.0)
    narrow = np.array([0.0, 1.0] * 50)
    assert mean_interval(narrow, 0.5, bounds=(-1.0, 1.0)) == mean_interval(narrow, 0.5)


def test_games_all_alike_still_give_an_interval_that_says_how_few_they_were() -> None:
    """Two forced wins out of two pairs are not "+100 points, interval [+100, +100]": with the
    values' range known, all-alike games give the exact binomial bound's interval."""
    lo, hi = mean_interval(np.ones(2), 1.0, bounds=(-1.0, 1.0))
    assert lo < 0 and hi == 1.0  # two pairs say little
    lo, hi = mean_interval(np.ones(20), 1.0, bounds=(-1.0, 1.0))
    assert 0.6 < lo < 0.7 and hi == 1.0  # twenty say the forced seat wins
    lo, hi = mean_interval(np.zeros(20), 0.0, bounds=(-1.0, 1.0))
    assert np.isclose(-lo, hi) and 0.1 < hi < 0.2
    assert mean_interval(np.ones(200), 1.0, bounds=(-1.0, 1.0))[0] > 0.95  # narrower with n
    assert mean_interval(np.ones(1), 1.0, bounds=(-1.0, 1.0))[0] < -0.9
    assert mean_interval(np.ones(3), 1.0) == (1.0, 1.0)  # no known range: the value itself
