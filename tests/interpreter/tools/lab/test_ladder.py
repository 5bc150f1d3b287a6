"""The ladder: seat-rotated mixed tables, openskill ratings keyed by name, in game order."""

from __future__ import annotations

import itertools

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.tools.lab.ladder import Ladder, run_ladder, schedule


def test_schedule_rotates_seats_over_one_deal() -> None:
    tables = list(schedule(["a", "b", "c"], [3, 2], 10, seed=5))
    assert [t.index for t in tables] == list(range(10))
    first = tables[:3]
    assert len({t.seed for t in first}) == 1  # one deal, every rotation
    for seat in range(3):
        assert sorted(t.seats[seat] for t in first) == ["a", "b", "c"]
    assert len(tables[3].seats) == 2
    assert list(schedule(["a", "b", "c"], [3, 2], 10, seed=5)) == tables
    assert list(schedule(["a", "b", "c"], [3, 2], 10, seed=6)) != tables


def test_more_seats_than_bots_seats_every_bot() -> None:
    for table in schedule(["x", "y"], [4], 8, seed=1):
        assert {"x", "y"} <= set(table.seats) and len(table.seats) == 4


def _snapshot(ladder: Ladder) -> dict[str, tuple[float, float]]:
    return {n: (r.mu, r.sigma) for n, r in ladder.ratings.items()}


@pytest.mark.parametrize(
    ("seats", "ranks"),
    [
        (["a", "b", "c", "d"], [1, 2, 3, 4]),
        (["a", "b", "c", "d"], [1, 2, 2, 4]),  # a tie
        (["a", "b", "b", "c"], [2, 1, 3, 3]),  # one bot in two seats, and a tie
    ],
)
def test_player_order_does_not_change_the_update(seats: list[str], ranks: list[int]) -> None:
    """Rating one game must not depend on which seat is listed first: every permutation of
    (seat, rank) pairs gives the same ratings (openskill 6.2's Plackett-Luce is itself
    order-independent here, ties included)."""
    results = []
    for perm in itertools.permutations(range(len(seats))):
        ladder = Ladder()
        ladder.rate(["a", "b", "c", "d"], [4, 3, 2, 1])  # non-trivial prior ratings
        ladder.rate([seats[i] for i in perm], [ranks[i] for i in perm])
        results.append(_snapshot(ladder))
    for other in results[1:]:
        for name, (mu, sigma) in results[0].items():
            assert other[name][0] == pytest.approx(mu, abs=1e-9)
            assert other[name][1] == pytest.approx(sigma, abs=1e-9)


def test_a_winner_gains_and_a_loser_loses() -> None:
    ladder = Ladder()
    before = _snapshot(ladder) or {}
    ladder.rate(["w", "l"], [1, 2])
    after = _snapshot(ladder)
    assert before == {}
    assert after["w"][0] > 25 > after["l"][0]
    assert ladder.wins["w"] == 1 and ladder.games["l"] == 1


def test_ladder_runs_on_a_tiny_n(rules: Rules) -> None:
    ladder, stats = run_ladder(rules, ["random", "planner"], [2, 3], 5, seed=3, stats=True)
    standings = ladder.standings()
    assert {s.name for s in standings} == {"random", "planner"}
    # a 2-player deal in both rotations (2 x 2 seats), then a 3-player deal (3 x 3 seats)
    assert sum(s.games for s in standings) == 2 * 2 + 3 * 3
    assert standings == sorted(standings, key=lambda s: -s.ordinal)
    assert set(stats) == {"random", "planner"}
    again, _ = run_ladder(rules, ["random", "planner"], [2, 3], 5, seed=3)
    assert _snapshot(again) == _snapshot(ladder)


def test_ladder_command_prints_the_table() -> None:
    result = CliRunner().invoke(
        main, ["ladder", "--bots", "random,heuristic", "--games", "2", "--players", "2"]
    )
    assert result.exit_code == 0, result.output
    assert "mu - 3σ" in result.output
    assert "heuristic" in result.output and "random" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "2,x"], "a comma list of player counts"),
        (["--players", "7"], "not 7"),
        (["--bots", "planner"], "at least two bots"),
        (["--games", "0"], "0"),
    ],
)
def test_ladder_usage_errors(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["ladder", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_ladder_without_openskill_is_one_clear_error_before_any_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """openskill is the `ladder` extra, not a dependency: without it the command says what to
    install and stops before playing (no traceback, exit 1)."""
    import sys

    import lastlight.interpreter.tools.lab.ladder as ladder_module

    played: list[object] = []
    monkeypatch.setattr(ladder_module, "play_table", lambda *a, **k: played.append(a))
    monkeypatch.setitem(sys.modules, "openskill.models", None)  # import openskill now fails
    monkeypatch.setitem(sys.modules, "openskill", None)
    result = CliRunner().invoke(main, ["ladder", "--bots", "random,heuristic", "--games", "2"])
    assert result.exit_code == 1
    assert 'pip install "lastlight[ladder]"' in result.output
    assert "Traceback" not in result.output and not played
