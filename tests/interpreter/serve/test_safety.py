"""The safety defaults, each refused with a clear message and nothing changed: another seat's
token, a spectator's, a forged or stale or illegal decision, a 1 MB message, a wrong Origin,
too many messages, a path outside the assets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.serve.app import MAX_MESSAGE
from starlette.websockets import WebSocketDisconnect

from tests.interpreter.serve.helpers import client, decide, hello, open_table


@pytest.fixture()
def table(rules: Rules, tmp_path: Path) -> tuple[Any, Any, dict[str, Any]]:
    tc, hall = client(rules, tmp_path / "t.db")
    return tc, hall, open_table(tc, ["human", "human"], seed=9)


def _snapshot(hall: Any, table_id: str) -> tuple[str, int]:
    return hall.tables[table_id].game.to_json(), len(hall.store.decisions(table_id))


def _refused(ws: Any, message: dict[str, Any]) -> str:
    ws.send_json(message)
    reply = ws.receive_json()
    assert reply["type"] == "refused" and reply["id"] == message.get("id"), reply
    return str(reply["reason"])


def test_a_seat_cannot_act_for_another_or_out_of_turn(table: Any) -> None:
    tc, hall, t = table
    with (
        tc.websocket_connect(f"/ws/{t['id']}") as w0,
        tc.websocket_connect(f"/ws/{t['id']}") as w1,
        tc.websocket_connect(f"/ws/{t['id']}") as ws,
    ):
        m0, m1 = hello(w0, t["tokens"][0]), hello(w1, t["tokens"][1])
        hello(ws, t["watch"])
        mover, other = (w0, w1) if m0["decision"].get("options") else (w1, w0)
        state = m0 if mover is w0 else m1
        before = _snapshot(hall, t["id"])
        waiting = m1 if mover is w0 else m0
        why = _refused(
            other, {"type": "decide", "id": 1, "version": waiting["version"], "choice": 0}
        )
        assert "not your turn" in why
        assert "spectator cannot decide" in _refused(
            ws, {"type": "decide", "id": 2, "version": state["version"], "choice": 0}
        )
        assert _snapshot(hall, t["id"]) == before
        decide(mover, state, 0, 3)  # the right seat still can


def test_a_wrong_token_is_refused_and_the_socket_closed(table: Any) -> None:
    tc, _hall, t = table
    other = open_table(tc, ["human", "planner"])
    for token in ("", "x" * 22, other["tokens"][0], t["tokens"][0][:-1], 12, "é" * 500):
        with tc.websocket_connect(f"/ws/{t['id']}") as ws:
            ws.send_json({"type": "hello", "token": token})
            reply = ws.receive_json()
            assert reply == {
                "type": "error",
                "reason": "that link does not open a seat at this table",
            }, token
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1008
    with tc.websocket_connect("/ws/no-such-table") as ws:
        assert ws.receive_json()["reason"] == "no such table"


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ({"type": "decide", "id": 1, "version": 0, "choice": 999}, "must be the number of one"),
        ({"type": "decide", "id": 1, "version": 0, "choice": -1}, "must be the number of one"),
        ({"type": "decide", "id": 1, "version": 0, "choice": True}, "must be the number of one"),
        (
            {
                "type": "decide",
                "id": 1,
                "version": 0,
                "choice": {"kind": "keep", "card": "anything"},
            },
            "must be the number of one",
        ),
        ({"type": "decide", "id": 1, "version": 7, "choice": 0}, "position 7"),
        ({"type": "decide", "id": 1, "choice": 0}, "needs the 'version'"),
        ({"type": "rewrite", "id": 1}, "hello, decide, undo, undo_refuse or ping"),
        ({"type": "decide", "id": 1, "version": "0", "choice": 0}, "needs the 'version'"),
    ],
)
def test_a_forged_or_illegal_decision_changes_nothing(
    table: Any, message: dict[str, Any], words: str
) -> None:
    tc, hall, t = table
    with tc.websocket_connect(f"/ws/{t['id']}") as w0, tc.websocket_connect(f"/ws/{t['id']}") as w1:
        m0, m1 = hello(w0, t["tokens"][0]), hello(w1, t["tokens"][1])
        ws, state = (w0, m0) if m0["decision"].get("options") else (w1, m1)
        assert state["version"] == 0
        before = _snapshot(hall, t["id"])
        assert words in _refused(ws, message)
        assert _snapshot(hall, t["id"]) == before
        ws.send_text("not json {")
        assert ws.receive_json()["type"] == "refused"
        assert _snapshot(hall, t["id"]) == before
        decide(ws, state, 0, 2)  # still playable


def test_a_stale_decision_is_never_applied_twice(table: Any) -> None:
    tc, hall, t = table
    with tc.websocket_connect(f"/ws/{t['id']}") as w0, tc.websocket_connect(f"/ws/{t['id']}") as w1:
        m0, m1 = hello(w0, t["tokens"][0]), hello(w1, t["tokens"][1])
        ws, state = (w0, m0) if m0["decision"].get("options") else (w1, m1)
        after = decide(ws, state, 0, 1)
        if after["decision"].get("options"):  # the same seat decides again
            before = _snapshot(hall, t["id"])
            why = _refused(
                ws, {"type": "decide", "id": 2, "version": state["version"], "choice": 0}
            )
            assert "already taken" in why
            assert _snapshot(hall, t["id"]) == before
        assert len(hall.store.decisions(t["id"])) == after["version"]


def test_a_one_megabyte_message_closes_the_socket_and_changes_nothing(table: Any) -> None:
    tc, hall, t = table
    with tc.websocket_connect(f"/ws/{t['id']}") as ws:
        hello(ws, t["tokens"][0])
        before = _snapshot(hall, t["id"])
        ws.send_text('{"type": "decide", "pad": "' + "x" * (1 << 20) + '"}')
        reply = ws.receive_json()
        assert reply["type"] == "error" and str(MAX_MESSAGE) in reply["reason"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009
    assert _snapshot(hall, t["id"]) == before
    with tc.websocket_connect(f"/ws/{t['id']}") as ws:  # a first message too large as well
        ws.send_bytes(b"x" * (1 << 20))
        assert ws.receive_json()["type"] == "error"


def test_a_wrong_origin_is_refused(table: Any) -> None:
    tc, hall, t = table
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        tc.websocket_connect(f"/ws/{t['id']}", headers={"origin": "http://evil.example"}),
    ):
        pass
    assert closed.value.code == 1008
    with tc.websocket_connect(f"/ws/{t['id']}", headers={"origin": "http://testserver"}) as ws:
        assert hello(ws, t["tokens"][0])["type"] == "state"  # the server's own page: fine
    r = tc.post(
        "/api/tables",
        json={"players": 2, "seats": ["human", "planner"]},
        headers={"origin": "http://evil.example"},
    )
    assert r.status_code == 403
    r = tc.post(
        "/api/tables",
        content=b"players=2",
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code == 415
    assert len(hall.store.table_ids()) == 1


def test_too_many_messages_are_refused(rules: Rules, tmp_path: Path) -> None:
    tc, _hall = client(rules, tmp_path / "t.db", rate=5.0)
    t = open_table(tc, ["human", "planner"])
    with tc.websocket_connect(f"/ws/{t['id']}") as ws:
        hello(ws, t["tokens"][0])
        for i in range(40):
            ws.send_json({"type": "ping", "id": i})
        replies = [ws.receive_json() for _ in range(40 - 10)]
    assert all(r["type"] == "refused" and r["reason"] == "too many messages" for r in replies)


@pytest.mark.parametrize(
    "path",
    [
        "/assets/../../pyproject.toml",
        "/assets/..%2f..%2fpyproject.toml",
        "/assets/%2e%2e/app.py",
        "/assets/app.py",
        "/assets/assets/play.js",
        "/assets/play.html",
        "/assets/..\\app.py",
        "/assets/%2fetc%2fpasswd",
        "/play/..%2f..%2fetc%2fpasswd",
        "/etc/passwd",
    ],
)
def test_no_file_outside_the_assets_is_served(table: Any, path: str) -> None:
    tc, _hall, _t = table
    r = tc.get(path)
    assert r.status_code == 404, (path, r.status_code)
    assert "import" not in r.text and "root:" not in r.text and "[project]" not in r.text


def test_the_pages_and_assets_are_served_with_a_strict_policy(table: Any) -> None:
    tc, _hall, t = table
    for path in ("/", f"/play/{t['id']}", "/assets/play.js", "/assets/serve.css"):
        r = tc.get(path)
        assert r.status_code == 200, path
        assert "script-src 'self'" in r.headers["content-security-policy"]
    assert tc.get("/play/unknown-table").status_code == 404
