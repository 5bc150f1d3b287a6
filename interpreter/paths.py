"""Where the shipped content and schemas live, installed or editable."""

from __future__ import annotations

from pathlib import Path

_PKG_ROOT = Path(__file__).resolve().parent.parent


def content_dir() -> Path:
    """The folder of the default content pack shipped with the package."""
    return _PKG_ROOT / "content"


def schemas_dir() -> Path:
    """The folder of the JSON Schemas shipped with the package."""
    return _PKG_ROOT / "schemas"
