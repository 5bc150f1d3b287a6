"""Pausing Python's cycle collector while a pack or a file is loaded.

Loading builds tens of thousands of small containers (a `YDict` per mapping, its places, the
schema checker's frames, the compiled effects) and keeps nearly all of them. The cycle collector
runs every few hundred allocations and, as the heap grows, walks all of it again: in a cold
`lastlight lint` of the shipped pack that was about 90 ms of some 580, with nothing to collect (the
loaded data is trees, not cycles). Loading is bounded (the size and value budgets of
`load/fileio.py` and `load/pack.py`), so pausing the collector for it cannot let memory run away;
cycles made meanwhile are collected at the next collection after it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cycle collector off for the block, and on again after it if it was on before (a
    caller that turned it off keeps it off; a nested pause changes nothing)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
