"""Game-quality figures on hand-made games whose answers are known."""

from __future__ import annotations

import math
from typing import Any

import pytest
from lastlight.interpreter.tools.lab.figures import summarize
from lastlight.interpreter.tools.lab.quality import (
    decided_at,
    entropy_bits,
    game_quality,
    lead_changes,
    opening_entropy,
    sample_leads,
    skill_gap,
    sole_leader,
    spread,
)


def game(
    tracks: list[list[int]],
    winner: int,
    *,
    index: int = 0,
    decisions: int = 50,
    first: list[str] | None = None,
    factions: list[str] | None = None,
) -> list[dict[str, Any]]:
    """Rows of one game: tracks[p] is p's light at the end of each round."""
    n = len(tracks)
    return [
        {
            "game": index,
            "seat": p,
            "players": n,
            "rounds": len(tracks[p]),
            "winner": p == winner,
            "winners": 1,
            "stalled": False,
            "light": tracks[p][-1],
            "light_by_round": tracks[p],
            "decisions": decisions,
            "first_action": (first or ["command"] * n)[p],
            "faction": (factions or [""] * n)[p],
            "achievement": "",
        }
        for p in range(n)
    ]


# A wire-to-wire win: seat 0 leads from round 1 to the end.
WIRE = [[1, 3, 6, 10], [0, 1, 2, 4]]
# A comeback: seat 1 is behind at the half (round 2 of 4), takes the lead in the last round.
COMEBACK = [[2, 5, 6, 7], [0, 1, 4, 9]]
# Three lead changes: 0 leads, then 1, then 0, then 1; a tie at round 3 changes nothing.
SEESAW = [[1, 1, 3, 3, 4, 4], [0, 2, 3, 3, 3, 6]]


def test_sole_leader_and_ties() -> None:
    assert sole_leader([3, 1, 2]) == 0
    assert sole_leader([3, 3, 1]) is None


def test_wire_to_wire_game() -> None:
    q = game_quality(game(WIRE, 0))
    assert q["lead changes"] == 0
    assert q["decided at"] == 0.25  # ahead for good from round 1 of 4
    assert q["comeback"] == 0
    assert q["last round decided"] == 0
    assert q["margin"] == 6
    assert q["rounds"] == 4 and q["decisions"] == 50


def test_comeback_decided_in_the_last_round() -> None:
    q = game_quality(game(COMEBACK, 1))
    assert q["lead changes"] == 1
    assert q["decided at"] == 1.0
    assert q["comeback"] == 1  # 1 light against 5 at the end of round 2
    assert q["last round decided"] == 1
    assert q["margin"] == 2


def test_seesaw_counts_lead_changes_past_ties() -> None:
    track = [list(x) for x in zip(*SEESAW, strict=True)]
    assert lead_changes(track) == 3  # 0 -> 1 (r2) -> tie (r3, r4) -> 0 (r5) -> 1 (r6)
    assert decided_at(track, 1) == 1.0


def test_a_tie_at_the_end_is_decided_at_the_end() -> None:
    q = game_quality(game([[1, 5], [0, 5]], 0))  # tie-break gave seat 0 the win
    assert q["decided at"] == 1.0 and q["margin"] == 0


def test_shared_win_and_old_rows_leave_winner_figures_out() -> None:
    rows = game(WIRE, 0)
    rows[1]["winner"] = True
    q = game_quality(rows)
    assert q["decided at"] is None and q["margin"] is None and q["lead changes"] == 0
    old = [dict(r, light_by_round=None, decisions=None) for r in game(WIRE, 0)]
    q = game_quality(old)
    assert q["rounds"] == 4 and q["decisions"] is None and q["lead changes"] is None


def test_entropy_known_values() -> None:
    assert entropy_bits(["a"] * 8) == 0.0
    assert entropy_bits(["a", "b"] * 4) == pytest.approx(1.0)
    assert entropy_bits(["a", "b", "c", "d"]) == pytest.approx(2.0)


def test_opening_entropy_with_interval() -> None:
    rows = []
    for g in range(40):  # the four action cards equally often: 2 bits
        card = ["mine", "trade", "command", "refresh"][g % 4]
        rows += game(WIRE, 0, index=g, first=[card, card])
    value, lo, hi, games, distinct = opening_entropy(rows, "first_action")
    assert value == pytest.approx(2.0) and distinct == 4 and games == 40
    # at the maximum a resample can only lose entropy: the interval lies just below 2 bits
    assert 1.5 < lo <= hi <= 2.0 + 1e-9
    same = [r for g in range(10) for r in game(WIRE, 0, index=g)]
    assert opening_entropy(same, "first_action")[:3] == (0.0, 0.0, 0.0)
    assert opening_entropy(same, "faction") is None  # no faction kept in these games


def test_spread_of_length() -> None:
    rows = []
    for g, rounds in enumerate([4, 6, 4, 6, 4, 6]):
        rows += game([[1] * rounds, [0] * rounds], 0, index=g)
    value, lo, hi, n = spread(rows, "rounds")
    assert value == pytest.approx(math.sqrt(1.2)) and n == 6 and lo <= value <= hi


def test_summarize_has_quality_figures_with_intervals_and_sizes() -> None:
    rows = []
    for g in range(30):
        rows += game(COMEBACK if g % 3 == 0 else WIRE, 1 if g % 3 == 0 else 0, index=g)
    for r in rows:  # what `summarize` reads besides the quality columns
        r.update(home="h", is_first=r["seat"] == 0, bot="b", techs_in_play=[], rank=1)
        r.update({f"light_{s}": 0 for s in _sources()})
    figs = {(f.group, f.key): f for f in summarize(rows)}
    comeback = figs[("quality", "comeback")]
    assert comeback.value == pytest.approx(10 / 30) and comeback.n == 30
    assert comeback.lo < 10 / 30 < comeback.hi  # a Wilson interval
    changes = figs[("quality", "lead changes")]
    assert changes.value == pytest.approx(10 / 30) and changes.lo < changes.value < changes.hi
    assert figs[("quality", "decided at")].value == pytest.approx((10 * 1.0 + 20 * 0.25) / 30)


def _sources() -> tuple[str, ...]:
    from lastlight.interpreter.tools.lab.rows import SOURCES

    return SOURCES


def test_skill_gap_counts_games_where_both_sat() -> None:
    results = [
        (("planner", "random"), (1, 2)),
        (("random", "planner"), (2, 1)),
        (("random", "planner"), (1, 2)),
        (("planner", "planner"), (1, 2)),  # random did not sit: not counted
        (("planner", "random"), (1, 1)),
    ]
    assert skill_gap(results, "planner", "random") == (2, 1, 1)


def test_sample_leads_is_the_winners_lead() -> None:
    rows = game(COMEBACK, 1) + game(WIRE, 0, index=1)
    assert sample_leads(rows) == [[-2, -4, -2, 2], [1, 2, 4, 6]]


def test_a_sweeps_rows_carry_the_light_track(base_rows: list) -> None:
    """The light track a sweep writes ends at each player's final light, and the report shows
    the quality block, its sizes and the lead plot."""
    from lastlight.interpreter.tools.lab.report import BalanceReport, render_html, render_text

    for r in base_rows:
        assert len(r["light_by_round"]) == r["rounds"] and r["light_by_round"][-1] == r["light"]
        assert r["decisions"] > 0 and r["first_action"]
    report = BalanceReport.from_rows(base_rows)
    quality = {f.key: f for f in report.group("quality")}
    games = len({r["game"] for r in base_rows})
    assert quality["lead changes"].n == games and quality["decisions"].n == games
    assert "game quality" in render_text(report)
    page = render_html(report)
    assert "Game quality" in page and 'alt="Lead over time"' in page


@pytest.mark.slow
def test_diff_sees_a_shorter_race(tmp_path: Any) -> None:
    """20 light -> 10 in a copy of the pack: on paired seeds the game is shorter and decided
    later in its own course, and `compare_rows` says both moved."""
    import shutil

    from lastlight.interpreter.load.paths import content_dir
    from lastlight.interpreter.tools.lab.compare import compare_rows
    from lastlight.interpreter.tools.lab.run import run_sweep
    from lastlight.interpreter.tools.lab.spec import SimSpec

    short = tmp_path / "content"
    shutil.copytree(content_dir(), short)
    game_yaml = short / "game.yaml"
    text = game_yaml.read_text()
    assert "light_to_win: 20\n" in text
    game_yaml.write_text(text.replace("light_to_win: 20\n", "light_to_win: 10\n"))
    old = run_sweep(SimSpec(str(content_dir()), (3,), stop=80, seed=5), 1)
    new = run_sweep(SimSpec(str(short), (3,), stop=80, seed=5), 1)
    moved = {(m.group, m.key): m for m in compare_rows(old, new, seed=5)}
    for key in (("game", "rounds"), ("quality", "decisions")):
        assert moved[key].moved and moved[key].change.diff < 0
    decided = moved[("quality", "decided at")]
    assert decided.moved and decided.change.diff > 0


def test_diff_compares_opening_entropy_on_paired_games() -> None:
    from lastlight.interpreter.tools.lab.quality import paired_extra

    cards = ["mine", "trade", "command", "refresh"]
    old = [r for g in range(60) for r in game(WIRE, 0, index=g)]  # always Command: 0 bits
    new = [
        r
        for g in range(60)
        for r in game(WIRE, 0, index=g, first=[cards[g % 4], cards[(g + 1) % 4]])
    ]
    before, after, ((lo, hi), (flo, fhi)), n = paired_extra(
        old, new, "opening entropy: action", (0.95, 0.99)
    )
    assert (before, n) == (0.0, 60) and after == pytest.approx(2.0)
    assert 0 < flo <= lo <= hi <= fhi + 1e-9  # moved, even at the stricter level
    same = paired_extra(old, old, "rounds spread (sd)", (0.95,))
    assert same is not None and same[2] == [(0.0, 0.0)]
