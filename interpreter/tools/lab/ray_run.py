"""The same batches as Ray tasks, on a local instance or a cluster.

`ray.util.multiprocessing.Pool` stands in for `multiprocessing.Pool` (docs.ray.io,
"Distributed multiprocessing.Pool"): each batch of games is one task running the very
`run_batch` the local pool runs, and its rows (small summaries, not game states) stream back as
tasks finish. The address is "auto"/"" for a local instance, or `ray://HOST:10001` / the
`RAY_ADDRESS` of a cluster. Ray is an optional dependency (`pip install "lastlight[ray]"`).

Restricted play (restricted_bands.py) asks for many small rounds of tasks from several threads
at once; `ray_mapper` turns a function into one Ray task per item (`ray.remote`, whose
`remote()`/`get()` may be called from any thread) inside one `ray_session`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from lastlight.interpreter.tools.lab.spec import SimSpec


@contextmanager
def ray_session(address: str) -> Iterator[Any]:
    """Ray, started (locally, or joined at `address`) unless it already is, and shut down after
    if it was started here. Yields the `ray` module."""
    try:
        import ray
    except ImportError:
        raise ValueError('--ray needs Ray: pip install "lastlight[ray]"') from None
    started_here = False
    if not ray.is_initialized():
        try:
            if address in ("", "local"):
                ray.init(include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, include_dashboard=False, log_to_driver=False)
        except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ...
            where = f"at {address}" if address else "locally"
            raise ValueError(f"cannot start or reach Ray {where}: {exc}") from None
        started_here = True
    try:
        yield ray
    finally:
        if started_here:
            ray.shutdown()


def run_on_ray(
    batches: list[SimSpec],
    address: str,
    run_batch: Callable[[SimSpec], list[dict[str, Any]]],
) -> Iterator[list[dict[str, Any]]]:
    """Run `run_batch` (run.py's, passed in so the two modules do not import each other) on
    each batch as a Ray task."""
    with ray_session(address):
        from ray.util.multiprocessing import Pool

        pool = Pool()
        try:
            yield from pool.imap_unordered(run_batch, batches, chunksize=1)
        finally:
            pool.terminate()


def ray_mapper(ray: Any, fn: Callable[[Any], Any]) -> Callable[[list[Any]], list[Any]]:
    """`fn` over a list as one Ray task per item, results in the list's order (thread-safe)."""
    remote = ray.remote(fn)

    def mapper(items: list[Any]) -> list[Any]:
        return list(ray.get([remote.remote(item) for item in items]))

    return mapper
