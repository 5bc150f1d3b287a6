"""The board graph: adjacency after every rotation against a table written by hand.

The table below is the board drawn on paper: which ring *positions* touch (position 0 at the
top, clockwise). At rotation r, inner sector i_k sits at position (k + r) mod 4 and outer sector
o_k at (k + r) mod 8 (inner turns 90°, outer 45°: R-ROT-02). The code under test computes
adjacency from arcs; this test does not.
"""

from __future__ import annotations

import networkx as nx
import pytest
from lastlight.interpreter.board.graph import Board
from lastlight.interpreter.load.pack import Pack

INNER_TO_OUTER = {0: [0, 1], 1: [2, 3], 2: [4, 5], 3: [6, 7]}  # inner position -> outer positions
OUTER_TO_DISTANT = {
    0: ["d0", "d1"],
    1: ["d1", "d2"],
    2: ["d3", "d4"],
    3: ["d4", "d5"],
    4: ["d6", "d7"],
    5: ["d7", "d8"],
    6: ["d9", "d10"],
    7: ["d10", "d11"],
}
HOMES = {"h0": "d0", "h1": "d3", "h2": "d6", "h3": "d9"}


def expected_adjacency(r: int) -> dict[str, set[str]]:
    adj: dict[str, set[str]] = {}

    def edge(a: str, b: str) -> None:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)

    for k in range(4):
        edge("c", f"i{k}")
        edge(f"i{k}", f"i{(k + 1) % 4}")
    for k in range(8):
        edge(f"o{k}", f"o{(k + 1) % 8}")
    inner_at = {(k + r) % 4: f"i{k}" for k in range(4)}
    outer_at = {(k + r) % 8: f"o{k}" for k in range(8)}
    for pos, outers in INNER_TO_OUTER.items():
        for q in outers:
            edge(inner_at[pos], outer_at[q])
    for q, distants in OUTER_TO_DISTANT.items():
        for d in distants:
            edge(outer_at[q], d)
    for h, d in HOMES.items():
        edge(h, d)
    return adj


@pytest.fixture(scope="module")
def board(pack: Pack) -> Board:
    return pack.models["board"]


@pytest.mark.parametrize("rotation", range(9))
def test_r_rot_02_adjacency_after_each_rotation_matches_the_hand_table(
    board: Board, rotation: int
) -> None:
    expected = expected_adjacency(rotation % 8)
    for sector in board.sectors():
        assert set(board.neighbours(sector, rotation)) == expected.get(sector, set()), sector


def test_rotation_eight_is_rotation_zero(board: Board) -> None:
    assert board.period == 8
    assert all(board.neighbours(s, 8) == board.neighbours(s, 0) for s in board.sectors())
    assert any(board.neighbours(s, 1) != board.neighbours(s, 0) for s in board.sectors())


def test_hand_checked_spots(board: Board) -> None:
    assert board.neighbours("i0", 0) == ("c", "i1", "i3", "o0", "o1")
    assert board.neighbours("i0", 1) == ("c", "i1", "i3", "o1", "o2")  # inner turned 90°
    assert board.neighbours("o0", 1) == ("d1", "d2", "i3", "o1", "o7")  # outer turned 45°
    assert board.neighbours("d0", 0) == ("h0", "o0")
    assert board.neighbours("d0", 1) == ("h0", "o7")
    assert board.neighbours("h2", 5) == ("d6",)


def test_r_cmd_04_corner_contacts_are_not_edges(board: Board) -> None:
    # i0 covers 0-90° and o2 90-135° at rotation 0: they meet only at the 90° corner
    assert "o2" not in board.neighbours("i0", 0)
    assert "o2" not in board.neighbours("d2", 0)  # d2 60-90°, o2 90-135°
    assert "d3" in board.neighbours("o2", 0)


def test_cached_lookups_equal_the_networkx_graph_in_every_state(board: Board) -> None:
    for r in range(board.period):
        g = board.graph(r)
        assert isinstance(g, nx.Graph)
        for s in board.sectors():
            assert board.neighbours(s, r) == tuple(sorted(g.neighbors(s)))
        for s in ("c", "h0", "o3"):
            assert board.reachable(s, 3, r) == dict(
                sorted(nx.single_source_shortest_path_length(g, s, cutoff=3).items())
            )


def test_r_cmd_02_reach_grows_with_movement(board: Board) -> None:
    one = board.reachable("c", 1, 0)
    two = board.reachable("c", 2, 0)
    assert set(one) == {"c", "i0", "i1", "i2", "i3"}
    assert set(one) < set(two)
    assert two["o0"] == 2


def test_r_cmd_03_asteroids_block_entry_and_passage(board: Board) -> None:
    free = board.reachable("h0", 3, 0)
    blocked = board.reachable("h0", 3, 0, frozenset({"o0"}))
    assert "o0" in free and "o0" not in blocked
    assert "i0" in free and "i0" not in blocked  # the only way there went through o0
    assert board.distance("h0", "c", 0) == 4
    assert board.distance("h0", "c", 0, frozenset({"d0"})) is None


def test_r_cmd_15_range(board: Board) -> None:
    assert board.in_range("i0", 1, 0) == ("i0",)
    assert board.in_range("i0", 2, 0) == ("c", "i0", "i1", "i3", "o0", "o1")


def test_ring_sectors_travel_and_fixed_sectors_stay(board: Board) -> None:
    assert [board.position("o0", r) for r in range(9)] == [0, 1, 2, 3, 4, 5, 6, 7, 0]
    assert [board.position("i1", r) for r in range(5)] == [1, 2, 3, 0, 1]
    assert board.position("d4", 3) is None
    assert board.arc("d4", 0) == board.arc("d4", 5)
    # what sits on o0 meets d0/d1 at rotation 0 and d3/d4 two rotations later
    assert {"d0", "d1"} <= set(board.neighbours("o0", 0))
    assert {"d3", "d4"} <= set(board.neighbours("o0", 2))
