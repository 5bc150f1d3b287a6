"""The engine's one error: the content made it do something impossible."""

from __future__ import annotations


class EngineError(Exception):
    """The content made the engine do something impossible (e.g. a trigger loop)."""
