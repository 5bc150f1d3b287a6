"""Setup (R-SET) and the flow of a round (R-RND)."""

from __future__ import annotations

from collections import Counter

from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules, base_id

from . import table as t


def test_r_set_01_each_player_starts_with_their_pieces(rules: Rules) -> None:
    game = Game.new(rules, 4, 3)
    st = game.state
    for p in range(4):
        ships = Counter(u["z"] for u in st["units"].values() if u["o"] == p and u["k"] == "s")
        assert ships == Counter({"small": 5, "medium": 3, "large": 2})
        assert sum(1 for u in st["units"].values() if u["o"] == p and u["k"] == "x") == 8
        assert sorted(st["players"][p]["hand"]) == sorted(a.id for a in rules.actions)
        assert len(st["players"][p]["hand"]) == 6
        assert st["players"][p]["res"] == {"common": 1, "uncommon": 0, "rare": 0}


def test_r_set_02_factions_and_achievements_dealt_3plus_removed_in_2p(rules: Rules) -> None:
    three_plus = {f for f in rules.factions if rules.cards[f].min_players >= 3}
    assert three_plus, "the content marks some factions 3+"
    for seed in range(30):
        game = Game.new(rules, 2, seed)
        for pl in game.state["players"]:
            assert len(pl["offer_f"]) == 2 or len(rules.factions) < 4
            assert not three_plus & set(pl["offer_f"])
            colours = sorted(rules.cards[base_id(a)].color for a in pl["offer_a"])
            assert colours == ["blue", "green", "red", "yellow"]
    offered = set()
    for seed in range(30):
        for pl in Game.new(rules, 4, seed).state["players"]:
            offered.update(pl["offer_f"])
    assert three_plus & offered


def test_r_set_03_board_dealt_from_the_seed(rules: Rules) -> None:
    a, b, c = (Game.new(rules, 3, s).state["sectors"] for s in (8, 8, 9))
    assert a == b
    assert a != c
    planets = [s for s, info in a.items() if info["planet"]]
    assert planets and all(a[s]["token"] and not a[s]["up"] for s in planets)


def test_r_set_04_a_small_ship_at_home_and_an_extractor_on_a_common_space(rules: Rules) -> None:
    st = Game.new(rules, 3, 1).state
    for p in range(3):
        on_board = [u for u in st["units"].values() if u["o"] == p and u["at"] == "board"]
        assert [(u["z"], u["s"]) for u in on_board] == [("small", st["homes"][p])]
        colony = [u for u in st["units"].values() if u["o"] == p and u["at"] == "colony"]
        assert len(colony) == 1 and rules.colony_spaces[colony[0]["c"]] == "common"


def test_r_set_05_each_player_dealt_one_technology_from_a_shuffled_deck(rules: Rules) -> None:
    st = Game.new(rules, 4, 2).state
    assert all(len(pl["tech_hand"]) == 1 for pl in st["players"])
    assert len(st["deck"]) == len(rules.tech_deck) - 4
    assert Game.new(rules, 4, 3).state["deck"] != st["deck"]


def test_r_set_06_keep_one_faction_and_one_achievement(rules: Rules) -> None:
    game = Game.new(rules, 2, 4)
    st = game.state
    assert game.legal()[0]["kind"] == "keep"
    while st["stage"] in ("faction", "achievement"):
        options = game.legal()
        assert len(options) in (2, 4)
        game.apply(options[-1])
    for pl in st["players"]:
        assert pl["faction"] and pl["ach"]
        assert pl["offer_f"] == [] and pl["offer_a"] == []


def test_r_set_07_a_first_player_is_chosen(rules: Rules) -> None:
    firsts = {Game.new(rules, 4, s).state["first"] for s in range(20)}
    assert firsts <= {0, 1, 2, 3} and len(firsts) > 1


def test_r_rnd_01_every_player_chooses_one_card_from_hand(rules: Rules) -> None:
    game = t.start(rules, 3)
    asked = []
    while game.state["stage"] == "select":
        asked.append(game.to_move)
        options = game.legal()
        assert {o["card"] for o in options} <= set(game.state["players"][game.to_move]["hand"])
        game.apply(options[0])
    assert sorted(asked) == [0, 1, 2]
    assert all(len(pl["played"]) == 1 for pl in game.state["players"])


def test_r_rnd_02_played_cards_stay_until_refresh(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.play(game, {0: "mine", 1: "mine"})
    t.finish_round(game)
    assert game.state["players"][0]["played"] == ["mine"]
    t.play(game, {0: "trade", 1: "trade"})
    t.finish_round(game)
    assert sorted(game.state["players"][0]["played"]) == ["mine", "trade"]
    t.play(game, {0: "refresh", 1: "construct"})
    t.finish_round(game)
    assert game.state["players"][0]["played"] == ["refresh"]  # Refresh stays on the table
    assert {"mine", "trade"} <= set(game.state["players"][0]["hand"])


def test_r_rnd_03_a_player_with_no_card_picks_up_all_but_refresh(rules: Rules) -> None:
    game = t.start(rules, 2, first=0)
    with game.edit(reask=True) as st:  # P0's card choice asked again, with an empty hand
        pl = st["players"][0]
        pl["played"] = list(pl["hand"])
        pl["hand"] = []
    assert game.to_move == 0
    offered = sorted(d["card"] for d in game.legal())
    assert offered == sorted(a.id for a in rules.actions if not a.stays_on_table)
    assert game.state["players"][0]["played"] == ["refresh"]


def test_r_rnd_04_resolution_by_card_number_then_turn_order(rules: Rules) -> None:
    game = t.start(rules, 3, first=1)
    t.give(game, 0, common=0)
    t.play(game, {0: "trade", 1: "mine", 2: "mine"})
    t.finish_round(game)
    order = [
        (e["player"], e["source"])
        for e in game.log
        if e["event"] == "gain" and e.get("source", "").startswith("action:") and e["round"] == 1
    ]
    sources = [s for _p, s in order]
    assert sources.index("action:mine") < sources.index("action:trade")
    mine_players = [p for p, s in order if s == "action:mine"]
    assert mine_players[0] == 1 and mine_players[-1] == 2  # first player (P1) first


def test_r_rnd_05_abilities_around_your_own_action(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.tech_in_play(game, 0, "photon-harvester")
    t.play(game, {0: "mine", 1: "mine"})
    assert t.can(game, kind="use", card="photon-harvester")
    t.choose(game, kind="use", card="photon-harvester")
    assert game.state["players"][0]["res"]["rare"] == 1
    t.finish_round(game)
    assert not t.events(game, "exhaust", player=1)


def test_r_rnd_06_first_player_passes_clockwise(rules: Rules) -> None:
    game = t.start(rules, 3, first=2)
    t.play(game, {0: "mine", 1: "mine", 2: "mine"})
    t.finish_round(game)
    assert game.state["first"] == 0
    t.play(game, {0: "trade", 1: "trade", 2: "trade"})
    t.finish_round(game)
    assert game.state["first"] == 1
