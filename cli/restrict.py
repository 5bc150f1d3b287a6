"""`lastlight restrict ITEM...`: an item's strength when a seat is made to keep it (or never to
keep it), against the same bot's free choice on the same seeds."""

from __future__ import annotations

import difflib
import json
import sys
from typing import Any

import click
from lastlight.cli._args import SEED, player_counts
from lastlight.cli._content import content_option, load_rules_or_exit
from lastlight.cli._lab import check_player_counts

KINDS = ("faction", "achievement", "technology")


def _row(s: dict[str, Any]) -> str:
    f_lo, f_hi = s["forced_interval"]
    b_lo, b_hi = s["free_interval"]
    c_lo, c_hi = s["change_interval"]
    return (
        f"{s['item']:<22} {s['players']}p {s['mode']:<5} {s['pairs']:>5} {s['deals']:>6}"
        f"  {100 * s['forced_share']:5.1f}% [{100 * f_lo:4.1f}, {100 * f_hi:4.1f}]"
        f"  {100 * s['free_share']:5.1f}% [{100 * b_lo:4.1f}, {100 * b_hi:4.1f}]"
        f"  {100 * s['change']:+6.1f} [{100 * c_lo:+6.1f}, {100 * c_hi:+6.1f}]"
        f"  {s.get('free_kept', s.get('free_manufactured')):>4}/{s['pairs']}"
    )


HEADER = (
    f"{'item':<22} n  mode  pairs  deals  forced win [95% Wilson]  free win [95% Wilson]"
    "  forced-free points [95% t]  free kept/made"
)


def _check_item(rules: Any, item: str) -> None:
    """A usage error unless ITEM is a faction, achievement or technology id of the pack."""
    card = rules.cards.get(item)
    if card is not None and card.kind in KINDS:
        return
    ids = sorted(c.id for c in rules.cards.values() if c.kind in KINDS)
    close = difflib.get_close_matches(item, ids, n=3)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    raise click.BadParameter(f"'{item}' is not a faction, achievement or technology id{hint}",
                             param_hint="ITEM")  # fmt: skip


@click.command()
@click.argument("items", nargs=-1, required=True, metavar="ITEM...")
@click.option("--never", is_flag=True,
              help="The seat must never keep (manufacture) ITEM (default: must).")  # fmt: skip
@click.option(
    "--games",
    "-g",
    type=click.IntRange(1, 1_000_000),
    default=100,
    show_default=True,
    help="Paired deals per item and player count (each played forced and free).",
)
@click.option(
    "--players",
    "-n",
    default="4",
    show_default=True,
    callback=lambda c, p, v: player_counts(v),
    help="Player count, or a comma list.",
)
@click.option("--bot", default="planner", show_default=True, help="The bot in every seat.")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Master seed of the deals.")
@click.option("--jobs", "-j", type=click.IntRange(1, 512), default=1, show_default=True,
              help="Worker processes. The figures are the same for any value.")  # fmt: skip
@content_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def restrict_command(
    items: tuple[str, ...],
    never: bool,
    games: int,
    players: tuple[int, ...],
    bot: str,
    seed: int,
    jobs: int,
    content: str | None,
    fmt: str,
) -> None:
    """Deal games until the forced seat (seat game mod players) is offered ITEM, a faction,
    achievement or technology id; play each deal twice, the seat made to keep ITEM (--never: to
    keep another) and free; report both win shares and their paired difference with 95%
    intervals, and how often the free bot kept ITEM. A technology is forced at each of the
    seat's manufacture decisions that offer it (--never: refused there); a deal in which it is
    never offered costs a game and is dropped. Measures "the item is weak" apart from "the bot
    misjudges it"."""
    from lastlight.interpreter.agents import BotNotFound, resolve_bot
    from lastlight.interpreter.tools.lab.restrict import run

    rules = load_rules_or_exit(content)
    try:
        resolve_bot(bot)
    except BotNotFound as exc:
        raise click.BadParameter(str(exc), param_hint="--bot") from None
    for item in items:
        _check_item(rules, item)
    check_player_counts(rules, players)
    root = str(rules.pack.root)
    out = []
    if fmt == "text":
        click.echo(HEADER)
    for item in items:
        for n in players:
            summary = run(root, item, n, bot, seed, games, never, jobs).summary()
            out.append(summary)
            if summary["pairs"] < games:
                click.echo(f"{item} was offered to the forced seat in {summary['pairs']} of"
                           f" {summary['deals']} deals at {n} players (asked for {games})",
                           err=True)  # fmt: skip
                if not summary["pairs"]:
                    sys.exit(1)
            if fmt == "text":
                click.echo(_row(summary))
    if fmt == "json":
        click.echo(json.dumps(out, indent=1))
