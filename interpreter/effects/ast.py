"""The effect language's syntax tree: one frozen dataclass per construct, with positions.

Positions (`line`, `col`) are 1-based inside the effect text; `Loc.shifted` maps them into the
content file. An `Amount` is a literal int or a `$parameter` name resolved against the game's
rule parameters when the effect runs.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Amount = int | str

#: What each comparison of a condition (`light >= 10`, `players < 3`) means: the grammar's CMP.
COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
    "==": operator.eq,
    "!=": operator.ne,
}


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words matched to one registry form, with its slots filled."""

    form: str
    args: dict[str, Any] = field(hash=False)
    line: int = 1
    col: int = 1

    def get(self, name: str, default: Any = None) -> Any:
        return self.args.get(name, default)


@dataclass(frozen=True, slots=True)
class Counter:
    """`per [N] noun`: how many times N of the noun fit."""

    per: int
    noun: Phrase


@dataclass(frozen=True, slots=True)
class Compare:
    noun: Phrase
    op: str
    value: Amount


@dataclass(frozen=True, slots=True)
class Test:
    phrase: Phrase


@dataclass(frozen=True, slots=True)
class And:
    left: Cond
    right: Cond


@dataclass(frozen=True, slots=True)
class Or:
    left: Cond
    right: Cond


@dataclass(frozen=True, slots=True)
class Not:
    inner: Cond


Cond = Compare | Test | And | Or | Not


@dataclass(frozen=True, slots=True)
class Do:
    """One step: a phrase, optionally scaled by a counter and guarded by a condition."""

    phrase: Phrase
    counter: Counter | None = None
    cond: Cond | None = None


@dataclass(frozen=True, slots=True)
class May:
    """An optional step: the player decides whether to do it."""

    step: Step


@dataclass(frozen=True, slots=True)
class Choose:
    """`choose N of [a | b | c]`: N picks, repeats allowed unless `different`."""

    count: Amount
    options: tuple[Seq, ...]
    distinct: bool = False
    line: int = 1
    col: int = 1


Step = Do | May | Choose


@dataclass(frozen=True, slots=True)
class Seq:
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Triggered:
    """`when EVENT [if COND]: EFFECT`"""

    event: Phrase
    cond: Cond | None
    effect: Seq


@dataclass(frozen=True, slots=True)
class Activated:
    """`[during ACTION,] exhaust[, pay COST]: EFFECT` — used by choice, exhausts the card."""

    during: str | None
    pay: tuple[tuple[Amount, str], ...]
    effect: Seq


@dataclass(frozen=True, slots=True)
class Static:
    """A lasting modifier while the card is in play."""

    modifier: Phrase


@dataclass(frozen=True, slots=True)
class Plain:
    """An effect that runs when its card is resolved (action cards, tokens, die faces)."""

    effect: Seq


Clause = Triggered | Activated | Static | Plain


def walk_phrases(node: Any) -> list[Phrase]:
    """Every phrase in a clause, condition or step, in reading order."""
    out: list[Phrase] = []

    def visit(n: Any) -> None:
        if isinstance(n, Phrase):
            out.append(n)
        elif isinstance(n, (tuple, list)):
            for x in n:
                visit(x)
        elif hasattr(n, "__dataclass_fields__"):
            for name in n.__dataclass_fields__:
                visit(getattr(n, name))

    visit(node)
    return out
