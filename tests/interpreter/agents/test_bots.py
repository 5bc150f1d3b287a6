"""Bots: the random bot plays legal decisions; the heuristic bot beats it clearly."""

from __future__ import annotations

from lastlight.interpreter.agents import HeuristicBot, RandomBot, make_bot, play_game
from lastlight.interpreter.engine.game import Decision, Game
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


def test_play_game_picks_as_the_random_bot_decides(rules: Rules) -> None:
    """play_game calls a random bot's index picker instead of `decide`: the same game as
    asking `decide` at every decision."""
    fast = play_game(
        Game.new(rules, 3, 4, log=False), [make_bot("random", 40 + i, rules) for i in range(3)]
    )
    slow = Game.new(rules, 3, 4, log=False)
    bots = [RandomBot(40 + i) for i in range(3)]
    while not slow.over:
        legal = slow.legal()
        slow.apply(legal[0] if len(legal) == 1 else bots[slow.to_move].decide(None, legal))
    assert fast.history == slow.history and len(fast.history) > 100


def test_a_random_bot_subclass_that_decides_otherwise_has_no_picker() -> None:
    class First(RandomBot):
        def decide(self, obs, legal):  # type: ignore[no-untyped-def]
            return legal[0]

    assert RandomBot(1).index_picker() is not None
    assert First(1).index_picker() is None


def test_bots_are_handed_their_seat_view(rules: Rules) -> None:
    """`ask` hands a bot its seat's typed view (never the game); a caller still handing over
    the JSON observation gets the same decisions from the shipped bots (wrapped into a view)."""
    from lastlight.interpreter.agents import Bot, ask
    from lastlight.interpreter.engine.view import SeatView

    seen: list[SeatView] = []

    class Looker(Bot):
        def decide(self, view: SeatView | None, legal: list[Decision]) -> Decision:
            assert isinstance(view, SeatView) and view.seat == view.to_move
            seen.append(view)
            return legal[0]

    game = Game.new(rules, 3, 2, log=False)
    ask(Looker(0, rules), game)
    assert seen and seen[0].me.tech_hand is not None
    assert all(pl.tech_hand is None for pl in seen[0].players if pl.seat != seen[0].seat)
    for name in ("heuristic", "planner"):
        game = Game.new(rules, 3, 5, log=False)
        typed, plain = make_bot(name, 7, rules), make_bot(name, 7, rules)
        for _ in range(60):
            seat = game.to_move
            assert seat is not None
            legal = game.legal()
            choice = typed.decide(game.view(seat), legal)
            assert plain.decide(game.view(seat).to_json(), legal) == choice
            game.apply(choice)
