"""Which build of the rules core the tests run on: the pure-Python sources (an editable
install: the main CI run) or the mypyc-compiled one (a wheel: `setup.py`; the run against the
newest dependencies in `.ci/run`)."""

from __future__ import annotations

import pytest
from lastlight.interpreter.engine import machine

#: the engine's modules are C extensions (a compiled wheel is installed)
COMPILED = not str(machine.__file__).endswith(".py")

#: For a test that replaces an engine function or method (monkeypatch) to watch or break it.
#: Compiled code calls its own functions directly, so it never sees the replacement; such a
#: test runs on the pure-Python core, which gives the same games.
pure_core_only = pytest.mark.skipif(
    COMPILED, reason="replaces an engine function, which the compiled core calls directly"
)
