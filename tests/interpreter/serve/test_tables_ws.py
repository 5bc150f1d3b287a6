"""The WebSocket protocol end to end (Starlette's TestClient): two people and a spectator play
a whole game; no message a seat or the spectator received holds another seat's secret cards;
the table survives a restart of the server; undo against bots restores the position exactly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.serve.store import Store
from lastlight.interpreter.serve.tables import Hall, bot_seed

from tests.interpreter.serve.helpers import (
    Secrets,
    client,
    decide,
    dumps,
    hello,
    leaks,
    open_table,
    replay_of,
)


def _play_two_people(rules: Rules, db: Path) -> tuple[dict[int | None, list[dict[str, Any]]], Any]:
    """Two seats and a spectator, each on its own socket, to the end (choices vary)."""
    tc, _hall = client(rules, db)
    t = open_table(tc, ["human", "human"], seed=11)
    received: dict[int | None, list[dict[str, Any]]] = {0: [], 1: [], None: []}
    with (
        tc.websocket_connect(f"/ws/{t['id']}") as w0,
        tc.websocket_connect(f"/ws/{t['id']}") as w1,
        tc.websocket_connect(f"/ws/{t['id']}") as ws,
    ):
        socks = {0: w0, 1: w1, None: ws}
        now = {
            0: hello(w0, t["tokens"][0]),
            1: hello(w1, t["tokens"][1]),
            None: hello(ws, t["watch"]),
        }
        for k, m in now.items():
            received[k].append(m)
        step = 0
        while not now[0]["over"]:
            mover = now[0]["decision"]["p"]
            options = now[mover]["decision"]["options"]
            assert now[1 - mover]["decision"].get("options") is None  # not the other's
            assert now[None]["decision"].get("options") is None
            now[mover] = decide(socks[mover], now[mover], (step * 7) % len(options), step)
            for k in (1 - mover, None):
                now[k] = socks[k].receive_json()
            for k, m in now.items():
                received[k].append(m)
            step += 1
    return received, replay_of(now[0])


@pytest.fixture(scope="module")
def two_people(rules: Rules, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any]:
    """One whole game of two people and a spectator (played once for the module)."""
    return _play_two_people(rules, tmp_path_factory.mktemp("serve") / "t.db")


def test_two_people_and_a_spectator_play_to_the_end_and_see_no_secret(
    rules: Rules, two_people: tuple[Any, Any]
) -> None:
    received, replay = two_people
    assert len(received[0]) > 40 and received[0][-1]["over"]
    decisions = replay["decisions"]
    assert len(decisions) == received[0][-1]["version"]
    checked = 0
    secrets = Secrets(rules, 2, 11, decisions)
    every = sorted(
        (
            (m["version"], i, viewer, m)
            for viewer in (0, 1, None)
            for i, m in enumerate(received[viewer])
            if not m["over"]
        ),  # over: all is public
        key=lambda item: item[:2],
    )
    for version, _i, viewer, msg in every:
        hidden = secrets.at(version, viewer)
        checked += bool(hidden)
        found = leaks(dumps(msg), hidden)
        assert not found, (viewer, version, found)
    assert checked > 100, "the others held secrets this check could have caught"
    # the seed decides every draw to come: no seat and no spectator is told it before the end
    for viewer in (0, 1, None):
        assert all(m["table"]["seed"] is None for m in received[viewer] if not m["over"])
        assert all("seed 11" not in dumps(m) for m in received[viewer] if not m["over"])
        assert "-player game; " in dumps(received[viewer][0])  # the setup line, no seed
        assert received[viewer][-1]["table"]["seed"] == 11
    # the spectator sees no hand at all; a seat sees its own
    assert all("mine" not in m for m in received[None])
    assert any("tech in hand" in dumps(m.get("mine")) for m in received[0])


def test_the_replay_sent_at_the_end_opens_in_the_viewer(
    two_people: tuple[Any, Any], tmp_path: Path
) -> None:
    from click.testing import CliRunner
    from lastlight.cli.main import main

    _received, replay = two_people
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay))
    result = CliRunner().invoke(main, ["view", str(path), "-o", str(tmp_path / "game.html")])
    assert result.exit_code == 0, result.output
    assert f"({len(replay['decisions'])} decisions" in result.output


def test_the_check_would_catch_a_leak(rules: Rules, two_people: tuple[Any, Any]) -> None:
    received, replay = two_people
    secrets = Secrets(rules, 2, 11, replay["decisions"])
    msg = next(m for m in received[0] if m["version"] > 20 and not m["over"])
    hidden = secrets.at(msg["version"], 0)
    assert hidden and not leaks(dumps(msg), hidden)
    assert leaks(dumps({**msg, "x": f"P1 holds {sorted(hidden)[0]}"}), hidden)


def _human_vs_bots(tc: Any, seed: int = 3) -> dict[str, Any]:
    return open_table(tc, ["human", "planner", "heuristic"], seed=seed)


def test_a_restarted_server_brings_the_table_back(rules: Rules, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    tc, hall = client(rules, db)
    t = _human_vs_bots(tc)
    with tc.websocket_connect(f"/ws/{t['id']}") as ws:
        m = hello(ws, t["tokens"][0])
        for i in range(12):
            m = decide(ws, m, i % len(m["decision"]["options"]), i)
    before = hall.tables[t["id"]].game.to_json()
    hall.store.close()
    tc2, hall2 = client(rules, db)  # a new server over the same file
    with tc2.websocket_connect(f"/ws/{t['id']}") as ws:
        again = hello(ws, t["tokens"][0])
        assert again["version"] == m["version"]
        assert again == m
        assert hall2.tables[t["id"]].game.to_json() == before
        while not again["over"]:
            again = decide(ws, again, 0, again["version"])
    rows = hall2.store.decisions(t["id"])
    assert [idx for idx, _s, _d in rows] == list(range(len(rows)))
    assert len(rows) == again["version"]


def test_undo_against_bots_restores_the_previous_position_exactly(
    rules: Rules, tmp_path: Path
) -> None:
    tc, hall = client(rules, tmp_path / "t.db")
    t = _human_vs_bots(tc)
    table = None
    with tc.websocket_connect(f"/ws/{t['id']}") as ws:
        m = hello(ws, t["tokens"][0])
        for i in range(8):
            m = decide(ws, m, i % len(m["decision"]["options"]), i)
        table = hall.tables[t["id"]]
        position, view = table.game.to_json(), m
        choice = len(m["decision"]["options"]) - 1
        after = decide(ws, m, choice, 100)
        assert after["table"]["undo"]
        ws.send_json({"type": "undo", "id": 101})
        assert ws.receive_json()["type"] == "ack"
        undone = ws.receive_json()
        assert table.game.to_json() == position
        assert undone == view
        assert len(hall.store.decisions(t["id"])) == view["version"]
        again = decide(ws, undone, choice, 102)  # the bots answer as they did: seeded
        assert again == after


def _both(w0: Any, w1: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    return w0.receive_json(), w1.receive_json()


def _act(ws: Any, kind: str) -> None:
    ws.send_json({"type": kind, "id": 9})
    assert ws.receive_json()["type"] == "ack"


def test_undo_with_two_people_needs_the_other_ones_agreement(rules: Rules, tmp_path: Path) -> None:
    tc, hall = client(rules, tmp_path / "t.db")
    t = open_table(tc, ["human", "human"], seed=11)
    with tc.websocket_connect(f"/ws/{t['id']}") as w0, tc.websocket_connect(f"/ws/{t['id']}") as w1:
        socks = {0: w0, 1: w1}
        now = {0: hello(w0, t["tokens"][0]), 1: hello(w1, t["tokens"][1])}
        assert now[0]["table"]["undo_asks"] and not now[0]["table"]["undo"]
        ws = socks[0]
        ws.send_json({"type": "undo", "id": 1})
        assert "no decision of yours" in ws.receive_json()["reason"]
        table = hall.tables[t["id"]]
        before = None
        for step in range(6):  # a few decisions; remember the position before P0's last
            p = now[0]["decision"]["p"]
            if p == 0:
                before = (table.game.to_json(), now[0]["version"])
            now[p] = decide(socks[p], now[p], step % len(now[p]["decision"]["options"]), step)
            now[1 - p] = socks[1 - p].receive_json()
        assert before is not None
        after = table.game.to_json()
        _act(w0, "undo")  # P0 asks
        now = dict(enumerate(_both(w0, w1)))
        assert now[1]["table"]["undo_request"] == {"by": 0, "agreed": [0], "waiting_for": [1]}
        assert table.game.to_json() == after  # asking changes nothing
        _act(w1, "undo_refuse")  # P1 says no
        now = dict(enumerate(_both(w0, w1)))
        assert now[0]["table"]["undo_request"] is None and table.game.to_json() == after
        _act(w0, "undo")  # asks again; P1 agrees this time
        _both(w0, w1)
        _act(w1, "undo")
        now = dict(enumerate(_both(w0, w1)))
        assert table.game.to_json() == before[0]
        assert now[0]["version"] == before[1] == len(hall.store.decisions(t["id"]))
        assert now[0]["table"]["undo_request"] is None


def test_a_request_to_undo_lapses_with_the_next_decision(rules: Rules, tmp_path: Path) -> None:
    tc, hall = client(rules, tmp_path / "t.db")
    t = open_table(tc, ["human", "human"], seed=11)
    with tc.websocket_connect(f"/ws/{t['id']}") as w0, tc.websocket_connect(f"/ws/{t['id']}") as w1:
        socks = {0: w0, 1: w1}
        now = {0: hello(w0, t["tokens"][0]), 1: hello(w1, t["tokens"][1])}
        while not (now[0]["table"]["undo"] or now[1]["table"]["undo"]):
            p = now[0]["decision"]["p"]
            now[p] = decide(socks[p], now[p], 0, 1)
            now[1 - p] = socks[1 - p].receive_json()
        asker = 0 if now[0]["table"]["undo"] else 1
        _act(socks[asker], "undo")
        now = dict(enumerate(_both(w0, w1)))
        assert now[0]["table"]["undo_request"]["by"] == asker
        p = now[0]["decision"]["p"]
        now[p] = decide(socks[p], now[p], 0, 2)
        now[1 - p] = socks[1 - p].receive_json()
        assert now[0]["table"]["undo_request"] is None
        socks[1 - asker].send_json({"type": "undo_refuse", "id": 3})
        assert "no request" in socks[1 - asker].receive_json()["reason"]
    assert len(hall.store.decisions(t["id"])) == now[0]["version"]


def test_undo_against_bots_is_refused_before_any_decision(rules: Rules, tmp_path: Path) -> None:
    tc, _hall = client(rules, tmp_path / "t.db")
    t = _human_vs_bots(tc)
    with tc.websocket_connect(f"/ws/{t['id']}") as ws:
        m = hello(ws, t["tokens"][0])
        assert not m["table"]["undo_asks"]
        ws.send_json({"type": "undo", "id": 1})
        r = ws.receive_json()
        assert r["type"] == "refused" and "no decision of yours" in r["reason"]


def test_bots_are_seeded_by_table_seat_and_position() -> None:
    seeds = {bot_seed(s, p, i) for s in (1, 2) for p in range(4) for i in range(50)}
    assert len(seeds) == 2 * 4 * 50


def test_a_table_that_no_longer_replays_says_why(rules: Rules, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    tc, hall = client(rules, db)
    t = _human_vs_bots(tc)
    with tc.websocket_connect(f"/ws/{t['id']}") as ws:
        hello(ws, t["tokens"][0])
    n = len(hall.store.decisions(t["id"]))
    hall.store.append(t["id"], [(n, 0, {"kind": "nonsense"})])
    hall.store.close()
    tc2, _ = client(rules, db)
    with tc2.websocket_connect(f"/ws/{t['id']}") as ws:
        m = hello(ws, t["tokens"][0])
    assert m["type"] == "broken" and "do not replay" in m["reason"]


def test_a_database_from_a_newer_lastlight_is_refused(tmp_path: Path) -> None:
    from lastlight.interpreter.serve.store import StoreError

    db = tmp_path / "t.db"
    store = Store(db)
    assert store.schema_version() == 1
    store._write([("UPDATE meta SET value='99' WHERE key='schema'", ())])
    store.close()
    with pytest.raises(StoreError, match="newer lastlight"):
        Store(db)
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="not a lastlight table database"):
        Store(junk)


def test_a_hall_refuses_bad_seats(rules: Rules, tmp_path: Path) -> None:
    tc, hall = client(rules, tmp_path / "t.db")
    for body, words in (
        ({"players": 9, "seats": ["human"] * 9}, "players"),
        ({"players": 2, "seats": ["human"]}, "one entry per player"),
        ({"players": 2, "seats": ["human", "nobody"]}, "seat 1"),
        ({"players": 2, "seats": ["planner", "planner"]}, "at least one person"),
        ({"players": 2, "seats": ["human", "planner"], "seed": -1}, "seed"),
    ):
        r = tc.post("/api/tables", json=body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)
    assert hall.store.table_ids() == []
    assert isinstance(hall, Hall)


def test_a_bot_thinking_at_one_table_does_not_hold_up_another(
    rules: Rules, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The random bot at table A, once asked, waits until table B's person has had an answer:
    if a bot blocked the server, B would never be answered and the bot would time out."""
    import threading

    from lastlight.interpreter.serve import tables

    entered, released = threading.Event(), threading.Event()
    timed_out: list[bool] = []
    real = tables.make_bot

    class Waiting:
        def __init__(self, bot: Any):
            self.bot = bot

        def decide(self, obs: Any, legal: list[Any]) -> Any:
            entered.set()
            timed_out.append(not released.wait(20))
            return self.bot.decide(obs, legal)

    def make(name: str, seed: int, rules: Any = None) -> Any:
        bot = real(name, seed, rules)
        return Waiting(bot) if name == "random" else bot

    tc, _hall = client(rules, tmp_path / "t.db")
    a = open_table(tc, ["human", "random"], seed=1)
    b = open_table(tc, ["human", "planner"], seed=2)
    with tc.websocket_connect(f"/ws/{a['id']}") as wa, tc.websocket_connect(f"/ws/{b['id']}") as wb:
        ma, mb = hello(wa, a["tokens"][0]), hello(wb, b["tokens"][0])
        monkeypatch.setattr(tables, "make_bot", make)
        for _ in range(40):  # A's person decides until A's bot is asked
            wa.send_json({"type": "decide", "id": 1, "version": ma["version"], "choice": 0})
            if entered.wait(1.0):
                break
            assert wa.receive_json()["type"] == "ack"
            ma = wa.receive_json()
        assert entered.is_set(), "A's bot was never asked"
        mb = decide(wb, mb, 0, 7)  # B is answered while A's bot is still thinking
        released.set()
        assert wa.receive_json()["type"] == "ack"
    assert mb["version"] >= 1
    assert timed_out and not any(timed_out)


def test_a_failing_bot_stops_its_table_with_the_reason(
    rules: Rules, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lastlight.interpreter.serve import tables

    class Broken:
        def decide(self, obs: Any, legal: list[Any]) -> Any:
            raise RuntimeError("out of ideas")

    tc, hall = client(rules, tmp_path / "t.db")
    t = open_table(tc, ["human", "random"], seed=1)
    monkeypatch.setattr(tables, "make_bot", lambda name, seed, rules=None: Broken())
    with tc.websocket_connect(f"/ws/{t['id']}") as ws:
        m = hello(ws, t["tokens"][0])
        while m["decision"]["p"] == 0 and not m["table"]["problem"]:
            m = decide(ws, m, 0, m["version"])
    assert "the bot in seat P1 failed" in m["table"]["problem"]
    assert "out of ideas" in m["table"]["problem"]
    assert len(hall.store.decisions(t["id"])) == m["version"]


def test_a_finished_table_is_let_go_and_comes_back_from_the_store(
    rules: Rules, tmp_path: Path
) -> None:
    tc, hall = client(rules, tmp_path / "t.db")
    t = _human_vs_bots(tc)
    with tc.websocket_connect(f"/ws/{t['id']}") as ws:
        m = hello(ws, t["tokens"][0])
        while not m["over"]:
            m = decide(ws, m, 0, m["version"])
        assert t["id"] in hall.tables
    assert t["id"] not in hall.tables  # nobody is at it and it is over
    with tc.websocket_connect(f"/ws/{t['id']}") as ws:
        assert hello(ws, t["tokens"][0]) == m  # the same view, re-played from the store
