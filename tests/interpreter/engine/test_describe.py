"""The game log and the menus read as sentences; secrets stay secret from other players."""

from __future__ import annotations

from lastlight.interpreter.engine.bots import HeuristicBot, play_game
from lastlight.interpreter.engine.describe import decision_line, event_line, player_view
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.rules import Rules


def test_every_event_of_a_game_reads_as_a_line(rules: Rules) -> None:
    game = play_game(Game.new(rules, 3, 8), [HeuristicBot(i) for i in range(3)])
    lines = [event_line(game, e) for e in game.log]
    assert len(lines) == len(game.log) > 50
    assert all(line.startswith("R") and "{" not in line for line in lines)
    assert any("plays Command" in line for line in lines)
    assert lines[-1].split(" ", 2)[-1].startswith("=== game over")
    sourced = [line for line in lines if " @ content/" in line]
    assert sourced, "events name the content file and line that caused them"


def test_other_players_achievements_are_hidden_from_a_viewer(rules: Rules) -> None:
    game = Game.new(rules, 2, 3)
    while game.state["stage"] in ("faction", "achievement"):
        game.apply(game.legal()[0])
    keeps = [e for e in game.log if e["event"] == "keep" and "#" in e["card"]]
    assert len(keeps) == 2
    mine = next(e for e in keeps if e["player"] == 0)
    theirs = next(e for e in keeps if e["player"] == 1)
    assert "secret" not in event_line(game, mine, viewer=0)
    assert "secret" in event_line(game, theirs, viewer=0)
    assert "secret" not in event_line(game, theirs)  # the full log (no viewer) shows all


def test_menus_and_the_players_view(rules: Rules) -> None:
    game = Game.new(rules, 2, 3)
    for d in game.legal():
        assert decision_line(game, d).startswith("keep ")
    view = player_view(game, 0)
    assert "Your hand" in view and "Board:" in view and "(center)" in view
