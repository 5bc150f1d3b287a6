"""`setup.py`: a wheel built without a C compiler (or with `LASTLIGHT_PURE=1`) is the pure-Python
package, whole, and the build says why; a compiled wheel is checked in `.ci/run` (the run
against the newest dependencies installs one and plays the same games as the pure core)."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow

#: no build isolation: this environment's setuptools and mypy build it, offline
_PIP_WHEEL = [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "--no-build-isolation"]
_PIP_WHEEL += ["--no-index"]


def _build(
    tmp_path: Path, edit: str = "", planted: tuple[str, ...] = (), **env: str
) -> tuple[list[str], str]:
    """Build a wheel of a copy of the project (no build isolation: this environment's
    setuptools and mypy); its file names and the build's output. `edit`: a line appended to
    the copy's `engine/errors.py` first; `planted`: files left in the copy's build folder
    (`build/lib.*/`), as an earlier build of the tree leaves them."""
    src = tmp_path / "src"
    src.mkdir()
    lib = src / "build" / f"lib.{sysconfig.get_platform()}-{sys.implementation.cache_tag}"
    for name in planted:
        (lib / name).parent.mkdir(parents=True, exist_ok=True)
        (lib / name).write_bytes(b"an earlier build's compiled module")
    for name in ("pyproject.toml", "setup.py", "README.md", "MANIFEST.in"):
        shutil.copy(REPO / name, src / name)
    for name in ("interpreter", "cli", "content", "schemas", "build_support"):
        shutil.copytree(
            REPO / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.so")
        )
    if edit:
        errors = src / "interpreter" / "engine" / "errors.py"
        errors.write_text(errors.read_text() + edit + "\n")
    out = tmp_path / "wheel"
    done = subprocess.run(
        [*_PIP_WHEEL, "-w", str(out), str(src)],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        return zf.namelist(), done.stdout + done.stderr


def _engine_sources() -> set[str]:
    root = REPO / "interpreter" / "engine"
    return {f"lastlight/interpreter/engine/{p.relative_to(root)}" for p in root.rglob("*.py")}


def test_without_a_compiler_the_wheel_is_the_pure_python_package(tmp_path: Path) -> None:
    names, output = _build(tmp_path, CC="false", LDSHARED="false")
    assert not [n for n in names if n.endswith(".so")]
    assert _engine_sources() <= set(names)
    assert "the rules core was not compiled (no working C compiler" in output
    assert "runs as pure Python, giving the same games" in output


def test_lastlight_pure_skips_the_compiler(tmp_path: Path) -> None:
    names, output = _build(tmp_path, LASTLIGHT_PURE="1")
    assert not [n for n in names if n.endswith(".so")]
    assert _engine_sources() <= set(names)
    assert "the rules core stays pure Python (LASTLIGHT_PURE is set)" in output


def test_a_pure_build_ships_no_compiled_module_an_earlier_build_left(tmp_path: Path) -> None:
    """pip and uv build a tree in its own `build/`; what an earlier compiled build left there
    (a module's extension, mypyc's shared library) would shadow the Python sources in the
    wheel, however old. The build deletes it first."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    planted = (
        f"lastlight/interpreter/engine/machine{suffix}",
        f"lastlight/interpreter/agents/planner/bot{suffix}",
        f"0123abcd__mypyc{suffix}",
    )
    names, output = _build(tmp_path, planted=planted, LASTLIGHT_PURE="1")
    assert not [n for n in names if n.endswith(suffix)], names
    assert _engine_sources() <= set(names)
    assert "the rules core stays pure Python (LASTLIGHT_PURE is set)" in output


def test_a_core_mypyc_refuses_builds_as_pure_python(tmp_path: Path) -> None:
    """A type error in the core stops mypyc: the build still succeeds, pure Python, and says so."""
    names, output = _build(tmp_path, edit='BROKEN: int = "not a number"')
    assert not [n for n in names if n.endswith(".so")]
    assert _engine_sources() <= set(names)
    assert "the rules core was not compiled (mypyc stopped" in output


def test_the_backend_asks_for_mypy_only_for_a_wheel_it_can_compile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`uv sync`, an sdist, `LASTLIGHT_PURE=1` and a machine with no C compiler never need
    mypy: a plain install cannot fail for want of it."""
    spec = importlib.util.spec_from_file_location(
        "lastlight_build", REPO / "build_support" / "lastlight_build.py"
    )
    assert spec is not None and spec.loader is not None
    backend = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(backend)
    monkeypatch.delenv("LASTLIGHT_PURE", raising=False)
    monkeypatch.delenv("CC", raising=False)
    assert backend.MYPYC in backend.get_requires_for_build_wheel()  # this machine compiles
    assert backend.MYPYC not in backend.get_requires_for_build_editable()
    assert backend.MYPYC not in backend.get_requires_for_build_sdist()
    monkeypatch.setenv("LASTLIGHT_PURE", "1")
    assert backend.MYPYC not in backend.get_requires_for_build_wheel()
    monkeypatch.delenv("LASTLIGHT_PURE")
    monkeypatch.setenv("CC", "/no/such/compiler")
    assert backend.MYPYC not in backend.get_requires_for_build_wheel()
    assert backend.why_pure() == "no C compiler found (/no/such/compiler)"
    # a range, not one release: an index holding 2.4.0 but not 2.4.1 still builds the wheel
    wanted = Requirement(backend.MYPYC)
    assert wanted.name == "mypy"
    assert {"2.3.1", "2.4.0", "2.4.1"} <= set(wanted.specifier.filter(["2.3.1", "2.4.0", "2.4.1"]))
    assert not list(wanted.specifier.filter(["2.2.0", "3.0.0"]))
