"""The board picture of a game is public: built from a spectator's view, it names a kept faction
only once the factions are revealed (R-SET-06), and what it draws of the board is the same
whoever's view it is built from."""

from __future__ import annotations

from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.present.picture import board_drawing, game_svg, public_view


def test_a_kept_faction_is_not_named_before_the_factions_are_revealed(rules: Rules) -> None:
    game = Game.new(rules, 3, 5)
    checked = 0
    while game.view(None).stage in ("faction", "achievement"):
        whole = game.view(ALL)
        kept = [rules.cards[pl.faction].name for pl in whole.players if pl.faction]
        names = [pl["name"] for pl in public_view(game)["players"]]
        svg = game_svg(game, "Last Light")
        if kept:  # kept, but not every player has kept both cards yet
            checked += 1
            assert names == ["", "", ""], names
            assert not any(f">P{s} {name}<" in svg for s, name in enumerate(kept) if name)
        game.apply(game.legal()[0])
    assert checked >= 2, "the setup kept a faction before the reveal"
    whole = game.view(ALL)
    names = [pl["name"] for pl in public_view(game)["players"]]
    assert names == [rules.cards[str(pl.faction)].name for pl in whole.players]


def test_the_board_drawn_is_the_same_from_every_view(rules: Rules) -> None:
    game = Game.new(rules, 4, 9)
    bot = RandomBot(9)
    compared = 0
    while not game.over and len(game.history) < 240:
        if len(game.history) % 20 == 0:
            public = board_drawing(game.view(None))
            assert board_drawing(game.view(ALL)) == public
            assert all(board_drawing(game.view(s)) == public for s in range(4))
            compared += 1
        game.apply(ask(bot, game))
    face_up = [s for s in public["sectors"].values() if s["token_up"]]
    assert compared >= 10 and face_up and any(s["yields"] for s in face_up)
