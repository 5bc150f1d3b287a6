"""What bots did in a game, counted from its log: action cards played, technologies manufactured,
light and its sources. Used by the balance figures (benchmarks/bench_bots.py, the ladder's
`--stats`) and by the tests that check the planner plays every part of the game."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.agents.base import play_game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import base_id

if TYPE_CHECKING:
    from lastlight.interpreter.engine.game import Game
    from lastlight.interpreter.engine.ruleset import Rules


@dataclass
class GameStats:
    """One game's counts, per seat."""

    players: int
    rounds: int
    winners: list[int]
    plays: list[Counter[str]]  # seat -> action card -> times played
    manufactured: list[Counter[str]]  # seat -> technology design -> times manufactured
    light: list[int]
    stalled: bool = False
    names: list[str] = field(default_factory=list)  # the bot in each seat, when known


def game_stats(game: Game) -> GameStats:
    """Count a finished game's log (the game must have been played with `log=True`)."""
    view = game.view(ALL, live=True)
    n = view.players_count
    plays: list[Counter[str]] = [Counter() for _ in range(n)]
    made: list[Counter[str]] = [Counter() for _ in range(n)]
    for e in game.log:
        p = e.get("player")
        if not isinstance(p, int) or not 0 <= p < n:
            continue
        if e["event"] == "play":
            plays[p][e["card"]] += 1
        elif e["event"] == "manufacture":
            made[p][base_id(e["card"])] += 1
    return GameStats(
        players=n,
        rounds=view.round,
        winners=game.winners,
        plays=plays,
        manufactured=made,
        light=[pl.light for pl in view.players],
        stalled=view.stalled,
    )


@dataclass
class Summary:
    """Counts over many games of one table."""

    games: int = 0
    seats: int = 0
    plays: Counter[str] = field(default_factory=Counter)
    manufactured: Counter[str] = field(default_factory=Counter)
    designs: set[str] = field(default_factory=set)
    stalls: int = 0

    def add(self, s: GameStats) -> None:
        self.games += 1
        self.seats += s.players
        self.stalls += s.stalled
        for seat in range(s.players):
            self.plays.update(s.plays[seat])
            self.manufactured.update(s.manufactured[seat])
            self.designs.update(s.manufactured[seat])

    def per_player(self, action: str) -> float:
        return self.plays[action] / max(1, self.seats)

    def manufactures_per_player(self) -> float:
        return sum(self.manufactured.values()) / max(1, self.seats)

    def report(self, rules: Rules) -> dict[str, Any]:
        designs = technology_designs(rules)
        return {
            "games": self.games,
            "plays_per_player": {a.id: round(self.per_player(a.id), 2) for a in rules.actions},
            "actions_never_played": [a.id for a in rules.actions if not self.plays[a.id]],
            "manufactures_per_player": round(self.manufactures_per_player(), 2),
            "designs_manufactured": f"{len(self.designs & designs)}/{len(designs)}",
            "designs_never_manufactured": sorted(designs - self.designs),
            "stalls": self.stalls,
        }


def technology_designs(rules: Rules) -> set[str]:
    return {base_id(cid) for cid in rules.tech_deck}


def play_stats(rules: Rules, bots: list[Any], players: int, seed: int) -> GameStats:
    """Play one game with these bots (one per seat) and count it."""
    from lastlight.interpreter.engine.game import Game

    game = play_game(Game.new(rules, players, seed), bots)
    return game_stats(game)
