"""`seed_words` is numpy's SeedSequence, word for word (a sweep's seeds, so its games, depend on
it), without numpy."""

from __future__ import annotations

import random

import numpy as np
import pytest
from lastlight.interpreter.tools.lab.seeds import seed_words
from lastlight.interpreter.tools.lab.spec import game_seeds


def _numpy(entropy: list[int], count: int) -> list[int]:
    words = np.random.SeedSequence(entropy).generate_state(count, dtype=np.uint64)
    return [int(w) for w in words]


def _entropies() -> list[list[int]]:
    rng = random.Random(20261128)
    cases = [[0], [0, 0], [5, 7], [2**32, 3], [2**32 - 1, 2**32], [2**64 - 1, 0], [2**70 + 5, 9]]
    cases += [[1, 2, 3, 4, 5, 6], [123456789012, 1 << 20, 77]]  # more words than the pool
    for _ in range(1500):
        bits = rng.choice([3, 31, 32, 33, 63, 64, 100])
        cases.append([rng.getrandbits(bits) for _ in range(rng.randint(1, 6))])
    return cases


def test_seed_words_are_numpys_seed_sequence() -> None:
    for entropy in _entropies():
        for count in (1, 5):
            assert seed_words(entropy, count) == _numpy(entropy, count), entropy


def test_a_sweeps_game_seeds_are_the_numpy_words_halved() -> None:
    for master, index in ((0, 0), (5, 17), (2**40, 3), (123, 2**33)):
        words = _numpy([master, index], 5)
        assert game_seeds(master, index) == (words[0] >> 1, [w >> 1 for w in words[1:]])


def test_a_negative_or_empty_entropy_is_refused_as_numpy_does() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        seed_words([3, -1], 1)
    with pytest.raises(ValueError):
        np.random.SeedSequence([3, -1])
    with pytest.raises(ValueError, match="at least one"):
        seed_words([], 1)
