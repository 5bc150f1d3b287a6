"""The dealt board for a new game: the pack's setup for the player count, from the game's RNG."""

from __future__ import annotations

from typing import Any

from lastlight.interpreter.board.setups import deal as deal_setup
from lastlight.interpreter.engine.rng import Rng
from lastlight.interpreter.engine.ruleset import Rules


def deal(rules: Rules, players: int, rng: Rng) -> dict[str, Any]:
    setups = rules.pack.models.get("setups") or {}
    if players not in setups:
        raise ValueError(f"the content has no setup for {players} players")
    return deal_setup(
        setups[players],
        rules.pack.models["board"],
        list(rules.planets),
        {name: list(ids) for name, ids in rules.token_piles.items()},
        rng,
    )
