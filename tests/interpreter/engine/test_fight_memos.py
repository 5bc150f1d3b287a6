"""What a fight keeps to go faster (a sector's origins across a side's rolls, each ship type's
attack options, each side's ranged sizes) is what a fresh engine works out: the kept origins
equal a scan of the side's ships at every ask, and after every fight decision a game loaded from
the save taken just before it (nothing kept) and given the same decision offers exactly the
same next decisions."""

from __future__ import annotations

from typing import Any

import pytest
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine import combat
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.engine.units import index

from tests.engine_build import pure_core_only

FIGHT_KINDS = {"attack", "damage", "sector"}


@pure_core_only
def test_kept_origins_equal_a_scan_of_the_side_s_ships(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = combat._all_origins
    calls = {"asked": 0, "filtered": 0}

    def checked(eng: Any, side: int, sector: str) -> dict[str, dict[str, list[str]]]:
        before = eng.cache.get("origins")
        found = kept(eng, side, sector)
        fought = eng.state["combat"]["fought"]
        assert found == combat._scan_origins(eng, index(eng), side, sector, fought)
        calls["asked"] += 1
        if before is not None and before[3:5] == (side, sector) and before[5] < len(fought):
            calls["filtered"] += 1  # the kept answer, less the ships that fought since
        return found

    monkeypatch.setattr(combat, "_all_origins", checked)
    for players, seed in ((4, 1), (4, 2), (3, 3), (2, 4)):
        game = Game.new(rules, players, seed, log=False)
        bot = RandomBot(seed)
        while not game.over:
            game.apply(ask(bot, game))
    assert calls["asked"] > 50 and calls["filtered"] > 5  # both ways were taken


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 3)])
def test_a_fight_goes_on_the_same_without_what_was_kept(
    rules: Rules, players: int, seed: int
) -> None:
    game = Game.new(rules, players, seed, log=False)
    bot = RandomBot(seed)
    checked = 0
    while not game.over:
        decision = ask(bot, game)
        if game.state["pending"]["kind"] in FIGHT_KINDS:
            fresh = Game.load(rules, game.save())  # the save holds no derived data
            fresh.apply(decision)
            game.apply(decision)
            assert fresh.legal() == game.legal()
            assert fresh.to_json() == game.to_json()
            checked += 1
        else:
            game.apply(decision)
        for p in range(players):  # the ranged sizes kept with the card tables
            assert q.ranged_sizes(game.eng, p) == {
                z for z in rules.sizes if q.ship_stat(game.eng, p, z, "range") >= 2
            }
    assert checked >= 30  # the game had fights to check


def test_attack_options_are_shared_answers_of_their_key(rules: Rules) -> None:
    made = combat._attack_options("small", False, True, (("a", 2), ("b", 1)))
    assert [o.get("from") for o in made] == [
        {"a": 2, "b": 1},
        {"a": 2},
        {"a": 1, "b": 1},
        {"a": 1},
        {"b": 1},
        None,
    ]  # every split of the ships that may join, all of them first; then hold fire
    assert combat._attack_options("small", False, False, (("a", 2),)) == [
        {"kind": "attack", "size": "small", "attack": True, "lumos": False, "from": {"a": 2}},
        {"kind": "attack", "size": "small", "attack": False, "lumos": False},
    ]
