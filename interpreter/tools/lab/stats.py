"""Intervals and paired comparisons, from statsmodels and scipy (nothing hand-rolled).

- `wilson(k, n)`: a 95% Wilson score interval (statsmodels `proportion_confint`, method named:
  its default is the Wald interval, which is poor near 0 and 1 and for small n).
- `paired_ratio_diff(...)`: the change of a ratio figure (wins per appearance, light per
  player, rounds per game) between two runs on the same seeds, with a paired bootstrap
  interval (scipy `bootstrap(paired=True)`, BCa, seeded): games are resampled together, so the
  pairing's variance reduction is kept and figures whose denominators differ (a faction dealt
  in different games) still compare honestly.
- `mcnemar_p(...)`: the exact McNemar test on paired win/loss outcomes (statsmodels).

scipy and statsmodels are imported where a function first needs them: together they take about
a second to import, which every tool that imports this module would otherwise pay, even to answer
`--help`.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np

LEVEL = 0.95
RESAMPLES = 2000


def wilson(k: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    if n <= 0:
        return (0.0, 1.0)
    from statsmodels.stats.proportion import proportion_confint

    lo, hi = proportion_confint(k, n, alpha=1 - level, method="wilson")
    return float(lo), float(hi)


def mean_interval(
    per_game: np.ndarray,
    value: float,
    level: float = LEVEL,
    bounds: tuple[float, float] | None = None,
) -> tuple[float, float]:
    """A t interval for a mean over games (scipy), clipped to `bounds`, the values the mean can
    take (with two pairs a t interval of a difference of wins in [-1, 1] can reach -6.9).

    When every game gave the same value (or there is one game) a t interval has no width, and
    two forced wins out of two pairs would read as "+100 points, interval [+100, +100]". With
    `bounds`, the interval is then `alike_interval`'s; without them (a figure with no known
    range), it stays the value itself."""
    n = len(per_game)
    if n < 2 or float(np.std(per_game)) == 0.0:
        if bounds is None:
            return value, value
        return alike_interval(n, value, bounds, level)
    from scipy import stats as sps

    lo, hi = sps.t.interval(level, n - 1, loc=value, scale=sps.sem(per_game))
    if bounds is not None:
        lo, hi = max(lo, bounds[0]), min(hi, bounds[1])
    return float(lo), float(hi)


def alike_interval(
    n: int, value: float, bounds: tuple[float, float], level: float = LEVEL
) -> tuple[float, float]:
    """An interval for a mean when all `n` games gave `value`: the share of games that could
    have given something else is at most the exact (Clopper-Pearson) bound for 0 such games in
    `n` (scipy `binomtest`), and each of those could lie anywhere in `bounds`. All 20 pairs of a
    restricted case won by the forced seat give [+66, +100] points; 2 pairs, [-68, +100]."""
    lo_b, hi_b = float(bounds[0]), float(bounds[1])
    if n <= 0:
        return lo_b, hi_b
    from scipy import stats as sps

    share = float(sps.binomtest(0, n).proportion_ci(confidence_level=level, method="exact").high)
    return max(lo_b, value - (value - lo_b) * share), min(hi_b, value + (hi_b - value) * share)


@dataclass(frozen=True)
class Change:
    old: float
    new: float
    diff: float
    lo: float
    hi: float

    @property
    def moved(self) -> bool:
        """The interval of the change excludes zero."""
        return self.lo > 0 or self.hi < 0


def _ratio(num: np.ndarray, den: np.ndarray, axis: int = -1) -> np.ndarray:
    d = np.sum(den, axis=axis)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(d > 0, np.sum(num, axis=axis) / np.where(d > 0, d, 1), np.nan)


def paired_ratio_diff(
    num_old: np.ndarray,
    den_old: np.ndarray,
    num_new: np.ndarray,
    den_new: np.ndarray,
    *,
    level: float = LEVEL,
    seed: int = 0,
    resamples: int = RESAMPLES,
) -> Change:
    """new - old of sum(num)/sum(den), per-game arrays aligned by game index."""
    from scipy import stats as sps

    arrays = [np.asarray(a, dtype=float) for a in (num_old, den_old, num_new, den_new)]
    old = float(_ratio(arrays[0], arrays[1]))
    new = float(_ratio(arrays[2], arrays[3]))
    diff = new - old
    if np.array_equal(arrays[0], arrays[2]) and np.array_equal(arrays[1], arrays[3]):
        return Change(old, new, 0.0, 0.0, 0.0)  # identical games: nothing to resample

    def statistic(no: Any, do: Any, nn: Any, dn: Any, axis: int = -1) -> Any:
        return _ratio(nn, dn, axis) - _ratio(no, do, axis)

    lo = hi = float("nan")
    for method in ("BCa", "percentile"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            res = sps.bootstrap(
                tuple(arrays),
                statistic,
                paired=True,
                vectorized=True,
                n_resamples=resamples,
                confidence_level=level,
                method=method,
                rng=np.random.default_rng(seed),
            )
        lo, hi = float(res.confidence_interval.low), float(res.confidence_interval.high)
        if np.isfinite(lo) and np.isfinite(hi):
            break
    return Change(old, new, diff, lo, hi)


def mcnemar_p(old: np.ndarray, new: np.ndarray) -> float:
    """Exact McNemar p-value for paired booleans (e.g. the holder won, before and after)."""
    a = np.asarray(old, dtype=bool)
    b = np.asarray(new, dtype=bool)
    table = [
        [int(np.sum(a & b)), int(np.sum(a & ~b))],
        [int(np.sum(~a & b)), int(np.sum(~a & ~b))],
    ]
    from statsmodels.stats.contingency_tables import mcnemar

    return float(mcnemar(table, exact=True).pvalue)
