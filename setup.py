"""Build hook: compile the rules core and the bots' inner workings with mypyc where a C compiler
is at hand.

Everything else about the package is in `pyproject.toml`; this file only adds the compiled
modules. `pip install .` (a wheel) compiles the modules in `COMPILED` with mypyc (a range of
mypy releases, asked for by the backend, `build_support/lastlight_build.py`) into C extensions
beside their Python sources, which they shadow. The same games come out either way (the golden
games and a sweep's rows are checked against the compiled core in `.ci/run`); the compiled core
is only faster (docs/figures.md).

Pure Python instead, with no error (the backend, `build_support/lastlight_build.py`, then does
not even ask for mypy):
- on a machine without a working C compiler (the build says so in one warning and goes on);
- in an editable install (`pip install -e .`, `uv sync`): a developer's edits must take effect;
- when `LASTLIGHT_PURE=1` is set while building.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CompileError, ExecError, LinkError, PlatformError

#: The rules core and the typed door (`view`, `view_parts`: every bot reads the game through
#: it): the files of `interpreter/engine/` that are compiled. Left out, and kept in Python:
#: the TypedDicts a test reads back (`state`, `observe_types`: mypyc drops their `NotRequired`;
#: the copying of a state is `state_copy` and the observations `observe`, which are compiled),
#: the content's tables (`ruleset`, `memos`: a dataclass copied with `copy.copy` and
#: `cached_property` memos), and `replay_check` (a `str` subclass).
ENGINE = [
    "__init__",
    "catalogue",
    "combat",
    "conditions",
    "errors",
    "flow",
    "game",
    "layout",
    "lumos",
    "machine",
    "new_game",
    "observe",
    "queries",
    "replay",
    "rng",
    "sample",
    "state_copy",
    "triggers",
    "units",
    "view",
    "view_parts",
    "primitives/__init__",
    "primitives/build",
    "primitives/cards",
    "primitives/combat",
    "primitives/economy",
    "primitives/move",
    "primitives/options",
]
#: The planner's and the search bots' inner workings (`interpreter/agents/`): a lab run's
#: planner and sweep games spend most of their time there, which compiled takes about a
#: quarter less (docs/architecture.md). Left out: the bot classes themselves (`planner/bot`,
#: `planner/calibrated`, `search/bot`, `search/sweep`, `search/ismcts`), so that a bot of
#: someone's own may subclass them (Python cannot subclass a compiled class), `planner/weights`
#: (mypyc refuses the type checker's block in its class body) and the packages' `__init__`.
BOTS = [
    "planner/fleet",
    "planner/keeps",
    "planner/seat",
    "planner/valuation",
    "search/rollout",
    "search/value",
]
#: Every compiled module, as a path in the package.
COMPILED = [f"lastlight/interpreter/engine/{name}" for name in ENGINE] + [
    f"lastlight/interpreter/agents/{name}" for name in BOTS
]
#: stands in until `build_ext` runs, so that setuptools knows the package has extensions
PLACEHOLDER = Extension("lastlight.interpreter.engine._compiled", sources=[])


def _why_pure(cmd: build_ext) -> str:
    if getattr(cmd, "editable_mode", False) or cmd.inplace:
        return "an editable install runs the sources as they are"
    try:  # the backend's own test (build_support/, on the path of a PEP 517 build)
        from lastlight_build import why_pure
    except ImportError:
        pure = os.environ.get("LASTLIGHT_PURE", "") not in ("", "0")
        why = "LASTLIGHT_PURE is set" if pure else ""
    else:
        why = why_pure()
    if why:
        return why
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc (mypy) is not installed in the build environment"
    return ""


def _reason(exc: BaseException) -> str:
    """Why the build fell back, in a line (a compiler's failure names no whole command line)."""
    if isinstance(exc, (CompileError, LinkError, ExecError, PlatformError)):
        return f"no working C compiler: {type(exc).__name__}"
    if isinstance(exc, SystemExit):
        return f"mypyc stopped: {exc.code}" if exc.code not in (None, 1) else "mypyc stopped"
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= 200 else text[:199] + "…"


def _drop_earlier_extensions(lib: Path) -> None:
    """Delete the compiled modules an earlier build left in the build folder. pip and uv build
    a source tree in its own `build/`, and everything in `build/lib.*` goes into the wheel: a
    pure build (`LASTLIGHT_PURE=1`, no compiler, mypyc stopped) would ship the earlier build's
    extensions, which shadow the Python sources they were compiled from, however old; a
    compiled build, those of modules it no longer compiles (mypyc's shared library is named by
    a hash of the modules, so an old one stays beside the new)."""
    found = [p for p in lib.glob("*__mypyc.*") if p.is_file()]
    package = lib / "lastlight"
    if package.is_dir():
        found += [p for p in package.rglob("*") if p.name.endswith(tuple(EXTENSION_SUFFIXES))]
    for path in found:
        path.unlink()


class BuildCore(build_ext):
    """Compile `COMPILED` with mypyc from the copies `build_py` made; on any failure (no
    compiler, a mypyc error), build nothing and leave the pure-Python package as it is."""

    def run(self) -> None:
        _drop_earlier_extensions(Path(self.build_lib))
        why = _why_pure(self)
        if why:
            self.extensions = []
            print(f"lastlight: the rules core stays pure Python ({why})")
            return
        try:
            self._adopt(self._mypyc_extensions())
            self.parallel = self.parallel or os.cpu_count() or 1
            super().run()
        # a missing compiler, a mypyc failure (mypyc exits on a type error): pure Python instead
        except (Exception, SystemExit) as exc:
            for path in self.get_outputs():
                Path(path).unlink(missing_ok=True)
            self.extensions = []
            self.warn(
                f"lastlight: the rules core was not compiled ({_reason(exc)}); "
                "it runs as pure Python, giving the same games, only more slowly"
            )
        finally:
            gen = getattr(self, "_generated", None)
            if gen is not None:
                shutil.rmtree(gen, ignore_errors=True)

    def _adopt(self, extensions: list[Extension]) -> None:
        """Take mypyc's extensions in place of the placeholder, set up as `finalize_options`
        sets up the ones it is given (none of them links to a shared library of ours)."""
        self.check_extensions_list(extensions)
        self.extensions = extensions
        self.ext_map = {}
        for ext in extensions:
            full = ext._full_name = self.get_ext_fullname(ext.name)
            self.ext_map[full] = self.ext_map[full.split(".")[-1]] = ext
            ext._links_to_dynamic = ext._needs_stub = False
            ext._file_name = self.get_ext_filename(full)

    def _mypyc_extensions(self) -> list[Extension]:
        from mypyc.build import mypycify

        lib = Path(self.build_lib).resolve()
        gen = Path(tempfile.mkdtemp(prefix="lastlight-mypyc-"))
        self._generated = gen
        paths = [f"{name}.py" for name in COMPILED]
        missing = [p for p in paths if not (lib / p).is_file()]
        if missing:
            raise FileNotFoundError(f"build_py did not copy {missing[0]}")
        here = os.getcwd()
        mypy_path = os.environ.get("MYPYPATH")
        os.chdir(lib)  # mypy reads the package as installed: `lastlight.interpreter.engine.*`
        os.environ["MYPYPATH"] = str(lib)
        try:
            return list(
                mypycify(
                    [
                        "--ignore-missing-imports",
                        "--explicit-package-bases",
                        "--no-incremental",
                        "--cache-dir",
                        os.devnull,
                        *paths,
                    ],
                    target_dir=str(gen),
                )
            )
        finally:
            os.chdir(here)
            if mypy_path is None:
                os.environ.pop("MYPYPATH", None)
            else:
                os.environ["MYPYPATH"] = mypy_path


setup(ext_modules=[PLACEHOLDER], cmdclass={"build_ext": BuildCore})
