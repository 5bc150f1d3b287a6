"""Options and helpers shared by the balance-lab commands (sim, balance, ablate, diff)."""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from lastlight.cli._args import SEED, bot_error_option, player_counts
from lastlight.cli._content import load_rules_or_exit
from lastlight.interpreter.agents import BOTS, BotNotFound, is_program_bot, resolve_bot
from lastlight.interpreter.tools.lab.spec import SimSpec

Row = dict[str, Any]


def bot_names(value: str) -> tuple[str, ...]:
    """A comma list of bot names, each known (a usage error names the first that is not)."""
    names = tuple(b.strip() for b in value.split(",") if b.strip())
    for name in names:
        if is_program_bot(name):
            try:
                resolve_bot(name)
            except BotNotFound as exc:
                raise click.BadParameter(str(exc)) from None
        elif name not in BOTS:
            raise click.BadParameter(f"unknown bot '{name}' (one of: {', '.join(BOTS)})")
    if not names:
        raise click.BadParameter("name at least one bot")
    return names


def sweep_options(default_games: int) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """--games --players --bots --seed --jobs --ray (the sweep; content is per command)."""

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        options = [
            click.option(
                "--games",
                "-g",
                type=click.IntRange(1, 10_000_000),
                default=default_games,
                show_default=True,
                help="Games to play.",
            ),
            click.option(
                "--players",
                "-n",
                default="4",
                show_default=True,
                callback=lambda c, p, v: player_counts(v),
                help="Player count, or a comma list to mix (2,3,4).",
            ),
            click.option(
                "--bots",
                default="heuristic",
                show_default=True,
                callback=lambda c, p, v: bot_names(v),
                help="Bot names, seated in rotation (from the bot registry, or cmd:PROGRAM).",
            ),
            bot_error_option,
            click.option("--seed", type=SEED, default=0, show_default=True, help="Master seed."),
            click.option(
                "--jobs",
                "-j",
                type=click.IntRange(0, 512),
                default=0,
                show_default=True,
                help="Worker processes (0: one per core). Rows are the same for any value.",
            ),
            click.option(
                "--ray",
                "ray_address",
                is_flag=False,
                flag_value="",
                default=None,
                metavar="[ADDRESS]",
                help="Run the batches as Ray tasks: a local instance, or a cluster address"
                " (auto, ray://HOST:10001).",
            ),
        ]
        for opt in reversed(options):
            fn = opt(fn)
        return fn

    return wrap


def make_spec(
    content: str | None,
    games: int,
    players: tuple[int, ...],
    bots: tuple[str, ...],
    seed: int,
    blank: tuple[str, ...] = (),
) -> SimSpec:
    """A checked spec: broken content prints located diagnostics and exits 1."""
    from lastlight.interpreter.tools.lab.spec import keep_loaded

    rules = load_rules_or_exit(content)
    check_player_counts(rules, players)
    root = str(Path(rules.pack.root).resolve())
    keep_loaded(root, rules)  # the sweep plays these rules: the pack is not read again
    return SimSpec(root, players, bots, seed, 0, games, blank)


def check_player_counts(rules: Any, players: tuple[int, ...]) -> None:
    """Every count of `--players` is one the content supports, or a usage error naming it."""
    for n in players:
        if not rules.players_min <= n <= rules.players_max:
            raise click.BadParameter(
                f"this content supports {rules.players_min} to {rules.players_max} players",
                param_hint="--players",
            )


def provenance(spec: SimSpec) -> dict[str, Any]:
    """What a results file was made from: the spec, the pack and its digest, the engine."""
    from importlib.metadata import version

    from lastlight.interpreter.tools.lab.spec import load_rules

    meta = spec.provenance()
    meta["content"] = spec.content
    meta["content_digest"] = load_rules(spec.content).pack.digest  # sha256 prefix, as replays
    meta["engine"] = f"lastlight {version('lastlight')}"
    return meta


def run_rows(
    spec: SimSpec, jobs: int, ray_address: str | None, label: str = "", batch: int = 0
) -> list[Row]:
    """Play the sweep with a progress bar (tqdm on stderr, off when stderr is not a terminal).
    `batch`: games a task (0: the runner's default)."""
    from lastlight.interpreter.tools.lab.run import run_sweep

    def play(progress: Callable[[int], None] | None) -> list[Row]:
        try:
            kw = {"batch": batch} if batch else {}
            return run_sweep(spec, jobs, ray_address=ray_address, progress=progress, **kw)
        except ValueError as exc:
            click.echo(f"lastlight: {exc}", err=True)
            sys.exit(1)

    if not sys.stderr.isatty():  # tqdm would draw nothing (disable=None): not even imported
        return play(None)
    from tqdm import tqdm

    desc = label or ("ray" if ray_address is not None else "games")
    with tqdm(total=spec.games, desc=desc, unit="game", disable=None, file=sys.stderr) as bar:
        return play(bar.update)


def timed(fn: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(fn)
    def inner(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        out = fn(*args, **kwargs)
        return out, time.perf_counter() - started

    return inner


def change_text(group: str, key: str, old: float, new: float, lo: float, hi: float) -> str:
    """'old -> new  change d [lo, hi]', in points for shares and rates, plain for means."""
    share = group not in ("light", "game", "quality") or key in (
        "stalled",
        "shared win",
        "comeback",
        "last round decided",
    )
    if lo != lo or hi != hi:  # NaN: too few games for the bootstrap
        lo_hi = "[too few games for an interval]"
        if share:
            return f"{100 * old:.1f}% -> {100 * new:.1f}%  change {100 * (new - old):+.1f} {lo_hi}"
        return f"{old:.2f} -> {new:.2f}  change {new - old:+.2f} {lo_hi}"
    if share:
        return (
            f"{100 * old:.1f}% -> {100 * new:.1f}%  change {100 * (new - old):+.1f}"
            f" points [{100 * lo:+.1f}, {100 * hi:+.1f}]"
        )
    return f"{old:.2f} -> {new:.2f}  change {new - old:+.2f} [{lo:+.2f}, {hi:+.2f}]"
