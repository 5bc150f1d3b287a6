"""Argument parsers shared by several commands."""

from __future__ import annotations

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
    # read by program bots (envs/stdio_bot.py) here and in worker processes, which inherit it
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
