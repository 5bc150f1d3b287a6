"""`lastlight record REPLAY --step N [--until M] [-o FILE]`: a moment of a game as a scenario."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from lastlight.cli._content import content_option, load_rules_or_exit
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.replay import ReplayError, load_replay
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.fileio import write_atomic
from lastlight.interpreter.tools.record import RecordError, record


@click.command()
@click.argument("replay_file", type=click.Path(dir_okay=False))
@click.option(
    "--step",
    "step",
    type=click.IntRange(min=1),
    required=True,
    help="The first decision to record (1-based, as `replay` numbers them).",
)
@click.option(
    "--until",
    "until",
    type=click.IntRange(min=1),
    help="The last decision to record (default: --step).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    help="Write the scenario here (default: print it).",
)
@click.option("--no-shrink", is_flag=True, help="Keep every setup entry that differs.")
@content_option
def record_command(
    replay_file: str,
    step: int,
    until: int | None,
    output: str | None,
    no_shrink: bool,
    content: str | None,
) -> None:
    """Write decisions N..M of a replay as a scenario test that `lastlight test` runs."""
    try:
        data = load_replay(replay_file)
    except ReplayError as exc:
        click.echo(f"lastlight: {exc}", err=True)
        sys.exit(1)
    rules = load_rules_or_exit(content)
    try:
        made = record(
            rules,
            data,
            step,
            until,
            name=Path(replay_file).stem,
            source=Path(replay_file).name,
            shrink=not no_shrink,
        )
    except RecordError as exc:
        click.echo(f"lastlight: {replay_file}: {exc}", err=True)
        sys.exit(1)
    if output:
        try:
            write_atomic(output, made.text)
        except OSError as exc:
            click.echo(f"lastlight: cannot write {output}: {exc.strerror or exc}", err=True)
            sys.exit(1)
        click.echo(
            f"{output}: {made.lines_after} lines (from {made.lines_before}; setup entries "
            f"{made.entries_before} -> {made.entries_after}, {made.tests_run} runs)",
            err=True,
        )
    else:
        click.echo(made.text, nl=False)


def record_moment(game: Game, rules: Rules, seats: list[str], folder: str = ".") -> str | None:
    """The terminal game's `r` key: the last decision taken, recorded as a scenario file named
    after the seed and the decision (`moment-s7-d42.yaml`) in `folder`; its path, or None."""
    from lastlight.interpreter.engine.replay import make_replay

    step = len(game.history)
    if step == 0:
        click.echo("  nothing to record yet: no decision has been taken")
        return None
    data = make_replay(game, rules, seats)
    name = f"moment-s{data['seed']}"
    try:
        made = record(
            rules, data, step, name=name, source=f"the terminal game, seed {data['seed']}"
        )
    except RecordError as exc:
        click.echo(f"  cannot record decision {step}: {exc}")
        return None
    path = str(Path(folder) / f"{name}-d{step}.yaml")
    try:
        write_atomic(path, made.text)
    except OSError as exc:
        click.echo(f"  cannot write {path}: {exc.strerror}")
        return None
    click.echo(
        f"  decision {step} recorded in {path} ({made.lines_after} lines);"
        f" run it with `lastlight test {path}`"
    )
    return path
