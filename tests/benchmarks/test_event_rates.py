"""benchmarks/event_rates.py: the per seat-and-round event rates the planner's valuation is set
from add up from the games' logs (a round is one card from every seat)."""

from __future__ import annotations

import pytest

from tests.benchmarks.scripts import load_script


def test_event_rates_counts_every_card_played_once_per_round(
    capsys: pytest.CaptureFixture[str],
) -> None:
    mod = load_script("event_rates")
    assert mod.main(["--games", "2", "--players", "2", "--first", "3"]) == 0
    out = capsys.readouterr().out
    rates = {
        line.split()[1]: float(line.split()[-1])
        for line in out.splitlines()
        if line.strip().startswith("play ")
    }
    # each seat plays one action card a round, so the play rates sum to one
    assert sum(rates.values()) == pytest.approx(1.0, abs=0.01)
    assert "reveal" in out
    held = {
        line.split()[0]: float(line.split()[-1])
        for line in out.split("held at the game's end")[1].splitlines()[1:]
    }
    # a seat ends with its home's ships at least, and never more in the center than on the board
    assert set(held) == {"planets", "fleet", "center"}
    assert held["fleet"] >= 1.0 and 0.0 <= held["center"] <= held["fleet"]
