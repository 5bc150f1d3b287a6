"""Shared fixtures: the shipped content, loaded once per test session."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.pack import Pack
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise

# The caches of the user's cache folder (the rules cache, the checked-files memo) are off in a
# test run: tests load hundreds of packs once each, and writing an entry for each cost about a
# fifth of the suite's time. The tests of the caches turn them on, in a folder of their own;
# the folder set here (once, by the first process; the workers and subprocesses inherit it)
# keeps any other use out of the user's home.
os.environ.setdefault("LASTLIGHT_NO_CACHE", "1")
if "LASTLIGHT_CACHE_DIR" not in os.environ:
    _CACHE = tempfile.mkdtemp(prefix="lastlight-test-cache-")
    os.environ["LASTLIGHT_CACHE_DIR"] = _CACHE
    atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)


@pytest.fixture
def user_caches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user caches turned on, in a folder of this test's own (`rules/`, `files/` inside)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("LASTLIGHT_CACHE_DIR", str(folder))
    monkeypatch.delenv("LASTLIGHT_NO_CACHE", raising=False)
    return folder


@pytest.fixture(scope="session")
def pack() -> Pack:
    return load_pack_or_raise(content_dir())


@pytest.fixture(scope="session")
def rules(pack: Pack) -> Rules:
    return Rules.from_pack(pack)


# the one headless Chromium of the session (Playwright's sync API runs once per process), for
# every test that opens an HTML page
from tests.browser import browser  # noqa: E402, F401
