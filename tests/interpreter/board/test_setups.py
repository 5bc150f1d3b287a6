"""Setups: exact counts per player count, symmetric seats, dealt from the seed (R-SET-03)."""

from __future__ import annotations

from collections import Counter

import pytest
from lastlight.interpreter.board.setups import (
    Setup,
    _check_symmetry,
    deal,
    opening_profile,
    seat_profile,
)
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.load.errors import Report
from lastlight.interpreter.load.pack import Pack

COUNTS = {
    2: {"inner": 2, "outer": 4, "distant": 2},
    3: {"inner": 3, "outer": 4, "distant": 3},
    4: {"inner": 3, "outer": 6, "distant": 6},
}  # public (CONTENT.md)


def _deal(pack: Pack, players: int, seed: int) -> dict:  # type: ignore[type-arg]
    board = pack.models["board"]
    piles = {
        "common": [f"c{i:02}" for i in range(19)],
        "rare": [f"r{i:02}" for i in range(14)],
        "deep_space": [f"d{i:02}" for i in range(12)],
    }
    planets = [f"planet-{i}" for i in range(15)]
    return deal(pack.models["setups"][players], board, planets, piles, Rng(seed_state(seed)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r_set_03_each_setup_places_the_public_counts(pack: Pack, players: int) -> None:
    board = pack.models["board"]
    layout = _deal(pack, players, 1)
    rings = Counter(board.kind(s) for s, info in layout["sectors"].items() if info.get("planet"))
    assert dict(rings) == COUNTS[players]
    planets = [info["planet"] for info in layout["sectors"].values() if info.get("planet")]
    assert len(planets) == len(set(planets)) == sum(COUNTS[players].values())
    tokens = [info["token"] for info in layout["sectors"].values() if info.get("planet")]
    assert all(tokens) and len(set(tokens)) == len(tokens)
    asteroids = [s for s, info in layout["sectors"].items() if info.get("ast")]
    assert len(asteroids) <= 7
    assert len(layout["homes"]) == players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_are_symmetric(pack: Pack, players: int) -> None:
    setup = pack.models["setups"][players]
    board = pack.models["board"]
    profiles = {seat_profile(setup, board, h) for h in setup.homes}
    assert len(profiles) == 1, profiles


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seats_are_symmetric_at_the_opening(pack: Pack, players: int) -> None:
    setup = pack.models["setups"][players]
    board = pack.models["board"]
    profiles = {opening_profile(setup, board, h) for h in setup.homes}
    assert len(profiles) == 1, profiles
    assert profiles.pop()[2] >= (0 if players == 2 else 1)


# The 4-player setup before issue 12: symmetric summed over rotations, but h1 and h3 had no
# planet within two moves at rotation 0 (o2 and o6 held deep space).
OLD_4P_PLANETS = ["i0", "i1", "i2", "o0", "o1", "o3", "o4", "o5", "o7"]
OLD_4P_PLANETS += ["d1", "d4", "d7", "d10", "d2", "d8"]


def test_lint_b105_catches_an_opening_that_is_not_symmetric(pack: Pack) -> None:
    board = pack.models["board"]
    old = pack.models["setups"][4]
    setup = Setup(
        4,
        ["h0", "h1", "h2", "h3"],
        [(s, "common") for s in OLD_4P_PLANETS],
        ["i3", "o2", "o6"],
        ["d5", "d11"],
        None,
        {},
        old.loc,
    )
    assert len({seat_profile(setup, board, h) for h in setup.homes}) == 1  # the old check passed
    report = Report()
    _check_symmetry(setup, board, report)
    messages = [d.message for d in report.errors if d.code == "B105"]
    assert messages and all("at the opening" in m for m in messages), messages
    assert any("seat 1 (h1) 0" in m for m in messages)
    assert any("seat 3 (h3) 0" in m for m in messages)


def test_r_set_03_same_seed_same_board_other_seed_other_board(pack: Pack) -> None:
    assert _deal(pack, 4, 7) == _deal(pack, 4, 7)
    assert _deal(pack, 4, 7) != _deal(pack, 4, 8)


def test_rare_places_take_rare_tokens(pack: Pack) -> None:
    layout = _deal(pack, 4, 3)
    for sector, pile in pack.models["setups"][4].planets:
        assert layout["sectors"][sector]["token"][0] == pile[0]
