"""Balance figures and reports: flags where the Wilson interval excludes the fair share;
Markdown, JSON, terminal and HTML forms; deterministic plots with unique SVG ids."""

from __future__ import annotations

import json
import re

import pytest
from lastlight.interpreter.tools.lab import plots
from lastlight.interpreter.tools.lab.figures import summarize
from lastlight.interpreter.tools.lab.report import (
    BalanceReport,
    render_html,
    render_json,
    render_markdown,
    render_text,
)

from .conftest import PAIRED_GAMES


def _row(game: int, seat: int, win: bool, faction: str) -> dict:
    return {
        "game": game, "seat": seat, "players": 2, "home": f"h{seat}", "is_first": seat == 0,
        "faction": faction, "achievement": "a", "bot": "b", "winner": win, "winners": 1,
        "rounds": 10 + game % 3, "stalled": False, "light": 20 if win else 5,
        "techs_in_play": ["t"] if win else [],
        **{f"light_{s}": 0 for s in plots.SOURCES},
    }  # fmt: skip


def test_flags_follow_the_interval() -> None:
    # 60 two-player games: faction "strong" always wins from seat 0
    rows = [r for g in range(60) for r in (_row(g, 0, True, "strong"), _row(g, 1, False, "x"))]
    figs = {(f.group, f.key): f for f in summarize(rows)}
    strong = figs[("faction", "strong")]
    assert strong.value == 1.0 and strong.fair == 0.5 and strong.flag == "above"
    assert strong.lo > 0.9 and strong.hi == pytest.approx(1.0)
    assert figs[("faction", "x")].flag == "below"
    assert figs[("first player", "first player")].flag == "above"
    assert figs[("game", "rounds")].value == sum(10 + g % 3 for g in range(60)) / 60
    # a small sample is not flagged
    few = [r for g in range(3) for r in (_row(g, 0, g < 2, "p"), _row(g, 1, g >= 2, "q"))]
    assert not any(f.flag for f in summarize(few) if f.group == "faction")


def test_report_forms(base_rows: list) -> None:
    rep = BalanceReport.from_rows(base_rows, {"players": [4], "bots": ["heuristic"], "seed": 11})
    data = json.loads(render_json(rep))
    assert data["games"] == PAIRED_GAMES and data["figures"]
    nomads = next(f for f in data["figures"] if f["key"] == "star-nomads")
    assert nomads["flag"] == "above" and nomads["lo"] > 0.25
    assert "star-nomads" in render_text(rep) and "| star-nomads |" in render_markdown(rep)
    html = render_html(rep)
    assert html.count("<img ") == len(plots_of(rep)) >= 5
    assert "http://" not in html.replace("http://www.w3.org", "")  # self-contained


def plots_of(rep: BalanceReport) -> list:
    from lastlight.interpreter.tools.lab.report import plots as make

    return make(rep)


@pytest.mark.slow
def test_plots_are_deterministic_with_unique_ids(base_rows: list) -> None:
    rep = BalanceReport.from_rows(base_rows)
    first = plots_of(rep)
    second = plots_of(rep)
    assert [s for _t, s in first] == [s for _t, s in second]
    for _title, svg in first:
        ids = re.findall(r'\bid="([^"]+)"', svg)
        assert len(ids) == len(set(ids))
        assert "<dc:date>" not in svg
