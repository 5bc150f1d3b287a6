"""The first five action cards: Research, Mine, Construct, Trade, Refresh."""

from __future__ import annotations

from lastlight.interpreter.engine.ruleset import Rules, base_id

from . import table as t

CIV = ["photon-harvester", "deep-core-drills", "war-trophies", "star-charts"]


def test_r_res_01_light_per_four_technologies_in_play(rules: Rules) -> None:
    game = t.start(rules, 2)
    for card in CIV:
        t.tech_in_play(game, 0, card)
    with game.edit() as st:
        st["players"][0]["exhausted"].append(st["players"][0]["civ"][0])
    t.play(game, {0: "research", 1: "mine"})
    t.finish_round(game)
    assert game.state["players"][0]["light"] == 1  # 4 in play (one exhausted still counts)


def test_r_res_02_draw_three_keep_two_discard_one(rules: Rules) -> None:
    game = t.start(rules, 2)
    hand = len(game.state["players"][0]["tech_hand"])
    discard = len(game.state["discard"])
    t.play(game, {0: "research", 1: "mine"})
    assert game.legal()[0]["kind"] == "discard"
    game.apply(game.legal()[0])
    t.finish_round(game)
    assert len(game.state["players"][0]["tech_hand"]) == hand + 2
    assert len(game.state["discard"]) == discard + 1


def test_r_res_03_empty_deck_reshuffles_the_discard(rules: Rules) -> None:
    game = t.start(rules, 2)
    with game.edit() as st:
        st["discard"].extend(st["deck"])
        st["deck"] = []
    t.play(game, {0: "research", 1: "mine"})
    game.apply(game.legal()[0])
    t.finish_round(game)
    assert t.events(game, "deck_reshuffled")
    assert len(game.state["players"][0]["tech_hand"]) == 3


def test_r_res_04_manufacture_pays_the_cost_to_the_supply(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.tech_in_hand(game, 0, "photon-harvester")
    t.give(game, 0, common=1, uncommon=1)
    t.play(game, {0: "research", 1: "mine"})
    game.apply(game.legal()[-1])  # discard one of the drawn
    t.choose(game, kind="manufacture", card="photon-harvester")
    assert [base_id(c) for c in game.state["players"][0]["civ"]] == ["photon-harvester"]
    assert game.state["players"][0]["res"]["common"] == 0
    assert game.state["players"][0]["res"]["uncommon"] == 0


def test_r_res_05_exhaust_until_refresh(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.tech_in_play(game, 0, "photon-harvester")
    t.play(game, {0: "mine", 1: "mine"})
    t.choose(game, kind="use", card="photon-harvester")
    t.finish_round(game)
    assert game.state["players"][0]["exhausted"]
    t.play(game, {0: "trade", 1: "trade"})
    assert not t.can(game, kind="use")  # exhausted: not offered again
    t.finish_round(game)
    t.play(game, {0: "refresh", 1: "refresh"})
    t.finish_round(game)
    assert game.state["players"][0]["exhausted"] == []


def test_r_res_06_no_two_civilization_cards_of_one_name(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.tech_in_play(game, 0, "photon-harvester")
    t.tech_in_hand(game, 0, "photon-harvester")
    t.give(game, 0, common=5, uncommon=5)
    t.play(game, {0: "research", 1: "mine"})
    game.apply(game.legal()[-1])
    assert not t.can(game, kind="manufacture", card="photon-harvester")


def test_r_res_07_a_new_ship_ability_discards_the_old(rules: Rules) -> None:
    game = t.start(rules, 2)
    old = t.tech_in_play(game, 0, "salvage-drones", "small")
    t.tech_in_hand(game, 0, "overcharged-lasers")
    t.give(game, 0, common=5, uncommon=5)
    t.play(game, {0: "research", 1: "mine"})
    game.apply(game.legal()[-1])
    t.choose(game, kind="manufacture", card="overcharged-lasers", size="small")
    assert base_id(game.state["players"][0]["ability"]["small"]) == "overcharged-lasers"
    assert old in game.state["discard"]


def test_r_res_08_mod_slots_and_the_upgrade(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.tech_in_play(game, 0, "ion-thrusters", "small")
    t.tech_in_hand(game, 0, "deflector-array")
    t.give(game, 0, common=5, uncommon=5)
    from lastlight.interpreter.engine import queries as q

    assert q.ship_stat(game.eng, 0, "small", "movement") == rules.ships["small"]["movement"] + 1
    assert q.ship_stat(game.eng, 0, "medium", "movement") == rules.ships["medium"]["movement"]
    t.play(game, {0: "research", 1: "mine"})
    game.apply(game.legal()[-1])
    assert not t.can(game, kind="manufacture", card="deflector-array", size="small")  # 1 slot
    assert t.can(game, kind="manufacture", card="deflector-array", size="medium")


def test_r_res_09_no_limit_on_cards_in_hand(rules: Rules) -> None:
    game = t.start(rules, 2)
    for card in [
        "star-charts",
        "war-trophies",
        "trade-consortium",
        "ion-thrusters",
        "twin-batteries",
        "siege-payload",
        "field-repairs",
    ]:
        t.tech_in_hand(game, 0, card)
    before = len(game.state["players"][0]["tech_hand"])
    assert before >= 7
    t.play(game, {0: "research", 1: "mine"})
    game.apply(game.legal()[0])
    t.finish_round(game)
    assert len(game.state["players"][0]["tech_hand"]) == before + 2


def test_r_min_01_extractors_yield_token_and_colony_resources(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    sector = t.planet_sector(game, "outer")
    token = next(k for k, v in rules.tokens.items() if v.yields == ("uncommon",))
    with game.edit() as st:
        st["sectors"][sector].update({"token": token, "up": True})
    t.extractor(game, 0, sector)
    t.extractor(game, 0, colony=rules.colony_spaces.index("rare"))
    t.give(game, 0, common=0)
    t.play(game, {0: "mine", 1: "mine"})
    t.finish_round(game)
    assert game.state["players"][0]["res"] == {"common": 0, "uncommon": 1, "rare": 1}


def test_r_min_02_a_blockaded_planet_is_still_mined(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    sector = t.planet_sector(game, "outer")
    token = next(k for k, v in rules.tokens.items() if v.yields == ("common",))
    with game.edit() as st:
        st["sectors"][sector].update({"token": token, "up": True})
    t.extractor(game, 0, sector)
    t.ship(game, 1, sector)
    t.give(game, 0, common=0)
    t.play(game, {0: "mine", 1: "mine"})
    t.finish_round(game)
    assert game.state["players"][0]["res"]["common"] == 1


def test_r_con_01_build_ships_you_can_pay_for_at_home(rules: Rules) -> None:
    game = t.start(rules, 2)
    cost = rules.ships["small"]["cost"]
    t.give(game, 0, **{k: v * 2 for k, v in cost.items()})
    before = len(t.ships_at(game, game.state["homes"][0], 0))
    t.play(game, {0: "construct", 1: "mine"})
    t.choose(game, kind="build", size="small")
    t.choose(game, kind="build", size="small")
    assert not t.can(game, kind="build", size="small")  # nothing left to pay with
    assert len(t.ships_at(game, game.state["homes"][0], 0)) == before + 2
    assert all(game.state["players"][0]["res"][k] == 0 for k in cost)


def test_r_con_02_build_from_an_opponents_graveyard_paying_them(rules: Rules) -> None:
    """R-CON-02 and R-GRV-03: opponents build their ships out of your graveyard, paying you."""
    game = t.start(rules, 2)
    uid = next(
        i
        for i, u in game.state["units"].items()
        if u["o"] == 0 and u["z"] == "small" and u["at"] == "supply"
    )
    with game.edit() as st:
        st["units"][uid].update({"at": "grave", "g": 1})
        st["players"][1]["grave"].append(uid)
    cost = rules.ships["small"]["cost"]
    t.give(game, 0, **cost)
    t.give(game, 1, common=0, uncommon=0, rare=0)
    t.play(game, {0: "construct", 1: "mine"})
    before = dict(game.state["players"][1]["res"])
    t.choose(game, kind="build", size="small", **{"from": 1})
    assert game.state["units"][uid]["at"] == "board"
    assert game.state["players"][1]["grave"] == []
    assert all(game.state["players"][1]["res"][k] == before[k] + v for k, v in cost.items())


def test_r_con_03_one_free_extractor_where_only_your_ships_are(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    mine = t.planet_sector(game, "outer")
    contested = next(s for s in t.sectors(game, "inner") + t.sectors(game, "distant") if s != mine)
    with game.edit() as st:
        st["sectors"][contested]["planet"] = next(iter(rules.planets))
    t.ship(game, 0, mine)
    t.ship(game, 0, contested)
    t.ship(game, 1, contested)
    t.give(game, 0, common=0)
    t.play(game, {0: "construct", 1: "mine"})  # nothing to pay ships with: straight to extractors
    assert t.can(game, kind="extractor", sector=mine)
    assert not t.can(game, kind="extractor", sector=contested)
    assert t.can(game, kind="extractor", colony=0)
    t.choose(game, kind="extractor", sector=mine)
    assert not t.can(game, kind="extractor")  # at most one
    assert (
        game.state["units"][
            next(i for i, u in game.state["units"].items() if u["o"] == 0 and u["at"] == "planet")
        ]["s"]
        == mine
    )


def test_r_con_04_no_extractor_in_supply_none_built(rules: Rules) -> None:
    game = t.start(rules, 2)
    with game.edit() as st:
        for uid, u in st["units"].items():
            if u["o"] == 0 and u["k"] == "x" and u["at"] == "supply":
                u.update({"at": "grave", "g": 1})
                st["players"][1]["grave"].append(uid)
    t.play(game, {0: "construct", 1: "mine"})
    t.run_until(game, lambda g: g.to_move != 0 or g.legal()[0]["kind"] not in ("build",))
    assert not t.can(game, kind="extractor")


def test_r_con_05_an_extractor_controls_the_planet(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    sector = t.planet_sector(game, "inner")
    t.extractor(game, 1, sector)
    from lastlight.interpreter.engine import queries as q

    assert q.planets_controlled(game.eng, 1) == [sector]
    assert q.planets_controlled(game.eng, 0) == []


def test_r_trd_01_two_trades_repeats_allowed(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.give(game, 0, common=4, uncommon=0, rare=0)
    t.play(game, {0: "trade", 1: "mine"})
    texts = [d["text"] for d in game.legal()]
    assert "Trade 2 rare for 1 light." not in texts  # cannot pay
    t.choose(game, kind="trade", text="Trade 2 common for 1 uncommon.")
    t.choose(game, kind="trade", text="Trade 2 common for 1 uncommon.")
    assert game.state["players"][0]["res"] == {"common": 0, "uncommon": 2, "rare": 0}


def test_r_trd_02_another_player_gains_a_common(rules: Rules) -> None:
    game = t.start(rules, 3)
    t.give(game, 0, common=0)
    t.give(game, 2, common=0)
    t.play(game, {0: "trade", 1: "research", 2: "research"})
    t.run_until(game, lambda g: g.legal()[0]["kind"] == "player")
    assert game.state["players"][0]["res"]["common"] == 2  # only "gain 1 common" was payable
    assert {d["player"] for d in game.legal()} == {1, 2}
    t.choose(game, kind="player", player=2)
    t.finish_round(game)
    assert game.state["players"][2]["res"]["common"] == 1


def test_r_ref_01_02_03_ready_repair_pick_up(rules: Rules) -> None:
    """R-REF-01 ready, R-REF-02 repair, R-REF-03 pick up (Refresh stays)."""
    game = t.start(rules, 2)
    phys = t.tech_in_play(game, 0, "photon-harvester")
    uid = t.ship(game, 0, game.state["homes"][0], "large")
    with game.edit(reask=True) as st:  # the card choice asked again from the new hand
        pl = st["players"][0]
        pl["exhausted"] = [phys]
        st["units"][uid]["d"] = 2
        pl["played"] = ["mine", "trade"]
        pl["hand"] = ["research", "construct", "refresh", "command"]
    t.play(game, {0: "refresh", 1: "mine"})
    t.finish_round(game)
    pl = game.state["players"][0]
    assert pl["exhausted"] == []
    assert game.state["units"][uid]["d"] == 0
    assert pl["played"] == ["refresh"]
    assert sorted(pl["hand"]) == ["command", "construct", "mine", "research", "trade"]


def test_r_ref_04_claim_two_inner_one_outer_none_distant(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    for kind in ("inner", "outer", "distant"):
        t.extractor(game, 0, t.planet_sector(game, kind))
    t.played_before(game, 0, "mine")  # R-TWO-01: Refresh needs a played card
    t.reask(game)
    t.play(game, {0: "refresh", 1: "mine"})
    t.finish_round(game)
    assert game.state["players"][0]["light"] == 2 + 1 + 0


def test_r_ref_05_a_blockade_stops_the_claim(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    inner = t.planet_sector(game, "inner")
    outer = t.planet_sector(game, "outer")
    t.extractor(game, 0, inner)
    t.extractor(game, 0, outer)
    t.ship(game, 0, outer)  # own ships never blockade
    t.ship(game, 1, inner)  # an enemy ship does
    t.played_before(game, 0, "mine")
    t.reask(game)
    t.play(game, {0: "refresh", 1: "mine"})
    t.finish_round(game)
    assert game.state["players"][0]["light"] == 1


def test_r_ref_06_no_effect_returns_a_played_refresh(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    sector = t.planet_sector(game, "outer")
    token = next(
        k
        for k, v in rules.tokens.items()
        if v.pile != "deep_space" and "pick up" in rules.texts[base_id(k)][0]
    )
    t.ship(game, 0, sector)
    with game.edit(reask=True) as st:  # the card choice asked again from the new hand
        st["sectors"][sector].update({"token": token, "up": False})
        st["players"][0]["played"] = ["refresh"]
        st["players"][0]["hand"] = [a.id for a in rules.actions if a.id != "refresh"]
    t.play(game, {0: "command", 1: "mine"})
    t.run_until(game, lambda g: t.can(g, kind="may", do=True))
    t.choose(game, kind="may", do=True)  # the only card it may return is Command itself
    t.finish_round(game)
    assert game.state["players"][0]["played"] == ["refresh"]
    assert "command" in game.state["players"][0]["hand"]
    assert t.events(game, "pick_up", player=0, cards=["command"])
