"""Restricted play: the forced seat keeps ITEM when it is offered (or never keeps it), a deal
that never offers it is dropped after its setup, and a run's figures do not depend on jobs."""

from __future__ import annotations

from typing import Any

import pytest
from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab import restrict

from .conftest import First

KEEP = [{"kind": "keep", "card": "a#0"}, {"kind": "keep", "card": "b#1"}]


def test_keep_takes_the_item_and_never_hides_it() -> None:
    inner = First()
    forced = restrict.Restricted(inner, "b")
    assert forced.decide(None, KEEP) == KEEP[1] and forced.offered and forced.overridden
    assert inner.asked == [KEEP]  # asked first, as free: its generator draws the same
    never = restrict.Restricted(inner, "a", never=True)
    assert never.decide(None, KEEP) == KEEP[1] and never.overridden
    assert inner.asked[1:] == [KEEP, [KEEP[1]]]  # then asked among the others only
    other = [{"kind": "play", "card": "x"}]
    assert never.decide(None, other) == other[0]  # after the setup: the bot's own decisions


def test_a_choice_the_bot_makes_itself_is_not_overridden() -> None:
    kept = restrict.Restricted(First(), "a")
    refused = restrict.Restricted(First(), "b", never=True)
    assert kept.decide(None, KEEP) == KEEP[0] == refused.decide(None, KEEP)
    assert kept.offered and refused.offered
    assert not kept.overridden and not refused.overridden


def test_a_seat_never_offered_the_item_is_dropped_after_its_setup() -> None:
    forced = restrict.Restricted(First(), "zzz")
    assert forced.decide(None, KEEP) == KEEP[0]
    assert not forced.offered
    with pytest.raises(restrict.NotOffered):
        forced.decide(None, [{"kind": "play", "card": "x"}])


@pytest.mark.parametrize("never", [False, True])
def test_in_a_real_game_the_forced_seat_holds_the_item_or_not(rules: Rules, never: bool) -> None:
    item = next(c.id for c in rules.cards.values() if c.kind == "achievement")
    for seed in range(5):
        bots: list[Any] = [make_bot("random", seed * 10 + p, rules) for p in range(4)]
        bots[1] = restrict.Restricted(bots[1], item, never)
        game = play_game(Game.new(rules, 4, seed, log=False), bots)
        assert bots[1].offered  # one achievement of each colour is offered to every seat
        assert restrict.kept(game, 1, item) is not never


@pytest.mark.slow
def test_a_run_is_the_same_for_any_jobs_and_counts_offers() -> None:
    rules_item = "deep-drill-union"  # a faction: offered to a seat in about 1 deal of 7
    content = str(content_dir())
    one = restrict.run(content, rules_item, 2, "random", 5, 6, jobs=1)
    two = restrict.run(content, rules_item, 2, "random", 5, 6, jobs=2)
    assert one == two
    assert one.pairs == 6 and one.deals > 6
    s = one.summary()
    assert s["forced_wins"] == sum(one.forced) and 0 <= s["free_kept"] <= 6
    assert s["change_interval"][0] <= s["change"] <= s["change_interval"][1]


def test_forcing_what_the_bot_keeps_anyway_changes_nothing() -> None:
    """Random bots at 2 players, an achievement (offered to every seat): in every deal where
    the free bot kept it itself, the forced game is the free game."""
    one = restrict.run(str(content_dir()), "achievement-red", 2, "random", 4, 12)
    chosen = [(f, b) for f, b, k in zip(one.forced, one.free, one.free_kept, strict=True) if k]
    assert chosen, "the random bot keeps red in about a quarter of the deals"
    assert all(f == b for f, b in chosen)
