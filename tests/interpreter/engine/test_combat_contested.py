"""`combat._contested` (the sectors where a combat goes on), written for speed, against the rule
read plainly: a side's unfought ship fires into its own sector, and with range 2 into the
adjacent ones (R-CMD-15); a sector is contested when an enemy ship there is not doomed, or an
enemy extractor is on its planet and a ship type able to fire there bombards (R-CMD-08/14)."""

from __future__ import annotations

from typing import Any

import pytest
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine import combat
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules

from tests.engine_build import pure_core_only


def _plainly(eng: Any, group: list[int], done: list[str]) -> list[str]:
    cmb = eng.state["combat"]
    units = eng.state["units"]
    out = []
    for sector in eng.state["sectors"]:  # board order
        if sector in done:
            continue
        for roller in combat._rollers(eng, group):
            side = combat._side(roller)
            sizes = {
                u["z"]
                for uid, u in units.items()
                if u["o"] == side
                and u["at"] == "board"
                and uid not in cmb["fought"]
                and (
                    u["s"] == sector
                    or (
                        q.ship_stat(eng, side, u["z"], "range") >= 2
                        and sector in eng.board.neighbours(u["s"], eng.state["rot"])
                    )
                )
            }
            if not sizes:
                continue
            if combat._enemy_ships(eng, side, sector) or (
                combat._enemy_extractor(eng, side, sector) is not None
                and any(q.bombardment(eng, side, z) for z in sizes)
            ):
                out.append(sector)
                break
    return out


@pure_core_only
def test_contested_sectors_are_those_the_rule_names(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = combat._contested
    asked = []

    def checked(eng: Any, group: list[int], done: list[str]) -> list[str]:
        found = fast(eng, group, done)
        assert found == _plainly(eng, group, done)
        asked.append(bool(found))
        return found

    monkeypatch.setattr(combat, "_contested", checked)
    for players, seed in ((4, 1), (4, 2), (3, 3), (2, 4), (2, 5)):
        game = Game.new(rules, players, seed, log=False)
        bot = RandomBot(seed)
        while not game.over:
            game.apply(ask(bot, game))
    assert sum(asked) > 50 and not all(asked)
