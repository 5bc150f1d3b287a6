"""What the engine keeps to go faster never changes a game.

Some answers are kept with the loaded content and shared by every game played with it (each
group's moves, reach on the board, each placed card's part of the card tables, printed costs,
source locations), others per game (card tables with their memos, the unit index). A game must
come out the same whether those stores are cold or warm, and the stores must stay bounded.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property

import pytest
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine import memos
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.primitives import economy
from lastlight.interpreter.engine.rng import _MASK, Rng
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.pack import Pack


def _play(rules: Rules, players: int, seed: int) -> tuple[str, list[dict[str, object]]]:
    game = Game.new(rules, players, seed, log=False)
    bot = RandomBot(seed)
    while not game.over:
        game.apply(ask(bot, game))
    return game.to_json(), game.history


@pytest.mark.parametrize("players", [2, 4])
def test_a_game_is_the_same_with_cold_and_warm_stores(pack: Pack, players: int) -> None:
    cold = Rules.from_pack(pack)  # nothing kept yet
    first = _play(cold, players, 21)
    assert cold.memo.moves, "the move store was not used: the test checks nothing"
    for seed in (3, 4, 5):  # warm the stores with other games
        _play(cold, players, seed)
    again = _play(cold, players, 21)
    assert again == first
    fresh = _play(Rules.from_pack(pack), players, 21)
    assert fresh == first


def test_a_shared_store_is_emptied_when_it_grows_past_its_bound() -> None:
    store = {i: i for i in range(memos.TABLES_KEPT)}
    assert memos.bounded(store) is store and len(store) == memos.TABLES_KEPT  # at the bound
    store[-1] = -1
    assert memos.bounded(store) is store and not store  # past it: emptied in place


def test_every_memo_of_the_content_is_declared(rules: Rules) -> None:
    """Nothing attaches undeclared data to the loaded content: after games of every player
    count, `Rules` holds its fields and nothing else, and the memos hold only the stores
    `Memos` declares (the ones built on first use among them)."""
    for players in range(rules.players_min, rules.players_max + 1):
        _play(rules, players, 3)
    fields = {f.name for f in dataclasses.fields(Rules)}
    assert set(vars(rules)) == fields
    declared = {
        name for name, value in vars(memos.Memos).items() if isinstance(value, cached_property)
    }
    kept = set(vars(rules.memo))
    assert kept - declared == set(memos.Memos(rules).__dict__)  # the stores filled as met
    assert {"card_parts", "staying", "board_order"} <= kept & declared  # built on first use
    assert rules.memo.compiled and rules.memo.placed_parts and rules.memo.designs


def _reference_below(state: int, n: int) -> tuple[int, int]:
    """SplitMix64 with rejection sampling, written the plain way."""
    limit = _MASK - (_MASK % n)
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        x = z ^ (z >> 31)
        if x < limit:
            return x % n, state


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 1000, (1 << 63) + 5])
def test_below_draws_what_the_plain_algorithm_draws(n: int) -> None:
    rng = Rng(12345)
    state = 12345
    for _ in range(200):
        value, state = _reference_below(state, n)
        assert rng.below(n) == value
        assert rng.state == state


@pytest.mark.parametrize("length", [0, 1, 2, 5, 40, 150])
def test_shuffle_swaps_what_plain_fisher_yates_with_below_swaps(length: int) -> None:
    for seed in range(20):
        items, expected = list(range(length)), list(range(length))
        rng, state = Rng(seed * 7919 + 1), seed * 7919 + 1
        rng.shuffle(items)
        for i in range(length - 1, 0, -1):
            j, state = _reference_below(state, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected
        assert rng.state == state


@pytest.mark.parametrize("n", [0, -3])
def test_below_refuses_an_empty_range(n: int) -> None:
    with pytest.raises(ValueError):
        Rng(1).below(n)


def test_trade_options_equal_the_generic_feasibility_test(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game.new(rules, 4, 9, log=False)
    bot = RandomBot(9)
    checked = 0
    while not game.over:
        pending = game.state["pending"]
        if pending["kind"] == "trade":
            frame = game.state["stack"][-1]
            quick = economy._trade_options(game.eng, frame)
            with monkeypatch.context() as m:
                m.setattr(economy, "_GIVES", frozenset())  # every trade through _feasible
                generic = economy._trade_options(game.eng, frame)
            assert quick == generic
            assert quick == pending["options"]
            checked += 1
        game.apply(ask(bot, game))
    assert checked >= 5


def test_card_tables_follow_the_cards_in_play(rules: Rules) -> None:
    """Tables (and the answers they keep) are what a fresh engine works out."""
    game = Game.new(rules, 4, 5, log=False)
    bot = RandomBot(5)
    while not game.over:
        game.apply(ask(bot, game))
        if len(game.history) % 25 == 0:
            fresh = Game.load(rules, game.save()).eng  # nothing kept
            for p in range(4):
                for size in rules.sizes:
                    assert q.ship_cost(game.eng, p, size) == q.ship_cost(fresh, p, size)
                    assert q.ship_stat(game.eng, p, size, "movement") == q.ship_stat(
                        fresh, p, size, "movement"
                    )
                for cid in game.state["players"][p]["tech_hand"]:
                    assert q.tech_cost(game.eng, p, cid) == q.tech_cost(fresh, p, cid)
                assert q.param(game.eng, p, "claim_inner") == q.param(fresh, p, "claim_inner")
        for p in range(4):
            tables = q.tables(game.eng, p)
            rebuilt = q.CardTables(rules, 4, tuple(q.active_cards(game.eng, p)))
            assert tables.statics == rebuilt.statics
            assert tables.triggers == rebuilt.triggers
            assert tables.activated == rebuilt.activated
            assert tables.ids == rebuilt.ids
            assert tables.key == rebuilt.key


def test_a_copy_of_the_rules_works_its_memos_out_from_its_own_cards(rules: Rules) -> None:
    """The lab's blank (a shallow copy with one card's clauses removed) must not answer from the
    original's memos: a memo built before the copy would still hold the card's clauses."""
    import copy
    from dataclasses import replace

    card = next(c for c in rules.cards.values() if c.clauses)
    rules.memo.card_parts  # noqa: B018  (built on the original first)
    twin = copy.copy(rules)
    twin.cards = dict(rules.cards)
    twin.cards[card.id] = replace(card, clauses=())
    assert twin.memo is not rules.memo
    assert twin.memo.card_parts[card.id] != rules.memo.card_parts[card.id]


def test_the_designs_list_each_card_once_in_order(pack: Pack) -> None:
    rules = Rules.from_pack(pack)
    designs = rules.tech_designs
    assert len(designs) == len(set(designs)) < len(rules.tech_deck), "the deck has copies"
    assert set(designs) == {c.split("#")[0] for c in rules.tech_deck}
    firsts = [c.split("#")[0] for c in rules.tech_deck]
    assert list(designs) == sorted(designs, key=firsts.index)
    assert set(rules.achievement_designs) == {a.split("#")[0] for a in rules.achievements}
    assert len(rules.achievement_designs) == len(set(rules.achievement_designs))
