"""The server's database: one SQLite file holding every table, its seats and every decision.

A decision is committed here before anyone is told it was taken, so a server killed at any
moment (SIGKILL included) comes back with every acknowledged decision: a table is rebuilt by
re-playing its decisions from the seed (the engine is deterministic). The file is in WAL mode
(readers never block the writer) and written through one connection guarded by a lock, the one
writer. By default `synchronous=NORMAL`: a commit is in the WAL file when it returns, so it
survives the server process dying (SIGKILL included; tested), and a power cut may lose the last
commits; `fsync=True` (`lastlight serve --fsync`) makes it `FULL`: on disk before it returns.

Tokens are kept as their SHA-256, never as given, so the file alone does not let anyone take a
seat. The schema carries a version (`meta.schema`); a file from a newer lastlight is refused.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    content TEXT NOT NULL,          -- the pack's content digest when the table was opened
    pack TEXT NOT NULL,             -- the pack's name
    spectator TEXT NOT NULL         -- SHA-256 of the spectator link's token
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
    bot TEXT,                       -- the bot's name (kind 'bot')
    token TEXT,                     -- SHA-256 of the seat link's token (kind 'human')
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS decisions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,           -- its place in the game's history (0, 1, ...)
    seat INTEGER NOT NULL,
    decision TEXT NOT NULL,         -- the decision as JSON
    at REAL NOT NULL,
    PRIMARY KEY (table_id, idx)
);
"""


class StoreError(Exception):
    """The database cannot be used (not SQLite, a newer schema, a failed write); says which."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class SeatRecord:
    kind: str  # "human" or "bot"
    bot: str | None = None
    token: str | None = None  # the token's SHA-256 (humans)


@dataclass
class TableRecord:
    id: str
    players: int
    seed: int
    content: str
    pack: str
    spectator: str  # the spectator token's SHA-256
    seats: list[SeatRecord] = field(default_factory=list)
    created: float = 0.0


class Store:
    """The one connection to the file; every method is safe from any thread."""

    def __init__(self, path: str | Path, *, fsync: bool = False):
        self.path = str(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False, timeout=30
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if fsync else 'NORMAL'}")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: not a lastlight table database ({exc})") from None

    def _migrate(self) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                row = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
                if row is None:
                    self._db.execute(
                        "INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),)
                    )
                elif int(row[0]) > SCHEMA_VERSION:
                    raise StoreError(
                        f"{self.path}: written by a newer lastlight (schema {row[0]}; this one "
                        f"reads {SCHEMA_VERSION})"
                    )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def schema_version(self) -> int:
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        return int(row[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- writing ---------------------------------------------------------------------------
    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Run the statements in one transaction, committed (on disk) when this returns."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                for sql, args in statements:
                    self._db.execute(sql, args)
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise StoreError(f"{self.path}: the write failed: {exc}") from None

    def add_table(self, rec: TableRecord) -> None:
        rec.created = rec.created or time.time()
        rows: list[tuple[str, tuple[Any, ...]]] = [
            (
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
                (rec.id, rec.created, rec.players, rec.seed, rec.content, rec.pack, rec.spectator),
            )
        ]
        for i, seat in enumerate(rec.seats):
            rows.append(
                (
                    "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                    (rec.id, i, seat.kind, seat.bot, seat.token),
                )
            )
        self._write(rows)

    def append(self, table_id: str, rows: list[tuple[int, int, dict[str, Any]]]) -> None:
        """Keep decisions `(index in the history, seat, decision)`; an index already kept is
        refused (a decision is never doubled)."""
        now = time.time()
        self._write(
            [
                (
                    "INSERT INTO decisions VALUES (?, ?, ?, ?, ?)",
                    (table_id, idx, seat, json.dumps(d, sort_keys=True), now),
                )
                for idx, seat, d in rows
            ]
        )

    def truncate(self, table_id: str, keep: int) -> None:
        """Forget the decisions from index `keep` on (an undo)."""
        self._write([("DELETE FROM decisions WHERE table_id=? AND idx>=?", (table_id, keep))])

    # --- reading ---------------------------------------------------------------------------
    def table_ids(self) -> list[str]:
        with self._lock:
            rows = self._db.execute("SELECT id FROM tables ORDER BY created, id").fetchall()
        return [r[0] for r in rows]

    def table(self, table_id: str) -> TableRecord | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, players, seed, content, pack, spectator, created FROM tables "
                "WHERE id=?",
                (table_id,),
            ).fetchone()
            if row is None:
                return None
            seats = self._db.execute(
                "SELECT kind, bot, token FROM seats WHERE table_id=? ORDER BY seat", (table_id,)
            ).fetchall()
        return TableRecord(
            id=row[0],
            players=row[1],
            seed=row[2],
            content=row[3],
            pack=row[4],
            spectator=row[5],
            created=row[6],
            seats=[SeatRecord(*s) for s in seats],
        )

    def decisions(self, table_id: str) -> list[tuple[int, int, dict[str, Any]]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT idx, seat, decision FROM decisions WHERE table_id=? ORDER BY idx",
                (table_id,),
            ).fetchall()
        return [(idx, seat, json.loads(text)) for idx, seat, text in rows]
