"""The same batches as Ray tasks, on a local instance or a cluster.

`ray.util.multiprocessing.Pool` stands in for `multiprocessing.Pool` (docs.ray.io,
"Distributed multiprocessing.Pool"): each batch of games is one task running the very
`run_batch` the local pool runs, and its rows (small summaries, not game states) stream back as
tasks finish. The address is "auto"/"" for a local instance, or `ray://HOST:10001` / the
`RAY_ADDRESS` of a cluster. Ray is an optional dependency (`pip install "lastlight[ray]"`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from lastlight.interpreter.tools.lab.spec import SimSpec


def run_on_ray(
    batches: list[SimSpec],
    address: str,
    run_batch: Callable[[SimSpec], list[dict[str, Any]]],
) -> Iterator[list[dict[str, Any]]]:
    """Run `run_batch` (run.py's, passed in so the two modules do not import each other) on
    each batch as a Ray task."""
    try:
        import ray
        from ray.util.multiprocessing import Pool
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
        pool = Pool()
        try:
            yield from pool.imap_unordered(run_batch, batches, chunksize=1)
        finally:
            pool.terminate()
    finally:
        if started_here:
            ray.shutdown()
