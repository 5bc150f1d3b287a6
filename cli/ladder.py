"""`lastlight ladder`: mixed bot tables, rated with openskill (Plackett-Luce)."""

from __future__ import annotations

import sys
import time
from typing import Any

import click
from lastlight.cli._args import SEED, bot_error_option, player_counts
from lastlight.cli._content import load_rules_or_exit
from lastlight.interpreter.agents import BotNotFound, resolve_bot
from lastlight.interpreter.agents.stdio import BotFailed
from lastlight.interpreter.engine.errors import EngineError


def _names(value: str) -> list[str]:
    names = list(dict.fromkeys(b.strip() for b in value.split(",") if b.strip()))
    if len(names) < 2:
        raise click.BadParameter("name at least two bots, comma-separated", param_hint="--bots")
    for name in names:
        try:
            resolve_bot(name)
        except BotNotFound as exc:
            raise click.BadParameter(str(exc), param_hint="--bots") from None
    return names


def skill_gap_lines(ladder: Any) -> str:
    """The skill gap: how often the top-rated bot finished ahead of each other bot in the games
    where both sat (every table is played in all its rotations: equal seats), 95% Wilson."""
    from lastlight.interpreter.tools.lab.quality import skill_gap
    from lastlight.interpreter.tools.lab.stats import wilson

    names = [s.name for s in ladder.standings()]
    lines = ["Skill gap (top bot ahead of another, games where both sat; 95% Wilson):"]
    for other in names[1:]:
        ahead, behind, level = skill_gap(ladder.results, names[0], other)
        n = ahead + behind + level
        if n:
            lo, hi = wilson(ahead, n)
            lines.append(
                f"  {names[0]} ahead of {other}: {100 * ahead / n:.1f}%"
                f" [{100 * lo:.1f}%, {100 * hi:.1f}%] of {n} games ({level} level)"
            )
    return "\n".join(lines)


@click.command()
@click.option(
    "--bots",
    default="random,heuristic,planner",
    show_default=True,
    help="Bots to rate, comma-separated (names, plugin names, module:Class or cmd:PROGRAM).",
)
@bot_error_option
@click.option("--games", "-g", type=click.IntRange(1, 1_000_000), default=60, show_default=True)
@click.option(
    "--players",
    default="2,3,4",
    show_default=True,
    help="Table sizes, comma-separated; blocks of tables cycle through them.",
)
@click.option("--seed", "-s", type=SEED, default=1, show_default=True, help="Ladder seed.")
@click.option(
    "--stats",
    "show_stats",
    is_flag=True,
    help="Also print, per bot, action cards played and technologies manufactured per game.",
)
@click.option(
    "--content",
    type=click.Path(exists=True, file_okay=False),
    help="Content folder (default: the shipped content).",
)
def ladder_command(
    bots: str, games: int, players: str, seed: int, show_stats: bool, content: str | None
) -> None:
    """Rank bots by playing mixed tables (seats rotated) and rating them with openskill.

    The leaderboard is sorted by mu - 3 sigma; sigma is the rating's uncertainty."""
    from lastlight.interpreter.tools.lab.ladder import (
        RatingsUnavailable,
        bot_stats,
        format_table,
        run_ladder,
    )

    names = _names(bots)
    counts = player_counts(players)
    rules = load_rules_or_exit(content)
    for n in counts:
        if not rules.players_min <= n <= rules.players_max:
            raise click.BadParameter(
                f"this content plays {rules.players_min} to {rules.players_max} players, not {n}",
                param_hint="--players",
            )
    started = time.perf_counter()
    try:
        ladder, counted = run_ladder(rules, names, list(counts), games, seed, stats=show_stats)
    except (EngineError, BotFailed) as exc:
        click.echo(f"lastlight: a ladder game stopped: {exc}", err=True)
        sys.exit(1)
    except RatingsUnavailable as exc:
        click.echo(f"lastlight ladder: {exc}", err=True)
        sys.exit(1)
    elapsed = time.perf_counter() - started
    click.echo(
        f"Ladder: {games} games, tables of {','.join(map(str, counts))} players, seed {seed}, "
        f"{elapsed:.1f}s (openskill Plackett-Luce; sorted by mu - 3σ)"
    )
    click.echo(format_table(ladder))
    click.echo(skill_gap_lines(ladder))
    if show_stats:
        click.echo("\nPer game played (per seat): action cards, technologies manufactured")
        for name in names:
            row = bot_stats(name, counted.get(name, []))
            cells = ", ".join(f"{k} {v:.2f}" for k, v in row.items())
            click.echo(f"  {name:<14} {cells}")
