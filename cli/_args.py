"""Argument parsers shared by several commands."""

from __future__ import annotations

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
