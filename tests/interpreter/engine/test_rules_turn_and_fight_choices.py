"""Rules an earlier engine read wrong (issue 8): same-card resolution one player at a time,
hidden card choice, the order of ship types, a range 2 ship's free choice of fight, free
movement, and the Lumos' alliance timing."""

from __future__ import annotations

from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules

from . import table as t


def _inner(game: Game) -> list[str]:
    center = game.state["center"]
    return [
        s for s in game.board.neighbours(center, game.state["rot"]) if s in t.sectors(game, "inner")
    ]


def test_r_rnd_04_05_same_card_one_player_at_a_time(rules: Rules) -> None:
    """P0's before window, mine and after window all come before P1 mines."""
    game = t.start(rules, 2)
    t.extractor(game, 0, t.planet_sector(game, "inner"))
    t.extractor(game, 1, t.planet_sector(game, "outer"))
    t.tech_in_play(game, 0, "photon-harvester")
    t.play(game, {0: "mine", 1: "mine"})
    assert game.to_move == 0 and t.can(game, kind="use")  # P0's before window
    t.choose(game, kind="pass")
    assert t.events(game, "gain", player=0, source="action:mine")
    assert game.to_move == 0 and t.can(game, kind="use")  # P0's after window, P1 waits
    assert not t.events(game, "gain", player=1, source="action:mine")
    t.choose(game, kind="pass")
    t.finish_round(game)
    assert t.events(game, "gain", player=1, source="action:mine")


def test_r_cmd_07_attack_stays_joint_after_every_move(rules: Rules) -> None:
    """R-RND-04 with Command: each player's moves come one at a time, the attack is one joint
    step after all moves, and the after windows (`after you command`) follow the attack."""
    game = t.start(rules, 2)
    t.clear_board(game)
    center = game.state["center"]
    t.ship(game, 0, center)
    t.ship(game, 1, center)
    t.tech_in_play(game, 0, "mobile-command")
    t.dice(game, ["miss", "miss"])
    t.play(game, {0: "command", 1: "command"})
    t.finish_round(game, t.eager)
    kinds = [(e["event"], e.get("player")) for e in game.log if e["round"] == 1]
    rolls = [i for i, k in enumerate(kinds) if k[0] == "roll"]
    draws = [i for i, k in enumerate(kinds) if k == ("draw", 0)]
    assert len(rolls) == 2 and draws and min(draws) > max(rolls)


def test_r_rnd_07_r_rnd_01_action_cards_revealed_together(rules: Rules) -> None:
    game = t.start(rules, 3)
    game.apply({"kind": "play", "card": "mine"})
    assert game.to_move == 1
    assert not t.events(game, "play")  # nothing of P0's choice is out yet
    assert all("mine" not in str(v) for d in game.legal() for k, v in d.items() if k != "card")
    game.apply({"kind": "play", "card": "trade"})
    assert not t.events(game, "play")
    game.apply({"kind": "play", "card": "construct"})
    plays = [i for i, e in enumerate(game.log) if e["event"] == "play"]
    assert len(plays) == 3 and plays == list(range(plays[0], plays[0] + 3))


def test_r_cmd_19_a_player_picks_the_order_of_ship_types(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    center = game.state["center"]
    for size in ("small", "medium", "large"):
        t.ship(game, 0, center, size)
    t.ship(game, 1, center, "large")
    t.dice(game, ["miss"] * 6)
    t.play(game, {0: "command", 1: "mine"})
    t.choose(game, kind="done")
    offered = {d["size"] for d in game.legal() if d["kind"] == "attack" and d["attack"]}
    assert offered == {"small", "medium", "large"}
    t.choose(game, kind="attack", size="large", attack=True)
    t.choose(game, kind="attack", size="small", attack=True)
    t.choose(game, kind="attack", size="medium", attack=True)
    assert [e["size"] for e in t.events(game, "roll")] == ["large", "small", "medium"]


def test_r_cmd_15_17_a_range_two_ship_is_not_committed_to_the_first_fight(
    rules: Rules,
) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    center = game.state["center"]
    a, b = _inner(game)[:2]
    assert rules.ships["large"]["range"] == 2
    t.ship(game, 0, center, "large")
    t.ship(game, 1, a, "small")
    t.ship(game, 1, b, "small")
    t.dice(game, ["miss"] * 3)
    t.play(game, {0: "command", 1: "mine"})
    t.choose(game, kind="done")
    t.choose(game, kind="sector", sector=a)
    t.choose(game, kind="attack", size="large", attack=False)  # hold fire in a
    t.choose(game, kind="attack", size="large", attack=True, **{"from": {center: 1}})
    rolls = t.events(game, "roll", player=0)
    assert [(e["sector"], e["dice"]) for e in rolls] == [(b, 3)]
    assert not t.can(game, kind="attack")  # the ship has fought (R-CMD-17)


def test_r_cmd_20_enemy_ships_do_not_stop_a_move(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    center = game.state["center"]
    inner = _inner(game)
    start = inner[0]
    t.tech_in_play(game, 0, "ion-thrusters", "small")
    t.ship(game, 0, start, "small")
    for i, s in enumerate(game.board.neighbours(start, game.state["rot"])):
        t.ship(game, 1, s, ("small", "medium", "large")[i % 3])  # every way out is held
    t.play(game, {0: "command", 1: "mine"})
    reach = {d["to"] for d in game.legal() if d["kind"] == "move"}
    two_away = set(game.board.reachable(start, 2, game.state["rot"], game.eng.asteroids()))
    one_away = set(game.board.neighbours(start, game.state["rot"]))
    assert center in reach and (two_away - one_away - {start}) & reach


def test_r_two_11_no_alliance_change_at_rotation(rules: Rules) -> None:
    game = t.start(rules, 2)
    t.clear_board(game)
    t.ship(game, 0, game.state["center"])
    for p in range(2):
        t.played_before(game, p, "mine")
    t.lumos_ally(game, None)
    t.reask(game)
    t.play(game, {0: "refresh", 1: "refresh"})
    t.finish_round(game)
    assert game.state["rot"] == 1 and game.state["players"][0]["light"] > 0
    assert game.state["lumos"]["ally"] is None  # P1 has less light, but no card has ended
    t.play(game, {0: "mine", 1: "mine"})
    t.finish_round(game)
    assert q.lumos_ally(game.eng) == 1
