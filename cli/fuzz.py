"""`lastlight fuzz`: random games under watch, mutated packs and mutated replays."""

from __future__ import annotations

import resource
import signal
import sys
from pathlib import Path

import click
from lastlight.cli._args import SEED, FiniteFloatRange, player_counts
from lastlight.interpreter.load.errors import ContentError
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.fuzz.run import Tally, request_stop, run_parallel
from lastlight.interpreter.tools.lab.run import default_jobs


@click.command()
@click.option(
    "--minutes",
    type=FiniteFloatRange(0, 24 * 60),
    default=1.0,
    show_default=True,
    help="Stop after this long, targets met or not.",
)
@click.option(
    "--games",
    type=click.IntRange(0, 100_000_000),
    default=100_000,
    show_default=True,
    help="Random games to play (2, 3 and 4 players in turn).",
)
@click.option(
    "--packs",
    type=click.IntRange(0, 100_000_000),
    default=10_000,
    show_default=True,
    help="Mutated content packs to load (and play when they load clean).",
)
@click.option(
    "--replays",
    type=click.IntRange(0, 100_000_000),
    default=10_000,
    show_default=True,
    help="Mutated replays to read and verify.",
)
@click.option(
    "--scenarios",
    type=click.IntRange(0, 100_000_000),
    default=10_000,
    show_default=True,
    help="Mutated scenario files to lint and run (seats out of range, floats, huge numbers).",
)
@click.option("--players", "-n", default="2,3,4", show_default=True, help="Player counts.")
@click.option(
    "--seed", type=SEED, default=0, show_default=True, help="Seeds of games and mutations."
)
@click.option(
    "--replay-every",
    type=click.IntRange(0, 100_000_000),
    default=10,
    show_default=True,
    help="Re-play every Nth game from its replay (0: never).",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(0, 512),
    default=1,
    show_default=True,
    help="Worker processes (0: one per core). A seed names the same games and mutations for "
    "any value.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default="fuzz-findings",
    show_default=True,
    help="Folder for reproducers of anything found.",
)
@click.option(
    "--content",
    type=click.Path(exists=True, file_okay=False),
    help="Content folder (default: the shipped content).",
)
def fuzz_command(
    minutes: float,
    games: int,
    packs: int,
    replays: int,
    scenarios: int,
    players: str,
    seed: int,
    replay_every: int,
    jobs: int,
    out: str,
    content: str | None,
) -> None:
    """Play random games checking invariants, JSON round-trips and replays, and load mutated
    packs, replays and scenario files (hostile ones too: links, devices, deep folders, floats
    for integers, huge integers, seats out of range); any crash, hang or broken invariant is
    written out as a reproducer. Exit 0 when nothing was found, 1 otherwise."""
    counts = player_counts(players)
    # A run was once killed by the kernel's OOM killer at 24 GB with no reproducer: with a cap,
    # a memory blow-up is a MemoryError, caught and written out like any crash.
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = 4 << 30 if hard == resource.RLIM_INFINITY else min(4 << 30, hard)
    old_term = signal.getsignal(signal.SIGTERM)
    old_int = signal.getsignal(signal.SIGINT)
    if soft == resource.RLIM_INFINITY or soft > cap:
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)

    def progress(tally: Tally) -> None:
        click.echo(f"  … {tally.line()}", err=True)

    try:
        tally = run_parallel(
            Path(content) if content else content_dir(),
            jobs=jobs or default_jobs(),
            seconds=minutes * 60,
            games=games,
            packs=packs,
            replays=replays,
            scenarios=scenarios,
            seed=seed,
            out=Path(out),
            players=counts,
            replay_every=replay_every,
            progress=progress,
        )
    except ContentError as exc:
        for diag in exc.diagnostics:
            click.echo(diag.render(), err=True)
        click.echo("lastlight fuzz: the content to fuzz must lint clean", err=True)
        sys.exit(1)
    finally:
        # the cap and the handlers are this run's, not the caller's (a test runner, a script)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        signal.signal(signal.SIGTERM, old_term)
        signal.signal(signal.SIGINT, old_int)
    _report(tally, out)


def _report(tally: Tally, out: str) -> None:
    """The figures, the reproducers written, and the exit code (1 when anything was found)."""
    click.echo(tally.line())
    if tally.files:
        click.echo(f"reproducers written to {out}/:")
        for path in tally.files:
            click.echo(f"  {path}")
    sys.exit(1 if tally.bad else 0)
