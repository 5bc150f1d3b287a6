"""Running the server: a socket bound first (so a port in use is one clear message, and port 0
gives a free port a test can read back), then uvicorn on it, one process, one worker (every
table lives in this process's memory; the store is its one writer)."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import uvicorn
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.serve.app import MAX_MESSAGE, make_app
from lastlight.interpreter.serve.store import Store
from lastlight.interpreter.serve.tables import Hall


def bind(host: str, port: int) -> socket.socket:
    """A listening socket; OSError (port in use, unknown host) says why."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def make_server(
    rules: Rules,
    db: str | Path,
    sock: socket.socket,
    allow_origins: tuple[str, ...] = (),
    *,
    fsync: bool = False,
) -> uvicorn.Server:
    """The uvicorn server of the application over the store at `db` (created if new)."""
    hall = Hall(rules, Store(db, fsync=fsync))
    config = uvicorn.Config(
        make_app(hall, allow_origins),
        ws="websockets-sansio",
        ws_max_size=MAX_MESSAGE,
        # no per-message compression: it took about half a millisecond of the event loop a
        # message and a zlib context a socket (bench_serve: 2.1 -> 1.8 ms of CPU a decision,
        # 458 -> 327 kB a table); a view is some 20 kB
        ws_per_message_deflate=False,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        log_level="warning",
        lifespan="off",
        workers=1,
    )
    server = uvicorn.Server(config)
    server.hall = hall  # type: ignore[attr-defined]
    return server


def run(server: uvicorn.Server, sock: socket.socket) -> None:
    server.run(sockets=[sock])


class Background:
    """A server in a thread (tests): `start()` returns once it accepts connections."""

    def __init__(self, rules: Rules, db: str | Path, host: str = "127.0.0.1", port: int = 0):
        self.sock = bind(host, port)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://{host}:{self.port}"
        self.server = make_server(rules, db, self.sock)
        self.thread = threading.Thread(target=run, args=(self.server, self.sock), daemon=True)

    def start(self, timeout: float = 20.0) -> Background:
        self.thread.start()
        for _ in range(int(timeout * 50)):
            if self.server.started:
                return self
            self.thread.join(0.02)
        raise RuntimeError("the server did not start")

    def stop(self, timeout: float = 10.0) -> None:
        self.server.should_exit = True
        self.thread.join(timeout)
        self.server.hall.store.close()  # type: ignore[attr-defined]
        self.sock.close()
