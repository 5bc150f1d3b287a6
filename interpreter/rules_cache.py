"""A pack's rules, loaded once and kept on disk: a command that plays a pack it has loaded
before starts without reading, validating and compiling it again.

`load_rules(root)` answers with the rules of a pack folder, or with the report of its errors.
A pack that loads with no error is kept in the user's cache folder (`LASTLIGHT_CACHE_DIR`, else
`$XDG_CACHE_HOME/lastlight`, else `~/.cache/lastlight`), in `rules/<key>.pickle`, where the key is
a SHA-256 of everything the load depends on:

- the bytes of every file the load reads (the same files, found the same way, `load.pack`);
- the folder as given and the current folder (positions in messages are shown relative to it);
- this lastlight's code and schemas (the size and time of each file of `interpreter/` and
  `schemas/`), the Python, and the installed YAML, JSON Schema, Lark and networkx libraries (the
  size and time of each one's `__init__.py`, found without importing it: an upgrade rewrites
  it).

Any change to any of these is a new key, so a kept entry is never stale; a pack with errors is
never kept, so every run reports them. What a load from the cache skips is the work of `lint`
(parsing the YAML, checking the schemas, compiling the effects, building the board): JSON
Schema, Lark and networkx are not even imported (`tests/interpreter/test_rules_cache.py`
checks it).

Safety: the entries are pickles, and only this user's lastlight writes them, in a folder only
this user can open (made with mode 0700); nothing is ever read from a pack's folder or from a
file someone hands you. A folder that is a link, belongs to another user or that others may
write to (`LASTLIGHT_CACHE_DIR=/tmp`, say) is not used at all: a file planted there would run
code when read back (docs/security.md). A pack with a file that is a link out of it is never
kept (its load fails). An entry that cannot be read back (cut short, from another version) is
removed and the pack loaded again. A failed write leaves nothing behind (a temporary file, then
a rename). The folder keeps the `KEEP` newest entries. `LASTLIGHT_NO_CACHE=1` turns the cache
off.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
import stat
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.fileio import escape_problem, read_bounded
from lastlight.interpreter.load.pack import MAX_FILES, _display, discover
from lastlight.interpreter.load.paths import schemas_dir
from lastlight.interpreter.load.yamlload import MAX_FILE_BYTES

if TYPE_CHECKING:
    from lastlight.interpreter.load.errors import Report

#: Bump when what is kept changes shape without any file of `interpreter/` changing.
FORMAT = 1
#: How many entries the cache folder keeps (the newest; each is about 250 KB).
KEEP = 16
_SUFFIX = ".pickle"
#: The libraries a load runs: another version may read or check a pack otherwise.
_LOADERS = ("yaml", "jsonschema", "lark", "networkx")


def cache_folder() -> Path | None:
    """Where kept rules live, or None when the cache is off."""
    if os.environ.get("LASTLIGHT_NO_CACHE"):
        return None
    given = os.environ.get("LASTLIGHT_CACHE_DIR")
    if given:
        return Path(given) / "rules"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "lastlight" / "rules"


def _private(folder: Path) -> bool:
    """Is `folder` a real folder of this user's that no one else may write to? (Where the
    system has no owners, Windows, any existing folder.)"""
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode):
        return False
    getuid = getattr(os, "getuid", None)
    if getuid is None:
        return True
    return st.st_uid == getuid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _code_fingerprint() -> bytes:
    """Size and modification time of every source and compiled module of `interpreter/`, every
    schema, and the load libraries' `__init__.py`: a changed, added or rebuilt module gives
    another key (an editable install keeps its version number while its code changes)."""
    parts: list[str] = [sys.version, sys.implementation.name]
    for top in (Path(__file__).resolve().parent, schemas_dir()):
        for folder, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            for name in sorted(files):
                if name.endswith((".py", ".so", ".pyd", ".lark", ".json")):
                    st = os.stat(os.path.join(folder, name))
                    parts.append(f"{folder}/{name}:{st.st_size}:{st.st_mtime_ns}")
    for name in _LOADERS:
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
        st_lib = os.stat(origin) if origin else None
        parts.append(f"{name}:{origin}:{st_lib and (st_lib.st_size, st_lib.st_mtime_ns)}")
    return "\n".join(parts).encode()


def pack_key(root: Path) -> str | None:
    """The key of a pack folder as it is now (see the module's text), or None when it cannot be
    kept: a file that cannot be read, a link out of the pack, too many files."""
    digest = hashlib.sha256(f"lastlight rules cache {FORMAT}\n".encode())
    digest.update(_code_fingerprint())
    digest.update(f"\n{root}\n{Path.cwd()}\n".encode())
    paths = discover(root)
    if len(paths) > MAX_FILES:
        return None
    for path in paths:
        if escape_problem(path, root) is not None:
            return None
        try:
            raw = read_bounded(path, MAX_FILE_BYTES)
        except OSError:
            return None
        digest.update(f"{_display(path)}\n{len(raw)}\n".encode())
        digest.update(raw)
    return digest.hexdigest()


def _read(entry: Path, key: str) -> Rules | None:
    try:
        with open(entry, "rb") as fh:
            kept = pickle.load(fh)
    except OSError:  # no entry yet (or no folder)
        return None
    except Exception:  # cut short, or written by another version: load the pack again
        entry.unlink(missing_ok=True)
        return None
    if not (isinstance(kept, tuple) and len(kept) == 2 and kept[0] == key):
        entry.unlink(missing_ok=True)
        return None
    rules = kept[1]
    return rules if isinstance(rules, Rules) else None


def _write(folder: Path, key: str, rules: Rules) -> None:
    """Keep `rules` under `key`; any failure (a read-only home, a full disk) keeps nothing and
    says nothing: the cache only saves time."""
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not _private(folder):
            return
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".write-", suffix=_SUFFIX)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump((key, rules), fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, folder / f"{key}{_SUFFIX}")
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        entries = sorted(folder.glob(f"*{_SUFFIX}"), key=lambda p: p.stat().st_mtime_ns)
        for old in entries[:-KEEP]:
            old.unlink(missing_ok=True)
    except Exception:
        return


def load_rules(root: str | Path) -> tuple[Rules | None, Report | None]:
    """(rules, None) for a pack that loads with no error, from the cache when it holds this
    pack as it is now; (None, report) for a pack with errors (never kept)."""
    root = Path(root)
    folder = cache_folder()
    key = pack_key(root) if folder is not None else None
    if folder is not None and key is not None and _private(folder):
        rules = _read(folder / f"{key}{_SUFFIX}", key)
        if rules is not None:
            return rules, None
    from lastlight.interpreter.pipeline import load_pack

    pack, report = load_pack(root)
    if report.errors:
        return None, report
    rules = Rules.from_pack(pack)
    # kept only if the files did not change while they were read
    if folder is not None and key is not None and pack_key(root) == key:
        _write(folder, key, rules)
    return rules, None
