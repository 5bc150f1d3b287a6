"""ddmin: 1-minimal, cached, and UNRESOLVED or FAIL cuts are never kept."""

from __future__ import annotations

from lastlight.interpreter.tools.shrink import FAIL, PASS, UNRESOLVED, ddmin


def test_finds_the_two_parts_that_matter() -> None:
    calls: list[frozenset[int]] = []

    def test(kept: list[int]) -> str:
        calls.append(frozenset(kept))
        return PASS if {2, 7} <= set(kept) else FAIL

    result = ddmin(list(range(10)), test)
    assert result.kept == [2, 7]
    assert result.tests_run == len(set(calls))  # every candidate asked once: the cache answers
    assert result.tests_run < 2**10


def test_an_unresolved_cut_is_not_a_pass() -> None:
    # part 5 needs part 4 to run at all; the outcome needs part 5
    def test(kept: list[int]) -> str:
        if 5 in kept and 4 not in kept:
            return UNRESOLVED
        return PASS if 5 in kept else FAIL

    assert ddmin(list(range(8)), test).kept == [4, 5]


def test_another_outcome_is_not_kept() -> None:
    # dropping part 1 still "passes" but with another outcome: the caller answers FAIL
    def test(kept: list[int]) -> str:
        return PASS if 1 in kept and 3 in kept else FAIL

    assert ddmin([0, 1, 2, 3], test).kept == [1, 3]


def test_nothing_needed_shrinks_to_nothing() -> None:
    assert ddmin(list(range(5)), lambda kept: PASS).kept == []
    assert ddmin([], lambda kept: PASS).kept == []
