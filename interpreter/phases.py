"""Imports every module that registers a build phase, in the order the phases must run."""

from __future__ import annotations

from .effects import check  # noqa: F401  (effects)
