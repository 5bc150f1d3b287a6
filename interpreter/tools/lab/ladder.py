"""The ladder: mixed tables of bots, rated with openskill's Plackett-Luce model.

Tables are dealt in blocks: a block draws which bots sit at a table of `n` players (distinct
bots when there are at least `n`, else every bot once and the rest drawn) and one game seed,
then plays the `n` rotations of that table on the same seed, so every bot sits in every seat
of the same deal and seat advantage cancels. Every bot and game seed comes from the ladder's
seed: the same command gives the same ladder.

Ratings are keyed by bot name and updated game by game in game order (openskill's updates
depend on order). Each seat is one team; ranks come from the game's result: the winners first,
then by light, technologies in play and resources (the game's own tie-breaks, R-END-02), equal
keys sharing a rank. A bot that fills several seats of one game gets the mean of its seats'
updated ratings. The leaderboard sorts by mu - 3 sigma (openskill's `ordinal`). openskill is
the `ladder` extra (`pip install "lastlight[ladder]"`), not a dependency: without it, a ladder
stops before its first game with `RatingsUnavailable`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.agents import make_bot
from lastlight.interpreter.agents.base import play_game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.tools.lab.logstats import GameStats, game_stats

if TYPE_CHECKING:
    from lastlight.interpreter.engine.game import Game
    from lastlight.interpreter.engine.ruleset import Rules


@dataclass(frozen=True)
class Table:
    """One game of the ladder: its index, game seed and the bot in each seat."""

    index: int
    seed: int
    seats: tuple[str, ...]


@dataclass
class Standing:
    name: str
    mu: float
    sigma: float
    games: int = 0
    wins: float = 0.0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


class RatingsUnavailable(Exception):
    """openskill, the ladder's rating library (the `ladder` extra), is not installed."""


def _plackett_luce() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError as exc:
        raise RatingsUnavailable(
            f"the ladder rates bots with openskill, which is not installed ({exc}); "
            'install it with: pip install "lastlight[ladder]"'
        ) from None
    return PlackettLuce()


@dataclass
class Ladder:
    """Ratings by bot name, updated one game at a time."""

    model: Any = None
    ratings: dict[str, Any] = field(default_factory=dict)
    games: Counter[str] = field(default_factory=Counter)
    wins: dict[str, float] = field(default_factory=dict)  #: a shared win counts 1/winners
    #: every game rated, in order: (the bot in each seat, each seat's rank)
    results: list[tuple[tuple[str, ...], tuple[int, ...]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.model is None:
            self.model = _plackett_luce()

    def rating(self, name: str) -> Any:
        if name not in self.ratings:
            self.ratings[name] = self.model.rating(name=name)
        return self.ratings[name]

    def rate(self, seats: list[str] | tuple[str, ...], ranks: list[int]) -> None:
        """Update the ratings from one game: `ranks[i]` is seat i's place (1 = best)."""
        teams = [[self._copy(self.rating(name))] for name in seats]
        new = self.model.rate(teams, ranks=list(ranks))
        by_name: dict[str, list[Any]] = {}
        for name, team in zip(seats, new, strict=True):
            by_name.setdefault(name, []).append(team[0])
        for name, got in by_name.items():
            r = self.rating(name)
            r.mu = sum(x.mu for x in got) / len(got)
            r.sigma = sum(x.sigma for x in got) / len(got)
        self.results.append((tuple(seats), tuple(ranks)))
        for name, rank in zip(seats, ranks, strict=True):
            self.games[name] += 1
            if rank == 1:
                self.wins[name] = self.wins.get(name, 0) + 1 / ranks.count(1)

    def _copy(self, r: Any) -> Any:
        return self.model.rating(mu=r.mu, sigma=r.sigma, name=r.name)

    def standings(self) -> list[Standing]:
        rows = [
            Standing(name, r.mu, r.sigma, self.games[name], self.wins.get(name, 0))
            for name, r in self.ratings.items()
        ]
        rows.sort(key=lambda s: (-s.ordinal, s.name))
        return rows


def schedule(bots: list[str], players: list[int], games: int, seed: int) -> Iterator[Table]:
    """The ladder's tables, in game order: blocks of one deal played in every rotation."""
    rng = random.Random(seed)
    index = 0
    block = 0
    while index < games:
        n = players[block % len(players)]
        block += 1
        if len(bots) >= n:
            chosen = rng.sample(bots, n)
        else:
            chosen = list(bots) + [rng.choice(bots) for _ in range(n - len(bots))]
            rng.shuffle(chosen)
        game_seed = rng.randrange(2**31)
        for shift in range(n):
            if index >= games:
                return
            seats = tuple(chosen[(i + shift) % n] for i in range(n))
            yield Table(index, game_seed, seats)
            index += 1


def ranks_of(game: Game) -> list[int]:
    """Each seat's place (1 = best): winners, then light, technologies in play, resources."""
    view = game.view(ALL, live=True)
    winners = set(game.winners)
    keys = [
        (p in winners, pl.light, view.techs_in_play(p), view.total_resources(p))
        for p, pl in enumerate(view.players)
    ]
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def play_table(rules: Rules, table: Table, *, log: bool = False) -> Game:
    from lastlight.interpreter.engine.game import Game

    bots = [
        make_bot(name, table.seed * 8 + seat * 997 + table.index, rules)
        for seat, name in enumerate(table.seats)
    ]
    return play_game(Game.new(rules, len(table.seats), table.seed, log=log), bots)


def run_ladder(
    rules: Rules,
    bots: list[str],
    players: list[int],
    games: int,
    seed: int,
    *,
    stats: bool = False,
    progress: Callable[[Table, Game], None] | None = None,
) -> tuple[Ladder, dict[str, list[GameStats]]]:
    """Play the ladder and rate it in game order; with `stats`, also count each game (by bot
    name: a game's stats are listed under every bot that sat in it)."""
    ladder = Ladder()
    for name in bots:
        ladder.rating(name)
    counted: dict[str, list[GameStats]] = {}
    for table in schedule(bots, players, games, seed):
        game = play_table(rules, table, log=stats)
        ladder.rate(table.seats, ranks_of(game))
        if stats:
            s = game_stats(game)
            s.names = list(table.seats)
            for name in set(table.seats):
                counted.setdefault(name, []).append(s)
        if progress:
            progress(table, game)
    return ladder, counted


def bot_stats(name: str, games: list[GameStats]) -> dict[str, float]:
    """Per seat that `name` played: action cards played and technologies manufactured."""
    seats = 0
    plays: Counter[str] = Counter()
    made = 0
    for s in games:
        for seat, who in enumerate(s.names):
            if who != name:
                continue
            seats += 1
            plays.update(s.plays[seat])
            made += sum(s.manufactured[seat].values())
    out = {f"{a}": plays[a] / max(1, seats) for a in sorted(plays)}
    out["manufactured"] = made / max(1, seats)
    return out


def format_table(ladder: Ladder) -> str:
    rows = ladder.standings()
    lines = [
        f"{'rank':>4}  {'bot':<14} {'mu - 3σ':>8} {'mu':>7} {'σ':>6} {'seats':>6} {'won':>7}",
    ]
    for i, s in enumerate(rows, 1):
        share = f"{s.wins / s.games:.0%}" if s.games else "-"
        lines.append(
            f"{i:>4}  {s.name:<14} {s.ordinal:>8.2f} {s.mu:>7.2f} {s.sigma:>6.2f} "
            f"{s.games:>6} {share:>7}"
        )
    return "\n".join(lines)
