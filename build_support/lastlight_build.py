"""The build backend: setuptools', asking for mypy (which holds mypyc) only for a wheel that
`setup.py` can compile.

An editable install (`uv sync`), an sdist, a wheel built with `LASTLIGHT_PURE=1` and a wheel on a
machine with no C compiler need nothing beyond setuptools, so a plain `pip wheel .` or `uv sync`
never depends on getting mypy and its runtime packages for the platform.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401 (the backend's hooks, as setuptools has them)
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

#: the compiler of the rules core: a range, not one release. A build environment takes what the
#: package index has, and an index without one exact release (a mirror with 2.4.0 but not 2.4.1)
#: made a plain `pip wheel .` fail before anything ran. Every release from 2.3.1 compiles the
#: core to the same games (CI builds with the newest the range allows and compares a sweep's rows
#: with the pure build's); one whose mypyc stops leaves the wheel pure Python, as setup.py says.
#: The development environment's mypy is pinned in uv.lock.
MYPYC = "mypy>=2.3.1,<3"


def why_pure() -> str:
    """Why this build stays pure Python ("" when it can compile): `LASTLIGHT_PURE` is set, or
    no C compiler or Python header is found (a compiler that is there but fails is found out
    by the build itself, which then falls back too)."""
    if os.environ.get("LASTLIGHT_PURE", "") not in ("", "0"):
        return "LASTLIGHT_PURE is set"
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(cc)
    if not words or shutil.which(words[0]) is None:
        return f"no C compiler found ({words[0] if words else 'CC is empty'})"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").is_file():
        return f"no Python.h in {include or 'the include folder'} (the Python headers)"
    return ""


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    found = _setuptools.get_requires_for_build_wheel(config_settings)
    return found if why_pure() else [*found, MYPYC]
