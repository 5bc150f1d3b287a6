"""Load on `lastlight serve`: many tables at once, each one simulated person over a real
WebSocket on 127.0.0.1 (answering at once) and planner bots in the other seats, to the end.

    python benchmarks/bench_serve.py [--tables 100] [--players 2] [--kill-at 0.4]

Two runs, each against a real server process (`lastlight serve --port 0`, its own SQLite file):

1. **load**: every table played to the end. Reported: the time from a person's decision being
   sent to the next prompt for that person arriving (p50, p95, p99, max), decisions per
   second, decisions lost or doubled (every acknowledged decision must be in the database at
   its place, once, and the database must hold exactly the game the server reports in its
   replay), and memory: the server's resident size once every table is loaded, less its size
   before the first table, per table.
2. **kill**: the same again on a new file, but the server is killed with SIGKILL once the
   fraction `--kill-at` of the expected decisions has been acknowledged, and started again on
   the same port and file; every client reconnects and plays on. Reported: tables that
   resumed and finished, acknowledged decisions missing from the database (must be 0).

Every request goes to 127.0.0.1; the run is bounded (`--timeout` seconds for each phase,
`--connect-tries` for each reconnection). The machine is shared: say so beside the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"


@dataclass
class Client:
    """One simulated person at one table."""

    table: str
    token: str
    rng: random.Random
    sent: dict[int, int] = field(default_factory=dict)  # version answered -> choice
    acked: set[int] = field(default_factory=set)  # versions whose decision was acknowledged
    latencies: list[float] = field(default_factory=list)
    over: bool = False
    replay: list[Any] | None = None
    connects: int = 0
    think: float = 0.0  # mean seconds before answering (0: at once)


def _rss_kb(pid: int) -> int:
    text = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+)", text)
    return int(found.group(1)) if found else 0


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(db: Path, port: int = 0) -> tuple[subprocess.Popen[str], int]:
    """`lastlight serve` in its own process; returns it and the port it listens on."""
    cmd = [
        sys.executable,
        "-m",
        "lastlight.cli.main",
        "serve",
        "--host",
        HOST,
        "--port",
        str(port),
        "--db",
        str(db),
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not found:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, int(found.group(1))


def open_tables(port: int, n: int, players: int, think: float = 0.0) -> list[Client]:
    import httpx2 as httpx  # the HTTP client of the dev extra

    out = []
    with httpx.Client(base_url=f"http://{HOST}:{port}", timeout=30) as http:
        for i in range(n):
            seats = ["human"] + ["planner"] * (players - 1)
            r = http.post("/api/tables", json={"players": players, "seats": seats, "seed": i})
            r.raise_for_status()
            data = r.json()
            out.append(
                Client(
                    data["id"],
                    data["seats"]["0"].split("#", 1)[1],
                    random.Random(1000 + i),
                    think=think,
                )
            )
    return out


async def play(client: Client, port: int, tries: int) -> None:
    """Play to the end, reconnecting after a lost connection (up to `tries` times in a row)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import WebSocketException

    failures = 0
    while not client.over:
        try:
            async with connect(
                f"ws://{HOST}:{port}/ws/{client.table}", max_size=1 << 22, open_timeout=20
            ) as ws:
                client.connects += 1
                failures = 0
                await _session(client, ws)
        except (OSError, WebSocketException, TimeoutError):
            failures += 1
            if failures > tries:
                raise
            await asyncio.sleep(min(2.0, 0.1 * failures))


async def _session(client: Client, ws: Any) -> None:
    """One connection: answer every prompt at once (a seeded random option)."""
    await ws.send(json.dumps({"type": "hello", "token": client.token}))
    sent_at: tuple[int, float] | None = None  # (version answered, when), this connection
    async for text in ws:
        msg = json.loads(text)
        kind = msg["type"]
        if kind == "ack":
            client.acked.add(int(msg["id"]))
        elif kind in ("refused", "error", "broken"):
            raise SystemExit(f"table {client.table}: {kind}: {msg.get('reason')}")
        elif kind == "state":
            if msg["over"]:
                client.over = True
                client.replay = msg["replay"]["decisions"]
                return
            options = (msg["decision"] or {}).get("options")
            if not options:
                continue
            version = msg["version"]
            if sent_at is not None and version > sent_at[0]:
                client.latencies.append(time.perf_counter() - sent_at[1])
            choice = client.rng.randrange(len(options))
            if client.think:
                await asyncio.sleep(client.rng.uniform(0, 2 * client.think))
            client.sent[version] = choice
            sent_at = (version, time.perf_counter())
            await ws.send(
                json.dumps({"type": "decide", "id": version, "version": version, "choice": choice})
            )


def verify(db: Path, clients: list[Client]) -> dict[str, int]:
    """Every acknowledged decision in the database at its place, as the person's seat; no
    decision of the person's seat there that was never sent; the database's game the same as
    the replay the server sent at the end."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    lost = doubled = mismatched = unfinished = 0
    for c in clients:
        rows = con.execute(
            "SELECT idx, seat, decision FROM decisions WHERE table_id=? ORDER BY idx", (c.table,)
        ).fetchall()
        mine = {idx for idx, seat, _d in rows if seat == 0}
        lost += len(c.acked - mine)
        doubled += len(mine - set(c.sent))
        if [idx for idx, _s, _d in rows] != list(range(len(rows))):
            mismatched += 1
        if not c.over:
            unfinished += 1
        elif [json.loads(d) for _i, _s, d in rows] != c.replay:
            mismatched += 1
    con.close()
    return {"lost": lost, "doubled": doubled, "mismatched": mismatched, "unfinished": unfinished}


def _pcts(samples: list[float]) -> str:
    if not samples:
        return "no samples"
    q = statistics.quantiles(samples, n=100, method="inclusive")
    return (
        f"p50 {1000 * q[49]:.0f} ms, p95 {1000 * q[94]:.0f} ms, p99 {1000 * q[98]:.0f} ms, "
        f"max {1000 * max(samples):.0f} ms ({len(samples)} decisions)"
    )


async def _run_all(
    clients: list[Client], port: int, tries: int, timeout: float, watcher: Any = None
) -> None:
    tasks = [asyncio.create_task(play(c, port, tries)) for c in clients]
    extra = [asyncio.create_task(watcher())] if watcher else []
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout)
    finally:
        for t in [*tasks, *extra]:
            t.cancel()


def load_phase(args: argparse.Namespace, folder: Path) -> float:
    """Phase 1; returns the mean number of decisions per table (for phase 2's kill point)."""
    db = folder / "load.db"
    proc, port = start_server(db)
    try:
        time.sleep(0.5)
        base = _rss_kb(proc.pid)
        t0 = time.perf_counter()
        clients = open_tables(port, args.tables, args.players, args.think)
        peak = [base]
        cpu0 = _cpu_s(proc.pid)
        mine0 = time.process_time()

        async def watch() -> None:
            while True:
                peak.append(_rss_kb(proc.pid))
                await asyncio.sleep(0.5)

        asyncio.run(_run_all(clients, port, 3, args.timeout, watch))
        wall = time.perf_counter() - t0
        peak.append(_rss_kb(proc.pid))
        cpu = _cpu_s(proc.pid) - cpu0
        mine = time.process_time() - mine0
    finally:
        proc.kill()
        proc.wait()
    lat = [x for c in clients for x in c.latencies]
    total = sum(len(c.replay or ()) for c in clients)
    human = sum(len(c.acked) for c in clients)
    answer = f"after 0-{2 * args.think:g} s" if args.think else "at once"
    print(
        f"load: {args.tables} tables of {args.players} (1 person answering {answer} + "
        f"{args.players - 1} planner), {human} decisions by the people, {total} in all, in "
        f"{wall:.1f} s ({human / wall:.0f} a second by the people)"
    )
    print(
        f"  server CPU: {cpu:.1f} s, {1000 * cpu / max(1, human):.1f} ms a person's decision "
        f"(with the bots' answers, the views, the commits); the clients: {mine:.1f} s"
    )
    print(f"  decision to next prompt: {_pcts(lat)}")
    print(
        f"  server memory: {base / 1024:.0f} MB before the tables, peak {max(peak) / 1024:.0f}"
        f" MB: {(max(peak) - base) / args.tables:.0f} kB a table"
    )
    _report_check(verify(db, clients))
    return total / max(1, len(clients))


def kill_phase(args: argparse.Namespace, folder: Path, per_table: float) -> None:
    db = folder / "kill.db"
    proc, port = start_server(db)
    clients = open_tables(port, args.tables, args.players, args.think)
    expected_human = per_table * args.tables / args.players
    phase: dict[str, Any] = {"proc": proc, "killed_at": None, "restart_s": None}

    async def watch() -> None:
        while sum(len(c.acked) for c in clients) < args.kill_at * expected_human:
            await asyncio.sleep(0.05)
        phase["killed_at"] = sum(len(c.acked) for c in clients)
        os.kill(phase["proc"].pid, signal.SIGKILL)
        phase["proc"].wait()
        t = time.perf_counter()
        phase["proc"], _ = await asyncio.to_thread(start_server, db, port)
        phase["restart_s"] = time.perf_counter() - t

    try:
        asyncio.run(_run_all(clients, port, args.connect_tries, args.timeout, watch))
    finally:
        phase["proc"].kill()
        phase["proc"].wait()
    resumed = sum(1 for c in clients if c.over and c.connects > 1)
    finished = sum(1 for c in clients if c.over)
    print(
        f"kill: SIGKILL after {phase['killed_at']} acknowledged decisions; the server was "
        f"listening again {phase['restart_s']:.1f} s later; {finished} of {len(clients)} "
        f"tables finished, {resumed} of them after reconnecting to the restarted server "
        f"(the others were over before the kill)"
    )
    _report_check(verify(db, clients))


#: Set when a check found a lost, doubled or mismatched decision or an unfinished table.
FAILED: list[str] = []


def _report_check(found: dict[str, int]) -> None:
    print(f"  check: {found}")
    FAILED.extend(f"{k} {v}" for k, v in found.items() if v)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument(
        "--kill-at",
        type=float,
        default=0.4,
        help="kill the server when this fraction of the decisions is acknowledged",
    )
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds for each phase")
    ap.add_argument("--connect-tries", type=int, default=60)
    ap.add_argument("--skip-kill", action="store_true")
    ap.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a person takes to answer (uniform 0 to twice this)",
    )
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as tmp:
        per_table = load_phase(args, Path(tmp))
        if not args.skip_kill:
            kill_phase(args, Path(tmp), per_table)
    if FAILED:
        raise SystemExit(f"bench_serve: the checks failed: {', '.join(FAILED)}")


if __name__ == "__main__":
    main()
