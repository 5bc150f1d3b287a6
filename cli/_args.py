"""Argument parsers shared by several commands."""

from __future__ import annotations

import math
import os

import click


def player_counts(value: str) -> tuple[int, ...]:
    """`--players 2,3,4`: one player count or a comma list (the content may still refuse one)."""
    try:
        counts = tuple(int(v) for v in value.split(",") if v.strip())
    except ValueError:
        raise click.BadParameter(
            f"a comma list of player counts such as 2,3,4; got '{value}'", param_hint="--players"
        ) from None
    if not counts:
        raise click.BadParameter("give at least one player count", param_hint="--players")
    bad = [c for c in counts if c not in (2, 3, 4)]
    if bad:
        raise click.BadParameter(
            f"player counts are 2, 3 or 4, not {bad[0]}", param_hint="--players"
        )
    return counts


def _set_bot_error(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    # read by program bots (agents/stdio.py) here and in worker processes, which inherit it
    if value is not None:
        os.environ["LASTLIGHT_BOT_ON_ERROR"] = value


#: `--on-bot-error stop|random`: what a `cmd:` bot's crash, garbage or lateness does.
bot_error_option = click.option(
    "--on-bot-error",
    type=click.Choice(["stop", "random"]),
    default=None,
    expose_value=False,
    callback=_set_bot_error,
    help="When a cmd:PROGRAM bot crashes, answers garbage or is late: stop the run (default), "
    "or make that decision at random and go on (counted and reported on stderr).",
)


#: The largest seed a replay can hold (schemas/replay.schema.json): a game played with a larger
#: seed could be saved but never replayed or resumed, so it is refused before the game.
MAX_SEED = 2**64 - 1

#: `--seed`: a whole number from 0 to MAX_SEED; anything else is a usage error naming the option.
SEED = click.IntRange(0, MAX_SEED)


class FiniteFloatRange(click.FloatRange):
    """A float range that also refuses NaN and the infinities (`nan` compares false with every
    bound, so `click.FloatRange` lets it through, and `--minutes nan` never ended)."""

    name = "finite float range"

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if math.isnan(number) or math.isinf(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


def output_file(ctx: click.Context, param: click.Parameter, value):
    """Callback of every `-o FILE` option: a target that is a link, a FIFO, a device or a folder
    is a usage error before any work (the writer refuses it again when it writes)."""
    from lastlight.interpreter.load.fileio import target_problem

    for name in value if isinstance(value, tuple) else (value,):
        problem = target_problem(name) if name else None
        if problem:
            raise click.BadParameter(problem, ctx=ctx, param=param)
    return value
