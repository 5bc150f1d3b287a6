"""Delta debugging (ddmin, Zeller and Hildebrandt 2002) over a list of parts, with a cache.

`ddmin(parts, test)` returns a 1-minimal sublist for which `test` is PASS: no single part can
be dropped from it and still PASS. `test(kept)` answers PASS (the same outcome as the whole),
FAIL (another outcome) or UNRESOLVED (the candidate does not even run, e.g. a step no longer
replays); only PASS is ever kept, so the shrink cannot drift to another outcome (picire's
`dd.py`, the debuggingbook's DeltaDebugger). Answers are cached by the set of parts kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

PASS = "pass"
FAIL = "fail"
UNRESOLVED = "unresolved"


@dataclass
class Shrunk:
    kept: list[int]
    tests_run: int
    cache_hits: int


def ddmin(parts: Sequence[int], test: Callable[[list[int]], str]) -> Shrunk:
    """The 1-minimal sublist of `parts` (kept in order) whose `test` is PASS. `parts` itself
    must PASS (the caller checked it)."""
    cache: dict[frozenset[int], str] = {}
    runs = hits = 0

    def check(kept: list[int]) -> str:
        nonlocal runs, hits
        key = frozenset(kept)
        if key in cache:
            hits += 1
            return cache[key]
        runs += 1
        cache[key] = answer = test(kept)
        return answer

    current = list(parts)
    n = 2
    while current:
        if len(current) == 1:
            if check([]) == PASS:
                current = []
            break
        chunks = _split(current, min(n, len(current)))
        reduced = False
        for chunk in chunks:  # a chunk alone
            if check(chunk) == PASS:
                current, n, reduced = chunk, 2, True
                break
        if not reduced:
            for chunk in chunks:  # everything but a chunk
                rest = [x for x in current if x not in chunk]
                if check(rest) == PASS:
                    current, n, reduced = rest, max(n - 1, 2), True
                    break
        if not reduced:
            if n >= len(current):
                break
            n = min(2 * n, len(current))
    return Shrunk(current, runs, hits)


def _split(items: list[int], n: int) -> list[list[int]]:
    size, extra = divmod(len(items), n)
    out, at = [], 0
    for i in range(n):
        step = size + (1 if i < extra else 0)
        out.append(items[at : at + step])
        at += step
    return [c for c in out if c]
