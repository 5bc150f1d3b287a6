"""Sweeps: rows identical for any worker count and batching; seeds from SeedSequence; rows
that add up (light by source = final light, ranks and winners agree)."""

from __future__ import annotations

import gc
from dataclasses import replace

import numpy as np
import pytest
from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.rows import COLUMNS, SOURCES, game_rows
from lastlight.interpreter.tools.lab.run import run_batch, run_sweep, sweep_gc
from lastlight.interpreter.tools.lab.spec import SimSpec, game_seeds, load_rules

from .conftest import spec_for


@pytest.fixture(scope="module")
def mixed() -> SimSpec:
    return spec_for(content_dir(), 9, players=(2, 3, 4), bots=("heuristic", "random"), seed=5)


def test_rows_identical_for_any_jobs_and_batching(mixed: SimSpec) -> None:
    one = run_sweep(mixed, 1)
    two = run_sweep(mixed, 2, batch=2)  # five batches over two processes, finishing in any order
    assert one == two
    assert [(r["game"], r["seat"]) for r in one] == sorted((r["game"], r["seat"]) for r in one)
    # a batch played on its own gives the same rows as inside the sweep
    part = run_batch(SimSpec(mixed.content, mixed.players, mixed.bots, mixed.seed, 4, 6))
    assert part == [r for r in one if 4 <= r["game"] < 6]


def test_seeds_come_from_seed_sequence_not_workers() -> None:
    game, bots = game_seeds(7, 3)
    words = np.random.SeedSequence([7, 3]).generate_state(5, dtype=np.uint64)
    assert game == int(words[0]) >> 1 and bots == [int(w) >> 1 for w in words[1:]]
    assert len({game_seeds(7, i)[0] for i in range(50)}) == 50
    assert game_seeds(8, 3) != game_seeds(7, 3)


def test_rows_add_up(mixed: SimSpec, rules: Rules) -> None:
    rows = run_sweep(mixed, 1)
    assert {len([r for r in rows if r["game"] == g]) for g in range(9)} == {2, 3, 4}
    assert [r["players"] for r in rows if r["seat"] == 0] == [2, 3, 4] * 3
    for r in rows:
        assert set(COLUMNS) <= set(r)
        assert sum(r[f"light_{s}"] for s in SOURCES) == r["light"]
        assert sum(n for _card, n in r["light_by_card"]) == r["light_cards"]
        assert r["winner"] == (r["rank"] == 1)
        assert sum(n for _a, n in r["actions_played"]) > 0
        for tech in r["techs_in_play"] + r["techs_manufactured"]:
            assert rules.cards[tech].kind == "technology"
        assert rules.cards[r["faction"]].kind == "faction"
    for g in range(9):
        game = [r for r in rows if r["game"] == g]
        assert sum(r["is_first"] for r in game) == 1
        assert sum(r["winner"] for r in game) == game[0]["winners"] >= 1
        best = max(r["light"] for r in game)
        assert all(r["light"] == best for r in game if r["winner"])
    # bots rotate over seats from game to game
    assert {r["bot"] for r in rows if r["seat"] == 0} == {"heuristic", "random"}


def test_unknown_bot_and_player_count_fail_before_play() -> None:
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        run_sweep(spec_for(content_dir(), 1, bots=("nobody",)), 1)
    with pytest.raises(ValueError, match="not 7"):
        run_sweep(spec_for(content_dir(), 1, players=(7,)), 1)


def test_a_failing_game_names_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    import lastlight.interpreter.tools.lab.run as run_mod

    def boom(game: object, bots: object) -> None:
        raise RuntimeError("the engine made no progress")

    monkeypatch.setattr(run_mod, "play_game", boom)
    spec = spec_for(content_dir(), 3, seed=4)
    with pytest.raises(run_mod.GameFailed, match=r"game 0 of the sweep \(--seed 4; game seed"):
        run_mod.run_sweep(spec, 1)


def test_rows_from_the_lab_list_equal_rows_from_the_full_log(mixed: SimSpec) -> None:
    """A sweep plays with the full log off; its rows are those a fully logged game gives."""
    rules = load_rules(mixed.content, mixed.blank)
    for index in range(mixed.start, mixed.stop):
        game_seed, bot_seeds = game_seeds(mixed.seed, index)
        n = mixed.players_in(index)
        names = [mixed.bot_for(index, seat) for seat in range(n)]
        game = Game.new(rules, n, game_seed, log=True)
        play_game(game, [make_bot(names[s], bot_seeds[s], rules) for s in range(n)])
        full = game_rows(rules, game, index, game_seed, names)
        assert run_batch(replace(mixed, start=index, stop=index + 1)) == full


def test_sweep_gc_is_restored_after_a_batch() -> None:
    before = (gc.get_threshold(), gc.get_freeze_count(), gc.isenabled())
    with sweep_gc():
        assert gc.get_threshold()[0] != before[0][0]
        assert gc.get_freeze_count() >= before[1]
    assert (gc.get_threshold(), gc.get_freeze_count(), gc.isenabled()) == before
    with pytest.raises(RuntimeError), sweep_gc():
        raise RuntimeError("a failing game")
    assert (gc.get_threshold(), gc.get_freeze_count(), gc.isenabled()) == before
