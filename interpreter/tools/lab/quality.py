"""Game-quality figures: is the game good, not only fair (Browne 2008; Ludii's metrics).

Read from each game's light track (the `light_by_round` column: the light each player held at
the end of every round), its length and its first choices. Per game (R rounds, the winner w;
games with a shared win or the round cap's stall leave out the winner-based figures):

- `rounds`, `decisions`: the game's length.
- `lead changes`: how often the sole leader (most light, no tie) at a round's end differs from
  the previous sole leader (Ludii `LeadChange`, read on the light track instead of a search's
  evaluation; a tie is no leader and changes nothing).
- `decided at`: t*/R, where t* is the first round from which w holds strictly more light than
  everyone at every round's end (R when w is not strictly ahead at the end): small is a game
  decided early (Browne's decisiveness, as a share of the game).
- `comeback`: w held strictly less light than some player at the end of round ceil(R/2).
- `last round decided`: w was not the sole leader at the end of round R-1.
- `margin`: w's final light minus the best other player's.
- `opening entropy` (action, faction, achievement): Shannon entropy in bits of the first action
  card played / the faction kept / the achievement kept, over every player of every game (the
  plug-in estimate, a little low for few games); its maximum is log2 of the choices.

Means carry a 95% t interval, shares a 95% Wilson interval (stats.py), entropies a 95%
bootstrap interval over games (scipy `bootstrap`, percentile, seeded).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

Row = dict[str, Any]

#: Per-game figures (key -> its description); SHARES are 0/1 per game.
PER_GAME = (
    "rounds",
    "decisions",
    "lead changes",
    "decided at",
    "comeback",
    "last round decided",
    "margin",
)
SHARES = ("comeback", "last round decided")
#: Opening choices: figure key -> the row column.
OPENINGS = {
    "opening entropy: action": "first_action",
    "opening entropy: faction": "faction",
    "opening entropy: achievement": "achievement",
}


def sole_leader(lights: Sequence[int]) -> int | None:
    top = max(lights)
    leaders = [p for p, x in enumerate(lights) if x == top]
    return leaders[0] if len(leaders) == 1 else None


def lead_changes(track: list[list[int]]) -> int:
    """track[r][p]: light of p at the end of round r+1."""
    changes, last = 0, None
    for lights in track:
        now = sole_leader(lights)
        if now is None:
            continue
        if last is not None and now != last:
            changes += 1
        last = now
    return changes


def _ahead(lights: Sequence[int], w: int) -> bool:
    return all(x < lights[w] for p, x in enumerate(lights) if p != w)


def decided_at(track: list[list[int]], w: int) -> float:
    rounds = len(track)
    t = rounds
    for r in range(rounds - 1, -1, -1):
        if not _ahead(track[r], w):
            break
        t = r + 1
    return t / rounds


def game_quality(rows: list[Row]) -> dict[str, float | None]:
    """The per-game figures of one game's rows (None where a figure does not apply)."""
    rows = sorted(rows, key=lambda r: r["seat"])
    first = rows[0]
    out: dict[str, float | None] = dict.fromkeys(PER_GAME)
    out["rounds"] = float(first["rounds"])
    if first.get("decisions") is not None:
        out["decisions"] = float(first["decisions"])
    tracks = [r.get("light_by_round") for r in rows]
    if any(t is None or len(t) == 0 for t in tracks):
        return out
    track = [list(x) for x in zip(*tracks, strict=True)]  # by round, then seat
    out["lead changes"] = float(lead_changes(track))
    winners = [r["seat"] for r in rows if r["winner"]]
    if len(winners) != 1 or first["stalled"]:
        return out
    w = winners[0]
    final = track[-1]
    out["decided at"] = decided_at(track, w)
    half = track[math.ceil(len(track) / 2) - 1]
    out["comeback"] = float(any(x > half[w] for x in half))
    if len(track) >= 2:
        out["last round decided"] = float(sole_leader(track[-2]) != w)
    out["margin"] = float(final[w] - max(x for p, x in enumerate(final) if p != w))
    return out


def by_game(rows: list[Row]) -> dict[int, list[Row]]:
    games: dict[int, list[Row]] = {}
    for r in rows:
        games.setdefault(r["game"], []).append(r)
    return games


def entropy_bits(choices: Sequence[str]) -> float:
    counts = np.array(list(Counter(choices).values()), dtype=float)
    if counts.sum() == 0:
        return 0.0
    p = counts / counts.sum()
    return float(-(p * np.log2(p)).sum()) + 0.0  # (never -0.0)


def opening_entropy(
    rows: list[Row], column: str, *, seed: int = 0, resamples: int = 1000
) -> tuple[float, float, float, int, int] | None:
    """(entropy, lo, hi, games, distinct choices) of a column's values over all rows, with a
    bootstrap interval resampling whole games; None when the column is empty."""
    games = by_game(rows)
    per_game = [[str(r[column]) for r in rs if r.get(column)] for rs in games.values()]
    per_game = [g for g in per_game if g]
    if not per_game:
        return None
    pooled = [c for g in per_game for c in g]
    value = entropy_bits(pooled)
    if len(per_game) < 2 or len(set(pooled)) < 2:
        return value, value, value, len(per_game), len(set(pooled))

    def statistic(index: np.ndarray) -> float:
        return entropy_bits([c for i in index for c in per_game[int(i)]])

    from scipy import stats as sps  # (imported when first needed: see stats.py)

    res = sps.bootstrap(
        (np.arange(len(per_game)),),
        statistic,
        vectorized=False,
        n_resamples=resamples,
        method="percentile",
        rng=np.random.default_rng(seed),
    )
    lo, hi = float(res.confidence_interval.low), float(res.confidence_interval.high)
    return value, lo, hi, len(per_game), len(set(pooled))


def spread(
    rows: list[Row], column: str, *, seed: int = 0, resamples: int = 1000
) -> tuple[float, float, float, int] | None:
    """(standard deviation over games of a per-game column, lo, hi, games), with a bootstrap
    interval (scipy, percentile, seeded); None when the column is missing."""
    values = np.array(
        [float(rs[0][column]) for rs in by_game(rows).values() if rs[0].get(column) is not None]
    )
    if len(values) < 3:
        return None
    value = float(np.std(values, ddof=1))
    if value == 0.0:
        return value, value, value, len(values)
    from scipy import stats as sps  # (imported when first needed: see stats.py)

    res = sps.bootstrap(
        (values,),
        lambda x, axis=-1: np.std(x, ddof=1, axis=axis),
        n_resamples=resamples,
        method="percentile",
        rng=np.random.default_rng(seed),
    )
    return (
        value,
        float(res.confidence_interval.low),
        float(res.confidence_interval.high),
        len(values),
    )


def skill_gap(
    results: list[tuple[Sequence[str], Sequence[int]]], stronger: str, weaker: str
) -> tuple[int, int, int]:
    """(games where `stronger` finished ahead of `weaker`, behind it, level) over ladder games
    where both sat: each is (seats' bot names, seats' ranks, 1 = best). The ladder rotates every
    table through all seats on one seed, so seats are equal."""
    ahead = behind = level = 0
    for seats, ranks in results:
        if stronger not in seats or weaker not in seats:
            continue
        a = min(rk for name, rk in zip(seats, ranks, strict=True) if name == stronger)
        b = min(rk for name, rk in zip(seats, ranks, strict=True) if name == weaker)
        ahead += a < b
        behind += a > b
        level += a == b
    return ahead, behind, level


def sample_leads(rows: list[Row], count: int = 12) -> list[list[int]]:
    """For up to `count` games (the first by index): the eventual winner's lead at each
    round's end (its light minus the best other player's; negative when behind)."""
    out = []
    for _game, rs in sorted(by_game(rows).items()):
        rs = sorted(rs, key=lambda r: r["seat"])
        winners = [r["seat"] for r in rs if r["winner"]]
        if len(winners) != 1 or any(not r.get("light_by_round") for r in rs):
            continue
        w = winners[0]
        track = list(zip(*[r["light_by_round"] for r in rs], strict=True))
        out.append([lt[w] - max(x for p, x in enumerate(lt) if p != w) for lt in track])
        if len(out) >= count:
            break
    return out


#: Quality figures that are not means over games, for `diff`: figure key -> (kind, column).
EXTRAS: dict[str, tuple[str, str]] = {
    "rounds spread (sd)": ("spread", "rounds"),
    "decisions spread (sd)": ("spread", "decisions"),
    **{key: ("entropy", column) for key, column in OPENINGS.items()},
}


def _extra_value(kind: str, per_game: list[Any]) -> float:
    if kind == "spread":
        return float(np.std(np.asarray(per_game, dtype=float), ddof=1))
    return entropy_bits([c for g in per_game for c in g])


def _per_game(rows: list[Row], kind: str, column: str) -> dict[int, Any]:
    out: dict[int, Any] = {}
    for g, rs in by_game(rows).items():
        if kind == "spread":
            if rs[0].get(column) is not None:
                out[g] = float(rs[0][column])
        else:
            choices = [str(r[column]) for r in rs if r.get(column)]
            if choices:
                out[g] = choices
    return out


def paired_extra(
    old: list[Row],
    new: list[Row],
    key: str,
    levels: Sequence[float],
    *,
    seed: int = 0,
    resamples: int = 1000,
) -> tuple[float, float, list[tuple[float, float]], int] | None:
    """(old value, new value, [(lo, hi) of new - old at each level], paired games) of an
    EXTRAS figure, resampling the games both runs played (paired seeds: the same deals) with
    scipy's percentile bootstrap; None when too few games hold the column."""
    kind, column = EXTRAS[key]
    a, b = _per_game(old, kind, column), _per_game(new, kind, column)
    games = sorted(set(a) & set(b))
    if len(games) < 3:
        return None
    xs, ys = [a[g] for g in games], [b[g] for g in games]
    before, after = _extra_value(kind, xs), _extra_value(kind, ys)

    def statistic(index: np.ndarray) -> float:
        pick = [int(i) for i in index]
        return _extra_value(kind, [ys[i] for i in pick]) - _extra_value(kind, [xs[i] for i in pick])

    from scipy import stats as sps  # (imported when first needed: see stats.py)

    res = sps.bootstrap(
        (np.arange(len(games)),),
        statistic,
        vectorized=False,
        n_resamples=resamples,
        method="percentile",
        rng=np.random.default_rng(seed),
    )
    dist = np.asarray(res.bootstrap_distribution)
    bounds = [
        (float(np.quantile(dist, (1 - lv) / 2)), float(np.quantile(dist, 1 - (1 - lv) / 2)))
        for lv in levels
    ]
    return before, after, bounds, len(games)
