"""The content an env plays: a pack folder (default: the pack installed with lastlight), loaded
once per process and folder; broken content raises `ContentError` with its diagnostics."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise

if TYPE_CHECKING:
    from lastlight.interpreter.engine.ruleset import Rules

_LOADED: dict[Path, Rules] = {}


def load_rules_for_env(content: str | Path | None = None) -> Rules:
    from lastlight.interpreter.engine.ruleset import Rules

    root = Path(content if content is not None else content_dir()).resolve()
    rules = _LOADED.get(root)
    if rules is None:
        rules = _LOADED[root] = Rules.from_pack(load_pack_or_raise(root))
    return rules
