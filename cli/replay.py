"""`lastlight replay FILE`: reproduce a saved game and verify it."""

from __future__ import annotations

import sys

import click
from lastlight.cli._content import content_option, load_rules_or_exit
from lastlight.interpreter.engine.observe import ALL, Reader
from lastlight.interpreter.engine.replay import ReplayError, load_replay, run_replay
from lastlight.interpreter.present.describe import event_line


@click.command()
@click.argument("replay_file", type=click.Path(dir_okay=False))
@content_option
@click.option("--ignore-content", is_flag=True, help="Replay even if the content hash differs.")
@click.option("--log/--no-log", "show_log", default=False, help="Print the game log.")
@click.option(
    "--as",
    "reader",
    default="spectator",
    show_default=True,
    help="Whose log to print: a seat number (that player's secrets and the public events), "
    "'spectator' (public events only) or 'all' (everything, for a designer's review).",
)
def replay_command(
    replay_file: str, content: str | None, ignore_content: bool, show_log: bool, reader: str
) -> None:
    """Re-play a replay file and check it reproduces the recorded result."""
    try:
        data = load_replay(replay_file)
    except ReplayError as exc:
        click.echo(f"lastlight: {exc}", err=True)
        sys.exit(1)
    viewer = _reader(reader, data)
    if data.get("result") is None:
        click.echo(
            f"lastlight: {replay_file}: a game in progress (no result yet), not a finished "
            f"replay: continue it with `lastlight play --resume {replay_file}`",
            err=True,
        )
        sys.exit(1)
    rules = load_rules_or_exit(content)
    try:
        game = run_replay(rules, data, check_content=not ignore_content)
    except ReplayError as exc:
        click.echo(f"lastlight: {replay_file}: {exc}", err=True)
        sys.exit(1)
    if show_log:
        seen = game.view(viewer)  # the reader's view names the pieces
        for e in game.log:
            click.echo(event_line(seen, e, viewer))
    view = game.view(None)  # the game is over: its result is public
    status = "reproduced"
    click.echo(
        f"{replay_file}: {status}: {len(data['decisions'])} decisions, {view.round} "
        f"rounds, light {[pl.light for pl in view.players]}, winners "
        f"{list(view.winners)}"
    )


def _reader(text: str, data: dict) -> Reader:
    text = text.strip().lower()
    if text == "all":
        return ALL
    if text == "spectator":
        return None
    players = data.get("players")
    if text.isdecimal() and isinstance(players, int) and 0 <= int(text) < players:
        return int(text)
    raise click.BadParameter(
        f"'{text}' is not a seat of this {players}-player game, 'spectator' or 'all'",
        param_hint="--as",
    )
