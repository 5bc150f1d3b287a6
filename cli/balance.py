"""`lastlight balance`: win shares with 95% intervals, light by source, game length; a
terminal summary plus HTML / Markdown / JSON files; `--check bands.yaml` gates CI."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from lastlight.cli._args import output_file, player_counts
from lastlight.cli._content import content_option
from lastlight.cli._lab import (
    bot_names,
    check_player_counts,
    make_spec,
    provenance,
    run_rows,
    sweep_options,
)
from lastlight.interpreter.load.errors import Loc
from lastlight.interpreter.load.fileio import write_atomic

if TYPE_CHECKING:
    from lastlight.interpreter.tools.lab.bands import Band, Broken
    from lastlight.interpreter.tools.lab.report import BalanceReport, Row
    from lastlight.interpreter.tools.lab.restricted_bands import Outcome, RestrictedBand
    from lastlight.interpreter.tools.lab.robust import RobustReport


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
@click.option(
    "--restricted",
    is_flag=True,
    help="Also gate the bands file's restricted: section (restricted play of each faction,"
    " achievement and technology it names, at every count; docs/robustness.md).",
)
@click.option(
    "--restricted-games",
    type=click.IntRange(1, 1_000_000),
    help="Pairs per item per count for --restricted (default: each band's games).",
)
@click.option(
    "--restricted-players",
    callback=lambda c, p, v: player_counts(v) if v else None,
    help="Player counts for --restricted (default: the run's --players).",
)
@click.option(
    "--robust",
    "robust_bots",
    callback=lambda c, p, v: bot_names(v) if v else None,
    metavar="BOTS",
    help="A second bot population (e.g. search) played on the same seeds: each verdict shown"
    " under both, the ones that flip flagged.",
)
@click.option(
    "--robust-games",
    type=click.IntRange(1, 10_000_000),
    help="Paired games of the --robust population (default: --games); the first ones of the run.",
)
@click.option(
    "--robust-results",
    type=click.Path(exists=True, dir_okay=False),
    help="The second population's games from a `lastlight sim` file (same pack, seed, counts)"
    " instead of playing them.",
)
def balance_command(
    results: str | None,
    outputs: tuple[str, ...],
    fmt: str,
    plots_dir: str | None,
    bands_file: str | None,
    **opts: Any,
) -> None:
    """Balance figures of RESULTS (a `lastlight sim` Parquet file), or of a fresh sweep.
    --check gates the figures on a bands file (and with --restricted, restricted play);
    --robust BOTS shows each verdict under a second bot population on the same seeds."""
    from lastlight.interpreter.tools.lab.report import BalanceReport

    for out in outputs:
        if Path(out).suffix.lower() not in (".html", ".htm", ".md", ".json"):
            raise click.BadParameter(f"{out}: name a .html, .md or .json file", param_hint="-o")
    _check_options(bands_file, opts)
    bands = _load_bands(bands_file) if bands_file else None
    rbands = _load_restricted(bands_file, opts["restricted"]) if bands_file else []
    if results:
        rows, meta, content_root = _read_rows(results, opts["content"])
        run = _Run.of_meta(meta, str(content_root), opts)
    else:
        spec = make_spec(opts["content"], opts["games"], opts["players"], opts["bots"],
                         opts["seed"])  # fmt: skip
        rows = run_rows(spec, opts["jobs"], opts["ray_address"])
        meta = provenance(spec)
        content_root = spec.content
        run = _Run(spec.content, spec.players, spec.bots, spec.seed, opts)
    locs = {}
    if (bands_file or opts["robust_bots"] or opts["robust_results"]) and content_root:
        locs = _item_locs(str(content_root)) if Path(content_root).is_dir() else {}
    report = BalanceReport.from_rows(rows, meta)
    extra = _Extra()
    if opts["robust_bots"] or opts["robust_results"]:
        extra.robust, extra.robust_breaches = _robust(run, rows, bands, locs, opts)
    if opts["restricted"]:
        extra.restricted, extra.restricted_bot, extra.restricted_seconds = _restricted(
            run, rbands, locs, opts
        )
    _write_reports(report, outputs, plots_dir)
    _print_report(report, fmt, extra, bands, locs)
    if bands is not None:
        _gate(bands, report, locs, fmt, extra)


@dataclass
class _Run:
    """What the figures were played with (a fresh sweep, or a results file's provenance)."""

    content: str
    players: tuple[int, ...]
    bots: tuple[str, ...]
    seed: int
    opts: dict[str, Any]

    @classmethod
    def of_meta(cls, meta: dict[str, Any], content: str, opts: dict[str, Any]) -> _Run:
        if opts["restricted"] or opts["robust_bots"] or opts["robust_results"]:
            missing = [k for k in ("players", "bots", "seed") if k not in meta]
            if missing:
                click.echo(f"lastlight: the results file does not record its {missing[0]}:"
                           " --robust and --restricted replay its seeds", err=True)  # fmt: skip
                sys.exit(1)
        return cls(content, tuple(meta.get("players", ())), tuple(meta.get("bots", ())),
                   int(meta.get("seed", 0)), opts)  # fmt: skip

    @property
    def jobs(self) -> int:
        from lastlight.interpreter.tools.lab.run import default_jobs

        return int(self.opts["jobs"]) or default_jobs()


@dataclass
class _Extra:
    """The robustness report and the restricted cases, when asked for."""

    robust: RobustReport | None = None
    robust_breaches: list[Broken] = field(default_factory=list)
    restricted: list[Outcome] | None = None
    restricted_bot: str = ""
    restricted_seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.robust is not None:
            out["robust"] = self.robust.to_json()
        if self.restricted is not None:
            out["restricted"] = {
                "bot": self.restricted_bot,
                "seconds": round(self.restricted_seconds, 1),
                "interval": "forced - free: 95% t over the pairs; each arm: 95% Wilson",
                "cases": [o.to_json() for o in self.restricted],
            }
        return out

    def text_tables(self) -> str:
        parts = []
        if self.robust is not None:
            from lastlight.interpreter.tools.lab.robust import render_text

            parts.append(render_text(self.robust))
        if self.restricted is not None:
            from lastlight.interpreter.tools.lab.restricted_bands import render_table

            parts.append(render_table(self.restricted, self.restricted_bot))
        return "\n\n".join(parts)


def _check_options(bands_file: str | None, opts: dict[str, Any]) -> None:
    """Options that need one another, as usage errors before any game."""
    if opts["restricted_games"] or opts["restricted_players"]:
        opts["restricted"] = True
    if opts["restricted"] and not bands_file:
        raise click.BadParameter("needs --check BANDS (its restricted: section)",
                                 param_hint="--restricted")  # fmt: skip
    if opts["robust_bots"] and opts["robust_results"]:
        raise click.BadParameter("give --robust BOTS or --robust-results FILE, not both",
                                 param_hint="--robust")  # fmt: skip
    if opts["robust_games"] and not opts["robust_bots"]:
        raise click.BadParameter("needs --robust BOTS", param_hint="--robust-games")


def _robust(
    run: _Run, rows: list[Row], bands: list[Band] | None, locs: dict, opts: dict[str, Any]
) -> tuple[RobustReport, list[Broken]]:
    """The second population's games (played on the run's seeds, or read) and each verdict
    under both; with bands, the second population's own breaches too."""
    from lastlight.interpreter.tools.lab import bands as bands_mod
    from lastlight.interpreter.tools.lab.figures import summarize
    from lastlight.interpreter.tools.lab.robust import PopulationBreach, robust_report
    from lastlight.interpreter.tools.lab.spec import SimSpec

    played = len({r["game"] for r in rows})
    if opts["robust_results"]:
        rows_b, bots_b = _robust_rows(run, opts["robust_results"])
    else:
        games_b = opts["robust_games"] or played
        if games_b > played:
            raise click.BadParameter(f"the robust games are the first of the run's {played}",
                                     param_hint="--robust-games")  # fmt: skip
        bots_b = opts["robust_bots"]
        spec = SimSpec(run.content, run.players, bots_b, run.seed, 0, games_b)
        # small tasks: the second population is usually the slow one, and a run of a few dozen
        # games in the runner's 25-game batches would keep one worker busy and the others idle
        batch = max(1, min(25, games_b // (4 * run.jobs)))
        rows_b = run_rows(spec, opts["jobs"], opts["ray_address"], ",".join(bots_b), batch)
    rep = robust_report(rows, rows_b, list(run.bots), list(bots_b), bands, locs, run.seed)
    if bands is None:
        return rep, []
    figs = summarize([r for r in rows_b if r["game"] < played])
    broken: list[Broken] = [PopulationBreach(b, ",".join(bots_b), rep.games)
              for b in bands_mod.check(bands, figs, locs)]  # fmt: skip
    return rep, broken


def _run_rules(run: _Run) -> Any:
    """The rules of the run's pack; exit 1 with one line if it cannot be loaded (a results file
    made elsewhere records a folder that may not be here)."""
    from lastlight.interpreter.tools.lab.spec import load_rules

    try:
        return load_rules(run.content)
    except ValueError as exc:
        click.echo(f"lastlight: the run's content pack cannot be used: {exc}; give --content "
                   "PACK (the pack its games were played with)", err=True)  # fmt: skip
        sys.exit(1)


def _robust_rows(run: _Run, path: str) -> tuple[list[Row], tuple[str, ...]]:
    """`--robust-results`: the second population's rows, refused (exit 1) unless played on the
    run's pack, seed and player counts."""

    rows, meta = _read_rows(path, run.content)[:2]
    digest = _run_rules(run).pack.digest
    for what, mine, theirs in (
        ("seed", run.seed, meta.get("seed")),
        ("player counts", list(run.players), meta.get("players")),
        ("pack (content digest)", digest, meta.get("content_digest")),
    ):
        if mine != theirs:
            click.echo(f"lastlight: {path} was not played on the same {what} ({theirs} here,"
                       f" {mine} in the run): its games are not paired", err=True)  # fmt: skip
            sys.exit(1)
    return rows, tuple(meta.get("bots", ()))


def _load_restricted(bands_file: str, asked: bool) -> list[RestrictedBand]:
    """The file's restricted: section, read (and so checked) even when it is not played: exit
    1 at a mistake's file:line:col, or if --restricted is asked of a file without one; a note
    when it is there but not asked for."""
    from lastlight.interpreter.tools.lab import restricted_bands as rb

    try:
        rbands = rb.load_restricted(bands_file)
    except rb.BandsError as exc:
        click.echo(f"{exc}", err=True)
        sys.exit(1)
    if asked and not rbands:
        click.echo(f"{bands_file}:1:1: --restricted: the file has no restricted: section",
                   err=True)  # fmt: skip
        sys.exit(1)
    if rbands and not asked:
        click.echo(f"note: {len(rbands)} restricted band(s) of {bands_file} not played"
                   " (--restricted plays them)", err=True)  # fmt: skip
    return rbands


def _restricted(
    run: _Run, rbands: list[RestrictedBand], locs: dict, opts: dict[str, Any]
) -> tuple[list[Outcome], str, float]:
    """Every case of the bands file's restricted: section, played and put under its band."""
    from lastlight.interpreter.tools.lab import restricted_bands as rb
    from tqdm import tqdm

    if len(run.bots) != 1:
        raise click.BadParameter(f"restricted play seats one bot in every seat, not"
                                 f" {','.join(run.bots)}", param_hint="--bots")  # fmt: skip
    rules = _run_rules(run)
    players = opts["restricted_players"] or run.players
    check_player_counts(rules, players)
    try:
        planned = rb.plan(rbands, rules, players, opts["restricted_games"])
    except rb.BandsError as exc:
        click.echo(f"{exc}", err=True)
        sys.exit(1)
    cases = [case for _band, case in planned]
    started = time.perf_counter()
    with tqdm(total=len(set(cases)), desc="restricted", unit="case", disable=None,
              file=sys.stderr) as bar:  # fmt: skip
        try:
            summaries = rb.run_cases(cases, run.content, run.bots[0], run.seed, run.jobs,
                                     opts["ray_address"], lambda _c: bar.update())  # fmt: skip
        except ValueError as exc:
            click.echo(f"lastlight: {exc}", err=True)
            sys.exit(1)
    seconds = time.perf_counter() - started
    _restricted_notes(summaries, seconds)
    return rb.check(planned, summaries, locs), run.bots[0], seconds


def _restricted_notes(summaries: dict, seconds: float) -> None:
    """What the restricted run cost, and each case that found fewer pairs than asked."""
    pairs = sum(s["pairs"] for s in summaries.values())
    deals = sum(s["deals"] for s in summaries.values())
    click.echo(f"restricted play: {len(summaries)} case(s), {pairs} pairs ({2 * pairs} games"
               f" at most) from {deals} deals in {seconds:.1f} s"
               f" ({seconds / max(1, len(summaries)):.1f} s a case)", err=True)  # fmt: skip
    for case, s in summaries.items():
        if s["pairs"] < case.games:
            click.echo(f"{case.item} was offered to the forced seat in {s['pairs']} of"
                       f" {s['deals']} deals at {case.players} players (asked for"
                       f" {case.games})", err=True)  # fmt: skip


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


def _print_report(
    report: BalanceReport, fmt: str, extra: _Extra, bands: list[Band] | None, locs: dict
) -> None:
    """The report in the format asked; with --robust and --restricted their tables after it
    (JSON: one document holding everything, breaches included)."""
    from lastlight.interpreter.tools.lab.report import render_json, render_markdown, render_text

    if fmt == "json":
        data = json.loads(render_json(report))
        data.update(extra.to_json())
        if bands is not None:
            data["breaches"] = [
                {"loc": str(b.loc), "code": b.code, "message": b.message()}
                for b in _all_breaches(bands, report, locs, extra)
            ]
        click.echo(json.dumps(data, indent=1, sort_keys=True))
        return
    if fmt == "markdown":
        click.echo(render_markdown(report), nl=False)
    elif fmt == "text":
        click.echo(render_text(report))
    tables = extra.text_tables()
    if tables and fmt in ("text", "markdown"):
        fence = ("```text\n", "\n```") if fmt == "markdown" else ("", "")
        click.echo(f"\n{fence[0]}{tables}{fence[1]}")
    if fmt == "github" and extra.robust is not None:
        from lastlight.interpreter.tools.lab.robust import render_github

        annotations = render_github(extra.robust)
        if annotations:
            click.echo(annotations)


def _all_breaches(
    bands: list[Band], report: BalanceReport, locs: dict, extra: _Extra
) -> list[Broken]:
    from lastlight.interpreter.tools.lab import bands as bands_mod

    out: list[Broken] = list(bands_mod.check(bands, report.figures, locs))
    out += extra.robust_breaches
    if extra.restricted is not None:
        from lastlight.interpreter.tools.lab.restricted_bands import breaches

        out += breaches(extra.restricted)
    return out


def _gate(bands: list[Band], report: BalanceReport, locs: dict, fmt: str, extra: _Extra) -> None:
    """`--check`: list the figures whose whole interval leaves its band (and, with --robust,
    under the second population; with --restricted, the restricted cases) and exit 1, or say
    all are within."""
    from lastlight.interpreter.tools.lab import bands as bands_mod

    breaches = _all_breaches(bands, report, locs, extra)
    checked = f"{len(bands)} band(s)"
    if extra.restricted is not None:
        checked += f", {len(extra.restricted)} restricted case(s)"
    if breaches:
        if fmt != "json":
            click.echo(bands_mod.render(breaches, "github" if fmt == "github" else "text"))
        click.echo(f"{len(breaches)} figure(s) outside their band ({checked})", err=True)
        sys.exit(1)
    click.echo(f"every figure is within its band ({checked})", err=True)
