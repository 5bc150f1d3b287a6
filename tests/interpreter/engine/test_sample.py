"""Determinization (sample.py), OpenSpiel's ResampleInfostate test: at every step of real games,
a state sampled from a seat's observation shows that seat exactly the same observation, is a
sound state, and the samples really vary (a resampler that hands back the real cards fails)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from lastlight.interpreter.agents import HeuristicBot, RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.engine.sample import (
    NotSampleable,
    achievement_offer,
    sample_state,
    sampleable,
)

from .invariants import check_state

Sampler = Callable[[Rules, Game, int, Rng], Game]


def real_sampler(rules: Rules, game: Game, seat: int, rng: Rng) -> Game:
    return Game.from_observation(rules, game.observation(seat), rng)


def cheating_sampler(rules: Rules, game: Game, seat: int, rng: Rng) -> Game:
    """Hands back the real state: consistent and sound, and exactly what the test must catch."""
    return Game.from_json(rules, game.to_json(), log=False)


def positions(rules: Rules, seeds: range, every: int = 3) -> Iterator[Game]:
    """Every `every`-th position of real games (heuristic and random bots, 2-4 players)."""
    for seed in seeds:
        players = 2 + seed % 3
        game = Game.new(rules, players, seed, log=False)
        bots = [
            HeuristicBot(seed + p) if (seed + p) % 2 else RandomBot(seed + p)
            for p in range(players)
        ]
        step = 0
        while not game.over and step < 400:
            if step % every == 0:
                yield game
            game.apply(ask(bots[game.to_move], game))
            step += 1


def hidden_part(state: dict[str, Any], seat: int) -> Any:
    """What `seat` cannot see: other hands and achievements, deck order, face-down tokens."""
    return (
        [pl["tech_hand"] for p, pl in enumerate(state["players"]) if p != seat],
        [pl["ach"] for p, pl in enumerate(state["players"]) if p != seat],
        state["deck"],
        [i["token"] for i in state["sectors"].values() if i["token"] and not i["up"]],
        [i["deep"] for i in state["sectors"].values() if i["deep"]],
    )


def resample_check(rules: Rules, sampler: Sampler, seeds: range) -> tuple[int, int, int]:
    """(positions checked, positions with hidden information, of those how many had a sample
    that differs from the real state); asserts consistency and soundness on the way."""
    rng = Rng(seed_state(99))
    checked = hidden = varied = 0
    for game in positions(rules, seeds):
        for seat in range(game.state["n"]):
            obs = game.observation(seat)
            if not sampleable(obs):
                continue
            checked += 1
            real = hidden_part(game.state, seat)
            samples = [sampler(rules, game, seat, rng) for _ in range(4)]
            for sample in samples:
                assert sample.observation(seat) == obs, f"seat {seat} sees a different game"
                problems = check_state(sample)
                assert not problems, problems
                assert sample.to_move == game.to_move
                assert sample.legal() == game.legal() or seat != game.to_move
            if len(game.state["deck"]) > 1 or any(
                pl["tech_hand"] for p, pl in enumerate(game.state["players"]) if p != seat
            ):
                hidden += 1
                varied += any(hidden_part(s.state, seat) != real for s in samples)
    return checked, hidden, varied


def test_samples_are_consistent_sound_and_vary(rules: Rules) -> None:
    checked, hidden, varied = resample_check(rules, real_sampler, range(6))
    assert checked > 300
    assert hidden > 100
    assert varied == hidden, f"only {varied} of {hidden} positions got a different world"


def test_a_resampler_that_returns_the_real_cards_is_caught(rules: Rules) -> None:
    checked, hidden, varied = resample_check(rules, cheating_sampler, range(2))
    assert checked > 0 and hidden > 0
    assert varied == 0  # so the assertion `varied == hidden` above would fail for it


def test_unseen_cards_go_to_hands_and_deck_and_tokens_keep_their_pile(rules: Rules) -> None:
    rng = Rng(seed_state(3))
    for game in positions(rules, range(3), every=7):
        seat = game.to_move
        obs = game.observation(seat)
        if not sampleable(obs):
            continue
        st = sample_state(rules, obs, rng)
        for p, pl in enumerate(st["players"]):
            assert len(pl["tech_hand"]) == len(game.state["players"][p]["tech_hand"])
            if p != seat and pl["ach"]:
                assert pl["ach"] in achievement_offer(rules, p)
        assert len(st["deck"]) == len(game.state["deck"])
        piles = rules.token_piles_by_id
        for sector, info in st["sectors"].items():
            real = game.state["sectors"][sector]
            if real["token"]:
                assert piles[info["token"]] == piles[real["token"]]
            if real["deep"]:
                assert piles[info["deep"]] == piles[real["deep"]]
        assert st["rng"] != game.state["rng"]


def test_achievement_offers_are_the_ones_setup_deals(rules: Rules) -> None:
    for players in (2, 3, 4):
        game = Game.new(rules, players, 5, log=False)
        for p, pl in enumerate(game.state["players"]):
            assert sorted(pl["offer_a"]) == sorted(achievement_offer(rules, p))


def test_same_generator_same_sample(rules: Rules) -> None:
    game = Game.new(rules, 3, 4, log=False)
    obs = game.observation(game.to_move)
    a = sample_state(rules, obs, Rng(seed_state(1)))
    b = sample_state(rules, obs, Rng(seed_state(1)))
    c = sample_state(rules, obs, Rng(seed_state(2)))
    assert a == b
    assert a != c


def test_an_observation_taken_mid_effect_is_refused(rules: Rules) -> None:
    game = Game.new(rules, 2, 1, log=False)
    bots = [HeuristicBot(1), HeuristicBot(2)]
    while game.state["pending"]["by"] == "flow":
        game.apply(ask(bots[game.to_move], game))
    assert game.state["stack"], "a decision of an effect has its frames on the stack"
    obs = game.observation(game.to_move)
    assert not sampleable(obs)
    with pytest.raises(NotSampleable, match="during an effect"):
        Game.from_observation(rules, obs, Rng(1))
    with pytest.raises(NotSampleable, match="spectator"):
        sample_state(rules, game.observation(None), Rng(1))


def test_flow_decisions_are_exactly_those_with_an_empty_stack(rules: Rules) -> None:
    """`sampleable` trusts the decision kind to tell whether an effect is part-way through."""
    for game in positions(rules, range(4), every=1):
        obs = game.observation(game.to_move)
        assert sampleable(obs) == (not game.state["stack"]), game.state["pending"]["kind"]


def test_r_set_06_a_seat_keeping_its_achievement_samples_the_others_factions(
    rules: Rules,
) -> None:
    """R-SET-06: the factions are still secret when a seat keeps its achievement, so a search
    bot's worlds draw the others' kept factions from those it has not seen (not the real
    ones every time); each world shows the seat the same observation and plays on to the
    reveal."""
    game = Game.new(rules, 4, 303, log=False)
    while game.state["stage"] == "faction":
        game.apply(game.legal()[0])
    seat = game.to_move
    assert seat is not None and game.state["stage"] == "achievement"
    obs = game.observation(seat)
    real = [pl["faction"] for pl in game.state["players"]]
    mine = real[seat]
    rng = Rng(seed_state(5))
    worlds = [Game.from_observation(rules, obs, rng) for _ in range(12)]
    drawn: list[list[str]] = []
    for world in worlds:
        assert world.observation(seat) == obs
        assert not check_state(world)
        factions = [pl["faction"] for pl in world.state["players"]]
        assert factions[seat] == mine and mine not in factions[:seat] + factions[seat + 1 :]
        assert len(set(factions)) == 4
        drawn.append(factions)
    for o in range(4):
        if o != seat:
            assert any(f[o] != real[o] for f in drawn), f"seat {o}'s real faction every time"
    world = worlds[0]
    while world.state["stage"] == "achievement":
        world.apply(world.legal()[0])
    assert world.observation(seat)["players"][(seat + 1) % 4]["faction"] == drawn[0][(seat + 1) % 4]


def _seat_after_a_hidden_choice(rules: Rules) -> tuple[Game, int]:
    """A 4-player game at a select decision where another seat has chosen unseen."""
    game = Game.new(rules, 4, 6, log=False)
    bots = [HeuristicBot(p) for p in range(4)]
    for _ in range(2000):
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        pending = view.pending
        if (
            pending is not None
            and pending.kind == "play"
            and any(pl.has_chosen and pl.chosen is None for pl in view.players if pl.seat != seat)
        ):
            return game, seat
        game.apply(ask(bots[seat], game))
    raise AssertionError("no select decision after a hidden choice")


def test_a_chooser_deals_the_hidden_chosen_cards(rules: Rules) -> None:
    game, seat = _seat_after_a_hidden_choice(rules)
    asked: list[tuple[int | None, list[str]]] = []

    def last_card(view: Any, options: list[dict[str, Any]]) -> dict[str, Any]:
        # the chooser sees the choosing seat's own view, as it chose: its hand, nothing chosen
        assert view.seat != seat and view.players[view.seat].chosen is None
        asked.append((view.seat, [o["card"] for o in options]))
        return options[-1]

    obs = game.observation(seat)
    world = Game.from_observation(rules, obs, Rng(seed_state(3)), choose=last_card).state
    assert asked
    for p, cards in asked:
        assert world["players"][p]["chosen"] == cards[-1]
    with pytest.raises(ValueError, match="the chooser picked"):
        sample_state(rules, obs, Rng(seed_state(3)), choose=lambda o, options: {})
