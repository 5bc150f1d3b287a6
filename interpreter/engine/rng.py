"""The game's random generator: a tiny, seedable, JSON-friendly PRNG (SplitMix64).

Its whole state is one integer kept in the game state, so a saved game resumes with exactly the
same dice and shuffles in any process, on any Python, whatever PYTHONHASHSEED is.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
#: n -> the largest multiple of n below 2**64 (the rejection limit of `below`), as met
_LIMITS: dict[int, int] = {}


def seed_state(seed: int) -> int:
    """The generator state for a seed (any int)."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


class Rng:
    """SplitMix64 over a state int; read `.state` back into the game state after use."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n) (rejection sampling, no modulo bias). `next64` is written out
        here: the bots and the dice call this hundreds of times a game."""
        s = (self.state + 0x9E3779B97F4A7C15) & _MASK  # the first draw, the common case
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        x = z ^ (z >> 31)
        limit = _LIMITS.get(n)
        if limit is not None and x < limit:
            self.state = s
            return x % n
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs n > 0")
            limit = _LIMITS[n] = _MASK - (_MASK % n)
        s = self.state
        while True:
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                self.state = s
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates from the end, each swap index drawn as `below(i + 1)` would draw it
        (written out: a new game shuffles about 150 times)."""
        limits = _LIMITS
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits.get(n)
            if limit is None:
                limit = limits[n] = _MASK - (_MASK % n)
            while True:
                s = (s + 0x9E3779B97F4A7C15) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]
