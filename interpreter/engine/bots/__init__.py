"""Bots, found by name. A bot decides from `(observation, legal decisions)` only (base.py)."""

from __future__ import annotations

from typing import Any

from lastlight.interpreter.engine.bots.base import Bot, ask, play_game
from lastlight.interpreter.engine.bots.heuristic import HeuristicBot
from lastlight.interpreter.engine.bots.random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str, seed: int, rules: Any = None) -> Bot:
    if name not in BOTS:
        raise ValueError(f"unknown bot '{name}' (one of: {', '.join(BOTS)})")
    return BOTS[name](seed, rules)


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "ask", "make_bot", "play_game"]
