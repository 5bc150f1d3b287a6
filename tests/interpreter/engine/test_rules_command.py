"""Command: movement, exploration reveals and combat (R-CMD-01..18)."""

from __future__ import annotations

from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules, base_id

from . import table as t


def _command_table(rules: Rules, players: int = 2) -> Game:
    game = t.start(rules, players)
    t.clear_board(game)
    return game


def _neighbour(game: Game, sector: str, kind: str | None = None) -> str:
    for s in game.board.neighbours(sector, game.state["rot"]):
        if kind is None or game.board.kind(s) == kind:
            return s
    raise AssertionError(f"no {kind} neighbour of {sector}")


def _until_attack_choice(game: Game) -> None:
    t.run_until(game, lambda g: g.legal()[0]["kind"] in ("attack", "sector", "damage"))


def test_r_cmd_01_everyone_moves_before_anyone_attacks(rules: Rules) -> None:
    game = _command_table(rules, 3)
    center = game.state["center"]
    inner = _neighbour(game, center, "inner")
    t.ship(game, 0, inner)
    t.ship(game, 1, center)
    t.ship(game, 2, center)
    t.play(game, {0: "command", 1: "command", 2: "mine"})
    t.choose(game, kind="move", to=center)  # P0 moves in (its only ship: P0 is done)
    assert game.to_move == 1 and game.legal()[0]["kind"] == "move"  # P1 moves before any fight
    t.choose(game, kind="done")
    kinds = [e["event"] for e in game.log]
    assert "roll" not in kinds
    t.finish_round(game, t.eager)
    moves = [i for i, e in enumerate(game.log) if e["event"] == "move"]
    rolls = [i for i, e in enumerate(game.log) if e["event"] == "roll"]
    assert rolls and max(moves) < min(rolls)


def test_r_cmd_02_one_sector_by_default_more_with_mods(rules: Rules) -> None:
    game = _command_table(rules)
    center = game.state["center"]
    t.ship(game, 0, center)
    t.play(game, {0: "command", 1: "mine"})
    one_step = {d["to"] for d in game.legal() if d["kind"] == "move"}
    assert one_step == set(game.board.neighbours(center, game.state["rot"])) - game.eng.asteroids()
    game2 = _command_table(rules)
    t.ship(game2, 0, center)
    t.tech_in_play(game2, 0, "ion-thrusters", "small")
    t.play(game2, {0: "command", 1: "mine"})
    two_steps = {d["to"] for d in game2.legal() if d["kind"] == "move"}
    assert one_step < two_steps


def test_r_cmd_03_no_entering_an_asteroid(rules: Rules) -> None:
    game = _command_table(rules)
    center = game.state["center"]
    rock = _neighbour(game, center)
    with game.edit() as st:
        st["sectors"][rock]["ast"] = True
    t.ship(game, 0, center)
    t.play(game, {0: "command", 1: "mine"})
    assert not t.can(game, kind="move", to=rock)
    assert t.can(game, kind="move")


def test_r_cmd_04_only_board_edges_are_moves(rules: Rules) -> None:
    game = _command_table(rules)
    outer = t.sectors(game, "outer")[0]
    t.ship(game, 0, outer)
    t.play(game, {0: "command", 1: "mine"})
    dests = {d["to"] for d in game.legal() if d["kind"] == "move"}
    assert dests == set(game.board.neighbours(outer, game.state["rot"]))
    assert all(game.board.kind(s) != "center" for s in dests)  # the outer ring never meets it


def test_r_cmd_05_06_reveal_in_chosen_order_deep_space_leaves(rules: Rules) -> None:
    """R-CMD-05 reveal one at a time in the player's order; R-CMD-06 deep space tokens leave."""
    game = _command_table(rules)
    planet = t.planet_sector(game, "outer")
    deep = next(s for s in t.sectors(game, "outer") if s != planet)
    plain = next(
        k
        for k, v in rules.tokens.items()
        if v.pile == "common" and rules.texts[base_id(k)][0] == "Gain 1 common."
    )
    deep_token = next(
        k
        for k, v in rules.tokens.items()
        if v.pile == "deep_space" and rules.texts[base_id(k)][0] == "Gain 1 light."
    )
    with game.edit() as st:
        st["sectors"][planet].update({"token": plain, "up": False})
        st["sectors"][deep].update({"deep": deep_token})
    t.ship(game, 0, planet)
    t.ship(game, 0, deep)
    t.give(game, 0, common=0)
    t.play(game, {0: "command", 1: "mine"})
    t.choose(game, kind="done")
    assert {d["sector"] for d in game.legal()} == {planet, deep}
    t.choose(game, kind="reveal", sector=deep)  # the player's order: deep space first
    reveals = t.events(game, "reveal")
    assert [e["sector"] for e in reveals] == [deep, planet]  # the last one is forced
    st = game.state
    assert st["sectors"][deep]["deep"] is None and deep_token in st["removed"]
    assert st["sectors"][planet]["token"] == plain and st["sectors"][planet]["up"]
    assert st["players"][0]["light"] == 1 and st["players"][0]["res"]["common"] == 1


def test_r_cmd_07_only_command_players_attack(rules: Rules) -> None:
    game = _command_table(rules)
    center = game.state["center"]
    t.ship(game, 0, center)
    t.ship(game, 1, center)
    t.play(game, {0: "command", 1: "mine"})
    t.choose(game, kind="done")  # stay and fight
    t.finish_round(game, t.eager)
    assert {e["player"] for e in t.events(game, "roll")} == {0}


def test_r_cmd_08_without_bombardment_only_ships_are_targets(rules: Rules) -> None:
    game = _command_table(rules)
    planet = t.planet_sector(game, "outer")
    t.extractor(game, 1, planet)
    t.ship(game, 0, planet, "small")  # small ships have no bombardment in the content
    assert not rules.ships["small"]["bombardment"]
    t.play(game, {0: "command", 1: "mine"})
    t.finish_round(game, t.eager)
    assert not t.events(game, "roll")
    game2 = _command_table(rules)
    t.extractor(game2, 1, planet)
    t.ship(game2, 0, planet, "small")
    t.tech_in_play(game2, 0, "siege-payload", "small")
    t.dice(game2, ["hit"])
    t.play(game2, {0: "command", 1: "mine"})
    t.choose(game2, kind="done")
    t.finish_round(game2, t.eager)
    assert t.events(game2, "roll", player=0)
    assert t.events(game2, "destroyed", owner=1)


def test_r_cmd_09_the_first_player_picks_the_sector_order(rules: Rules) -> None:
    game = _command_table(rules, 3)
    a, b = t.sectors(game, "outer")[:2]
    for s in (a, b):
        t.ship(game, 1, s)
        t.ship(game, 2, s)
    t.set_first(game, 0)
    t.play(game, {0: "mine", 1: "command", 2: "mine"})
    t.run_until(game, lambda g: g.legal()[0]["kind"] == "sector")
    assert game.to_move == 0  # the first player, although P0 did not play Command
    t.choose(game, kind="sector", sector=b)
    t.finish_round(game, t.eager)
    combats = [e["sector"] for e in t.events(game, "combat")]
    assert combats[:2] == [b, a]


def test_r_cmd_10_dice_per_size_rolled_per_type(rules: Rules) -> None:
    game = _command_table(rules)
    center = game.state["center"]
    t.ship(game, 0, center, "small")
    t.ship(game, 0, center, "medium")
    t.ship(game, 0, center, "large")
    t.ship(game, 1, center, "large")
    t.ship(game, 1, center, "medium")
    t.dice(game, ["miss"] * 6)
    t.play(game, {0: "command", 1: "mine"})
    t.choose(game, kind="done")
    t.finish_round(game, t.eager)
    rolls = {e["size"]: e["dice"] for e in t.events(game, "roll", player=0)}
    assert rolls == {"small": 1, "medium": 2, "large": 3}


def test_r_cmd_11_attack_is_optional_per_type_damage_is_mandatory(rules: Rules) -> None:
    game = _command_table(rules)
    center = game.state["center"]
    t.ship(game, 0, center, "small")
    t.ship(game, 0, center, "medium")
    enemy_a = t.ship(game, 1, center, "large")
    enemy_b = t.ship(game, 1, center, "medium")
    t.dice(game, ["hit", "hit"])
    t.play(game, {0: "command", 1: "mine"})
    _until_attack_choice(game)
    t.choose(game, kind="attack", size="small", attack=False)
    t.choose(game, kind="attack", size="medium", attack=True)
    assert {d["kind"] for d in game.legal()} == {"damage"}  # no way to decline damage
    t.choose(game, kind="damage", size="large")
    t.choose(game, kind="damage", size="large")
    assert game.state["units"][enemy_a]["d"] == 2 and game.state["units"][enemy_b]["d"] == 0
    assert [e["size"] for e in t.events(game, "roll")] == ["medium"]


def test_r_cmd_12_13_simultaneous_damage_graveyard_of_the_assigner(rules: Rules) -> None:
    """R-CMD-12 a destroyed ship still rolls; R-CMD-13 it goes to the assigner's graveyard."""
    game = _command_table(rules)
    center = game.state["center"]
    mine = t.ship(game, 0, center, "small")
    theirs = t.ship(game, 1, center, "small")
    t.dice(game, ["hit", "hit"])
    t.play(game, {0: "command", 1: "command"})
    t.finish_round(game, t.eager)
    assert len(t.events(game, "roll")) == 2  # both roll, though both die
    assert game.state["units"][mine]["at"] == "grave" and game.state["units"][mine]["g"] == 1
    assert game.state["units"][theirs]["g"] == 0
    assert game.state["players"][0]["grave"] == [theirs]


def test_r_cmd_14_extractors_only_when_no_enemy_ship_remains(rules: Rules) -> None:
    game = _command_table(rules)
    planet = t.planet_sector(game, "outer")
    xt = t.extractor(game, 1, planet)
    t.ship(game, 0, planet, "large")
    t.ship(game, 1, planet, "small")
    assert rules.ships["large"]["bombardment"]
    t.dice(game, ["hit", "hit", "miss"])
    t.play(game, {0: "command", 1: "mine"})
    _until_attack_choice(game)
    t.choose(game, kind="attack", size="large", attack=True)  # both damages are forced
    t.finish_round(game)
    damaged = [e["unit"] for e in t.events(game, "damage", player=0)]
    assert damaged[0] != xt and damaged[1] == xt  # the ship first, then the extractor
    assert game.state["units"][xt]["at"] == "grave"
    assert xt in game.state["players"][0]["grave"]


def test_r_cmd_15_range_two_reaches_adjacent_sectors(rules: Rules) -> None:
    game = _command_table(rules)
    center = game.state["center"]
    inner = _neighbour(game, center, "inner")
    t.ship(game, 0, center, "large")
    t.ship(game, 1, inner, "small")
    assert rules.ships["large"]["range"] == 2 and rules.ships["small"]["range"] == 1
    t.dice(game, ["miss"] * 3)
    t.play(game, {0: "command", 1: "mine"})
    t.choose(game, kind="done")
    t.finish_round(game, t.eager)
    assert [e["sector"] for e in t.events(game, "roll", player=0)] == [inner]
    game2 = _command_table(rules)
    t.ship(game2, 0, center, "small")
    t.ship(game2, 1, inner, "small")
    t.play(game2, {0: "command", 1: "mine"})
    t.choose(game2, kind="done")
    t.finish_round(game2, t.eager)
    assert not t.events(game2, "roll")


def test_r_cmd_16_activate_fires_the_ability_and_reroll_chains(rules: Rules) -> None:
    game = _command_table(rules)
    center = game.state["center"]
    t.ship(game, 0, center, "small")
    t.ship(game, 1, center, "large")
    t.ship(game, 1, center, "large")
    t.tech_in_play(game, 0, "salvage-drones", "small")
    t.give(game, 0, common=0)
    t.dice(game, ["hit-reroll", "hit-reroll", "hit-activate", "activate"])
    t.play(game, {0: "command", 1: "mine"})
    t.choose(game, kind="done")
    t.finish_round(game, t.eager)
    faces = [e["face"] for e in t.events(game, "die")]
    assert faces == ["hit-reroll", "hit-reroll", "hit-activate"]  # one die, chained twice
    assert game.state["players"][0]["res"]["common"] == 1  # one activate face, one firing
    assert len(t.events(game, "damage", player=0)) == 3


def test_r_cmd_17_each_ship_fights_once_per_turn(rules: Rules) -> None:
    game = _command_table(rules)
    center = game.state["center"]
    inner = _neighbour(game, center, "inner")
    t.ship(game, 0, center, "large")
    t.ship(game, 1, center, "small")
    t.ship(game, 1, inner, "small")
    t.dice(game, ["miss"] * 10)
    t.play(game, {0: "command", 1: "mine"})
    t.choose(game, kind="done")
    t.finish_round(game, t.eager)
    assert len(t.events(game, "roll", player=0)) == 1


def test_r_cmd_18_colony_ships_are_safe_but_open(rules: Rules) -> None:
    game = _command_table(rules)
    home1 = game.state["homes"][1]
    entry = _neighbour(game, home1)
    t.ship(game, 0, entry, "large")
    t.extractor(game, 1, colony=0)
    t.play(game, {0: "command", 1: "mine"})
    assert t.can(game, kind="move", to=home1)  # ships may enter another colony ship area
    t.choose(game, kind="move", to=home1)
    t.finish_round(game, t.eager)
    assert not t.events(game, "roll")  # nothing there may be attacked
    assert all(
        u["at"] == "colony"
        for u in game.state["units"].values()
        if u["o"] == 1 and u["k"] == "x" and u["c"] == 0
    )
    assert q.ships_in(game.eng, home1)
