"""Tables: one `Table` per game, the one authority over it, and the `Hall` that holds them.

A decision from a browser reaches `Table.decide(seat, version, choice)`, which checks, before
the engine runs, that the seat is the one to move, that the version is the table's (a stale or
repeated message is refused, never applied twice) and that the choice is one of the legal
options; then the decision is applied and committed to the store, and the bots in the other
seats move (each bot decision committed too) until a human is to move or the game is over.
A refusal leaves the game untouched and says why.

A bot is built afresh for every decision with a seed drawn from the table's seed, its seat and
the decision's place in the history, so a table rebuilt from the store (after a restart or an
undo) has bots that choose exactly as they did.

The methods here are synchronous (the engine and SQLite are); `app.py` calls them in a worker
thread under the table's lock, so one busy table never blocks the others.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from lastlight.interpreter.agents import ask, bot_names, make_bot, resolve_bot
from lastlight.interpreter.engine.errors import EngineError
from lastlight.interpreter.engine.game import Game, IllegalDecision
from lastlight.interpreter.engine.replay import make_replay
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.serve.store import (
    SeatRecord,
    Store,
    StoreError,
    TableRecord,
    token_hash,
)
from lastlight.interpreter.serve.views import seat_view

#: Bytes of randomness in a token (token_urlsafe: 22 characters, 128 bits and more).
TOKEN_BYTES = 18

#: Bot decisions in a row before the table stops with an error (a game that never reaches a
#: human again is a bug, not a reason to spin).
BOT_RUN_LIMIT = 20_000

SPECTATOR = "spectator"


class Refused(Exception):
    """A message the table does not act on; the text says why, and nothing changed."""


@dataclass
class NewTable:
    """A table just opened: its id and the tokens of its links (shown once, never stored)."""

    id: str
    seat_tokens: dict[int, str]
    spectator_token: str


def bot_seed(table_seed: int, seat: int, index: int) -> int:
    """The seed of the bot that takes decision `index` of the history for `seat`."""
    return (table_seed * 1_000_003 + index * 8 + seat) & 0x7FFF_FFFF_FFFF


class Table:
    def __init__(self, rec: TableRecord, rules: Rules, store: Store):
        self.rec = rec
        self.rules = rules
        self.store = store
        self.lock = asyncio.Lock()
        self.game: Game | None = None
        self.broken: str | None = None
        self.note: str | None = None
        self.conns: set[Any] = set()  # the open connections (app.py's Conn)
        self.loaded = False
        self.history_seats: list[int] = []  # who took each decision of the history
        self.cache: dict[Any, Any] = {}  # views.py's board and log words, for this game
        #: A person's request to undo at a table with several: who asked, at which position,
        #: who agreed (every person must).
        self.request: dict[str, Any] | None = None

    # --- who is who -------------------------------------------------------------------------
    def reader(self, token: str) -> int | str | None:
        """The seat a token opens (SPECTATOR for the spectator link), or None: every stored
        hash is compared, in constant time."""
        given = token_hash(token)
        found: int | str | None = None
        for i, seat in enumerate(self.rec.seats):
            if seat.token and hmac.compare_digest(given, seat.token):
                found = i
        if hmac.compare_digest(given, self.rec.spectator):
            found = SPECTATOR
        return found

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.rec.seats) if s.kind == "human"]

    def undo_allowed(self, seat: int | None) -> bool:
        """May `seat` take back (or, with other people at the table, ask to take back) its
        last decision? Only a person who has taken one, before the game is over."""
        if seat is None or seat not in self.humans or self.game is None or self.game.over:
            return False
        return seat in self.history_seats

    def undo_request(self) -> dict[str, Any] | None:
        """The open request to undo (any decision since it was made voids it)."""
        req = self.request
        if req is None or self.game is None or req["version"] != len(self.game.history):
            return None
        return req

    # --- building ---------------------------------------------------------------------------
    def load(self, *, bots: bool = True) -> None:
        """The game rebuilt from the store: a new game from the seed, every kept decision
        re-applied (the bots moved on if one is to move). A table whose decisions do not
        replay with this content is kept as broken, with the reason."""
        rec = self.rec
        rows = self.store.decisions(rec.id)
        self.loaded = True
        self.game = None
        self.history_seats = []
        self.cache = {}
        self.request = None
        if rec.content != self.rules.pack.digest:
            self.note = (
                f"opened with content {rec.content}; the server now runs {self.rules.pack.digest}"
            )
        try:
            game = Game.new(self.rules, rec.players, rec.seed)
            for idx, seat, decision in rows:
                if idx != len(game.history) or seat != game.to_move:
                    raise IllegalDecision(f"decision {idx} was kept for P{seat}, out of order")
                game.apply(decision)
                self.history_seats.append(seat)
        except Exception as exc:  # whatever stops the replay, the table says it and waits
            self.broken = f"this table's {len(rows)} decisions do not replay: {exc}"
            if self.note:
                self.broken += f" ({self.note})"
            return
        self.game = game
        if bots:
            self.run_bots()

    # --- acting -----------------------------------------------------------------------------
    def _check(self, seat: int, version: Any, choice: Any) -> dict[str, Any]:
        game = self._live()
        if game.over:
            raise Refused("the game is over; no decision is open")
        if game.to_move != seat:
            raise Refused(f"it is not your turn (P{game.to_move} is to decide)")
        if not isinstance(version, int) or isinstance(version, bool):
            raise Refused("a decision needs the 'version' of the position it answers")
        if version != len(game.history):
            raise Refused(
                f"that decision answers position {version}, but the table is at position "
                f"{len(game.history)} (it was already taken, or undone); nothing changed"
            )
        legal = game.legal()
        if not isinstance(choice, int) or isinstance(choice, bool) or not 0 <= choice < len(legal):
            raise Refused(
                f"'choice' must be the number of one of your {len(legal)} options "
                f"(0 to {len(legal) - 1}); got {choice!r}"
            )
        return legal[choice]

    def _live(self) -> Game:
        if self.game is None:
            raise Refused(self.broken or "this table is not loaded")
        return self.game

    def decide(self, seat: int, version: Any, choice: Any) -> None:
        """A human's decision: checked, applied, committed; then the bots move."""
        decision = self._check(seat, version, choice)
        self.request = None  # a request to undo is for the position it was made at
        self._apply_and_keep(seat, decision)
        self.run_bots()

    def _apply_and_keep(self, seat: int, decision: dict[str, Any]) -> None:
        """Apply one decision and commit it; if the engine or the store fails, the game is
        as it was (the engine restores itself; a failed write re-plays the kept decisions)."""
        game = self._live()
        idx = len(game.history)
        try:
            game.apply(decision)
        except (IllegalDecision, EngineError) as exc:
            raise Refused(f"the engine refused that decision: {exc}") from None
        self._keep([(idx, seat, decision)])

    def _keep(self, rows: list[tuple[int, int, dict[str, Any]]]) -> None:
        """Commit decisions the game has taken (one transaction)."""
        if not rows:
            return
        try:
            self.store.append(self.rec.id, rows)
        except StoreError as exc:
            self.load(bots=False)
            raise Refused(f"the decision could not be saved, so it was not taken: {exc}") from None
        self.history_seats.extend(seat for _idx, seat, _d in rows)

    def run_bots(self) -> None:
        """The bots move until a human is to move or the game is over; their decisions are
        committed together before anyone is sent the new position (a server killed before
        that commit re-runs them, the same: each bot is seeded by its place in the game)."""
        game = self.game
        if game is None:
            return
        rows: list[tuple[int, int, dict[str, Any]]] = []
        try:
            for _ in range(BOT_RUN_LIMIT):
                p = game.to_move
                if game.over or p is None or self.rec.seats[p].kind != "bot":
                    return
                idx = len(game.history)
                bot = make_bot(
                    self.rec.seats[p].bot or "random", bot_seed(self.rec.seed, p, idx), self.rules
                )
                decision = ask(bot, game)  # the bot reads only seat p's view
                game.apply(decision)
                rows.append((idx, p, decision))
            self.broken = f"the bots took {BOT_RUN_LIMIT} decisions in a row; the table stopped"
        except Exception as exc:  # a bot that fails (or is gone) stops the table, says why
            self.broken = (
                f"the bot in seat P{game.to_move} failed, so the table waits: "
                f"{type(exc).__name__}: {exc}"
            )
        finally:
            self._keep(rows)

    def undo(self, seat: int) -> None:
        """Back to the position before `seat`'s last decision: the kept decisions from there
        on are deleted and the game re-played from the rest (the same position exactly). With
        other people at the table this asks them; when every one has agreed (`undo` from
        each), the undo of the one who asked is done."""
        req = self.undo_request()
        if req is not None and seat != req["by"]:
            req["agreed"].add(seat)
            if req["agreed"] >= set(self.humans):
                self.request = None
                self._take_back(req["by"])
            return
        if not self.undo_allowed(seat):
            raise Refused("there is no decision of yours to take back")
        if len(self.humans) == 1:
            self._take_back(seat)
        elif req is None:
            self.request = {"by": seat, "version": len(self._live().history), "agreed": {seat}}

    def refuse_undo(self, seat: int) -> None:
        """A person says no to the open request (or the one who asked withdraws it)."""
        if self.undo_request() is None or seat not in self.humans:
            raise Refused("there is no request to undo")
        self.request = None

    def _take_back(self, seat: int) -> None:
        last = max(i for i, s in enumerate(self.history_seats) if s == seat)
        self.store.truncate(self.rec.id, last)
        self.load()

    # --- views ------------------------------------------------------------------------------
    def public(self, seat: int | None) -> dict[str, Any]:
        seats = []
        for i, s in enumerate(self.rec.seats):
            label = "person" if s.kind == "human" else f"bot: {s.bot}"
            seats.append({"seat": i, "kind": s.kind, "label": label})
        over = self.game is not None and self.game.over
        return {
            "id": self.rec.id,
            "pack": self.rec.pack,
            "content": self.rec.content,
            # the seed decides every draw to come: told only once the game is over
            "seed": self.rec.seed if over else None,
            "seats": seats,
            "undo": self.undo_allowed(seat),
            "undo_asks": len(self.humans) > 1,  # undo needs every other person's agreement
            "undo_request": self._request_view(),
            "note": self.note,
            "problem": self.broken,
        }

    def _request_view(self) -> dict[str, Any] | None:
        req = self.undo_request()
        if req is None:
            return None
        agreed = sorted(req["agreed"])
        return {
            "by": req["by"],
            "agreed": agreed,
            "waiting_for": [h for h in self.humans if h not in req["agreed"]],
        }

    def view(self, reader: int | str) -> dict[str, Any]:
        """The `state` message for a seat number or SPECTATOR."""
        seat = reader if isinstance(reader, int) else None
        if self.game is None:
            return {"type": "broken", "table": self.rec.id, "reason": self.broken}
        out = seat_view(self.game, seat, self.public(seat), self.cache)
        if self.game.over:
            labels = [s["label"] for s in out["table"]["seats"]]
            out["replay"] = make_replay(self.game, self.rules, labels)
        return out


class Hall:
    """Every table of the server: opened here, loaded from the store on first use."""

    def __init__(self, rules: Rules, store: Store):
        self.rules = rules
        self.store = store
        self.tables: dict[str, Table] = {}
        self.lock = asyncio.Lock()
        self.pack_name = _pack_name(rules)

    def check_seats(self, players: Any, seats: Any) -> list[SeatRecord]:
        """The seats of a table to open, checked: one entry per player, each 'human' or a
        bot's name."""
        lo, hi = self.rules.players_min, self.rules.players_max
        if not isinstance(players, int) or isinstance(players, bool) or not lo <= players <= hi:
            raise Refused(f"players: give a number from {lo} to {hi}; got {players!r}")
        if not isinstance(seats, list) or len(seats) != players:
            raise Refused(f"seats: give one entry per player ({players})")
        out = []
        for i, kind in enumerate(seats):
            if kind == "human":
                out.append(SeatRecord("human"))
            elif isinstance(kind, str) and kind in bot_names():
                resolve_bot(kind)
                out.append(SeatRecord("bot", bot=kind))
            else:
                raise Refused(
                    f"seat {i}: 'human' or a bot ({', '.join(bot_names())}); got {kind!r}"
                )
        if not any(s.kind == "human" for s in out):
            raise Refused("a table needs at least one person (bots-only games: lastlight sim)")
        return out

    def open(self, players: Any, seats: Any, seed: Any) -> NewTable:
        """A new table stored (its links' tokens come back once: only hashes are kept)."""
        records = self.check_seats(players, seats)
        if seed is None or seed == "":
            seed = secrets.randbelow(1 << 31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 62:
            raise Refused(f"seed: a whole number from 0 (or empty for a random one); got {seed!r}")
        tokens = {}
        for i, rec in enumerate(records):
            if rec.kind == "human":
                tokens[i] = secrets.token_urlsafe(TOKEN_BYTES)
                rec.token = token_hash(tokens[i])
        watch = secrets.token_urlsafe(TOKEN_BYTES)
        table_id = secrets.token_urlsafe(9)
        table = TableRecord(
            id=table_id,
            players=players,
            seed=seed,
            content=self.rules.pack.digest,
            pack=self.pack_name,
            spectator=token_hash(watch),
            seats=records,
        )
        self.store.add_table(table)
        return NewTable(table_id, tokens, watch)

    async def table(self, table_id: str) -> Table | None:
        """The table, loaded from the store (and its bots moved on) on first use; two first
        visits at once load it once, and loading one table never holds up the others."""
        table = self.tables.get(table_id)
        if table is None:
            async with self.lock:
                table = self.tables.get(table_id)
                if table is None:
                    rec = await asyncio.to_thread(self.store.table, table_id)
                    if rec is None:
                        return None
                    table = self.tables[table_id] = Table(rec, self.rules, self.store)
        if not table.loaded:
            async with table.lock:
                if not table.loaded:
                    await asyncio.to_thread(table.load)
        return table

    def left(self, table: Table) -> None:
        """A connection closed: a finished table nobody is at is let go from memory (the
        store still has it; a later visit loads it again)."""
        over = table.game is not None and table.game.over
        if over and not table.conns and self.tables.get(table.rec.id) is table:
            del self.tables[table.rec.id]


def _pack_name(rules: Rules) -> str:
    doc = rules.pack.doc("pack")
    if doc is None:
        return rules.pack.root.name
    return str(doc.data.get("title") or doc.data.get("name") or rules.pack.root.name)
