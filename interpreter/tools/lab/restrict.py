"""Restricted play: a seat that must keep (or must never keep) a faction, an achievement or a
technology, against the same bot's free choice on the same seeds.

How a forced choice is arranged, for any content: game `i` of a run is dealt from the lab's
seeds (`spec.game_seeds(seed, i)`: the game's word and one per seat), and seat `i mod players`
is the forced seat. Its bot is wrapped (`Restricted`): at a `keep` decision that offers ITEM
(compared by card id, never by a name in code) it keeps it (or, with `never`, lets the bot
choose among the others); every other decision is the bot's own. A deal that never offers ITEM
to the forced seat is dropped as soon as that seat makes its first other decision (the setup
alone was played) and the next index is dealt, so the run is the first `games` deals in index
order that offer ITEM to the forced seat: deterministic from the seed, for any number of jobs.
The forced seat's bot is asked first at a keep and overridden only if its choice breaks the
rule, so a deal in which it chose so itself is the free game (played once). Otherwise each kept
deal is played twice with the same seeds: forced, and free (the plain bot). A pair's result is
forced won - free won, with a 95% t interval over the pairs (when all pairs are alike, the
exact binomial bound of `stats.alike_interval`); each arm's win share has its Wilson interval;
the free arm also says how often the bot keeps ITEM when it is offered.

A technology is forced at the seat's `manufacture` decisions instead (restrict_tech.py). Whether
it is offered is known only when the game is over, so its deals are played forced first: a
forced game in which ITEM was never offered was the free game too (nothing was overridden), and
its deal is dropped at the cost of that one game. The free arm is then only watched, to say how
often the bot manufactured ITEM.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.engine.game import Decision, Game
from lastlight.interpreter.engine.observe import ALL, Observation
from lastlight.interpreter.engine.ruleset import base_id
from lastlight.interpreter.tools.lab.restrict_tech import RestrictedTech
from lastlight.interpreter.tools.lab.spec import game_seeds, load_rules
from lastlight.interpreter.tools.lab.stats import mean_interval, wilson

#: Plays a list of tasks, each task's outcomes in the order of the tasks.
Mapper = Callable[[list["Task"]], Iterable[list[Any]]]
#: Deals tried per pair asked for before giving up (a faction dealt 2 of 15 is offered to a
#: seat about once in 7 deals).
TRIES_PER_PAIR = 60


class NotOffered(Exception):
    """The forced seat's setup is over and ITEM was never offered to it."""


class Restricted:
    """A bot whose keep decisions are constrained: ITEM kept when offered (`never`: refused).

    The bot is asked first, as it would be free (its generator draws the same); only if its
    choice breaks the rule is it overridden (`never`: asked again among the others). A game in
    which nothing was overridden is the free game itself."""

    needs_observation = True

    def __init__(self, inner: Any, item: str, never: bool = False):
        self.inner = inner
        self.item = item
        self.never = never
        self.offered = False
        self.overridden = False
        self.rules = getattr(inner, "rules", None)

    def bind(self, rules: Any) -> None:
        self.rules = rules
        if hasattr(self.inner, "bind"):
            self.inner.bind(rules)

    def decide(self, obs: Observation | None, legal: list[Decision]) -> Decision:
        inner_obs = obs if getattr(self.inner, "needs_observation", True) else None
        if legal and all(d["kind"] == "keep" for d in legal):
            match = [d for d in legal if base_id(d["card"]) == self.item]
            rest = [d for d in legal if base_id(d["card"]) != self.item]
            if match and (rest or not self.never):
                self.offered = True
                choice = self.inner.decide(inner_obs, legal)
                if (choice in match) != self.never:
                    return choice
                self.overridden = True
                return self.inner.decide(inner_obs, rest) if self.never else match[0]
        elif not self.offered:
            raise NotOffered
        return self.inner.decide(inner_obs, legal)


@dataclass(frozen=True)
class Task:
    """Deals `start`..`stop` of a run. Plain data, picklable."""

    content: str
    item: str
    players: int
    bot: str
    seed: int
    never: bool
    start: int
    stop: int


def kept(game: Game, seat: int, item: str) -> bool:
    """Whether the seat holds ITEM as its faction or achievement (public once the game ends)."""
    pl = game.view(ALL, live=True).players[seat]
    return item in (base_id(pl.faction or ""), base_id(pl.achievement or ""))


def play_deal(task: Task, index: int) -> tuple[int, int, int] | None:
    """(forced won, free won, free took ITEM) for one deal, or None if ITEM is not offered."""
    rules = load_rules(task.content)
    tech = rules.cards[task.item].kind == "technology"
    n = task.players
    forced_seat = index % n
    game_seed, bot_seeds = game_seeds(task.seed, index)
    results = []
    for forced in (True, False):
        bots: list[Any] = [make_bot(task.bot, bot_seeds[p], rules) for p in range(n)]
        wrapped = _wrap(bots[forced_seat], task, forced, tech)
        if forced or tech:
            bots[forced_seat] = wrapped
        game = Game.new(rules, n, game_seed, log=False)
        try:
            play_game(game, bots)
        except NotOffered:
            return None
        if forced and not wrapped.offered:  # a technology never offered: the free game too
            return None
        won = int(forced_seat in game.winners)
        held = (
            wrapped.made
            if isinstance(wrapped, RestrictedTech)
            else kept(game, forced_seat, task.item)
        )
        if forced and not wrapped.overridden:  # the bot chose so itself: the free game
            return won, won, int(held)
        results.append((won, held))
    (forced_won, _), (free_won, free_kept) = results
    return forced_won, free_won, int(free_kept)


def _wrap(bot: Any, task: Task, forced: bool, tech: bool) -> Restricted | RestrictedTech:
    """The forced seat's bot under the rule (a technology's free arm: only watched)."""
    if not tech:
        return Restricted(bot, task.item, task.never)
    return RestrictedTech(bot, task.item, ("never" if task.never else "must") if forced else "free")


def play_task(task: Task) -> list[tuple[int, tuple[int, int, int] | None]]:
    return [(i, play_deal(task, i)) for i in range(task.start, task.stop)]


@dataclass(frozen=True)
class Result:
    item: str
    players: int
    never: bool
    deals: int
    forced: list[int]
    free: list[int]
    free_kept: list[int]
    kind: str = "faction"

    @property
    def pairs(self) -> int:
        return len(self.forced)

    def summary(self) -> dict[str, Any]:
        n = self.pairs
        diff = np.array(self.forced, dtype=float) - np.array(self.free, dtype=float)
        mean = float(diff.mean()) if n else 0.0
        lo, hi = mean_interval(diff, mean, bounds=(-1.0, 1.0)) if n else (0.0, 0.0)
        f_lo, f_hi = wilson(sum(self.forced), n)
        b_lo, b_hi = wilson(sum(self.free), n)
        tech = self.kind == "technology"
        return {
            "item": self.item,
            "kind": self.kind,
            "players": self.players,
            "mode": "never" if self.never else "must" if tech else "keep",
            "pairs": n,
            "deals": self.deals,
            "forced_wins": sum(self.forced),
            "forced_share": sum(self.forced) / n if n else None,
            "forced_interval": [f_lo, f_hi],
            "free_wins": sum(self.free),
            "free_share": sum(self.free) / n if n else None,
            "free_interval": [b_lo, b_hi],
            "change": mean,
            "change_interval": [lo, hi],
            "free_manufactured" if tech else "free_kept": sum(self.free_kept),
            "fair_share": 1 / self.players,
        }


def run(
    content: str,
    item: str,
    players: int,
    bot: str,
    seed: int,
    games: int,
    never: bool = False,
    jobs: int = 1,
    mapper: Mapper | None = None,
) -> Result:
    """The first `games` deals that offer ITEM to the forced seat, each played forced and free.
    `mapper` plays a list of tasks and returns their outcomes in order (a pool shared by several
    runs, or Ray tasks); without it, a pool of `jobs` processes is made for this run."""
    forced: list[int] = []
    free: list[int] = []
    free_kept: list[int] = []
    index = last = 0
    limit = games * TRIES_PER_PAIR
    with _pool(jobs if mapper is None else 1) as pool:
        play = mapper or (lambda tasks: _map(pool, tasks))
        while len(forced) < games and index < limit:
            # deals enough for the pairs still wanted at the offer rate seen so far, but at most
            # as many as were dealt so far (a technology's dropped deal costs a whole game)
            rate = max(len(forced) / index, 1 / TRIES_PER_PAIR) if index else 1.0
            wanted = min((games - len(forced)) / rate, max(index, games))
            width = math.ceil(wanted / max(1, jobs))
            tasks = [
                Task(content, item, players, bot, seed, never, lo, min(lo + width, limit))
                for lo in range(index, min(index + width * max(1, jobs), limit), width)
            ]
            index = tasks[-1].stop
            for part in play(tasks):
                for i, outcome in part:
                    if outcome is not None and len(forced) < games:
                        last = i
                        forced.append(outcome[0])
                        free.append(outcome[1])
                        free_kept.append(outcome[2])
    deals = last + 1 if len(forced) == games else limit
    kind = load_rules(content).cards[item].kind
    return Result(item, players, never, deals, forced, free, free_kept, kind)


class _pool:
    """A process pool for more than one job, else nothing (the tasks run here)."""

    def __init__(self, jobs: int):
        self.jobs = jobs
        self.pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> ProcessPoolExecutor | None:
        if self.jobs > 1:
            self.pool = ProcessPoolExecutor(max_workers=self.jobs)
        return self.pool

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.shutdown()


def _map(pool: ProcessPoolExecutor | None, tasks: list[Task]) -> Iterable[list[Any]]:
    return map(play_task, tasks) if pool is None else pool.map(play_task, tasks)
