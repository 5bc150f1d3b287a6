"""Play a game checking, at each step, the invariants every reachable state must satisfy
(`check_state`, the same checks the fuzzer runs)."""

from __future__ import annotations

from typing import Any

from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.tools.fuzz.invariants import check_state

__all__ = ["check_state", "play_checked"]


def play_checked(
    game: Game, choose: Any, max_steps: int = 20_000, every: int = 1
) -> tuple[Game, int]:
    """Play to the end, checking invariants every `every` steps; raises AssertionError."""
    steps = 0
    problems = check_state(game)
    assert not problems, problems
    while not game.over:
        legal = game.legal()
        game.apply(choose(game, legal))
        steps += 1
        if steps % every == 0 or game.over:
            problems = check_state(game)
            assert not problems, f"after step {steps}: {problems}"
        assert steps < max_steps, "the game runs on without end"
    return game, steps
