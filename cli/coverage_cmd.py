"""`lastlight coverage`: which content items and clauses fire in real (bot) play."""

from __future__ import annotations

import json
import time

import click
from lastlight.cli._args import SEED, player_counts
from lastlight.cli._content import content_option, load_rules_or_exit
from lastlight.interpreter.tools.coverage import run_coverage, summary


@click.command()
@click.option("--games", "-g", type=click.IntRange(1, 1_000_000), default=200, show_default=True)
@click.option(
    "--players",
    "-n",
    default="2,3,4",
    show_default=True,
    help="Player count, or a comma list to mix.",
)
@click.option(
    "--bots", default="heuristic,random", show_default=True, help="Bots to seat in rotation."
)
@click.option("--seed", type=SEED, default=0, show_default=True)
@content_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def coverage_command(
    games: int, players: str, bots: str, seed: int, content: str | None, fmt: str
) -> None:
    """Play bot games and report content that never fired."""
    counts = player_counts(players)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    rules = load_rules_or_exit(content)
    started = time.perf_counter()
    try:
        report = run_coverage(rules, games, list(counts), names, seed)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from None
    data = summary(report)
    data["seconds"] = round(time.perf_counter() - started, 2)
    if fmt == "json":
        click.echo(json.dumps(data, indent=1))
        return
    click.echo(
        f"{games} games ({', '.join(map(str, counts))} players; bots {', '.join(names)})"
        f" in {data['seconds']}s; {report.stalls} stalls"
    )
    for kind, v in data["items"].items():
        click.echo(f"  {kind:<12} {v['fired']:>3} of {v['total']:>3} items fired")
    never = data["never_fired"]
    if never:
        click.echo(f"{len(never)} clauses never fired:")
        for c in never:
            click.echo(f"  {c['at']}: {c['item']} clause {c['clause']}: {c['text']}")
    else:
        click.echo("every clause fired at least once")
