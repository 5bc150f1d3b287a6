"""`lastlight sim`: play many bot games and write one row per player per game."""

from __future__ import annotations

import time
from pathlib import Path

import click
from lastlight.cli._args import output_file
from lastlight.cli._content import content_option
from lastlight.cli._lab import make_spec, provenance, run_rows, sweep_options
from lastlight.interpreter.tools.lab.rows import to_table, write_results, write_rows_csv


@click.command()
@sweep_options(default_games=200)
@content_option
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    default="results.parquet",
    show_default=True,
    help="Parquet, or CSV when the name ends in .csv.",
    callback=output_file,
)
def sim_command(
    games: int,
    players: tuple[int, ...],
    bots: tuple[str, ...],
    seed: int,
    jobs: int,
    ray_address: str | None,
    content: str | None,
    output: str,
) -> None:
    """Play GAMES bot games in parallel and write one row per player per game."""
    spec = make_spec(content, games, players, bots, seed)
    started = time.perf_counter()
    rows = run_rows(spec, jobs, ray_address)
    seconds = time.perf_counter() - started
    try:
        if Path(output).suffix.lower() == ".csv":  # (a CSV file has no provenance)
            write_rows_csv(rows, output)
        else:
            write_results(to_table(rows, provenance(spec)), output)
    except OSError as exc:
        click.echo(f"lastlight: cannot write {output}: {exc.strerror or exc}", err=True)
        raise SystemExit(1) from None
    where = "ray" if ray_address is not None else f"jobs {jobs or 'auto'}"
    click.echo(
        f"{games} games, {len(rows)} rows -> {output} in {seconds:.1f}s"
        f" ({games / seconds:.1f} games/s, {where})"
    )
