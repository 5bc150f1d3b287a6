"""Play a sweep: one `run_batch(spec) -> rows` serves the local process pool and Ray.

Rows are sorted by (game, seat) at the end, so batching, worker count and the order in which
batches finish never change the result.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any

from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.tools.lab.rows import game_rows
from lastlight.interpreter.tools.lab.spec import SimSpec, game_seeds, load_rules

Row = dict[str, Any]
#: Games per batch: big enough that a task is far above the ~10 ms where pools gain nothing
#: (a game takes ~30-100 ms), small enough that the progress bar moves.
BATCH = 25


def play_one(spec: SimSpec, index: int) -> list[Row]:
    rules = load_rules(spec.content, spec.blank)
    n = spec.players_in(index)
    game_seed, bot_seeds = game_seeds(spec.seed, index)
    # no full log: the rows read only the few events the lab list keeps (machine.LAB_EVENTS)
    game = Game.new(rules, n, game_seed, log=False, lab=True)
    names = [spec.bot_for(index, seat) for seat in range(n)]
    bots = [make_bot(names[seat], bot_seeds[seat], rules) for seat in range(n)]
    play_game(game, bots)
    return game_rows(rules, game, index, game_seed, names)


class GameFailed(ValueError):
    """A game of the sweep could not be played (the content made the engine fail)."""


#: Allocations between two young-generation collections while a batch plays (Python's default
#: is 700). A game makes no reference cycles worth chasing that often.
YOUNG_GC = 10_000


@contextmanager
def sweep_gc() -> Iterator[None]:
    """The garbage collector tuned for playing a batch, restored after: what is alive when it
    starts (the loaded rules, board, shared stores) is frozen out of the collector's walks, and
    the young generation is collected less often."""
    old = gc.get_threshold()
    freeze = gc.get_freeze_count() == 0  # someone else's freeze is theirs to undo
    if freeze:
        gc.freeze()
    gc.set_threshold(YOUNG_GC, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)
        if freeze:
            gc.unfreeze()


def run_batch(spec: SimSpec) -> list[Row]:
    """Play games `spec.start`..`spec.stop` and return their rows."""
    load_rules(spec.content, spec.blank)  # loaded before the collector freezes what is alive
    with sweep_gc():
        return _play_batch(spec)


def _play_batch(spec: SimSpec) -> list[Row]:
    rows: list[Row] = []
    for index in range(spec.start, spec.stop):
        try:
            rows.extend(play_one(spec, index))
        except Exception as exc:
            game_seed, _ = game_seeds(spec.seed, index)
            raise GameFailed(
                f"game {index} of the sweep (--seed {spec.seed}; game seed {game_seed},"
                f" {spec.players_in(index)} players) failed: {type(exc).__name__}: {exc}"
            ) from None
    return rows


def check_spec(spec: SimSpec) -> None:
    """Fail before any worker starts: bad content, unknown bots, unsupported player counts."""
    from lastlight.interpreter.agents import BOTS, is_program_bot

    rules = load_rules(spec.content, spec.blank)
    unknown = [b for b in spec.bots if b not in BOTS and not is_program_bot(b)]
    if unknown:
        raise ValueError(f"unknown bot '{unknown[0]}' (one of: {', '.join(BOTS)})")
    for n in spec.players:
        if not rules.players_min <= n <= rules.players_max:
            raise ValueError(
                f"this content supports {rules.players_min} to {rules.players_max} players, not {n}"
            )


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


def run_sweep(
    spec: SimSpec,
    jobs: int = 0,
    *,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
    batch: int = BATCH,
) -> list[Row]:
    """All rows of the sweep, sorted by (game, seat). `jobs` 0 means one per core;
    `ray_address` ("" or "auto" for a local instance) runs the batches as Ray tasks."""
    check_spec(spec)
    batches = spec.batches(batch)
    rows: list[Row] = []
    if ray_address is not None:
        from lastlight.interpreter.tools.lab.ray_run import run_on_ray

        chunks: Iterable[list[Row]] = run_on_ray(batches, ray_address, run_batch)
    elif (jobs or default_jobs()) == 1 or len(batches) == 1:
        chunks = (run_batch(b) for b in batches)
    else:
        chunks = _pool(batches, jobs or default_jobs())
    for chunk in chunks:
        rows.extend(chunk)
        if progress is not None and chunk:
            progress(len({r["game"] for r in chunk}))
    rows.sort(key=lambda r: (r["game"], r["seat"]))
    return rows


def _pool(batches: list[SimSpec], jobs: int) -> Iterable[list[Row]]:
    with ProcessPoolExecutor(max_workers=min(jobs, len(batches))) as pool:
        futures = [pool.submit(run_batch, b) for b in batches]
        for done in as_completed(futures):
            yield done.result()
