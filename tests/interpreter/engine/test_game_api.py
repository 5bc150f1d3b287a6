"""The decision API: legal decisions, rejection of illegal ones with the state untouched."""

from __future__ import annotations

import pytest
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.game import Game, IllegalDecision
from lastlight.interpreter.engine.ruleset import Rules


def test_a_new_game_asks_a_player(rules: Rules) -> None:
    game = Game.new(rules, 3, 1)
    assert not game.over
    assert game.to_move in (0, 1, 2)
    assert game.legal()
    assert game.prompt


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "play", "card": "no-such-card"},
        {"kind": "teleport"},
        {"card": "mine"},
        "mine",
        None,
    ],
)
def test_illegal_decisions_are_rejected_and_change_nothing(rules: Rules, bad: object) -> None:
    game = Game.new(rules, 4, 2)
    bot = RandomBot(2)
    for _ in range(40):
        game.apply(ask(bot, game))
    before = game.to_json()
    history = list(game.history)
    with pytest.raises(IllegalDecision) as info:
        game.apply(bad)  # type: ignore[arg-type]
    assert str(info.value)
    assert game.to_json() == before
    assert game.history == history


def test_an_illegal_decision_names_the_open_decision(rules: Rules) -> None:
    game = Game.new(rules, 2, 4)
    with pytest.raises(IllegalDecision, match=game.prompt.split()[0]):
        game.apply({"kind": "move", "from": "x", "to": "y", "size": "small"})


def test_no_decision_after_the_game_is_over(rules: Rules) -> None:
    game = Game.new(rules, 2, 5)
    bot = RandomBot(5)
    while not game.over:
        game.apply(ask(bot, game))
    assert game.legal() == []
    assert game.to_move is None
    with pytest.raises(IllegalDecision, match="over"):
        game.apply({"kind": "pass"})


def test_player_counts_outside_the_content_are_refused(rules: Rules) -> None:
    with pytest.raises(ValueError, match="players"):
        Game.new(rules, 5, 1)


def test_edit_sets_up_a_position_and_asks_again(rules: Rules) -> None:
    game = Game.new(rules, 2, 6, log=False)
    bot = RandomBot(6)
    while game.state["pending"]["kind"] != "play":
        game.apply(ask(bot, game))
    p = game.to_move
    assert p is not None
    before = [d["card"] for d in game.legal()]
    vers = [pl["ver"] for pl in game.state["players"]]
    with game.edit(reask=True) as st:
        hand = st["players"][p]["hand"]
        kept = hand[0]
        st["players"][p]["played"].extend(c for c in hand if c != kept)
        hand[:] = [kept]
    # one card left in hand: the re-asked decision offers it alone (and a single option is
    # taken at once, so the game has moved past it)
    assert [pl["ver"] for pl in game.state["players"]] == [v + 1 for v in vers]
    assert len(before) > 1
    assert game.state["players"][p]["chosen"] == kept


def test_an_edit_that_changes_no_card_keeps_every_ver(rules: Rules) -> None:
    game = Game.new(rules, 2, 6, log=False)
    bot = RandomBot(6)
    while game.state["pending"]["kind"] != "move":
        game.apply(ask(bot, game))
    assert game.eng.cache, "the engine keeps options between decisions here"
    vers = [pl["ver"] for pl in game.state["players"]]
    pending = game.state["pending"]
    with game.edit(cards_changed=False) as st:
        st["dice"] = ["hit"]
    assert [pl["ver"] for pl in game.state["players"]] == vers
    assert game.state["dice"] == ["hit"] and game.state["pending"] is pending  # not re-asked
    assert not game.eng.cache  # derived data is dropped all the same
    with game.edit() as st:
        st["dice"] = []
    assert [pl["ver"] for pl in game.state["players"]] == [v + 1 for v in vers]


def test_play_game_in_one_loop_plays_what_apply_plays(rules: Rules) -> None:
    from lastlight.interpreter.agents import make_bot, play_game

    seats = [make_bot("random", 31 + i, rules) for i in range(4)]
    looped = play_game(Game.new(rules, 4, 31), seats)
    stepped = Game.new(rules, 4, 31)
    bots = [make_bot("random", 31 + i, rules) for i in range(4)]
    while not stepped.over:
        stepped.apply(ask(bots[stepped.to_move], stepped))
    assert looped.to_json() == stepped.to_json()
    assert looped.history == stepped.history and looped.log == stepped.log


def test_play_out_passes_a_choosers_error_through_and_keeps_the_game(rules: Rules) -> None:
    class Broken(Exception):
        pass

    def broken(pending: dict[str, object]) -> dict[str, object]:
        raise Broken("the bot failed")

    game = Game.new(rules, 3, 8)
    before = game.to_json()
    with pytest.raises(Broken):
        game.play_out(broken)
    with pytest.raises(IllegalDecision):
        game.play_out(lambda pending: {"kind": "nothing offered"})
    assert game.to_json() == before and game.history == []
    game.play_out(lambda pending: pending["options"][0])  # and the game goes on to its end
    assert game.over


def test_an_edit_that_raises_still_drops_what_was_derived(rules: Rules) -> None:
    game = Game.new(rules, 2, 6, log=False)
    bot = RandomBot(6)
    while game.state["pending"]["kind"] != "move":
        game.apply(ask(bot, game))
    assert game.eng.cache
    with pytest.raises(KeyError), game.edit() as st:
        st["dice"] = ["hit"]
        raise KeyError("half-way")
    assert not game.eng.cache
