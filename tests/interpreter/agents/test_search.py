"""The search bot, and the proof that no bot can reach hidden information: every bot kind is
given only `(view, legal)`, its seat's view carries no generator, seed or effect stack and no
other seat's secrets, and two games that differ only in what a seat cannot see get the
same decisions from the search bot."""

from __future__ import annotations

from typing import Any

import pytest
from lastlight.interpreter.agents import HeuristicBot, ask, bot_names, play_game, resolve_bot
from lastlight.interpreter.agents.search.bot import SearchBot
from lastlight.interpreter.engine.game import Decision, Game
from lastlight.interpreter.engine.observe import PRIVATE_KEYS, Observation
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.engine.sample import sample_state, sampleable
from lastlight.interpreter.engine.view import SeatView


class Spy:
    """Wraps a bot; checks and records everything the bot is handed."""

    def __init__(self, bot: Any):
        self.bot = bot
        self.rules = None
        self.needs_observation = True  # the spy looks even when the bot would not
        self.seen = 0

    def bind(self, rules: Rules) -> None:
        self.rules = rules
        self.bot.bind(rules)

    def decide(self, view: SeatView | None, legal: list[Decision]) -> Decision:
        assert isinstance(view, SeatView)
        assert_no_hidden_information(self.rules, view.to_json())
        self.seen += 1
        inner = view if getattr(self.bot, "needs_observation", True) else None
        return self.bot.decide(inner, legal)


def assert_no_hidden_information(rules: Any, obs: Observation) -> None:
    seat = obs["seat"]
    for key in PRIVATE_KEYS:
        assert key not in obs, f"the observation holds '{key}'"
    assert obs["deck"] is None
    over = obs["over"]
    # R-SET-06: revealed together once every player has kept a faction and an achievement
    factions_public = all(pl["faction_kept"] and pl["achievement_kept"] for pl in obs["players"])
    for p, pl in enumerate(obs["players"]):
        if p == seat:
            continue
        assert pl["tech_hand"] is None
        if obs["stage"] == "select":  # a chosen card is public once all are revealed
            assert pl["chosen"] is None
        assert pl["offer_f"] is None and pl["offer_a"] is None
        if not over:
            assert pl["ach"] is None
        if not factions_public:
            assert pl["faction"] is None
    piles = set(rules.token_piles)
    for info in obs["sectors"].values():
        if info["token"] and not info["up"]:
            assert info["token"] in piles, "a face-down token shows its identity"
        assert info["deep"] in (None, True)
    pending = obs["pending"]
    if pending is not None and pending["p"] != seat:
        assert pending["options"] is None


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n == "search" else n for n in bot_names()]
)
def test_every_bot_kind_gets_only_its_seat_view(rules: Rules, name: str) -> None:
    players = 3
    kwargs: dict[str, Any] = {"playouts": 4} if name == "search" else {}
    spies = [Spy(resolve_bot(name)(10 + p, **kwargs)) for p in range(players)]
    game = Game.new(rules, players, 8, log=False)
    steps = 0
    while not game.over and steps < 150:
        game.apply(ask(spies[game.to_move], game))
        steps += 1
    assert sum(s.seen for s in spies) == steps > 0


def _hidden_twin(rules: Rules, game: Game, seat: int) -> Game:
    """The same game as `seat` sees it, with everything hidden from `seat` dealt again."""
    obs = game.observation(seat)
    for i in range(20):
        twin = Game(rules, sample_state(rules, obs, Rng(seed_state(i))), log=False)
        if (
            twin.state["players"] != game.state["players"]
            or twin.state["deck"] != game.state["deck"]
        ):
            return twin
    raise AssertionError("could not deal the hidden information differently")


def _play_decision(rules: Rules, seed: int, rounds: int) -> tuple[Game, int]:
    game = Game.new(rules, 2, seed, log=False)
    bots = [HeuristicBot(seed), HeuristicBot(seed + 1)]
    while not (game.state["round"] > rounds and game.state["pending"]["kind"] == "play"):
        game.apply(ask(bots[game.to_move], game))
    return game, game.to_move


@pytest.mark.slow
def test_hidden_information_does_not_change_the_search_bots_decision(rules: Rules) -> None:
    for seed in (1, 2, 3):
        game, seat = _play_decision(rules, seed, rounds=3)
        twin = _hidden_twin(rules, game, seat)
        assert twin.state["rng"] != game.state["rng"]
        assert twin.observation(seat) == game.observation(seat)
        a, b = SearchBot(7, playouts=25), SearchBot(7, playouts=25)
        assert ask(a, game) == ask(b, twin)
        assert a.last == b.last and a.last["searched"]


@pytest.mark.slow
def test_search_bot_is_deterministic_and_varies_with_its_seed(rules: Rules) -> None:
    def history(seed: int) -> list[Decision]:
        game = Game.new(rules, 2, 11, log=False)
        play_game(game, [SearchBot(seed, playouts=8, rounds=2), HeuristicBot(5)])
        return game.history

    first = history(1)
    assert history(1) == first
    assert history(2) != first


def test_single_option_and_mid_effect_decisions_are_not_searched(rules: Rules) -> None:
    game, seat = _play_decision(rules, 4, rounds=1)
    bot = SearchBot(3, playouts=6)
    bot.bind(rules)
    only = game.legal()[:1]
    assert bot.decide(game.view(seat), only) == only[0]
    assert bot.last == {"searched": False, "playouts": 0}
    heuristic = HeuristicBot(0)
    while game.state["pending"]["by"] == "flow":
        game.apply(ask(heuristic, game))
    view = game.view(game.to_move)
    assert not sampleable(view.to_json()) and not view.sampleable
    choice = bot.decide(view, game.legal())
    assert choice in game.legal() and not bot.last["searched"]


@pytest.mark.slow
def test_search_bot_plays_legal_decisions_to_the_end(rules: Rules) -> None:
    game = Game.new(rules, 3, 2, log=False)
    bots = [SearchBot(1, playouts=6, rounds=2), HeuristicBot(2), SearchBot(3, ms=5, rounds=1)]
    play_game(game, bots)
    assert game.over and game.winners


def test_a_time_budget_runs_at_least_one_playout(rules: Rules) -> None:
    game, _seat = _play_decision(rules, 5, rounds=2)
    bot = SearchBot(1, ms=1)
    ask(bot, game)
    assert bot.last["searched"] and bot.last["playouts"] >= 1


def test_heuristic_reach_ignores_homes_of_empty_seats(rules: Rules) -> None:
    """Found by the search bot's rollouts: a ship whose reach covers the home of an empty seat
    (on the board, not in a 2-player game) made the heuristic scoring fail."""
    from lastlight.interpreter.agents.heuristic import _free_planets_near

    game = Game.new(rules, 2, 0, log=False)
    absent = sorted(set(game.board.sectors()) - set(game.state["sectors"]))
    assert absent, "a 2-player game leaves some homes out"
    next_to = game.board.neighbours(absent[0], game.state["rot"])[0]
    with game.edit() as st:
        ship = next(u for u in st["units"].values() if u["o"] == 0 and u["k"] == "s")
        ship.update({"at": "board", "s": next_to})
    near = _free_planets_near(game.view(0), 0)
    assert all(s in game.state["sectors"] for s in near)
