"""`--ray`: the same batches as Ray tasks on a local instance give the same rows."""

from __future__ import annotations

import pytest
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.run import run_sweep

from .conftest import spec_for

ray = pytest.importorskip("ray", reason="Ray is in the dev extra; install lastlight[dev]")


@pytest.mark.slow
def test_ray_rows_equal_local_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    # a busy 2-core machine can take longer than Ray's default 30 s to register the node
    monkeypatch.setenv("RAY_raylet_start_wait_time_s", "120")
    spec = spec_for(content_dir(), 6, players=(2, 3, 4), seed=21)
    local = run_sweep(spec, 1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_sweep(spec, ray_address="", batch=2)
    finally:
        ray.shutdown()
    assert on_ray == local
    assert len(on_ray) == 2 + 3 + 4 + 2 + 3 + 4


@pytest.mark.slow
def test_restricted_cases_on_ray_equal_local(monkeypatch: pytest.MonkeyPatch) -> None:
    from lastlight.interpreter.tools.lab.restricted_bands import Case, run_cases

    monkeypatch.setenv("RAY_raylet_start_wait_time_s", "120")
    cases = [Case("achievement-red", 2, False, 3), Case("iron-tide", 2, True, 2)]
    local = run_cases(cases, str(content_dir()), "random", 5, jobs=1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_cases(cases, str(content_dir()), "random", 5, jobs=2, ray_address="")
    finally:
        ray.shutdown()
    assert on_ray == local
