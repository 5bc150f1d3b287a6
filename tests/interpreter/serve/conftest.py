"""Every TestClient a test opened (helpers.client) is closed after it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.interpreter.serve.helpers import OPEN


@pytest.fixture(autouse=True)
def _close_clients() -> Iterator[None]:
    yield
    while OPEN:
        OPEN.pop().__exit__(None, None, None)
