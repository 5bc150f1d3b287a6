"""The HTML report opens in real (headless) Chromium with its plots: no console errors or page
errors, and every embedded image decoded (naturalWidth > 0). Uses the suite's one browser
(tests/browser.py): Playwright's sync API allows one running instance per process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastlight.interpreter.tools.lab.report import BalanceReport, render_html

from tests.browser import open_page


def test_report_renders_in_chromium(
    browser: Any,
    base_rows: list,
    tmp_path: Path,
) -> None:
    page_file = tmp_path / "report.html"
    page_file.write_text(render_html(BalanceReport.from_rows(base_rows, {"seed": 11})))
    page, problems = open_page(browser, page_file)
    try:
        images = page.eval_on_selector_all(
            "img", "els => els.map(e => [e.alt, e.complete, e.naturalWidth])"
        )
        title = page.title()
    finally:
        page.close()
    assert title == "Balance report"
    assert len(images) >= 5
    assert all(done and width > 0 for _alt, done, width in images), images
    assert problems == []
