"""The cycle collector is off while a pack loads and on again after it (load/gc_pause.py)."""

from __future__ import annotations

import gc

import pytest
from lastlight.interpreter import pipeline
from lastlight.interpreter.load.errors import Report
from lastlight.interpreter.load.gc_pause import gc_paused
from lastlight.interpreter.load.pack import Pack
from lastlight.interpreter.load.paths import content_dir


def test_paused_inside_and_on_again_after_even_after_an_error() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():  # nested: changes nothing
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError), gc_paused():
        raise RuntimeError("a step failed")
    assert gc.isenabled()


def test_a_caller_that_turned_it_off_keeps_it_off() -> None:
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_pack_loads_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []

    def watch(pack: Pack, report: Report) -> None:
        seen.append(gc.isenabled())

    monkeypatch.setattr(pipeline, "STEPS", (*pipeline.STEPS, ("watch", watch)))
    _pack, report = pipeline.load_pack(content_dir())
    assert not report.errors
    assert seen == [False]
    assert gc.isenabled()
