"""`lastlight serve`: the playtest table in the browser (interpreter/serve/)."""

from __future__ import annotations

import ipaddress
import sys
from pathlib import Path

import click
from lastlight.cli._content import content_option, load_rules_or_exit


def _default_db() -> Path:
    import platformdirs

    return platformdirs.user_data_path("lastlight") / "tables.sqlite3"


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command()
@content_option
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; only this machine can connect unless you change it.",
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port (0: any free one, printed).",
)
@click.option(
    "--db",
    type=click.Path(dir_okay=False),
    help="The SQLite file of the tables (default: tables.sqlite3 in lastlight's user data folder).",
)
@click.option(
    "--allow-origin",
    multiple=True,
    metavar="URL",
    help="Another page origin allowed to open WebSockets (e.g. behind a proxy).",
)
@click.option(
    "--fsync",
    is_flag=True,
    help="Flush every commit to the disk (survives a power cut too; slower). Without "
    "it a commit survives the server being killed.",
)
def serve_command(
    content: str | None,
    host: str,
    port: int,
    db: str | None,
    allow_origin: tuple[str, ...],
    fsync: bool,
) -> None:
    """Serve tables in the browser: open a table (people by invitation link, bots in the
    other seats), play it, watch it; every decision is saved before it is acknowledged, and
    a restarted server brings every table back."""
    from lastlight.interpreter.serve.run import bind, make_server, run
    from lastlight.interpreter.serve.store import StoreError

    rules = load_rules_or_exit(content)
    path = Path(db) if db else _default_db()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        sock = bind(host, port)
    except OSError as exc:
        click.echo(
            f"lastlight serve: cannot listen on {host}:{port}: {exc.strerror or exc}", err=True
        )
        sys.exit(1)
    try:
        server = make_server(rules, path, sock, allow_origin, fsync=fsync)
    except StoreError as exc:
        click.echo(f"lastlight serve: {exc}", err=True)
        sys.exit(1)
    where = sock.getsockname()
    shown = f"[{where[0]}]" if ":" in where[0] else where[0]
    if not _loopback(host):
        click.echo(
            f"lastlight serve: listening on {host}: anyone who can reach it can open "
            "tables; a seat is taken only with its link",
            err=True,
        )
    click.echo(f"lastlight serve: tables in {path}", err=True)
    click.echo(f"serving on http://{shown}:{where[1]}/ (Ctrl-C stops)", err=False)
    sys.stdout.flush()
    run(server, sock)
