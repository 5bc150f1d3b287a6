"""`lastlight diff OLD NEW`: what changed between two packs, and what it did to the figures."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import click
from lastlight.cli._content import load_rules_or_exit
from lastlight.cli._lab import bot_names, change_text, run_rows, sweep_options

if TYPE_CHECKING:
    from lastlight.interpreter.tools.lab.compare import Moved
    from lastlight.interpreter.tools.lab.spec import SimSpec


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
@click.option(
    "--robust",
    "robust_bots",
    callback=lambda c, p, v: bot_names(v) if v else None,
    metavar="BOTS",
    help="Also play both packs with a second bot population on the same seeds: each figure's"
    " moved / not moved under both, the ones that differ flagged (docs/robustness.md).",
)
@click.option(
    "--robust-games",
    type=click.IntRange(1, 10_000_000),
    help="Paired games of the --robust population (default: --games); the first ones of the run.",
)
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
    robust_bots: tuple[str, ...] | None,
    robust_games: int | None,
) -> None:
    """OLD and NEW are pack folders or git revisions (REV for its content/, REV:PATH). Lists
    items added, removed and changed, then plays both packs on the same seeds and shows which
    figures moved beyond their intervals."""
    from lastlight.cli._lab import make_spec
    from lastlight.interpreter.tools.lab.packsrc import PackSourceError, pack_folder

    _check_robust(robust_bots, robust_games, games)
    robust_rows: tuple[list[dict], list[dict]] | None = None

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
            if robust_bots:
                spec_old = make_spec(str(old_dir), robust_games or games, players, robust_bots,
                                     seed)  # fmt: skip
                robust_rows = _play_both(spec_old, str(new_dir), jobs, ray_address)
    except PackSourceError as exc:
        click.echo(f"lastlight: {exc}", err=True)
        sys.exit(1)
    moved = compare_rows(rows_old, rows_new, seed=seed)
    shown = [m for m in moved if show_all or m.moved]
    robust = _robust(rows_old, rows_new, robust_rows, seed) if robust_rows else None
    if fmt == "json":
        out = {
            "old": old,
            "new": new,
            "games": games,
            "items": changes,
            "figures": [m.to_json() for m in shown],
        }
        if robust is not None:
            out["robust"] = _robust_json(robust, bots, robust_bots or ())
        click.echo(json.dumps(out, indent=1, default=list))
        return
    _print_changes(changes, old, new)
    _print_figures(moved, shown, games)
    if robust is not None:
        _print_robust(robust, bots, robust_bots or (), show_all)


def _check_robust(bots: tuple[str, ...] | None, robust_games: int | None, games: int) -> None:
    if robust_games and not bots:
        raise click.BadParameter("needs --robust BOTS", param_hint="--robust-games")
    if (robust_games or 0) > games:
        raise click.BadParameter(f"the robust games are the first of the run's {games}",
                                 param_hint="--robust-games")  # fmt: skip


def _play_both(
    spec: SimSpec, new_dir: str, jobs: int, ray_address: str | None
) -> tuple[list[dict], list[dict]]:
    """The second population's games of OLD (spec) and NEW (the same spec on NEW's folder)."""
    from lastlight.interpreter.tools.lab.run import default_jobs

    label = ",".join(spec.bots)
    batch = max(1, min(25, spec.games // (4 * (jobs or default_jobs()))))  # as balance --robust
    return (
        run_rows(spec, jobs, ray_address, f"old {label}", batch),
        run_rows(replace(spec, content=new_dir), jobs, ray_address, f"new {label}", batch),
    )


def _robust_json(
    robust: tuple[int, list[dict[str, Any]]], bots: tuple[str, ...], other: tuple[str, ...]
) -> dict[str, Any]:
    return {"population_a": list(bots), "population_b": list(other), "games": robust[0],
            "figures": robust[1]}  # fmt: skip


def _robust(
    rows_old: list[dict], rows_new: list[dict], robust_rows: tuple[list, list], seed: int
) -> tuple[int, list[dict[str, Any]]]:
    """Moved / not moved under both populations, on the games the second one played."""
    from lastlight.interpreter.tools.lab.compare import compare_rows
    from lastlight.interpreter.tools.lab.robust import diff_verdicts, first_games

    n = len({r["game"] for r in robust_rows[0]})
    moved_a = compare_rows(first_games(rows_old, n), first_games(rows_new, n), seed=seed)
    moved_b = compare_rows(robust_rows[0], robust_rows[1], seed=seed)
    return n, diff_verdicts(moved_a, moved_b)


def _print_robust(
    robust: tuple[int, list[dict[str, Any]]], bots: tuple[str, ...], other: tuple[str, ...],
    show_all: bool,
) -> None:  # fmt: skip
    n, rows = robust
    flips = [r for r in rows if r["flipped"]]
    click.echo(
        f"robustness: on the first {n} paired games, {len(flips)} of {len(rows)} figures moved"
        f" under one population and not the other (A = {','.join(bots)}, B = {','.join(other)}):"
    )
    for r in rows if show_all else [r for r in rows if r["flipped"] or r["a"]["moved"]]:
        a, b = r["a"], r["b"]
        body_a = change_text(r["group"], r["key"], a["old"], a["new"], _nan(a["lo"]), _nan(a["hi"]))
        body_b = change_text(r["group"], r["key"], b["old"], b["new"], _nan(b["lo"]), _nan(b["hi"]))
        click.echo(f"  {'FLIP' if r['flipped'] else '    '} {r['group']:<16} {r['key']:<24}"
                   f" A {'MOVED' if a['moved'] else 'not moved'}: {body_a}"
                   f" | B {'MOVED' if b['moved'] else 'not moved'}: {body_b}")  # fmt: skip


def _nan(x: float | None) -> float:
    return float("nan") if x is None else x


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
