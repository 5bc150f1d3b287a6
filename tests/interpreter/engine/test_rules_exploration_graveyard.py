"""Exploration token effects (R-EXP) and the graveyard (R-GRV)."""

from __future__ import annotations

from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules, base_id

from . import table as t


def _token_with(rules: Rules, form: str) -> str:
    """A planetary token whose effect uses this form (found from content, not by name)."""
    from lastlight.interpreter.effects.ast import walk_phrases

    for phys, token in rules.tokens.items():
        if token.pile != "deep_space" and any(
            ph.form == form for ph in walk_phrases(rules.programs[token.program])
        ):
            return phys
    raise AssertionError(f"no planetary token uses {form}")


def _reveal(rules: Rules, form: str, *, setup=None) -> tuple[Game, str]:  # type: ignore[no-untyped-def]
    game = t.start(rules, 2)
    t.clear_board(game)
    sector = t.planet_sector(game, "outer")
    with game.edit() as st:
        st["sectors"][sector].update({"token": _token_with(rules, form), "up": False})
    t.ship(game, 0, sector)
    if setup:
        setup(game, sector)
    t.reask(game)
    t.play(game, {0: "command", 1: "mine"})
    t.run_until(
        game, lambda g: (bool(t.events(g, "reveal")) and g.to_move == 0) or g.state["round"] > 1
    )
    return game, sector


def _yes(game: Game) -> None:
    if t.can(game, kind="may", do=True):
        t.choose(game, kind="may", do=True)


def test_r_exp_01_pick_up_a_played_action(rules: Rules) -> None:
    def setup(game: Game, sector: str) -> None:
        t.played_before(game, 0, "mine")

    game, _ = _reveal(rules, "pick_up_one", setup=setup)
    _yes(game)
    if t.can(game, kind="pick_up", card="mine"):
        t.choose(game, kind="pick_up", card="mine")
    assert "mine" in game.state["players"][0]["hand"]


def test_r_exp_02_draw_a_technology(rules: Rules) -> None:
    game, _ = _reveal(rules, "draw")
    before = 1
    t.finish_round(game)
    assert len(game.state["players"][0]["tech_hand"]) == before + 1


def test_r_exp_03_build_an_extractor_here(rules: Rules) -> None:
    game, sector = _reveal(rules, "build_extractor_here")
    _yes(game)
    t.finish_round(game)
    assert any(
        u["o"] == 0 and u["at"] == "planet" and u["s"] == sector
        for u in game.state["units"].values()
    )


def test_r_exp_04_one_trade(rules: Rules) -> None:
    def setup(game: Game, sector: str) -> None:
        t.give(game, 0, common=0, uncommon=0, rare=2)

    game, _ = _reveal(rules, "make_trades", setup=setup)
    _yes(game)
    t.choose(game, kind="trade", text="Trade 2 rare for 1 light.")
    assert not t.can(game, kind="trade")  # only one trade
    assert game.state["players"][0]["light"] == 1


def test_r_exp_05_a_small_ship_here(rules: Rules) -> None:
    game, sector = _reveal(rules, "build_ship_here")
    t.finish_round(game)
    assert len(t.ships_at(game, sector, 0)) == 2


def test_r_exp_06_wormhole_from_anywhere(rules: Rules) -> None:
    def setup(game: Game, sector: str) -> None:
        t.ship(game, 0, game.state["homes"][0], "large")

    game, sector = _reveal(rules, "wormhole", setup=setup)
    _yes(game)
    t.finish_round(game)
    sizes = sorted(game.state["units"][u]["z"] for u in t.ships_at(game, sector, 0))
    assert sizes == ["large", "small"]


def test_r_exp_07_gain_the_resources_shown(rules: Rules) -> None:
    def setup(game: Game, sector: str) -> None:
        t.give(game, 0, common=0, uncommon=0, rare=0)

    token = _token_with(rules, "gain")
    game, _ = _reveal(rules, "gain", setup=setup)
    t.finish_round(game)
    gained = [e for e in t.events(game, "gain", player=0) if e.get("source") == token]
    assert gained


def test_r_exp_08_gain_a_light(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    sector = t.planet_sector(game, "outer")
    token = next(
        k
        for k, v in rules.tokens.items()
        if v.pile != "deep_space" and rules.texts[base_id(k)][0] == "Gain 1 light."
    )
    with game.edit() as st:
        st["sectors"][sector].update({"token": token})
    t.ship(game, 0, sector)
    t.play(game, {0: "command", 1: "mine"})
    t.finish_round(game)
    assert game.state["players"][0]["light"] == 1


def test_r_exp_09_manufacture_free(rules: Rules) -> None:
    def setup(game: Game, sector: str) -> None:
        with game.edit() as st:
            st["players"][0]["tech_hand"] = []
        t.tech_in_hand(game, 0, "war-trophies")
        t.give(game, 0, common=0, uncommon=0, rare=0)

    game, _ = _reveal(rules, "manufacture_free", setup=setup)
    _yes(game)
    t.finish_round(game)
    assert [base_id(c) for c in game.state["players"][0]["civ"]] == ["war-trophies"]


def _fight_to_graveyard(game: Game, killer: int, victims: int) -> None:
    center = game.state["center"]
    t.ship(game, killer, center, "large")
    t.ship(game, killer, center, "large")
    for _ in range(victims):
        t.ship(game, 1 - killer, center, "small")
    t.dice(game, ["hit"] * 6)


def test_r_grv_01_02_four_units_give_light_and_go_home(rules: Rules) -> None:
    """R-GRV-01 destroyed units go to the destroyer's graveyard; R-GRV-02 at 4: light, return."""
    game = t.start(rules, 3)
    t.clear_board(game)
    center = game.state["center"]
    for _ in range(2):
        t.ship(game, 0, center, "large")
    victims = [t.ship(game, 1, center, "small") for _ in range(3)]
    t.dice(game, ["hit"] * 6)
    t.play(game, {0: "command", 1: "mine", 2: "mine"})
    t.choose(game, kind="done")
    t.finish_round(game, t.eager)
    assert sorted(game.state["players"][0]["grave"]) == sorted(victims)
    assert game.state["players"][0]["light"] == 0
    extra = t.ship(game, 1, center, "medium")
    with game.edit(reask=True) as st:  # Command back in hand; the card choice asked again
        st["players"][0]["played"].remove("command")
        st["players"][0]["hand"].append("command")
    t.dice(game, ["hit"] * 6)
    t.play(game, {0: "command", 1: "trade", 2: "trade"})
    t.run_until(game, lambda g: g.to_move == 0 and g.legal()[0]["kind"] == "move")
    t.choose(game, kind="done")
    t.finish_round(game, t.eager)
    assert game.state["players"][0]["light"] == 1  # 3 players: 1 light
    assert game.state["players"][0]["grave"] == []
    assert all(game.state["units"][u]["at"] == "supply" for u in [*victims, extra])


def test_r_two_12_two_player_graveyard_pays_two(rules: Rules) -> None:
    """R-TWO-12 (and R-GRV-02): two light per four units in a two-player game."""
    game = t.start(rules, 2)
    t.clear_board(game)
    t.lumos_ally(game, None)
    center = game.state["center"]
    for _ in range(2):
        t.ship(game, 0, center, "large")
    for size in ("small", "small", "small", "medium"):
        t.ship(game, 1, center, size)
    t.dice(game, ["hit"] * 6)
    t.play(game, {0: "command", 1: "mine"})
    t.choose(game, kind="done")
    t.finish_round(game, t.eager)
    assert game.state["players"][0]["light"] == 2
