"""`lastlight balance`: win shares with 95% intervals, light by source, game length; a
terminal summary plus HTML / Markdown / JSON files; `--check bands.yaml` gates CI."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from lastlight.cli._args import output_file
from lastlight.cli._content import content_option
from lastlight.cli._lab import make_spec, provenance, run_rows, sweep_options
from lastlight.interpreter.load.errors import Loc
from lastlight.interpreter.load.fileio import write_atomic

if TYPE_CHECKING:
    from lastlight.interpreter.tools.lab.bands import Band
    from lastlight.interpreter.tools.lab.report import BalanceReport, Row


def _item_locs(content: str) -> dict[str, Loc]:
    from lastlight.interpreter.tools.lab.spec import load_rules

    pack = load_rules(content).pack
    out = {}
    for item_id, (_kind, item) in pack.items.items():
        loc = item.loc
        path = Path(loc.path)
        if path.is_absolute() and path.is_relative_to(Path.cwd()):
            loc = Loc(str(path.relative_to(Path.cwd())), loc.line, loc.col)
        out[item_id] = loc
    return out


def _write(path: str, text: str) -> None:
    try:
        write_atomic(path, text)
    except OSError as exc:
        click.echo(f"lastlight: cannot write {path}: {exc.strerror or exc}", err=True)
        sys.exit(1)


@click.command()
@click.argument("results", required=False, type=click.Path(exists=True, dir_okay=False))
@sweep_options(default_games=400)
@content_option
@click.option(
    "-o",
    "--output",
    "outputs",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="report.html, report.md or report.json (repeat for several).",
    callback=output_file,
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "markdown", "json", "github"]),
    default="text",
    show_default=True,
    help="What to print (github: band annotations).",
)
@click.option(
    "--plots",
    "plots_dir",
    type=click.Path(file_okay=False),
    help="Also write each plot as an SVG file into this folder.",
)
@click.option(
    "--check",
    "bands_file",
    type=click.Path(exists=True, dir_okay=False),
    help="A bands file: exit 1 if a figure's whole interval leaves its band.",
)
def balance_command(
    results: str | None,
    games: int,
    players: tuple[int, ...],
    bots: tuple[str, ...],
    seed: int,
    jobs: int,
    ray_address: str | None,
    content: str | None,
    outputs: tuple[str, ...],
    fmt: str,
    plots_dir: str | None,
    bands_file: str | None,
) -> None:
    """Balance figures of RESULTS (a `lastlight sim` Parquet file), or of a fresh sweep."""
    from lastlight.interpreter.tools.lab.report import BalanceReport

    for out in outputs:
        if Path(out).suffix.lower() not in (".html", ".htm", ".md", ".json"):
            raise click.BadParameter(f"{out}: name a .html, .md or .json file", param_hint="-o")
    bands = _load_bands(bands_file) if bands_file else None
    if results:
        rows, meta, content_root = _read_rows(results, content)
    else:
        spec = make_spec(content, games, players, bots, seed)
        rows = run_rows(spec, jobs, ray_address)
        meta = provenance(spec)
        content_root = spec.content
    report = BalanceReport.from_rows(rows, meta)
    _write_reports(report, outputs, plots_dir)
    _print_report(report, fmt)
    if bands is not None:
        _gate(bands, report, content_root, fmt)


def _load_bands(bands_file: str) -> list[Band]:
    """The bands of `--check` (exit 1 with the file's message if it is wrong)."""
    from lastlight.interpreter.tools.lab import bands as bands_mod

    try:
        return bands_mod.load_bands(bands_file)
    except bands_mod.BandsError as exc:
        click.echo(f"{exc}", err=True)
        sys.exit(1)


def _read_rows(results: str, content: str | None) -> tuple[list[Row], dict[str, Any], Any]:
    """The rows and provenance of a results file, and the pack it was played with (exit 1 if the
    file cannot be read or holds no games)."""
    from lastlight.interpreter.tools.lab.rows import read_results

    try:
        rows, meta = read_results(results)
    except (ValueError, OSError) as exc:
        click.echo(f"lastlight: {results}: cannot read results: {exc}", err=True)
        sys.exit(1)
    # the command line's pack first: the file's own record of its pack is only a fallback
    content_root = content or meta.get("content")
    if not rows:
        click.echo(f"lastlight: {results} holds no games", err=True)
        sys.exit(1)
    return rows, meta, content_root


def _write_reports(report: BalanceReport, outputs: tuple[str, ...], plots_dir: str | None) -> None:
    """Each `-o` file in the format its suffix names, and the plots as SVG files."""
    from lastlight.interpreter.tools.lab.report import render_html, render_json, render_markdown

    for out in outputs:
        suffix = Path(out).suffix.lower()
        text = (
            render_json(report)
            if suffix == ".json"
            else render_markdown(report)
            if suffix == ".md"
            else render_html(report)
        )
        _write(out, text)
    if plots_dir:
        import re

        from lastlight.interpreter.tools.lab.report import plots

        Path(plots_dir).mkdir(parents=True, exist_ok=True)
        for title, svg in plots(report):
            slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
            _write(str(Path(plots_dir) / f"{slug}.svg"), svg)


def _print_report(report: BalanceReport, fmt: str) -> None:
    from lastlight.interpreter.tools.lab.report import render_json, render_markdown, render_text

    if fmt == "json":
        click.echo(render_json(report))
    elif fmt == "markdown":
        click.echo(render_markdown(report), nl=False)
    elif fmt == "text":
        click.echo(render_text(report))


def _gate(bands: list[Band], report: BalanceReport, content_root: Any, fmt: str) -> None:
    """`--check`: list the figures whose whole interval leaves its band and exit 1, or say all
    are within."""
    from lastlight.interpreter.tools.lab import bands as bands_mod

    locs = {}
    if content_root and Path(content_root).is_dir():
        locs = _item_locs(str(content_root))
    breaches = bands_mod.check(bands, report.figures, locs)
    if breaches:
        click.echo(bands_mod.render(breaches, "github" if fmt == "github" else "text"))
        click.echo(f"{len(breaches)} figure(s) outside their band", err=True)
        sys.exit(1)
    click.echo(f"every figure is within its band ({len(bands)} band(s))", err=True)
