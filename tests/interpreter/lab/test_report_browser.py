"""The HTML report opens in real (headless) Chromium with its plots: no console errors or page
errors, and every embedded image decoded (naturalWidth > 0)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lastlight.interpreter.lab.report import BalanceReport, render_html

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the dev extra")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium (apt install chromium)")


def test_report_renders_in_chromium(base_rows: list, tmp_path: Path) -> None:
    page_file = tmp_path / "report.html"
    page_file.write_text(render_html(BalanceReport.from_rows(base_rows, {"seed": 11})))
    problems: list[str] = []
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            page = browser.new_page()
            page.on(
                "console",
                lambda m: (
                    problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None
                ),
            )
            page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
            page.goto(page_file.as_uri())
            page.wait_for_load_state("load")
            images = page.eval_on_selector_all(
                "img", "els => els.map(e => [e.alt, e.complete, e.naturalWidth])"
            )
            title = page.title()
        finally:
            browser.close()
    assert title == "Balance report"
    assert len(images) >= 5
    assert all(done and width > 0 for _alt, done, width in images), images
    assert problems == []
