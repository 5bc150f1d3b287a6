"""The web application: the lobby, the play page, its assets, and one WebSocket per browser.

The protocol (JSON text messages):

    browser -> server   {"type": "hello", "token": T}            first message: the link's token
                        {"type": "decide", "id": n, "version": v, "choice": i}
                        {"type": "undo", "id": n}          take back, ask, or agree
                        {"type": "undo_refuse", "id": n}   say no to a request to undo
    server -> browser   {"type": "state", ...}    the seat's view (views.py), after every change
                        {"type": "ack", "id": n, "version": v}    the decision is on disk
                        {"type": "refused", "id": n, "reason": "..."}   nothing changed
                        {"type": "error", "reason": "..."}        then the socket closes

The token travels in the page's fragment (`/play/TABLE#TOKEN`), which a browser never sends to
a server, and then in the `hello` message: it is in no URL the server logs. Safety: the
WebSocket's `Origin` must be this server's (or one given with --allow-origin; a client with no
Origin, not a browser, is let through); a message over `MAX_MESSAGE` bytes closes the socket
(uvicorn is started with the same `ws_max_size`); more than `RATE` messages a second (a burst of
twice that) are refused; a slow reader whose queue fills is dropped; files are served only from
the fixed list `ASSETS`, never from a path.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from lastlight.interpreter.agents import bot_names
from lastlight.interpreter.serve.tables import Hall, Refused, Table
from lastlight.interpreter.tools.viewer.page import json_for_script
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

MAX_MESSAGE = 64 * 1024
RATE = 30.0
#: Refused messages (over the rate) before the socket is closed.
STRIKES = 100
#: Messages waiting for a slow reader before it is dropped.
QUEUE = 64
HELLO_SECONDS = 10.0
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{4,40}")

#: The only files served: name -> media type (read from the package, never from a path).
ASSETS = {
    "play.js": "text/javascript; charset=utf-8",
    "lobby.js": "text/javascript; charset=utf-8",
    "serve.css": "text/css; charset=utf-8",
}

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

#: The messages that act on the table.
ACTIONS = ("decide", "undo", "undo_refuse")

# WebSocket close codes
POLICY = 1008
TOO_BIG = 1009


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")


class Conn:
    """One open WebSocket: who it is, a queue the sender task drains (one slow reader never
    holds up the others), and its message budget."""

    def __init__(self, ws: WebSocket, table: Table, reader: int | str, rate: float = RATE):
        self.ws = ws
        self.rate = rate
        self.table = table
        self.reader = reader
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE)
        self.tokens = 2 * rate
        self.stamp = time.monotonic()
        self.strikes = 0
        self.dropped = False

    @property
    def seat(self) -> int | None:
        return self.reader if isinstance(self.reader, int) else None

    def push(self, text: str) -> None:
        if self.dropped:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # a reader this far behind is dropped; it may reconnect
            self.dropped = True
            self.table.conns.discard(self)
            self.queue.get_nowait()
            self.queue.put_nowait(None)

    def send(self, message: dict[str, Any]) -> None:
        self.push(json.dumps(message, separators=(",", ":")))

    async def pump(self) -> None:
        """Send what is queued, in order; a dropped reader's socket is closed."""
        try:
            while (text := await self.queue.get()) is not None:
                await self.ws.send_text(text)
            await self.ws.close(code=POLICY, reason="too slow")
        except (RuntimeError, OSError, WebSocketDisconnect):
            pass  # the socket is gone: the receiving side ends the connection

    def allowed(self) -> bool:
        """A token bucket: `rate` messages a second, twice that at once."""
        now = time.monotonic()
        self.tokens = min(2 * self.rate, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.strikes += 1
        return False


def views(table: Table, readers: set[int | str]) -> dict[int | str, str]:
    """Each reader's view as JSON text, built once per seat (in a worker thread)."""
    return {r: json.dumps(table.view(r), separators=(",", ":")) for r in readers}


async def broadcast(table: Table) -> None:
    """Every connection of the table gets its own view."""
    conns = list(table.conns)
    texts = await asyncio.to_thread(views, table, {c.reader for c in conns})
    for conn in conns:
        conn.push(texts[conn.reader])


class Server:
    """The application's state: the hall of tables and the allowed origins."""

    def __init__(self, hall: Hall, allow_origins: tuple[str, ...] = (), rate: float = RATE):
        self.hall = hall
        self.rate = rate
        self.allow_origins = {o.rstrip("/") for o in allow_origins}

    def origin_ok(self, headers: Any) -> bool:
        origin = headers.get("origin")
        if origin is None:
            return True  # not a browser (browsers always send it on a WebSocket)
        if origin.rstrip("/") in self.allow_origins:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc == headers.get("host")

    # --- pages ------------------------------------------------------------------------------
    async def lobby(self, request: Request) -> Response:
        rules = self.hall.rules
        data = {
            "pack": self.hall.pack_name,
            "content": rules.pack.digest,
            "players": [rules.players_min, rules.players_max],
            "bots": bot_names(),
        }
        page = _asset("lobby.html").replace("__DATA__", json_for_script(data))
        return HTMLResponse(page, headers=HEADERS)

    async def play(self, request: Request) -> Response:
        table_id = request.path_params["table"]
        if not TABLE_ID.fullmatch(table_id) or await self.hall.table(table_id) is None:
            return HTMLResponse("no such table", status_code=404, headers=HEADERS)
        return HTMLResponse(_asset("play.html"), headers=HEADERS)

    async def asset(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            return Response("not found", status_code=404, media_type="text/plain")
        return Response(_asset(name), media_type=ASSETS[name], headers=HEADERS)

    async def open_table(self, request: Request) -> Response:
        if not self.origin_ok(request.headers):
            return JSONResponse({"error": "wrong Origin"}, status_code=403)
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return JSONResponse({"error": "send JSON (application/json)"}, status_code=415)
        body = await request.body()
        if len(body) > MAX_MESSAGE:
            return JSONResponse({"error": "request too large"}, status_code=413)
        try:
            spec = json.loads(body)
            if not isinstance(spec, dict):
                raise ValueError("not an object")
            new = await asyncio.to_thread(
                self.hall.open, spec.get("players"), spec.get("seats"), spec.get("seed")
            )
        except (ValueError, Refused) as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        base = str(request.base_url).rstrip("/")
        return JSONResponse(
            {
                "id": new.id,
                "seats": {str(i): f"{base}/play/{new.id}#{t}" for i, t in new.seat_tokens.items()},
                "spectator": f"{base}/play/{new.id}#{new.spectator_token}",
            }
        )

    # --- the WebSocket ----------------------------------------------------------------------
    async def socket(self, ws: WebSocket) -> None:
        if not self.origin_ok(ws.headers):
            await ws.close(code=POLICY)  # before accept: the handshake is refused (403)
            return
        await ws.accept()
        table_id = ws.path_params["table"]
        table = await self.hall.table(table_id) if TABLE_ID.fullmatch(table_id) else None
        if table is None:
            await _fail(ws, "no such table")
            return
        conn = await self._hello(ws, table)
        if conn is None:
            return
        pump = asyncio.create_task(conn.pump())
        try:
            await self._serve(conn)
        except WebSocketDisconnect:
            pass
        finally:
            table.conns.discard(conn)
            pump.cancel()
            self.hall.left(table)

    async def _receive(self, ws: WebSocket) -> Any:
        """The next message as JSON; None after closing the socket for a message too large."""
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        if text is None:
            raw = message.get("bytes") or b""
            text = raw.decode("utf-8", "replace") if len(raw) <= MAX_MESSAGE else raw
        if len(text) > MAX_MESSAGE:
            await _fail(ws, f"a message may hold at most {MAX_MESSAGE} bytes", TOO_BIG)
            return None
        try:
            return json.loads(text)
        except ValueError:
            return {"type": "?", "error": "not JSON"}

    async def _hello(self, ws: WebSocket, table: Table) -> Conn | None:
        try:
            hello = await asyncio.wait_for(self._receive(ws), HELLO_SECONDS)
        except (TimeoutError, WebSocketDisconnect):
            await _fail(ws, "no hello")
            return None
        token = hello.get("token") if isinstance(hello, dict) else None
        reader = table.reader(token) if isinstance(token, str) and len(token) < 200 else None
        if reader is None:
            await _fail(ws, "that link does not open a seat at this table")
            return None
        conn = Conn(ws, table, reader, self.rate)
        async with table.lock:
            table.conns.add(conn)
            conn.send(await asyncio.to_thread(table.view, reader))
        return conn

    async def _serve(self, conn: Conn) -> None:
        while True:
            msg = await self._receive(conn.ws)
            if msg is None:
                return
            ident = msg.get("id") if isinstance(msg, dict) else None
            if not conn.allowed():
                conn.send({"type": "refused", "id": ident, "reason": "too many messages"})
                if conn.strikes > STRIKES:
                    await _fail(conn.ws, "too many messages", POLICY)
                    return
                continue
            kind = msg.get("type") if isinstance(msg, dict) else None
            if kind in ACTIONS:
                await self._act(conn, msg, ident)
            elif kind != "ping":
                conn.send(
                    {
                        "type": "refused",
                        "id": ident,
                        "reason": "a message is hello, decide, undo, undo_refuse or ping",
                    }
                )

    async def _act(self, conn: Conn, msg: dict[str, Any], ident: Any) -> None:
        table = conn.table
        if conn.seat is None:
            conn.send({"type": "refused", "id": ident, "reason": "a spectator cannot decide"})
            return
        async with table.lock:
            try:
                if msg["type"] == "decide":
                    await asyncio.to_thread(
                        table.decide, conn.seat, msg.get("version"), msg.get("choice")
                    )
                elif msg["type"] == "undo":
                    await asyncio.to_thread(table.undo, conn.seat)
                else:
                    table.refuse_undo(conn.seat)
            except Refused as exc:
                conn.send({"type": "refused", "id": ident, "reason": str(exc)})
                return
            version = len(table.game.history) if table.game else None
            conn.send({"type": "ack", "id": ident, "version": version})
            await broadcast(table)


async def _fail(ws: WebSocket, reason: str, code: int = POLICY) -> None:
    try:
        await ws.send_text(json.dumps({"type": "error", "reason": reason}))
        await ws.close(code=code, reason=reason[:120])
    except (RuntimeError, WebSocketDisconnect):
        pass


def make_app(hall: Hall, allow_origins: tuple[str, ...] = (), rate: float = RATE) -> Starlette:
    """The application; `rate`: messages a second one socket may send (twice that at once)."""
    server = Server(hall, allow_origins, rate)
    app = Starlette(
        routes=[
            Route("/", server.lobby),
            Route("/api/tables", server.open_table, methods=["POST"]),
            Route("/play/{table}", server.play),
            Route("/assets/{name}", server.asset),
            WebSocketRoute("/ws/{table}", server.socket),
        ]
    )
    return app
