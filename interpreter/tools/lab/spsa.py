"""Tune every planner weight together by SPSA on paired seeded games (fishtest-style).

Each iteration k draws a random sign per weight (Delta, +1 or -1), plays the weights nudged by
+c_k x Delta (plus) against the same nudged by -c_k x Delta (minus) in the same game, on `pairs`
seeds, each seed twice with the two seats swapped (the other seats: the starting weights, or
another bot), and steps every weight by a_k x result x Delta / c_k, where the result is the mean
over the pairs of (plus's wins - minus's wins) / 2, in [-1, 1]. Weights move in their range's
units (0 at the low end, 1 at the high end of the range the weights file declares) and are
clipped to it; an integer weight is rounded when played. c_k = c / (k+1)^0.101 and
a_k = a x ((1+A) / (k+1+A))^0.602 (Spall's exponents; A = a tenth of the iterations).

Seeds: iteration k's pair j plays `SeedSequence([seed, k, j])`; the acceptance games play
`SeedSequence([holdout, 1 << 20, j])`, a disjoint set (checked). A job plays a slice of the
pairs, and results are summed in pair order, so `jobs` never changes the weights: the same
seed gives the same weights.

Acceptance (`accept`): the candidate against the starting weights in the same game, each
held-out seed twice with the seats swapped; the per-seed result (candidate's wins - the old
set's) / 2 has a 95% t interval; the candidate is accepted only if the whole interval is > 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.agents.planner.bot import PlannerBot
from lastlight.interpreter.agents.planner.weights import Weights
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.tools.lab.spec import load_rules
from lastlight.interpreter.tools.lab.stats import mean_interval, wilson

ALPHA = 0.602
GAMMA = 0.101
#: The second word of every acceptance seed: iterations never reach it, so the sets are apart.
HELD_OUT_WORD = 1 << 20


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares. Plain data, picklable."""

    content: str
    players: int = 2
    #: The bot in the seats neither side holds: "planner" plays the starting weights.
    others: str = "planner"
    start: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Settings:
    iterations: int = 20
    pairs: int = 8
    seed: int = 1
    c: float = 0.1
    a: float = 0.005
    names: tuple[str, ...] = ()

    @property
    def big_a(self) -> float:
        return max(1.0, self.iterations / 10)


def seeds_of(master: int, word: int, pair: int) -> tuple[int, list[int]]:
    """(game seed, bot seed per seat) of one pair."""
    words = np.random.SeedSequence([master, word, pair]).generate_state(5, dtype=np.uint64)
    out = [int(w) >> 1 for w in words]
    return out[0], out[1:]


def tuned_names(weights: Weights, names: tuple[str, ...]) -> list[str]:
    """The weights a run moves: those named (a `TABLE` name takes its entries), else every
    weight whose range is not a single value."""
    if not names:
        return [n for n, w in weights.entries.items() if w.tuned]
    out: list[str] = []
    for name in names:
        found = [n for n in weights.entries if n == name or n.startswith(name + ".")]
        if not found:
            raise ValueError(f"no weight named {name!r} in the weights file")
        out += [n for n in found if weights.entries[n].tuned and n not in out]
    if not out:
        raise ValueError("none of the named weights has a range to tune in")
    return out


def to_values(weights: Weights, names: list[str], u: np.ndarray) -> dict[str, float]:
    """Weights at positions `u` (0..1 in each range); integers rounded."""
    out: dict[str, float] = {}
    for name, x in zip(names, np.clip(u, 0.0, 1.0), strict=True):
        w = weights.entries[name]
        value = w.lo + float(x) * (w.hi - w.lo)
        out[name] = round(value) if w.integer else value
    return out


def to_unit(weights: Weights, names: list[str]) -> np.ndarray:
    return np.array([(weights.entries[n].value - weights.entries[n].lo)
                     / (weights.entries[n].hi - weights.entries[n].lo) for n in names])  # fmt: skip


# --- playing ------------------------------------------------------------------------------
Job = tuple[Setup, dict[str, float], dict[str, float], int, int, list[int]]
#: Plays jobs and returns their (side A's wins, side B's wins) per pair, in job order.
Play = Callable[[list[Job]], list[list[tuple[int, int]]]]


def play_pairs(job: Job) -> list[tuple[int, int]]:
    """(side A's wins, side B's wins) of each pair: the seed played with A in seat a and B in
    seat b, then swapped (a = pair mod players, b the next seat)."""
    setup, side_a, side_b, master, word, pairs = job
    rules = load_rules(setup.content)
    base = _weights(setup.start, {})
    wa, wb = _weights(setup.start, side_a), _weights(setup.start, side_b)
    out = []
    n = setup.players
    for j in pairs:
        game_seed, bot_seeds = seeds_of(master, word, j)
        a, b = j % n, (j + 1) % n
        won_a = won_b = 0
        for first, second in ((wa, wb), (wb, wa)):
            bots = [
                PlannerBot(bot_seeds[p], rules, first if p == a else second if p == b else base)
                if p in (a, b) or setup.others == "planner"
                else make_bot(setup.others, bot_seeds[p], rules)
                for p in range(n)
            ]
            game = play_game(Game.new(rules, n, game_seed, log=False), bots)
            side_a_seat = a if first is wa else b
            side_b_seat = b if first is wa else a
            won_a += side_a_seat in game.winners
            won_b += side_b_seat in game.winners
        out.append((won_a, won_b))
    return out


def _weights(start: dict[str, float], values: dict[str, float]) -> Weights:
    from lastlight.interpreter.agents.planner.weights import shipped

    return shipped().with_values({**start, **values}, {"command": "spsa"})


@contextmanager
def runner(jobs: int) -> Iterator[Play]:
    """Play a list of jobs in order: in this process (jobs 1) or a pool kept for the run."""
    if jobs <= 1:
        yield lambda js: [play_pairs(j) for j in js]
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield lambda js: list(pool.map(play_pairs, js))


def split(pairs: int, jobs: int) -> list[list[int]]:
    """Pair indices in `jobs` contiguous slices (results come back in pair order)."""
    size = math.ceil(pairs / max(1, jobs))
    return [list(range(lo, min(lo + size, pairs))) for lo in range(0, pairs, size)]


# --- the run ------------------------------------------------------------------------------
@dataclass
class Trace:
    """One line per iteration: k, the mean pair result, the largest step (range units)."""

    rows: list[tuple[int, float, float]] = field(default_factory=list)


def tune(
    setup: Setup,
    start: Weights,
    s: Settings,
    play: Play,
    jobs: int,
    report: Callable[[str], None] = lambda line: None,
) -> tuple[dict[str, float], Trace]:
    """SPSA from `start`; the tuned weights' values (every name of the file) and the trace."""
    names = tuned_names(start, s.names)
    u = to_unit(start, names)
    rng = np.random.default_rng(np.random.SeedSequence([s.seed, 0xD17A]))
    trace = Trace()
    for k in range(s.iterations):
        delta = rng.choice(np.array([-1.0, 1.0]), size=len(names))
        c_k = s.c / (k + 1) ** GAMMA
        a_k = s.a * ((1 + s.big_a) / (k + 1 + s.big_a)) ** ALPHA
        plus = to_values(start, names, u + c_k * delta)
        minus = to_values(start, names, u - c_k * delta)
        parts = [(setup, plus, minus, s.seed, k, p) for p in split(s.pairs, jobs)]
        results = [(wa - wb) / 2 for part in play(parts) for wa, wb in part]
        mean = sum(results) / len(results)
        step = a_k * mean * delta / c_k
        u = np.clip(u + step, 0.0, 1.0)
        trace.rows.append((k, mean, float(np.max(np.abs(step)))))
        report(f"iteration {k + 1}/{s.iterations}: plus - minus {mean:+.3f} over {len(results)}"
               f" pairs, largest step {float(np.max(np.abs(step))):.4f} of a range")  # fmt: skip
    return {**start.values(), **to_values(start, names, u)}, trace


@dataclass(frozen=True)
class Verdict:
    pairs: int
    mean: float
    lo: float
    hi: float
    wins_new: int
    wins_old: int
    games: int

    @property
    def accepted(self) -> bool:
        return self.lo > 0

    def text(self) -> str:
        lo_n, hi_n = wilson(self.wins_new, self.games)
        lo_o, hi_o = wilson(self.wins_old, self.games)
        return (
            f"candidate - old: {self.mean:+.3f} [{self.lo:+.3f}, {self.hi:+.3f}] wins a seed"
            f" (95% t interval over {self.pairs} held-out seeds, each played twice, seats"
            f" swapped); candidate won {self.wins_new}/{self.games} games"
            f" ({self.wins_new / self.games:.1%}, Wilson {lo_n:.1%}..{hi_n:.1%}), old"
            f" {self.wins_old}/{self.games} ({self.wins_old / self.games:.1%}, Wilson"
            f" {lo_o:.1%}..{hi_o:.1%}): {'accepted' if self.accepted else 'not accepted'}"
        )


def accept(
    setup: Setup,
    candidate: dict[str, float],
    holdout: int,
    pairs: int,
    play: Play,
    jobs: int,
) -> Verdict:
    """The candidate against the starting weights on held-out seeds (see the module's text)."""
    parts: list[Job] = [
        (setup, candidate, {}, holdout, HELD_OUT_WORD, p) for p in split(pairs, jobs)
    ]
    won = [r for part in play(parts) for r in part]
    results = np.array([(new - old) / 2 for new, old in won])
    mean = float(results.mean())
    lo, hi = mean_interval(results, mean, bounds=(-1.0, 1.0))
    wins_new = sum(new for new, _ in won)
    wins_old = sum(old for _, old in won)
    return Verdict(len(won), mean, lo, hi, wins_new, wins_old, 2 * len(won))


def check_apart(seed: int, holdout: int, iterations: int, pairs: int, held: int) -> None:
    """Tuning and held-out game seeds share no game (they cannot by construction; this
    checks the seeds themselves)."""
    tuning = {seeds_of(seed, k, j)[0] for k in range(iterations) for j in range(pairs)}
    clash = [j for j in range(held) if seeds_of(holdout, HELD_OUT_WORD, j)[0] in tuning]
    if clash:
        raise ValueError(f"held-out pair {clash[0]} plays a tuning seed; choose another --holdout")


def provenance_of(command: str, s: Settings, setup: Setup, holdout: int, held: int,
                  verdict: Verdict | None, date: str) -> dict[str, Any]:  # fmt: skip
    names = ", ".join(s.names) if s.names else "every weight with a range"
    return {
        "command": command,
        "seeds": f"tuning SeedSequence([{s.seed}, k, j]) for k < {s.iterations}, j < {s.pairs};"
        f" held-out SeedSequence([{holdout}, {HELD_OUT_WORD}, j]) for j < {held}",
        "games": f"{2 * s.iterations * s.pairs} tuning games ({setup.players} players, field"
        f" {setup.others}; tuned: {names}); {2 * held} held-out games",
        "result": verdict.text() if verdict else "not judged on held-out seeds",
        "date": date,
    }
