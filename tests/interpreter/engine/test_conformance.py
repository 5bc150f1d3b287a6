"""Conformance: random play must always be sound (pgx/OpenSpiel-style API test).

The full run (marked `slow`, deselected by default, run by `.ci/run` with `pytest -m slow`):
300 random games per player count, checking after every step that a decision exists until the
end, every piece and card is in exactly one place, nothing goes negative and the state
round-trips through JSON; and no game stalls. The games run in two worker processes.
The default run plays the first QUICK_GAMES seeds of each player count the same way.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor

import pytest
from lastlight.interpreter.agents import RandomBot
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise

from .invariants import play_checked

GAMES = int(os.environ.get("LASTLIGHT_CONFORMANCE_GAMES", "300"))
QUICK_GAMES = min(GAMES, 12)
_RULES: Rules | None = None


def _play_batch(args: tuple[int, list[int]]) -> list[tuple[int, int, int, bool]]:
    global _RULES
    if _RULES is None:
        _RULES = Rules.from_pack(load_pack_or_raise(content_dir()))
    players, seeds = args
    out = []
    for seed in seeds:
        bot = RandomBot(seed)
        game, steps = play_checked(
            Game.new(_RULES, players, seed, log=False),
            lambda g, legal, bot=bot: bot.decide(None, legal),
        )
        out.append((seed, steps, game.state["round"], bool(game.state["stalled"])))
    return out


def _check(players: int, games: int) -> None:
    seeds = list(range(games))
    batches = [(players, seeds[i::8]) for i in range(8)]
    with ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
        results = [r for batch in pool.map(_play_batch, batches) for r in batch]
    assert len(results) == games
    stalled = [seed for seed, _s, _r, stall in results if stall]
    assert not stalled, f"games stalled at the round cap: seeds {stalled}"
    assert all(steps > 0 for _seed, steps, _r, _s in results)


@pytest.mark.parametrize(
    "players", [pytest.param(2, marks=pytest.mark.slow), 3, pytest.param(4, marks=pytest.mark.slow)]
)
def test_random_games_are_sound_quick(players: int) -> None:
    _check(players, QUICK_GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_are_sound(players: int) -> None:
    _check(players, GAMES)
