"""A real headless Chromium for tests of HTML pages (the system's `chromium`, driven by Playwright).

Use it from a test module:

    from tests.browser import open_page  # the `browser` fixture comes from tests/conftest.py

    def test_page(browser, tmp_path):
        page, errors = open_page(browser, tmp_path / "game.html")
        ...
        assert errors == []

Nothing is downloaded: Playwright drives the Debian package's /usr/bin/chromium (never run
`playwright install`). Without a Chromium the tests are skipped, unless
LASTLIGHT_REQUIRE_BROWSER=1 (set in .ci/run), where they fail.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _unavailable(reason: str) -> None:
    if os.environ.get("LASTLIGHT_REQUIRE_BROWSER"):
        pytest.fail(f"LASTLIGHT_REQUIRE_BROWSER is set but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium (a fresh profile per launch), shared by the session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[dev]')")
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        _unavailable("no chromium on PATH (apt-get install chromium)")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def open_page(
    browser: Any, path: Path, *, width: int = 1600, height: int = 1000
) -> tuple[Any, list[str]]:
    """Open a local file; returns the page and a live list of console errors and page errors."""
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(Path(path).resolve().as_uri())
    page.wait_for_load_state("load")
    return page, errors


def screenshot_is_blank(png: bytes) -> bool:
    """A screenshot with fewer than 16 colours or nearly one colour everywhere is blank."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    small = image.resize((200, 125))
    colours = small.getcolors(maxcolors=200 * 125) or []
    top = max(n for n, _c in colours)
    return len(colours) < 16 or top > 0.97 * 200 * 125


def main() -> None:
    """`python -m tests.browser PAGE.html OUT.png [STEP]`: a screenshot of a page (the README's
    docs/viewer.png is made so)."""
    import sys

    from playwright.sync_api import sync_playwright

    page_file, out = Path(sys.argv[1]), Path(sys.argv[2])
    step = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        raise SystemExit("no chromium on PATH")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        page, errors = open_page(chromium, page_file)
        page.evaluate(f"window.lastlightViewer && window.lastlightViewer.go({step})")
        page.screenshot(path=str(out))
        chromium.close()
    if errors:
        raise SystemExit(f"console errors: {errors}")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
