"""The first search bot, kept for comparison: single-observer information-set Monte Carlo tree
search (SO-ISMCTS), `--bots search_ismcts`. The default `search` bot is in search.py.

Each playout draws a new world consistent with the bot's view (`Game.from_view`:
the other hands, the deck order, hidden factions, achievements, chosen cards and face-down
tokens are sampled, the generator is fresh), then walks one tree shared by all worlds:

- the tree holds the decisions taken between effects (the action card to play, the faction
  and achievement to keep, an ability to use around an action), for every seat; decisions
  taken part-way through an effect are made by the rollout policy, inside the tree as in the
  rollout, since the bot makes them with that policy in the real game too (below);
- a node is the sequence of decisions taken since the root, an action card chosen entering it
  only as "seat p chose" until every card is revealed (so no seat's node knows a card that
  seat could not have seen). The bot's own nodes are thus its information sets; the other
  seats' are seen from the bot's side, which is what "single observer" means. Worlds offer
  different decisions at a node (another hand, other dice), so each edge counts how often it
  was *available* and UCB uses that count (Cowling, Powley & Whitehouse 2012);
- selection: UCB1 per acting player (each player maximises its own value); an untried
  decision is expanded first, one new node per playout;
- rollout: the heuristic bot's scoring (`HeuristicBot.score`, reading the sampled world the
  rollout plays in through its live view, never the real game), greedy with random ties, to
  the end of the game by default, or for `horizon_rounds` rounds; never more than
  `horizon_steps` decisions. (Rollouts
  cut after one or two rounds and scored by `evaluate` lost most games to the heuristic bot in
  our trials; whole-game rollouts won most: see the README's figures);
- evaluation: the winners share 1 when the game ended; otherwise (a rollout cut short) each
  player's light plus the light a claim would give now, technologies in play and resources,
  squashed to [0, 1] against the best opponent.

Budget: `playouts` simulations (the default; deterministic for a given seed) or `ms`
milliseconds (stops on the clock, so not reproducible). A decision with one option is never
searched. The hidden effect stack cannot be sampled (sample.py), so decisions taken part-way
through an effect (moving, building, trading, ...) are made by the heuristic bot; the search
decides the action card to play, the faction and achievement to keep, and the abilities to use
around an action.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

from lastlight.interpreter.agents.base import Bot
from lastlight.interpreter.agents.heuristic import HeuristicBot
from lastlight.interpreter.agents.planner.bot import PlannerBot
from lastlight.interpreter.agents.search.rollout import values
from lastlight.interpreter.engine.game import Decision, Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.sample import FLOW_KINDS
from lastlight.interpreter.engine.view import SeatView

#: The default budget: under 1 s of CPU per searched decision at 2 players on the development
#: machine (benchmarks/bench_search.py measures it; a playout plays the game to its end, so a
#: decision early in a game or at 4 players costs more).
DEFAULT_PLAYOUTS = 60


class IsmctsBot(Bot):
    name = "search_ismcts"
    salt = 0x15_3C75

    def __init__(
        self,
        seed: int = 0,
        rules: Any = None,
        *,
        playouts: int | None = None,
        ms: float | None = None,
        horizon_rounds: int | None = None,
        horizon_steps: int = 600,
        exploration: float = 0.7,
    ):
        super().__init__(seed, rules)
        self.playouts = playouts if playouts is not None else (None if ms else DEFAULT_PLAYOUTS)
        self.ms = ms
        self.horizon_rounds = horizon_rounds
        self.horizon_steps = horizon_steps
        self.exploration = exploration
        self.policy = HeuristicBot(seed, rules)
        self.policy.rng = Rng(seed_state(seed ^ self.salt ^ 0xA5A5))
        #: Decisions taken inside an effect (moves, builds, trades, ...) are not searched (the
        #: effect stack cannot be sampled): the planner takes them in the real game.
        self.tactics = PlannerBot(seed ^ 0x7AC7, rules)
        #: Figures of the last search (playouts run, searched or not), for benchmarks.
        self.last: dict[str, Any] = {}

    def bind(self, rules: Any) -> None:
        super().bind(rules)
        self.policy.bind(rules)
        self.tactics.bind(rules)

    def decide(self, view: SeatView | None, legal: list[Decision]) -> Decision:
        if len(legal) == 1:
            self.last = {"searched": False, "playouts": 0}
            return legal[0]
        view = self.seat_view(view)
        if not view.sampleable:
            self.last = {"searched": False, "playouts": 0}
            return self.tactics.decide(view, legal)
        return self.search(view, legal)

    # --- the search -------------------------------------------------------------------------
    def search(self, view: SeatView, legal: list[Decision]) -> Decision:
        assert self.rules is not None, "bind(rules) before decide"
        me = view.seat
        tree: dict[tuple[str, ...], dict[str, list[float]]] = {}
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000
        runs = 0
        while True:
            if self.playouts is not None and runs >= self.playouts:
                break
            if deadline is not None and runs > 0 and time.perf_counter() >= deadline:
                break
            self._playout(view, tree)
            runs += 1
        root = tree.get((), {})
        keys = [_key(d) for d in legal]
        # the most visited decision (ties: the best mean, then the first listed)
        best = max(
            range(len(legal)),
            key=lambda i: (
                root.get(keys[i], [0, 0.0])[0],
                _mean(root.get(keys[i])),
                -i,
            ),
        )
        self.last = {
            "searched": True,
            "playouts": runs,
            "seat": me,
            "root": {k: (s[0], round(s[1], 6)) for k, s in root.items()},
        }
        return legal[best]

    def _playout(self, view: SeatView, tree: dict[tuple[str, ...], dict[str, list[float]]]) -> None:
        game = Game.from_view(view, self.rng)
        last_round = (
            None
            if self.horizon_rounds is None
            else game.view(ALL, live=True).round + self.horizon_rounds
        )
        path: list[tuple[list[float], int]] = []
        key: tuple[str, ...] = ()
        steps = 0
        # selection and expansion
        while not game.over and steps < self.horizon_steps:
            live = game.view(ALL, live=True)
            pending = live.pending
            assert pending is not None
            if pending.kind not in FLOW_KINDS:
                # mid-effect decisions are the heuristic's, in the real game as in the tree
                game.apply(self._rollout_choice(live, pending.seat, game.legal()))
                steps += 1
                continue
            node = tree.get(key)
            if node is None:
                tree[key] = node = {}
            p = game.to_move
            assert p is not None
            legal = game.legal()
            keys = [_key(d) for d in legal]
            i, stats, new = self._select(node, keys)
            path.append((stats, p))
            game.apply(legal[i])
            key = (*key, _entry(game, p, legal[i], keys[i]))
            steps += 1
            if new:
                break
        # rollout
        while (
            not game.over
            and steps < self.horizon_steps
            and (last_round is None or game.view(ALL, live=True).round <= last_round)
        ):
            p = game.to_move
            assert p is not None
            game.apply(self._rollout_choice(game.view(ALL, live=True), p, game.legal()))
            steps += 1
        values = evaluate(game)
        for s, p in path:
            s[0] += 1
            s[1] += values[p]

    def _select(
        self, node: dict[str, list[float]], keys: list[str]
    ) -> tuple[int, list[float], bool]:
        """The decision to follow from a node (its index, its statistics, and whether it was
        untried): an untried one at random, else the best UCB. Every listed decision counts
        one more availability."""
        stats = []
        for k in keys:
            s = node.get(k)
            if s is None:
                node[k] = s = [0, 0.0, 0]
            s[2] += 1
            stats.append(s)
        untried = [i for i, s in enumerate(stats) if s[0] == 0]
        if untried:
            i = untried[self.rng.below(len(untried))]
        else:
            i = max(range(len(stats)), key=lambda j: _ucb(stats[j], self.exploration))
        return i, stats[i], bool(untried)

    def _rollout_choice(self, view: SeatView, p: int, legal: list[Decision]) -> Decision:
        policy = self.policy
        scores = [policy.score(view, p, d) for d in legal]
        best = max(scores)
        top = [d for d, s in zip(legal, scores, strict=True) if s == best]
        return top[self.rng.below(len(top))]


def evaluate(game: Game) -> list[float]:
    """Each seat's value in [0, 1] (`search_rollout.values`, the plain worth): its share of the
    win when the game is over, otherwise its worth against the best other seat's, squashed."""
    return values(game)


def _ucb(s: list[float], c: float) -> float:
    return s[1] / s[0] + c * math.sqrt(math.log(max(s[2], 1)) / s[0])


def _mean(s: list[float] | None) -> float:
    return s[1] / s[0] if s and s[0] else 0.0


def _entry(game: Game, p: int, d: Decision, k: str) -> str:
    """The path entry for a decision: an action card chosen is secret until every player has
    chosen (R-RND-01), so the entry says only who chose; the reveal then adds every card. Another
    seat's node thus never knows a card it could not have seen."""
    if d["kind"] != "play":
        return k
    view = game.view(ALL, live=True)
    if view.stage == "select":
        return f"{p}:play"
    return f"{p}:play|" + ",".join(str(pl.chosen) for pl in view.players)


def _key(d: Decision) -> str:
    return json.dumps(d, sort_keys=True, separators=(",", ":"))
