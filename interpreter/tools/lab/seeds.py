"""numpy's `SeedSequence(entropy).generate_state(count, dtype=uint64)`, word for word, in plain
Python: a sweep's seeds without importing numpy (about 0.06–0.1 s of every `lastlight sim`
process's start, more than the seeding of a thousand games costs).

The algorithm is numpy's (the hash mixing of `numpy.random.bit_generator.SeedSequence`, after
Melissa O'Neill's seed_seq design): the entropy's whole numbers are cut into 32-bit words (the
low word first), mixed into a pool of four words, and the pool is hashed into the output, each
64-bit word made of two 32-bit ones (low first). `tests/interpreter/tools/lab/test_seeds.py`
checks it against numpy on thousands of entropies: same seeds, same games.
"""

from __future__ import annotations

from collections.abc import Sequence

_M32 = 0xFFFFFFFF
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715
_POOL = 4


def _words32(entropy: Sequence[int]) -> list[int]:
    out: list[int] = []
    for value in entropy:
        if value < 0:
            raise ValueError(f"a seed must be a non-negative whole number, not {value}")
        out.append(value & _M32)
        value >>= 32
        while value:
            out.append(value & _M32)
            value >>= 32
    return out


class _Hash:
    """The running multiplier of numpy's `hashmix`."""

    def __init__(self, start: int):
        self.const = start

    def __call__(self, value: int) -> int:
        value ^= self.const
        self.const = (self.const * _MULT_A) & _M32
        value = (value * self.const) & _M32
        return value ^ (value >> 16)


def _mix(x: int, y: int) -> int:
    r = (_MIX_L * x - _MIX_R * y) & _M32
    return r ^ (r >> 16)


def _pool(entropy: Sequence[int]) -> list[int]:
    data = _words32(entropy)
    hashmix = _Hash(_INIT_A)
    pool = [hashmix(data[i] if i < len(data) else 0) for i in range(_POOL)]
    for src in range(_POOL):
        for dst in range(_POOL):
            if src != dst:
                pool[dst] = _mix(pool[dst], hashmix(pool[src]))
    for src in range(_POOL, len(data)):
        for dst in range(_POOL):
            pool[dst] = _mix(pool[dst], hashmix(data[src]))
    return pool


def seed_words(entropy: Sequence[int], count: int) -> list[int]:
    """`count` 64-bit words, as `SeedSequence(list(entropy)).generate_state(count, uint64)`."""
    if not entropy:
        raise ValueError("seed_words needs at least one number of entropy")
    pool = _pool(entropy)
    const = _INIT_B
    half: list[int] = []
    for i in range(2 * count):
        value = pool[i % _POOL] ^ const
        const = (const * _MULT_B) & _M32
        value = (value * const) & _M32
        half.append(value ^ (value >> 16))
    return [half[2 * i] | (half[2 * i + 1] << 32) for i in range(count)]
