"""Rotation (R-ROT), game end (R-END) and the two-player variant with the Lumos (R-TWO)."""

from __future__ import annotations

from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.present.describe import event_line

from . import table as t


def _all_refresh(game: Game, others: str = "mine") -> None:
    """Everyone plays Refresh this round (a played card first, for R-TWO-01)."""
    with game.edit(reask=True) as st:  # the card choice asked again from the new hands
        for pl in st["players"]:
            if not pl["played"]:
                pl["played"] = [others]
                pl["hand"].remove(others)
    t.play(game, dict.fromkeys(range(game.state["n"]), "refresh"))


def test_r_rot_01_02_rotation_when_everyone_refreshed(rules: Rules) -> None:
    """R-ROT-01 all Refresh cards on the table rotate the board; R-ROT-02 the rings turn."""
    game = t.start(rules, 3)
    t.play(game, {0: "refresh", 1: "refresh", 2: "mine"})
    t.finish_round(game)
    assert game.state["rot"] == 0
    t.play(game, {2: "refresh", 0: "trade", 1: "trade"})
    t.finish_round(game)
    assert game.state["rot"] == 1
    assert t.events(game, "rotation", rotation=1)
    before = {s: game.board.neighbours(s, 0) for s in game.state["sectors"]}
    after = {s: game.board.neighbours(s, 1) for s in game.state["sectors"]}
    assert before != after


def test_r_rot_03_light_per_ship_in_the_center(rules: Rules) -> None:
    game = t.start(rules, 3)
    t.clear_board(game)
    center = game.state["center"]
    t.ship(game, 0, center, "small")
    t.ship(game, 0, center, "large")
    t.ship(game, 1, center, "medium")
    _all_refresh(game)
    t.finish_round(game)
    assert [pl["light"] for pl in game.state["players"]] == [2, 1, 0]


def test_r_rot_04_05_one_pass_and_refresh_cards_back(rules: Rules) -> None:
    """R-ROT-04 the token passes once; R-ROT-05 everyone takes their Refresh back."""
    game = t.start(rules, 3, first=1)
    _all_refresh(game)
    t.finish_round(game)
    assert game.state["first"] == 2
    for pl in game.state["players"]:
        assert "refresh" in pl["hand"] and "refresh" not in pl["played"]


def test_r_end_01_the_game_ends_at_the_end_of_a_round_with_20_light(rules: Rules) -> None:
    game = t.start(rules, 3)
    t.give(game, 1, light=19)
    t.clear_board(game)
    t.extractor(game, 1, t.planet_sector(game, "outer"))
    t.played_before(game, 1, "mine")
    t.reask(game)
    t.play(game, {0: "trade", 1: "refresh", 2: "command"})
    assert not game.over  # mid-round, at 20 light, play goes on
    t.finish_round(game)
    assert game.over and game.state["winners"] == [1]
    assert game.state["round"] == 1


def test_r_end_02_ties_go_to_technologies_then_resources(rules: Rules) -> None:
    game = t.start(rules, 3)
    t.give(game, 0, light=20, common=0)
    t.give(game, 1, light=20, common=5)
    t.give(game, 2, light=20, common=0)
    t.tech_in_play(game, 0, "war-trophies")
    t.tech_in_play(game, 2, "star-charts")
    t.play(game, {0: "mine", 1: "mine", 2: "mine"})
    t.finish_round(game)
    assert game.over
    # P0 and P2 have one technology each; P2 mined more? no: equal resources -> shared
    light = [pl["light"] for pl in game.state["players"]]
    assert light == [20, 20, 20]
    res = [q.total_resources(game.eng, p) for p in range(3)]
    expected = [p for p in (0, 2) if res[p] == max(res[0], res[2])]
    assert game.state["winners"] == expected


def test_r_two_01_refresh_needs_a_played_card(rules: Rules) -> None:
    game = t.start(rules, 2)
    assert "refresh" not in {d["card"] for d in game.legal()}
    g3 = t.start(rules, 3)
    assert "refresh" in {d["card"] for d in g3.legal()}


def test_r_two_02_the_lumos_start_in_the_center(rules: Rules) -> None:
    game = Game.new(rules, 2, 1)
    center = game.state["center"]
    lumos = [u for u in game.state["units"].values() if u["o"] == q.LUMOS]
    on_board = [u for u in lumos if u["at"] == "board"]
    assert [(u["z"], u["s"]) for u in on_board] == [("small", center), ("small", center)]
    assert not any(u["o"] == q.LUMOS for u in Game.new(rules, 3, 1).state["units"].values())


def test_r_two_03_two_smallest_reinforce_at_rotation(rules: Rules) -> None:
    game = t.start(rules, 2)
    center = game.state["center"]
    _all_refresh(game)
    t.finish_round(game)
    sizes = sorted(game.state["units"][u]["z"] for u in t.ships_at(game, center, q.LUMOS))
    assert sizes == ["small"] * 4
    with game.edit() as st:
        for u in st["units"].values():
            if u["o"] == q.LUMOS and u["at"] == "supply" and u["z"] == "small":
                u["at"] = "box"
    _all_refresh(game, others="trade")
    t.finish_round(game)
    sizes = sorted(game.state["units"][u]["z"] for u in t.ships_at(game, center, q.LUMOS))
    assert sizes.count("medium") == 2


def test_r_two_04_10_lumos_casualties_and_kills(rules: Rules) -> None:
    """R-TWO-04 destroyed Lumos ships leave the game from a graveyard; R-TWO-10 ships the
    Lumos destroy under a player's command go to that player's graveyard."""
    game = t.start(rules, 2)
    t.clear_board(game)
    center = game.state["center"]
    t.lumos_ally(game, 0)
    t.give(game, 1, light=1)  # P0 has the least light: the Lumos stay P0's allies
    t.ship(game, q.LUMOS, center, "small")
    victim = t.ship(game, 1, center, "small")
    t.dice(game, ["hit"])
    t.play(game, {0: "command", 1: "mine"})
    t.run_until(game, lambda g: t.can(g, kind="attack", lumos=True))
    t.choose(game, kind="attack", lumos=True, attack=True)
    t.finish_round(game)
    assert game.state["units"][victim]["g"] == 0
    game2 = t.start(rules, 2)
    t.clear_board(game2)
    lumos_ship = t.ship(game2, q.LUMOS, center, "small")
    t.lumos_ally(game2, None)
    for _ in range(2):
        t.ship(game2, 0, center, "large")
    for _ in range(3):
        t.ship(game2, 1, center, "small")
    t.dice(game2, ["hit"] * 6)
    t.play(game2, {0: "command", 1: "mine"})
    t.choose(game2, kind="done")
    t.finish_round(game2, t.eager)
    assert game2.state["units"][lumos_ship]["at"] == "box"  # back from the graveyard: gone


def test_r_two_09_10_a_lumos_kill_pays_the_graveyard_but_no_card_of_the_commander(
    rules: Rules,
) -> None:
    """R-TWO-09 a commanded Lumos ship uses no technology or faction ability of its commander,
    so the commander's `when you destroy a ship` cards do not hear its kill; R-TWO-10 the ship
    it destroys still goes to the commander's graveyard. The commander's own kill in the same
    combat is heard by both cards, as always."""
    game = t.start(rules, 2)
    t.clear_board(game)
    center = game.state["center"]
    with game.edit() as st:
        st["players"][0]["faction"] = "void-reavers"  # "when you destroy a ship: gain 1 light"
    t.tech_in_play(game, 0, "salvage-rights")  # "when you destroy a ship: gain 1 common"
    t.lumos_ally(game, 0)
    t.give(game, 1, light=3, common=5)
    t.ship(game, q.LUMOS, center, "small")
    t.ship(game, 0, center, "small")
    victims = [t.ship(game, 1, center, "small") for _ in range(2)]
    t.dice(game, ["hit", "hit"])
    t.play(game, {0: "command", 1: "mine"})
    t.run_until(game, lambda g: g.legal()[0]["kind"] == "attack")  # nobody moves
    t.finish_round(game, t.eager)
    kills = t.events(game, "destroyed", player=0)
    assert sorted(bool(e.get("lumos")) for e in kills) == [False, True]
    view = game.view(ALL)
    assert sorted("(with Lumos ships)" in event_line(view, e) for e in kills) == [False, True]
    assert all(game.state["units"][v]["g"] == 0 for v in victims)  # both in P0's graveyard
    heard = sorted(e["card"] for e in t.events(game, "trigger", player=0))
    assert [c.split("#")[0] for c in heard] == ["salvage-rights", "void-reavers"]  # once each
    assert game.state["players"][0]["light"] == 1


def test_r_two_05_11_alliance_with_the_least_light(rules: Rules) -> None:
    """R-TWO-05 the ally has the least light, nobody on a tie; R-TWO-11 it changes only at the
    end of an action card's resolution."""
    game = t.start(rules, 2)
    assert game.state["lumos"]["ally"] is None
    t.give(game, 0, light=3)
    t.play(game, {0: "mine", 1: "mine"})
    t.finish_round(game)
    assert game.state["lumos"]["ally"] == 1
    t.give(game, 1, light=5)
    t.play(game, {0: "trade", 1: "trade"})
    t.run_until(game, lambda g: g.state["lumos"]["ally"] != 1 or g.state["round"] > 2)
    assert t.events(game, "alliance", player=0)


def test_r_two_06_lumos_blockade_all_but_their_ally(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    planet = t.planet_sector(game, "outer")
    t.extractor(game, 0, planet)
    t.extractor(game, 1, t.planet_sector(game, "inner"))
    t.ship(game, q.LUMOS, planet, "small")
    t.lumos_ally(game, 1)
    assert q.blockaded(game.eng, planet, 0)
    t.lumos_ally(game, 0)
    assert not q.blockaded(game.eng, planet, 0)


def test_r_two_07_09_the_ally_commands_the_lumos_at_base_stats(rules: Rules) -> None:
    """R-TWO-07 the allied Command player moves the Lumos too; R-TWO-09 Lumos ships use base
    stats, no technology, and roll apart."""
    game = t.start(rules, 2)
    t.clear_board(game)
    center = game.state["center"]
    t.ship(game, q.LUMOS, center, "small")
    t.ship(game, 0, center, "small")
    t.ship(game, 1, center, "small")
    t.tech_in_play(game, 0, "twin-batteries", "small")  # +1 attack for P0's small ships
    t.lumos_ally(game, 0)
    t.give(game, 1, light=1)
    t.dice(game, ["miss"] * 5)
    t.play(game, {0: "command", 1: "mine"})
    assert t.can(game, kind="move", lumos=True)
    t.run_until(game, lambda g: g.legal()[0]["kind"] == "attack")
    t.finish_round(game, t.eager)
    rolls = [(e["lumos"], e["dice"]) for e in t.events(game, "roll", player=0)]
    assert rolls == [(False, 2), (True, 1)]


def test_r_two_08_lumos_ships_reveal_nothing(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    sector = t.planet_sector(game, "outer")
    token = next(k for k, v in rules.tokens.items() if v.pile == "common")
    with game.edit() as st:
        st["sectors"][sector].update({"token": token, "up": False})
    t.ship(game, q.LUMOS, sector, "small")
    t.lumos_ally(game, 0)
    t.give(game, 1, light=1)
    t.play(game, {0: "command", 1: "mine"})
    t.finish_round(game)
    assert not game.state["sectors"][sector]["up"]
