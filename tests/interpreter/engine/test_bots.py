"""Bots: the random bot plays legal decisions; the heuristic bot beats it clearly."""

from __future__ import annotations

from lastlight.interpreter.engine.bots import HeuristicBot, RandomBot, make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules


def test_random_bot_only_picks_legal_decisions(rules: Rules) -> None:
    game = Game.new(rules, 3, 1)
    bot = RandomBot(1)
    for _ in range(200):
        if game.over:
            break
        legal = game.legal()
        choice = bot.decide(None, legal)
        assert choice in legal
        game.apply(choice)


def test_heuristic_bot_beats_random_bots(rules: Rules) -> None:
    wins = 0
    games = 24
    for seed in range(games):
        players = 2 + seed % 3
        seat = seed % players
        bots = [
            HeuristicBot(seed) if p == seat else RandomBot(seed * 10 + p) for p in range(players)
        ]
        game = play_game(Game.new(rules, players, seed, log=False), bots)
        wins += seat in game.winners
    # a random seat would win about 1/3 of these games on average
    assert wins / games >= 0.75, f"heuristic won only {wins} of {games}"


def test_unknown_bot_name_is_refused() -> None:
    try:
        make_bot("genius", 1)
    except ValueError as exc:
        assert "genius" in str(exc)
    else:
        raise AssertionError("an unknown bot was accepted")
