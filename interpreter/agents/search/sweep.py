"""The sweep bot: the planner, with a short look ahead at the action card it plays.

The search bot (`bot.py`) rolls every candidate out to the end of the game: strong, and about
0.45 s of CPU a searched decision, too slow for sweeps of thousands of games. The sweep bot
searches the same way (the planner's best `top` choices, each played in the same sampled
worlds, common random numbers, the planner's choice kept unless another is clearly better) but

- only at the decisions where the planner is weakest and a round shows the difference: the
  action card to play (`SEARCHED`), at 2 players (`COUNTS`); keeps, everything inside an
  effect and every decision at 3 and 4 players are the planner's;
- deals a card another seat chose unseen as the planner would choose it (`informed`), not at
  random;
- rolls out one round only, and values the position there with the learned chance to win
  (`value.py`, fitted on positions labelled by who won, `benchmarks/fit_value.py`);
- keeps a faction and an achievement by the calibrated rule (`keeps="calibrated"`, the
  default: `agents/planner/keeps.py`, in proportion to what restricted play measured each is
  worth at the table's count), so the lab's games play every choice the game makes good;
  `keeps="planner"` keeps by the planner's own valuation.

Budget: `playouts` rollouts a searched decision (same seeds, same game). Two gates spend it
only where it may matter (both off by default): `close` searches a card only when the planner's
two best are within `close` of each other in its own score, and `late` only once the leader has
that share of the light to win.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from lastlight.interpreter.agents.planner import keeps as keep_rule
from lastlight.interpreter.agents.planner import weights as planner_weights
from lastlight.interpreter.agents.search.bot import SearchBot
from lastlight.interpreter.engine.game import Decision
from lastlight.interpreter.engine.view import SeatView

#: The decision kinds the sweep bot searches; every other decision is the planner's.
SEARCHED = frozenset({"play"})
#: The player counts it searches at (`counts=`, e.g. "2,4"). At 3 and 4 players a one-round look
#: ahead measured no gain over the planner, with the first value and with values fitted on 3-
#: and 4-player games (paired runs of 200 deals: at 4 players 4 or 8 playouts, searching only
#: near ties or late, two rounds, to the end late, one world; at 3 players it lost: see
#: docs/bot-tuning.md), so there the sweep bot plays as the planner.
COUNTS = frozenset({2})

DEFAULT_PLAYOUTS = 8
DEFAULT_ROUNDS = 1
#: How the sweep bot keeps factions and achievements: the calibrated rule, or the planner's own.
KEEPS = ("calibrated", "planner")
#: The planner weights the sweep bot plays with at a player count where it has its own (a full
#: weights file beside this module, with its provenance: `benchmarks/tune_screen.py`); at any
#: other count, the planner's (`agents/planner/weights.yaml`). They are the weights of every
#: decision it does not search; a search (`counts=`) still ranks and rolls out with the
#: planner's, as the file was tuned for play without one.
COUNT_WEIGHTS: dict[int, str] = {4: "weights-4p.yaml"}
#: `weights="tuned"` plays those files; `weights="planner"` the planner's weights everywhere.
WEIGHTS = ("tuned", "planner")


@cache
def count_weights(players: int) -> planner_weights.Weights | None:
    """The sweep bot's own planner weights at this count (read once per process), or None."""
    name = COUNT_WEIGHTS.get(players)
    return None if name is None else planner_weights.load(Path(__file__).with_name(name))


class SweepBot(SearchBot):
    name = "sweep"
    salt = 0x5EE9

    def __init__(
        self,
        seed: int = 0,
        rules: Any = None,
        *,
        playouts: int = DEFAULT_PLAYOUTS,
        rounds: int = DEFAULT_ROUNDS,
        top: int = 2,
        z: float = 1.0,
        value: str = "learned",
        kinds: Iterable[str] | str = SEARCHED,
        informed: bool = True,
        counts: Iterable[int] | str | int = COUNTS,
        keeps: str = "calibrated",
        close: float | None = None,
        late: float = 0.0,
        weights: str = "tuned",
    ):
        if keeps not in KEEPS:
            raise ValueError(f"keeps must be one of {', '.join(KEEPS)}, got {keeps!r}")
        if weights not in WEIGHTS:
            raise ValueError(f"weights must be one of {', '.join(WEIGHTS)}, got {weights!r}")
        super().__init__(
            seed, rules, playouts=playouts, rounds=rounds, top=top, z=z, value=value,
            informed=informed, keeps=keep_rule.shipped() if keeps == "calibrated" else None,
        )  # fmt: skip
        self.keeps = keeps
        self.kinds = parse_kinds(kinds)
        self.counts = parse_counts(counts)
        self.close = close
        self.late = late
        self.weights = weights
        #: The planner's weights, for the counts the sweep bot has none of its own.
        self.planner_weights = self.tactics.weights

    def decide(self, view: SeatView | None, legal: list[Decision]) -> Decision:
        if len(legal) == 1:
            return super().decide(view, legal)
        seen = self.seat_view(view)
        count = seen.players_count
        own = count_weights(count) if self.weights == "tuned" else None
        self.tactics.weights = self.planner_weights if own is None else own
        if legal[0]["kind"] not in self.kinds or count not in self.counts:
            self.last = {"searched": False, "playouts": 0}
            return self.tactics.decide(seen, legal)
        return super().decide(seen, legal)

    def candidates(self, view: SeatView, legal: list[Decision]) -> list[int]:
        """The planner's `top` best cards, or its best alone where the gates say the search
        cannot matter (its two best far apart in its score, or the game too early)."""
        scores, order = self.ranked(view, legal)
        if self.late > 0:
            assert self.rules is not None
            leader = max(pl.light for pl in view.players)
            if leader < self.late * max(1, self.rules.light_to_win):
                return order[:1]
        if self.close is not None and scores[order[0]] - scores[order[1]] > self.close:
            return order[:1]
        return order[: self.top]


#: The decision kinds it may search: taken between effects, where a world can be dealt.
SEARCHABLE = frozenset({"play", "ability", "keep"})


def parse_kinds(kinds: Iterable[str] | str) -> frozenset[str]:
    """The decision kinds to search, from a set or a text form such as "play,ability" (how
    `--opt kinds=play,ability` reaches the constructor)."""
    if isinstance(kinds, str):
        kinds = [k.strip() for k in kinds.split(",") if k.strip()]
    out = frozenset(kinds)
    if not out <= SEARCHABLE:
        bad = ", ".join(sorted(out - SEARCHABLE))
        raise ValueError(f"kinds must be among {', '.join(sorted(SEARCHABLE))}, got {bad}")
    return out


def parse_counts(counts: Iterable[int] | str | int) -> frozenset[int]:
    """The player counts to search at, from a set of numbers or a text form such as "2,4"
    (how `--opt counts=2,4` reaches the constructor); "" or "none" searches at no count."""
    if isinstance(counts, int):
        counts = [counts]
    elif isinstance(counts, str):
        text = counts.strip().lower()
        parts = [] if text in ("", "none") else [c.strip() for c in text.split(",")]
        if not all(c.isdigit() for c in parts):
            raise ValueError(f"counts must be player counts such as 2,4, got {counts!r}")
        counts = [int(c) for c in parts]
    out = frozenset(int(c) for c in counts)
    if any(c not in (2, 3, 4) for c in out):
        raise ValueError(f"counts must be player counts from 2 to 4, got {sorted(out)}")
    return out
