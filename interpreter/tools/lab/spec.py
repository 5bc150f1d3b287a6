"""What a sweep plays: content, player counts, bots, the master seed, and which games.

Every game's seeds come from `numpy.random.SeedSequence([master, game index])` (computed by
`seeds.seed_words`, the same words without importing numpy), one word for
the game's own generator (setup shuffles, dice) and one per seat for that seat's bot, so the
rows never depend on which worker played a game or how games were batched, and two packs
played with the same spec see the same seeds (common random numbers).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from lastlight.interpreter.tools.lab.seeds import seed_words

#: Words drawn per game: one for the game, one per seat (up to 4 seats).
_WORDS = 5


@dataclass(frozen=True)
class SimSpec:
    """A sweep, or one batch of it (`start`..`stop` game indices). Plain data, picklable."""

    content: str
    players: tuple[int, ...] = (4,)
    bots: tuple[str, ...] = ("heuristic",)
    seed: int = 0
    start: int = 0
    stop: int = 0
    #: Item ids played as a neutral stand-in: same id, cost, type and copies, no effects.
    blank: tuple[str, ...] = field(default_factory=tuple)
    label: str = ""

    @property
    def games(self) -> int:
        return self.stop - self.start

    def batches(self, size: int) -> list[SimSpec]:
        """Equal batches of `size` games (the last may be shorter), in game order."""
        size = max(1, size)
        return [
            replace(self, start=lo, stop=min(lo + size, self.stop))
            for lo in range(self.start, self.stop, size)
        ]

    def players_in(self, index: int) -> int:
        return self.players[index % len(self.players)]

    def bot_for(self, index: int, seat: int) -> str:
        """Bots rotate over seats from game to game, so no bot keeps one seat."""
        return self.bots[(index + seat) % len(self.bots)]

    def provenance(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "bots": list(self.bots),
            "seed": self.seed,
            "games": self.games,
            "blank": list(self.blank),
            "seeding": "numpy SeedSequence([seed, game]) -> game word, one word per seat",
        }


def game_seeds(master: int, index: int) -> tuple[int, list[int]]:
    """(game seed, bot seed per seat) for game `index` of a sweep with seed `master`."""
    words = seed_words([master, index], _WORDS)
    seeds = [w >> 1 for w in words]  # 63-bit, plain Python ints
    return seeds[0], seeds[1:]


#: the rules the command line has just loaded and checked (`keep_loaded`): content -> rules
_KEPT: dict[str, Any] = {}


def keep_loaded(content: str, rules: Any) -> None:
    """Rules this process has just loaded from the pack folder `content` (the command line,
    which checked it first): `load_rules` answers with them instead of reading the pack again.
    Only the last pack given is kept."""
    _KEPT.clear()
    _KEPT[content] = rules


def load_rules(content: str, blank: tuple[str, ...] = ()) -> Any:
    """The pack's rules, loaded once per process (and per blanked item set)."""
    kept = _KEPT.get(content)
    if kept is not None and not blank:
        return kept
    return _load_rules(content, blank)


@lru_cache(maxsize=8)
def _load_rules(content: str, blank: tuple[str, ...] = ()) -> Any:
    from lastlight.interpreter.rules_cache import load_rules

    rules, report = load_rules(Path(content))  # a worker reads the rules cache too
    if report is not None:
        first = report.sorted()[0]
        raise ValueError(f"the content in {content} has errors: {first.render()}")
    assert rules is not None
    if blank:
        from lastlight.interpreter.tools.lab.blank import blank_items

        rules = blank_items(rules, blank)
    return rules
