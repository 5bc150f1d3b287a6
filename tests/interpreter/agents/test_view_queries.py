"""The view's queries added for the bots (engine/view.py, the bots' section): the pieces in play
and a seat's supply, as the planner indexes them once a decision, agree with the view's units."""

from __future__ import annotations

from collections import Counter

from lastlight.interpreter.agents import make_bot
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules


def test_placed_units_and_supply_agree_with_the_units(rules: Rules) -> None:
    game = Game.new(rules, 3, 12, log=False)
    bots = [make_bot("planner", p, rules) for p in range(3)]
    checked = 0
    while not game.over and len(game.history) < 240:
        seat = game.to_move
        assert seat is not None
        if len(game.history) % 20 == 0:
            for view in (game.view(seat), game.view(ALL, live=True)):
                placed = view.placed_units()
                units = view.units
                assert [u.id for u in placed] == [
                    u.id for u in units.values() if u.place in ("board", "planet", "colony")
                ]
                assert all(u.on_board == u.is_ship for u in placed)  # only ships on the board
                for p in range(3):
                    want = Counter(
                        (u.size if u.is_ship else "x")
                        for u in units.values()
                        if u.owner == p and u.place == "supply"
                    )
                    assert view.supply_of(p) == dict(want)
                checked += 1
            # the same answers once the view has built its units
            again = game.view(seat)
            assert len(again.units) > len(placed)  # built first: placed_units reads it
            assert [u.id for u in again.placed_units()] == [u.id for u in placed]
        game.apply(bots[seat].decide(game.view(seat), game.legal()))
    assert checked >= 10
