"""Bots, found by name. A bot decides from `(observation, legal decisions)` only (base.py)."""

from __future__ import annotations

from typing import Any

from .base import Bot, ask, play_game
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}
BOTS["search"] = SearchBot


def make_bot(name: str, seed: int, rules: Any = None) -> Bot:
    if name not in BOTS:
        raise ValueError(f"unknown bot '{name}' (one of: {', '.join(BOTS)})")
    return BOTS[name](seed, rules)


__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "SearchBot", "ask", "make_bot", "play_game"]
