"""`lastlight balance`: win shares with 95% intervals, light by source, game length; a
terminal summary plus HTML / Markdown / JSON files; `--check bands.yaml` gates CI."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from lastlight.cli._content import content_option
from lastlight.cli._lab import make_spec, provenance, run_rows, sweep_options
from lastlight.interpreter.load.errors import Loc


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
    out = Path(path)
    tmp = out.with_name(out.name + ".partial")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(out)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
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
    from lastlight.interpreter.tools.lab import bands as bands_mod
    from lastlight.interpreter.tools.lab.report import (
        BalanceReport,
        render_html,
        render_json,
        render_markdown,
        render_text,
    )
    from lastlight.interpreter.tools.lab.rows import read_results

    for out in outputs:
        if Path(out).suffix.lower() not in (".html", ".htm", ".md", ".json"):
            raise click.BadParameter(f"{out}: name a .html, .md or .json file", param_hint="-o")
    bands = None
    if bands_file:
        try:
            bands = bands_mod.load_bands(bands_file)
        except bands_mod.BandsError as exc:
            click.echo(f"{exc}", err=True)
            sys.exit(1)
    if results:
        try:
            rows, meta = read_results(results)
        except (ValueError, OSError) as exc:
            click.echo(f"lastlight: {results}: cannot read results: {exc}", err=True)
            sys.exit(1)
        content_root = meta.get("content") or content
        if not rows:
            click.echo(f"lastlight: {results} holds no games", err=True)
            sys.exit(1)
    else:
        spec = make_spec(content, games, players, bots, seed)
        rows = run_rows(spec, jobs, ray_address)
        meta = provenance(spec)
        content_root = spec.content
    report = BalanceReport.from_rows(rows, meta)
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
    if fmt == "json":
        click.echo(render_json(report))
    elif fmt == "markdown":
        click.echo(render_markdown(report), nl=False)
    elif fmt == "text":
        click.echo(render_text(report))
    if bands is None:
        return
    locs = {}
    if content_root and Path(content_root).is_dir():
        locs = _item_locs(str(content_root))
    breaches = bands_mod.check(bands, report.figures, locs)
    if breaches:
        click.echo(bands_mod.render(breaches, "github" if fmt == "github" else "text"))
        click.echo(f"{len(breaches)} figure(s) outside their band", err=True)
        sys.exit(1)
    click.echo(f"every figure is within its band ({len(bands)} band(s))", err=True)
