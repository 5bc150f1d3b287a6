"""Paired comparisons: a planted change moves its faction's win share; an unchanged pack moves
nothing; ablating an item is measured on its holder; item changes are listed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from lastlight.interpreter.tools.lab.compare import ablation, compare_rows, item_changes
from lastlight.interpreter.tools.lab.run import run_sweep
from lastlight.interpreter.tools.lab.spec import load_rules

from .conftest import PAIRED_GAMES, spec_for

#: paired sweeps of a few seconds each: run by `pytest -m slow` (CI runs it)
pytestmark = pytest.mark.slow


def test_planted_change_moves_star_nomads(base_rows: list, planted_rows: list) -> None:
    moved = {(m.group, m.key): m for m in compare_rows(base_rows, planted_rows, seed=1)}
    nomads = moved[("faction", "star-nomads")]
    assert nomads.moved, nomads
    assert nomads.change.diff < 0 and nomads.change.hi < 0
    assert nomads.n_old == nomads.n_new >= 10  # the same deal on paired seeds
    # the deal is identical, only the play differs
    assert [r["faction"] for r in base_rows] == [r["faction"] for r in planted_rows]


def test_unchanged_pack_moves_nothing(base_rows: list, strong_pack: Path) -> None:
    again = run_sweep(spec_for(strong_pack, PAIRED_GAMES, seed=11), 1)
    moved = compare_rows(base_rows, again, seed=1)
    assert moved and not any(m.moved for m in moved)
    assert all(m.change.diff == 0 for m in moved)


def test_item_changes(strong_pack: Path, planted_pack: Path) -> None:
    rules = load_rules(str(strong_pack))
    changes = item_changes(rules, load_rules(str(planted_pack)))
    assert changes == [
        {
            "item": "star-nomads",
            "kind": "faction",
            "change": "changed",
            "fields": {
                "text": (
                    ["Your small ships get +1 movement."],
                    ["Your small ships get +0 movement."],
                )
            },
        }
    ]
    assert item_changes(rules, rules) == []


def test_ablation_measures_the_holder(strong_pack: Path, base_rows: list) -> None:
    rules = load_rules(str(strong_pack))
    spec = spec_for(strong_pack, PAIRED_GAMES, seed=11)
    blanked = run_sweep(replace(spec, blank=("star-nomads",)), 2)
    # a blank keeps id, cost and copies: the deal is the same
    assert [r["faction"] for r in blanked] == [r["faction"] for r in base_rows]
    result = ablation(rules, base_rows, blanked, "star-nomads", seed=1)
    holder = result["holder"]
    assert result["figure"] == "faction" and result["pairs"] == holder["n_old"]
    assert holder["moved"] and holder["change"] < 0 and holder["hi"] < 0
    assert result["mcnemar_p"] < 0.05
