"""Load a script of `benchmarks/` as a module, for its tests (the folder is not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_script(name: str) -> ModuleType:
    """`benchmarks/NAME.py`, registered under NAME so that its worker processes find its
    functions by module name."""
    spec = importlib.util.spec_from_file_location(name, ROOT / f"benchmarks/{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod
