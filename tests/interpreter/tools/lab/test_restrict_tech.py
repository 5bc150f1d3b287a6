"""Restricted play of a technology: the forced seat manufactures ITEM at every manufacture
decision that offers it (or never does), the free arm is only watched, a deal that never offers
ITEM is dropped, and a run's figures do not depend on jobs."""

from __future__ import annotations

from typing import Any

import pytest
from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab import restrict
from lastlight.interpreter.tools.lab.restrict_tech import RestrictedTech

from .conftest import First

DONE = {"kind": "done"}
A = {"kind": "manufacture", "card": "a#1"}
B_SMALL = {"kind": "manufacture", "card": "b#2", "size": "small"}
B_LARGE = {"kind": "manufacture", "card": "b#2", "size": "large"}
MAKE = [A, B_SMALL, B_LARGE, DONE]


def test_must_manufactures_the_item_where_the_bot_would_not() -> None:
    inner = First()
    forced = RestrictedTech(inner, "b", "must")
    assert forced.decide(None, MAKE) == B_SMALL
    assert forced.offered and forced.overridden and forced.made
    # asked first as free, then among the options that make ITEM (one per ship size)
    assert inner.asked == [MAKE, [B_SMALL, B_LARGE]]
    alone = RestrictedTech(First(), "a", "must")
    assert alone.decide(None, [DONE, A]) == A and alone.overridden


def test_never_refuses_the_item_and_stops_if_only_done_is_left() -> None:
    inner = First()
    never = RestrictedTech(inner, "a", "never")
    assert never.decide(None, MAKE) == B_SMALL and never.overridden and not never.made
    assert inner.asked == [MAKE, [B_SMALL, B_LARGE, DONE]]
    only = RestrictedTech(First(), "a", "never")
    assert only.decide(None, [A, DONE]) == DONE and only.offered
    cannot = RestrictedTech(First(), "a", "never")  # nothing else is legal: not an offer
    assert cannot.decide(None, [A]) == A and not cannot.offered


def test_a_choice_the_bot_makes_itself_and_the_free_arm_are_not_overridden() -> None:
    must = RestrictedTech(First(), "a", "must")
    never = RestrictedTech(First(), "b", "never")
    free = RestrictedTech(First(), "a", "free")
    assert must.decide(None, MAKE) == never.decide(None, MAKE) == free.decide(None, MAKE) == A
    assert not (must.overridden or never.overridden or free.overridden)
    assert free.offered and free.made
    watched = RestrictedTech(First(), "b", "free")
    assert watched.decide(None, MAKE) == A and watched.offered and not watched.made


def test_other_decisions_are_the_bots_own() -> None:
    forced = RestrictedTech(First(), "b", "must")
    other = [{"kind": "discard", "card": "b#2"}, {"kind": "play", "card": "x"}]
    assert forced.decide(None, other) == other[0]
    assert forced.decide(None, [A, DONE]) == A
    assert not forced.offered and not forced.overridden


def _in_play(game: Game, seat: int) -> list[str]:
    pl = game.view(ALL, live=True).players[seat]
    cards = list(pl.civilization) + [c for mods in pl.mods.values() for c in mods]
    return [base_id(c) for c in cards]


@pytest.mark.parametrize("never", [False, True])
def test_in_real_games_the_seat_manufactures_the_item_or_not(rules: Rules, never: bool) -> None:
    item = "photon-harvester"  # a civilization technology, two copies in the deck
    offered = 0
    for seed in range(12):
        bots: list[Any] = [make_bot("random", seed * 10 + p, rules) for p in range(2)]
        bots[1] = forced = RestrictedTech(bots[1], item, "never" if never else "must")
        game = play_game(Game.new(rules, 2, seed, log=False), bots)
        offered += forced.offered
        assert forced.made is (forced.offered and not never)
        if never or not forced.offered:
            assert item not in _in_play(game, 1)
        else:
            assert item in _in_play(game, 1)
    assert offered >= 3, "the random bot is offered it in about half of these games"


def test_a_deal_that_never_offers_the_item_is_dropped() -> None:
    content = str(content_dir())
    task = restrict.Task(content, "kinetic-rams", 2, "random", 1, False, 0, 8)
    outcomes = dict(restrict.play_task(task))
    dropped = [i for i, o in outcomes.items() if o is None]
    assert dropped and len(dropped) < 8  # seed 1: deals 0, 1, 2, 4 and 6 never offer it
    for i in dropped:  # played free with the arm watched: ITEM was indeed never offered
        rules = restrict.load_rules(content)
        game_seed, bot_seeds = restrict.game_seeds(1, i)
        bots: list[Any] = [make_bot("random", bot_seeds[p], rules) for p in range(2)]
        bots[i % 2] = watched = RestrictedTech(bots[i % 2], "kinetic-rams", "free")
        play_game(Game.new(rules, 2, game_seed, log=False), bots)
        assert not watched.offered
    run = restrict.run(content, "kinetic-rams", 2, "random", 1, 3)
    kept = sorted(i for i, o in outcomes.items() if o is not None)[:3]
    assert run.pairs == 3 and run.deals == kept[-1] + 1
    assert run.forced == [outcomes[i][0] for i in kept]


@pytest.mark.slow
def test_a_technology_run_is_the_same_for_any_jobs() -> None:
    content = str(content_dir())
    one = restrict.run(content, "kinetic-rams", 2, "random", 5, 6, jobs=1)
    two = restrict.run(content, "kinetic-rams", 2, "random", 5, 6, jobs=2)
    assert one == two and one.kind == "technology"
    assert one.pairs == 6 and one.deals > 6
    s = one.summary()
    assert s["mode"] == "must" and "free_kept" not in s and 0 <= s["free_manufactured"] <= 6
