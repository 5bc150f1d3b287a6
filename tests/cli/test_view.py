"""`lastlight view`: the command, and the page in a real headless Chromium."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter.load.paths import content_dir

from tests.browser import open_page, screenshot_is_blank


def _play(tmp_path: Path, *extra: str, players: int = 4, seed: int = 1) -> Path:
    replay = tmp_path / "game.json"
    result = CliRunner().invoke(
        main, ["play", "-n", str(players), "-s", str(seed), "--save", str(replay), *extra]
    )
    assert result.exit_code == 0, result.output
    return replay


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("view")
    replay = _play(tmp)
    result = CliRunner().invoke(main, ["view", str(replay)])
    assert result.exit_code == 0, result.output
    out = replay.with_suffix(".html")  # the default name
    assert f"wrote {out}" in result.output and "view: spectator" in result.output
    return out


def test_the_command_fails_cleanly(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["view", str(tmp_path / "none.json")])
    assert missing.exit_code == 1 and "cannot read" in missing.output
    broken = tmp_path / "cut.json"
    broken.write_text('{"format": "lastlight-replay", "vers')
    cut = runner.invoke(main, ["view", str(broken)])
    assert cut.exit_code == 1 and "cut.json:1:" in cut.output
    replay = _play(tmp_path, players=2, seed=3)
    for who in ("P2", "7", "nobody"):
        bad = runner.invoke(main, ["view", str(replay), "--as", who])
        assert bad.exit_code == 2 and "--as" in bad.output, who
    unwritable = runner.invoke(main, ["view", str(replay), "-o", str(tmp_path / "no" / "x.html")])
    assert unwritable.exit_code == 1 and "cannot write" in unwritable.output
    same = runner.invoke(main, ["view", str(replay), "-o", str(replay)])
    assert same.exit_code == 2 and replay.read_text().startswith("{")
    for result in (missing, cut, unwritable, same):
        assert "Traceback" not in result.output


def test_a_seat_view_is_written(tmp_path: Path) -> None:
    replay = _play(tmp_path, players=3, seed=2)
    out = tmp_path / "p1.html"
    result = CliRunner().invoke(main, ["view", str(replay), "--as", "P1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "view: P1" in result.output and '"viewpoint":"P1"' in out.read_text()


# --- in the browser ---------------------------------------------------------------------------


def _step(page: Any) -> int:
    return int(page.evaluate("window.lastlightViewer.step()"))


def test_the_page_loads_and_steps_in_chromium(browser: Any, page_file: Path) -> None:
    page, errors = open_page(browser, page_file)
    try:
        assert page.title().startswith("Last Light")
        assert _step(page) == 0
        assert page.locator("#board svg").count() == 1
        assert page.locator(".player").count() == 4
        start = page.inner_html("#board")
        page.keyboard.press("ArrowRight")
        assert _step(page) == 1
        assert page.input_value("#slider") == "1"
        assert re.match(r"Step 1 / \d+", page.inner_text("#where"))
        page.keyboard.press("ArrowLeft")
        assert _step(page) == 0
        changed = None  # stepping on changes the board: ships move, extractors are built
        for i in range(1, 60):
            page.keyboard.press("ArrowRight")
            if page.inner_html("#board") != start:
                changed = i
                break
        assert changed is not None and _step(page) == changed
        page.keyboard.press("End")
        assert "game over" in page.inner_text("#where")
        assert "wins" in page.inner_text("#waiting") or "win." in page.inner_text("#waiting")
        assert page.locator("#log li:not(.future)").count() > 50
        page.locator("#slider").fill("5")  # the slider moves the page too
        assert _step(page) == 5
        # R-SET-06: all four factions kept, achievements being kept: shown as kept, not named
        assert page.locator(".player h3", has_text="(faction kept, secret)").count() == 4
        page.click("#play")  # plays; Space on the focused button pauses (once, not twice)
        assert "pause" in page.inner_text("#play")
        page.keyboard.press(" ")
        assert "play" in page.inner_text("#play")
        png = page.screenshot()
        assert not screenshot_is_blank(png)
        assert errors == []
    finally:
        page.close()


def test_a_blank_screenshot_is_detected(browser: Any, tmp_path: Path) -> None:
    empty = tmp_path / "empty.html"
    empty.write_text("<!DOCTYPE html><title>x</title><body style='background:#000'></body>")
    page, _errors = open_page(browser, empty)
    try:
        assert screenshot_is_blank(page.screenshot())  # the check above can fail
    finally:
        page.close()


def test_markup_in_a_card_name_cannot_break_the_page(browser: Any, tmp_path: Path) -> None:
    pack = tmp_path / "content"
    shutil.copytree(content_dir(), pack)
    evil = "</script><script>window.pwned=1</script><!--"
    factions = pack / "factions.yaml"
    text, n = re.subn(r"(\n    name: )(.+)", rf'\1"\2 {evil}"', factions.read_text())
    assert n >= 4
    factions.write_text(text)
    replay = _play(tmp_path, "--content", str(pack))
    out = tmp_path / "evil.html"
    result = CliRunner().invoke(main, ["view", str(replay), "--content", str(pack), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text().count("</script>") == 2
    page, errors = open_page(browser, out)
    try:
        assert errors == []
        assert page.evaluate("window.pwned") is None
        page.keyboard.press("End")
        assert evil in page.inner_text("#players")
        assert errors == []
    finally:
        page.close()


def test_a_replay_of_other_content_or_tampered_is_refused(tmp_path: Path) -> None:
    import json

    replay = _play(tmp_path, players=2, seed=5)
    data = json.loads(replay.read_text())
    other = tmp_path / "other.json"
    other.write_text(json.dumps({**data, "content": "0" * 16}))
    runner = CliRunner()
    refused = runner.invoke(main, ["view", str(other), "-o", str(tmp_path / "o.html")])
    assert refused.exit_code == 1 and "content" in refused.output
    assert not (tmp_path / "o.html").exists()
    forced = runner.invoke(
        main, ["view", str(other), "--ignore-content", "-o", str(tmp_path / "o.html")]
    )
    assert forced.exit_code == 0, forced.output
    tampered = tmp_path / "tampered.json"
    tampered.write_text(
        json.dumps({**data, "decisions": [*data["decisions"][:5], {"kind": "fly"}]})
    )
    bad = runner.invoke(main, ["view", str(tampered)])
    assert bad.exit_code == 1 and "decision 6" in bad.output and "Traceback" not in bad.output
