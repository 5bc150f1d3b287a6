"""Shared pieces of the server's tests: a hall over a temporary database, a TestClient, a seat
that plays through the WebSocket, and the check that a message holds no other seat's secret."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.present.describe import card_name
from lastlight.interpreter.serve.app import make_app
from lastlight.interpreter.serve.store import Store
from lastlight.interpreter.serve.tables import Hall
from starlette.testclient import TestClient

#: The clients a test opened, closed after it (conftest.py).
OPEN: list[TestClient] = []


def client(rules: Rules, db: Path, rate: float = 1000.0) -> tuple[TestClient, Hall]:
    """A TestClient over a new hall (a socket may send `rate` messages a second: the tests
    answer at once, faster than any person). It is entered, so every request and socket runs
    on its one event loop, as under uvicorn (the tables' locks belong to one loop)."""
    hall = Hall(rules, Store(db))
    tc = TestClient(make_app(hall, rate=rate))
    tc.__enter__()
    OPEN.append(tc)
    return tc, hall


def open_table(tc: TestClient, seats: list[str], seed: int = 5) -> dict[str, Any]:
    """Open a table; returns {"id", "tokens": {seat: token}, "watch": token}."""
    r = tc.post("/api/tables", json={"players": len(seats), "seats": seats, "seed": seed})
    assert r.status_code == 200, r.text
    out = r.json()
    return {
        "id": out["id"],
        "tokens": {int(s): url.split("#", 1)[1] for s, url in out["seats"].items()},
        "watch": out["spectator"].split("#", 1)[1],
    }


def hello(ws: Any, token: str) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    return ws.receive_json()


def decide(ws: Any, state: dict[str, Any], choice: int = 0, ident: int = 1) -> dict[str, Any]:
    """Send a decision; returns the next state (the ack checked on the way)."""
    ws.send_json({"type": "decide", "id": ident, "version": state["version"], "choice": choice})
    ack = ws.receive_json()
    assert ack["type"] == "ack" and ack["id"] == ident, ack
    out = ws.receive_json()
    assert out["type"] == "state", out
    return out


class Secrets:
    """What each seat may not know at each position of a game, re-played alongside it."""

    def __init__(self, rules: Rules, players: int, seed: int, decisions: list[dict[str, Any]]):
        self.rules = rules
        self.game = Game.new(rules, players, seed)
        self.decisions = decisions

    def at(self, version: int, seat: int | None) -> set[str]:
        """Names and ids of the cards other seats hold in secret at `version` (cards that are
        also public, or the seat's own, left out)."""
        game = self.game
        assert version >= len(game.history), "ask in order"
        while len(game.history) < version:
            game.apply(self.decisions[len(game.history)])
        st = game.state
        factions_public = all(pl["faction"] for pl in st["players"])
        hidden: set[str] = set()
        seen: set[str] = set()
        for i, pl in enumerate(st["players"]):
            public = [
                *pl["civ"],
                *(a for a in pl["ability"].values() if a),
                *(m for ms in pl["mods"].values() for m in ms),
                *pl["played"],
                *pl["hand"],
            ]
            secret = [*pl["tech_hand"], *(pl["offer_f"] or ()), *(pl["offer_a"] or ())]
            if pl["ach"] and not st["over"]:
                secret.append(pl["ach"])
            if pl["faction"]:
                (public if factions_public else secret).append(pl["faction"])
            seen.update(public)
            if i == seat:
                seen.update(secret)
            else:
                hidden.update(secret)
        seen.update(st["discard"])
        pending = st["pending"]
        if pending is not None and pending["p"] == seat:  # cards the seat is choosing among
            seen.update(o["card"] for o in pending["options"] if isinstance(o.get("card"), str))
        names = {card_name(game, c) for c in seen} | {base_id(c) for c in seen}
        out: set[str] = set()
        for cid in hidden:
            for word in (card_name(game, cid), base_id(cid), cid):
                if word not in names:
                    out.add(word)
        return out


def leaks(text: str, secrets: set[str]) -> list[str]:
    """The secrets a message's text holds (as a JSON string: quoted, or inside a sentence)."""
    return sorted(s for s in secrets if s in text)


def replay_of(state: dict[str, Any]) -> dict[str, Any]:
    assert state["over"] and "replay" in state
    return state["replay"]


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False)
