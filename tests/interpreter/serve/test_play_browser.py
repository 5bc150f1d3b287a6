"""The play page in a real headless Chromium (Playwright over Debian's chromium), against a real
server (uvicorn in a thread, a SQLite file): two browser contexts open a 2-player table by their
links and play it to the end by clicking and by keys; a spectator follows; one context reloads
mid-game; the server is stopped and started mid-game; no page and no WebSocket frame a context
received holds a card the other seat holds in secret; undo against bots restores the position."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.serve.run import Background

from tests.browser import screenshot_is_blank
from tests.interpreter.serve.helpers import Secrets, leaks

DOCS = Path(__file__).resolve().parents[3] / "docs"

VERSION = (
    "() => window.lastlightPlay && window.lastlightPlay.state ? "
    "window.lastlightPlay.state.version : -1"
)


class Seat:
    """One browser context on one link, with every WebSocket frame it received."""

    def __init__(self, browser: Any, url: str):
        self.context = browser.new_context(viewport={"width": 1500, "height": 950})
        self.page = self.context.new_page()
        self.frames: list[str] = []
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.goto(url)
        self.wait_for(0)

    def _frame(self, payload: Any) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode())

    def version(self) -> int:
        return int(self.page.evaluate(VERSION))

    def state(self) -> dict[str, Any]:
        return dict(self.page.evaluate("() => window.lastlightPlay.state"))

    def wait_for(self, version: int) -> None:
        self.page.wait_for_function(
            f"v => ({VERSION})() >= v && !document.querySelector('#options button:disabled')",
            arg=version,
            timeout=30_000,
        )

    def close(self) -> None:
        self.context.close()


def _in_step(seats: dict[int | None, Seat], least: int) -> int:
    """Wait until every page shows the same version, at least `least`, and return it. Reading
    one page's state while another is still a message behind (or ahead) names the wrong mover."""
    deadline = time.monotonic() + 30
    while True:
        for s in seats.values():
            s.wait_for(least)
        versions = {s.version() for s in seats.values()}
        if len(versions) == 1:
            return versions.pop()
        assert time.monotonic() < deadline, f"the pages never agreed on a version: {versions}"
        least = max(versions)


def _open_table(browser: Any, url: str, seats: list[str], seed: int) -> dict[str, Any]:
    """Open a table from the lobby page, as a person would."""
    page = browser.new_page()
    try:
        page.goto(url + "/")
        page.select_option("#players", str(len(seats)))
        for i, kind in enumerate(seats):
            page.select_option(f"#seat-{i}", kind)
        page.fill("#seed", str(seed))
        page.click("#go")
        page.wait_for_selector("#links:not([hidden])")
        links = {
            int(a.get_attribute("data-seat")): a.get_attribute("href")
            for a in page.query_selector_all("a.seat-link")
        }
        watch = page.get_attribute("a.spectator-link", "href")
        return {"seats": links, "watch": watch}
    finally:
        page.close()


def _check_pages(seats: dict[int | None, Seat], secrets: dict[int | None, Secrets]) -> int:
    """No page holds, anywhere in its document, another seat's secret at this position;
    returns how many pages had secrets to keep."""
    kept = 0
    for who, seat in seats.items():
        version = seat.version()
        hidden = secrets[who].at(version, who)
        found = leaks(seat.page.content(), hidden)
        assert not found, (who, version, found)
        kept += bool(hidden)
    return kept


def _check_frames(seat: Seat, who: int | None, rules: Rules, decisions: list[Any]) -> int:
    secrets = Secrets(rules, 2, 21, decisions)
    checked = 0
    for text in seat.frames:
        msg = json.loads(text)
        if msg.get("type") != "state" or msg["over"]:
            continue
        if msg["version"] < len(secrets.game.history):  # a repeat after a reconnect
            secrets = Secrets(rules, 2, 21, decisions)
        hidden = secrets.at(msg["version"], who)
        found = leaks(text, hidden)
        assert not found, (who, msg["version"], found)
        checked += 1
    return checked


def _restart(
    server: Background, rules: Rules, db: Path, seats: dict[int | None, Seat]
) -> Background:
    """Stop the server (every page loses its connection), start a new one on the same port
    and file; every page reconnects by itself."""
    port = server.port
    server.stop()
    for s in seats.values():
        s.page.wait_for_function("() => /lost/.test(document.getElementById('status').textContent)")
    server = Background(rules, db, port=port).start()
    for s in seats.values():
        s.page.wait_for_function(
            "() => document.getElementById('status').textContent === 'connected'", timeout=20_000
        )
    return server


@pytest.mark.slow
def test_two_browsers_play_a_table_to_the_end(browser: Any, rules: Rules, tmp_path: Path) -> None:
    """Long because: a whole game, clicked."""
    db = tmp_path / "tables.db"
    server = Background(rules, db).start()
    seats: dict[int | None, Seat] = {}
    try:
        links = _open_table(browser, server.url, ["human", "human"], seed=21)
        seats = {
            0: Seat(browser, links["seats"][0]),
            1: Seat(browser, links["seats"][1]),
            None: Seat(browser, links["watch"]),
        }
        reloaded = restarted = shot = False
        step = 0
        version = 0
        while True:
            version = _in_step(seats, version)
            state = seats[0].state()
            assert state["version"] == version
            if state["over"]:
                break
            mover = seats[state["decision"]["p"]]
            buttons = mover.page.locator("#options button")
            n = buttons.count()
            assert (
                n > 1
                and seats[1 - state["decision"]["p"]].page.locator("#options button").count() == 0
            )
            if step % 3 == 0 and n <= 9:
                mover.page.keyboard.press(str(1 + step % n))  # keys 1-9
            else:
                buttons.nth(step % n).click()
            mover.wait_for(version + 1)
            step += 1
            if not shot and step >= 20 and seats[0].page.locator("#options button").count():
                png = seats[0].page.screenshot()
                assert not screenshot_is_blank(png)
                out = DOCS if os.environ.get("LASTLIGHT_WRITE_DOCS") else tmp_path
                (out / "play-in-browser.png").write_bytes(png)
                shot = True
            if not reloaded and step >= 30:
                seats[1].page.reload()
                seats[1].wait_for(seats[0].version())
                reloaded = True
            if not restarted and step >= 60:
                before = seats[0].version()
                server = _restart(server, rules, db, seats)
                for s in seats.values():
                    s.wait_for(before)
                    assert s.version() == before
                restarted = True
        assert reloaded and restarted and shot
        final = seats[0].state()
        for s in seats.values():
            s.wait_for(final["version"])
            assert s.state()["over"] and s.state()["winners"] == final["winners"]
        assert "Game over" in seats[None].page.inner_text("#result")
        assert seats[0].page.locator("#replay").count() == 1
        decisions = final["replay"]["decisions"]
        assert len(decisions) == final["version"]
        for who, seat in seats.items():
            assert _check_frames(seat, who, rules, decisions) > 50
            assert seat.errors == [], seat.errors
    finally:
        for s in seats.values():
            s.close()
        server.stop()


@pytest.mark.slow
def test_pages_hold_no_secret_and_a_reload_continues(
    browser: Any, rules: Rules, tmp_path: Path
) -> None:
    """A few decisions by clicks; the pages' documents checked for secrets at each."""
    server = Background(rules, tmp_path / "tables.db").start()
    seats: dict[int | None, Seat] = {}
    try:
        links = _open_table(browser, server.url, ["human", "human"], seed=21)
        seats = {
            0: Seat(browser, links["seats"][0]),
            1: Seat(browser, links["seats"][1]),
            None: Seat(browser, links["watch"]),
        }
        table = next(iter(server.server.hall.tables.values()))  # type: ignore[attr-defined]
        history = table.game.history  # the server's own list: it grows as the game goes on
        secrets = {who: Secrets(rules, 2, 21, history) for who in seats}
        kept = 0
        version = 0
        for step in range(12):
            version = _in_step(seats, version)
            state = seats[0].state()
            kept += _check_pages(seats, secrets)
            mover = seats[state["decision"]["p"]]
            mover.page.locator("#options button").nth(step % 2).click()
            mover.wait_for(state["version"] + 1)
        assert kept >= 20, "there were secrets to keep"
        seats[0].page.reload()
        seats[0].wait_for(seats[1].version())
        assert seats[0].version() == seats[1].version() >= 12
        assert seats[None].page.locator("#mine-panel").is_hidden()
        # undo by agreement: P0 asks, P1 agrees by clicking, both pages go back
        position = table.game.to_json()
        asked = seats[0].version()
        last0 = max(i for i, seat in enumerate(table.history_seats) if seat == 0)
        seats[0].page.click("#undo")
        seats[1].page.wait_for_selector("#undo-agree:visible")
        assert "P0 asks to take back" in seats[1].page.inner_text("#undo-words")
        assert table.game.to_json() == position
        seats[1].page.click("#undo-agree")
        for s in seats.values():
            s.page.wait_for_function(f"() => ({VERSION})() === {last0}")
        assert last0 < asked and len(table.game.history) == last0
        assert seats[1].page.locator("#undo-request").is_hidden()
        for who, s in seats.items():
            assert s.errors == [], (who, s.errors)
    finally:
        for s in seats.values():
            s.close()
        server.stop()


@pytest.mark.slow
def test_undo_against_bots_restores_the_position(
    browser: Any, rules: Rules, tmp_path: Path
) -> None:
    server = Background(rules, tmp_path / "tables.db").start()
    seat = None
    try:
        links = _open_table(browser, server.url, ["human", "planner"], seed=4)
        seat = Seat(browser, links["seats"][0])
        for step in range(5):
            version = seat.version()
            seat.page.locator("#options button").nth(step % 2).click()
            seat.wait_for(version + 1)
        before = seat.state()
        board = seat.page.inner_html("#board")
        table = next(iter(server.server.hall.tables.values()))  # type: ignore[attr-defined]
        position = table.game.to_json()
        seat.page.locator("#options button").last.click()
        seat.wait_for(before["version"] + 1)
        assert seat.state()["table"]["undo"] and seat.page.locator("#undo").is_visible()
        seat.page.keyboard.press("u")
        seat.page.wait_for_function(f"() => ({VERSION})() === {before['version']}")
        seat.wait_for(before["version"])
        assert seat.state() == before
        assert seat.page.inner_html("#board") == board
        assert table.game.to_json() == position
        assert seat.errors == []
    finally:
        if seat:
            seat.close()
        server.stop()
