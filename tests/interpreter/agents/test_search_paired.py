"""The search bot's parts: the planner's candidates, the paired choice, the rollouts, and the
first search bot (ISMCTS) kept for comparison."""

from __future__ import annotations

from lastlight.interpreter.agents import HeuristicBot, ask, play_game
from lastlight.interpreter.agents.planner.bot import PlannerBot
from lastlight.interpreter.agents.search.bot import SearchBot, choose
from lastlight.interpreter.agents.search.ismcts import IsmctsBot
from lastlight.interpreter.agents.search.rollout import PlannerPolicy, rollout, values
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.ruleset import Rules


def _at_play(rules: Rules, seed: int, rounds: int) -> Game:
    game = Game.new(rules, 2, seed, log=False)
    bots = [PlannerBot(seed), PlannerBot(seed + 1)]
    while not (game.state["round"] > rounds and game.state["pending"]["kind"] == "play"):
        game.apply(ask(bots[game.to_move], game))
    return game


def test_choose_keeps_the_planners_choice_unless_the_paired_advantage_is_clear() -> None:
    planner = [0.50, 0.40, 0.60, 0.55]
    better = [0.52, 0.42, 0.62, 0.57]  # always a little better: a clear paired advantage
    noisy = [0.95, 0.10, 0.95, 0.10]  # better on average, but not clearly
    assert choose([planner, better], margin=0.0, z=2.0) == 1
    assert choose([planner, better], margin=0.05, z=0.0) == 0  # under the margin
    assert choose([planner, noisy], margin=0.0, z=1.0) == 0
    assert choose([planner, noisy], margin=0.0, z=0.0) == 1  # best mean when z is 0
    assert choose([better, planner], margin=0.0, z=0.0) == 0
    worse = [v - 0.1 for v in planner]
    assert choose([planner, worse, better], margin=0.0, z=1.0) == 2


def test_candidates_are_the_planners_best_options_first(rules: Rules) -> None:
    game = _at_play(rules, 3, rounds=2)
    seat = game.to_move
    legal = game.legal()
    view = game.view(seat)
    bot = SearchBot(1, rules, top=2)
    cands = bot.candidates(view, legal)
    assert len(cands) == min(2, len(legal))
    assert bot.policy is not None
    scores = bot.policy.ranked(view, seat, legal)
    assert scores[cands[0]] == max(scores)
    everything = SearchBot(1, rules, top=99).candidates(view, legal)
    assert sorted(everything) == list(range(len(legal)))
    assert [scores[i] for i in everything] == sorted(scores, reverse=True)


def test_a_searched_decision_reports_its_worlds_and_is_legal(rules: Rules) -> None:
    game = _at_play(rules, 4, rounds=3)
    bot = SearchBot(2, rules, playouts=12, top=3)
    choice = ask(bot, game)
    assert choice in game.legal()
    last = bot.last
    assert last["searched"]
    n = len(last["candidates"])
    assert 2 <= n <= 3 and last["worlds"] == 12 // n and last["playouts"] == last["worlds"] * n


def test_one_candidate_is_not_searched(rules: Rules) -> None:
    game = _at_play(rules, 4, rounds=1)
    bot = SearchBot(2, rules, top=1, playouts=30)
    view = game.view(game.to_move)
    legal = game.legal()
    assert bot.decide(view, legal) == legal[bot.candidates(view, legal)[0]]
    assert bot.last == {"searched": False, "playouts": 0}


def test_rollout_stops_after_its_rounds_or_at_the_end(rules: Rules) -> None:
    policy = PlannerPolicy(rules)
    game = _at_play(rules, 5, rounds=2)
    start = game.state["round"]
    short = game.clone()
    rollout(short, policy, Rng(seed_state(1)), rounds=2)
    assert short.state["round"] == start + 2 and not short.over
    for kind in ("plain", "planner"):
        v = values(short, kind)
        assert len(v) == 2 and all(0.0 < x < 1.0 for x in v)
        assert abs(sum(v) - 1.0) < 1e-9  # two seats: each one's lead is the other's deficit
    full = game.clone()
    rollout(full, policy, Rng(seed_state(1)), rounds=None)
    assert full.over
    assert sorted(values(full)) in ([0.0, 1.0], [0.5, 0.5])
    again = game.clone()
    rollout(again, policy, Rng(seed_state(1)), rounds=None)
    assert again.history == full.history  # same world, same generator, same rollout


def test_ismcts_bot_still_plays_legal_decisions(rules: Rules) -> None:
    game = Game.new(rules, 2, 6, log=False)
    play_game(game, [IsmctsBot(1, playouts=4), HeuristicBot(2)])
    assert game.over and game.winners


def test_rollouts_keep_their_memo_and_leave_the_worlds_engine_alone(rules: Rules) -> None:
    """The planner's rollouts read the world through its live view and keep what they work
    out in the rollout's own memo: nothing of the bot's lands in the world's engine caches."""
    game = _at_play(rules, 6, rounds=2)
    world = game.clone()
    memo = rollout(world, PlannerPolicy(rules), Rng(seed_state(3)), rounds=2)
    assert any(isinstance(k, tuple) and k[0] == "deck_worth" for k in memo)
    bots_keys = [k for k in world.eng.cache if isinstance(k, tuple)]
    assert not bots_keys, bots_keys
