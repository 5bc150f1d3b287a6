"""`lastlight diff OLD NEW`: what changed between two packs, and what it did to the figures."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

import click
from lastlight.cli._content import load_rules_or_exit
from lastlight.cli._lab import change_text, run_rows, sweep_options

if TYPE_CHECKING:
    from lastlight.interpreter.tools.lab.compare import Moved


def _fmt_change(c: dict) -> str:
    if c["change"] in ("added", "removed"):
        text = "; ".join(c.get("text") or [])
        return f"  {c['change']:<8} {c['kind']} {c['item']}" + (f": {text}" if text else "")
    parts = []
    for name, (before, after) in c["fields"].items():
        if name == "text":
            before, after = "; ".join(before), "; ".join(after)
        parts.append(f"{name} {before} -> {after}")
    return f"  changed  {c['kind']} {c['item']}: " + ", ".join(parts)


@click.command()
@click.argument("old")
@click.argument("new")
@sweep_options(default_games=300)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option("--all", "show_all", is_flag=True, help="List every figure, not only those moved.")
def diff_command(
    old: str,
    new: str,
    games: int,
    players: tuple[int, ...],
    bots: tuple[str, ...],
    seed: int,
    jobs: int,
    ray_address: str | None,
    fmt: str,
    show_all: bool,
) -> None:
    """OLD and NEW are pack folders or git revisions (REV for its content/, REV:PATH). Lists
    items added, removed and changed, then plays both packs on the same seeds and shows which
    figures moved beyond their intervals."""
    from lastlight.cli._lab import make_spec
    from lastlight.interpreter.tools.lab.packsrc import PackSourceError, pack_folder

    try:
        with pack_folder(old) as old_dir, pack_folder(new) as new_dir:
            # scipy and friends load once both packs are found: a wrong name fails at once
            from lastlight.interpreter.tools.lab.compare import compare_rows, item_changes

            r_old, r_new = load_rules_or_exit(str(old_dir)), load_rules_or_exit(str(new_dir))
            changes = item_changes(r_old, r_new)
            spec_old = make_spec(str(old_dir), games, players, bots, seed)
            spec_new = make_spec(str(new_dir), games, players, bots, seed)
            rows_old = run_rows(spec_old, jobs, ray_address, label="old")
            rows_new = run_rows(spec_new, jobs, ray_address, label="new")
    except PackSourceError as exc:
        click.echo(f"lastlight: {exc}", err=True)
        sys.exit(1)
    moved = compare_rows(rows_old, rows_new, seed=seed)
    shown = [m for m in moved if show_all or m.moved]
    if fmt == "json":
        out = {
            "old": old,
            "new": new,
            "games": games,
            "items": changes,
            "figures": [m.to_json() for m in shown],
        }
        click.echo(json.dumps(out, indent=1, default=list))
        return
    _print_changes(changes, old, new)
    _print_figures(moved, shown, games)


def _print_changes(changes: list[dict[str, Any]], old: str, new: str) -> None:
    click.echo(
        f"{len(changes)} item(s) differ between {old} and {new}:"
        if changes
        else f"no item differs between {old} and {new}"
    )
    for c in changes:
        click.echo(_fmt_change(c))


def _print_figures(moved: list[Moved], shown: list[Moved], games: int) -> None:
    """How many figures moved, then each figure shown with its change and interval."""
    click.echo(
        f"{sum(m.moved for m in moved)} of {len(moved)} figures moved on {games} paired games"
        " (change new - old, 95% paired-bootstrap interval; moved = interval excludes 0 at"
        f" the family-wise level over {len(moved)} figures):"
    )
    for m in shown:
        c = m.change
        body = change_text(m.group, m.key, c.old, c.new, c.lo, c.hi)
        mark = "MOVED " if m.moved else "      "
        click.echo(f"  {mark}{m.group:<16} {m.key:<24} {body}  n={m.n_old}/{m.n_new}")
    if not any(m.moved for m in moved):
        click.echo("  nothing moved beyond its interval")
