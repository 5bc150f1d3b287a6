"""Imports every module that registers a build phase, in the order the phases must run."""

from __future__ import annotations

from lastlight.interpreter.board import checks as board_phase  # noqa: F401  (board, setups)
from lastlight.interpreter.effects import compile as check  # noqa: F401  (effects)
from lastlight.interpreter.effects import loopcheck  # noqa: F401  (loops: after effects)
from lastlight.interpreter.load import crossref  # noqa: F401  (crossref)
