"""The tools' queries of the typed door (view.py, `# --- queries added for the tools`): what only
a view that sees everything (`Game.view(ALL)`) holds is absent from a seat's view, and the
coverage hook takes the game's live view only."""

from __future__ import annotations

import pytest
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules


def _mid_game(rules: Rules, decisions: int = 60) -> Game:
    game = Game.new(rules, 3, 11)
    bot = RandomBot(11)
    for _ in range(decisions):
        game.apply(ask(bot, game))
    return game


def test_everything_is_there_for_a_tool(rules: Rules) -> None:
    game = _mid_game(rules)
    everything = game.view(ALL)
    assert everything.seed == 11
    assert isinstance(everything.rng_state, int)
    assert everything.deck is not None and len(everything.deck) == everything.deck_count
    assert everything.queue_entry is not None and everything.trigger_count is not None
    assert everything.pending_by in ("flow", "vm")
    # every technology card is somewhere a tool can see
    places = [*everything.deck, *everything.discard, *everything.cards_held_by_effects()]
    for pl in everything.players:
        places += [*(pl.tech_hand or ()), *pl.civilization]
        places += [c for c in pl.abilities.values() if c]
        places += [c for mods in pl.mods.values() for c in mods]
    assert sorted(places) == sorted(rules.tech_deck)


def test_a_seat_sees_none_of_it(rules: Rules) -> None:
    game = _mid_game(rules)
    for seat in (0, None):
        view = game.view(seat)
        assert view.seed is None and view.rng_state is None and view.deck is None
        assert view.queue_entry is None and view.trigger_count is None
        assert view.pending_by is None and not view.effects_running
        assert view.cards_held_by_effects() == []
        assert all(view.deep_token(s) is None for s in view.sectors)


def test_deep_space_tokens_only_to_a_tool(rules: Rules) -> None:
    game = Game.new(rules, 4, 3)
    everything, seat = game.view(ALL), game.view(0)
    deep = [s for s in everything.sectors if everything.deep_token(s)]
    assert deep, "a four-player board deals deep space tokens"
    for s in deep:
        assert seat.sectors[s].deep_space and seat.deep_token(s) is None


def test_coverage_counting_needs_the_live_view(rules: Rules) -> None:
    game = Game.new(rules, 2, 5, log=False)
    with pytest.raises(ValueError, match="live"):
        game.view(ALL).count_firings({}, set())
    with pytest.raises(ValueError, match="live"):
        game.view(0).count_firings({}, set())
    fired: dict[str, int] = {}
    in_play: set[str] = set()
    before = game.to_json()
    game.view(ALL, live=True).count_firings(fired, in_play)
    assert game.to_json() == before  # counting changes nothing in the game
    bot = RandomBot(5)
    for _ in range(80):
        game.apply(ask(bot, game))
    assert fired and all(n > 0 for n in fired.values())
