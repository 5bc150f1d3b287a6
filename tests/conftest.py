"""Shared fixtures: the shipped content, loaded once per test session."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

import pytest
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.pack import Pack
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise

# The rules cache (interpreter/rules_cache.py) of a test run lives in a folder of its own, never
# in the user's: set once by the first process (the workers and subprocesses inherit it).
if "LASTLIGHT_CACHE_DIR" not in os.environ:
    _CACHE = tempfile.mkdtemp(prefix="lastlight-test-cache-")
    os.environ["LASTLIGHT_CACHE_DIR"] = _CACHE
    atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)


@pytest.fixture(scope="session")
def pack() -> Pack:
    return load_pack_or_raise(content_dir())


@pytest.fixture(scope="session")
def rules(pack: Pack) -> Rules:
    return Rules.from_pack(pack)


# the one headless Chromium of the session (Playwright's sync API runs once per process), for
# every test that opens an HTML page
from tests.browser import browser  # noqa: E402, F401
