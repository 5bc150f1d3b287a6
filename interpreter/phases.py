"""Imports every module that registers a build phase, in the order the phases must run."""

from __future__ import annotations

from . import (
    crossref,  # noqa: F401  (crossref)
    loopcheck,  # noqa: F401  (loops: after effects)
)
from .board import phase as board_phase  # noqa: F401  (board, setups)
from .effects import check  # noqa: F401  (effects)
