"""The terminal screen draws only what changed since the seat's last decision, and everything
again in a new round, after a rotation, or on `v`."""

from __future__ import annotations

import copy
import io

from lastlight.cli.screen import render
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.present.table_view import table_view
from rich.console import Console


def _text(group) -> str:  # type: ignore[no-untyped-def]
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(group)
    return console.export_text()


def test_only_changes_are_drawn_again(rules: Rules) -> None:
    game = Game.new(rules, 2, 3)
    while game.state["stage"] in ("faction", "achievement"):
        game.apply(game.legal()[0])
    view = table_view(game.view(0))
    full = _text(render(view, [], "P0: pick", ["a", "b"]))
    assert "next to (this rotation)" in full and "c/u/r" in full and "colony ship" in full
    same = _text(render(view, [], "P0: pick", ["a", "b"], previous=view))
    assert "unchanged: players, your cards, board" in same
    assert "next to" not in same and "colony ship" not in same
    # one ship more at home: only that sector's row is drawn, the rest is counted
    later = copy.deepcopy(view)
    home = next(r for r in later.near if "home" in r.name)
    home.contents += ", 1 medium"
    diff = _text(render(later, [], "P0: pick", ["a"], previous=view))
    assert home.name in diff and "1 medium" in diff
    assert f"{len(view.near) - 1} sectors" in diff
    # a new round (or a turned board) draws the whole table
    later.round += 1
    assert "colony ship" in _text(render(later, [], "P0: pick", ["a"], previous=view))
