"""Seat colours a reader can tell apart: from each other, from tokens, planets and the Lumos."""

from __future__ import annotations

import itertools

import pytest
from lastlight.interpreter.board.palette import LUMOS_COLOR, PLANET, SEATS, TOKEN


def _lab(colour: str) -> tuple[float, float, float]:
    """sRGB hex to CIE L*a*b* (D65)."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: str, b: str) -> float:
    """CIE76 colour difference (about 2.3 is just noticeable; amber vs orange was 26)."""
    return sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b), strict=True)) ** 0.5


def test_the_old_amber_would_fail_the_token_check() -> None:
    assert delta_e("#f59e0b", TOKEN["rare"]) < 30  # the check below is able to fail


def test_seats_differ_from_each_other() -> None:
    for a, b in itertools.combinations(SEATS, 2):
        assert delta_e(a, b) >= 40, (a, b)


@pytest.mark.parametrize(
    "other", [*TOKEN.values(), LUMOS_COLOR, *PLANET.values()], ids=[*TOKEN, "lumos", *PLANET]
)
def test_seats_differ_from_tokens_planets_and_the_lumos(other: str) -> None:
    for seat in SEATS:
        assert delta_e(seat, other) >= 30, (seat, other)
