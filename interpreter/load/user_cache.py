"""The user's cache folder, shared by the rules cache (`interpreter/rules_cache.py`) and the
checked-files memo (`load/file_memo.py`): where it is, whether it is safe to read, and the
fingerprint of the code whose results it keeps.

The folder is `LASTLIGHT_CACHE_DIR`, else `$XDG_CACHE_HOME/lastlight`, else
`~/.cache/lastlight`; `LASTLIGHT_NO_CACHE=1` turns every cache off. Entries are pickles, so a
folder is used only if it is a real folder of this user's that no one else may write to
(`private`): a file planted in a shared folder would run code when read back.
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
from typing import Any

from lastlight.interpreter.load.paths import schemas_dir

#: The libraries a load runs: another version may read or check a pack otherwise.
LOADERS = ("yaml", "jsonschema", "lark", "networkx")


def cache_folder(part: str) -> Path | None:
    """The folder of one cache (`rules`, `files`), or None when caching is off."""
    if os.environ.get("LASTLIGHT_NO_CACHE"):
        return None
    given = os.environ.get("LASTLIGHT_CACHE_DIR")
    if given:
        return Path(given) / part
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except (RuntimeError, KeyError, OSError):  # no home (a service account): no cache
            return None
    return Path(base) / "lastlight" / part


def private(folder: Path) -> bool:
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


def code_fingerprint() -> bytes:
    """Size and modification time of every source and compiled module of `interpreter/`, every
    schema, and the load libraries' `__init__.py` (found without importing them: an upgrade
    rewrites it), with the Python's version: a changed, added or rebuilt module gives another
    fingerprint (an editable install keeps its version number while its code changes)."""
    parts: list[str] = [sys.version, sys.implementation.name]
    for top in (Path(__file__).resolve().parents[1], schemas_dir()):
        for folder, dirs, files in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            for name in sorted(files):
                if name.endswith((".py", ".so", ".pyd", ".lark", ".json")):
                    st = os.stat(os.path.join(folder, name))
                    parts.append(f"{folder}/{name}:{st.st_size}:{st.st_mtime_ns}")
    for name in LOADERS:
        spec = importlib.util.find_spec(name)
        origin = spec.origin if spec is not None else None
        st_lib = os.stat(origin) if origin else None
        parts.append(f"{name}:{origin}:{st_lib and (st_lib.st_size, st_lib.st_mtime_ns)}")
    return "\n".join(parts).encode()


def key_digest(what: str, folder: str) -> hashlib._Hash:
    """A SHA-256 already fed with what every entry's key depends on: which cache and its format
    (`what`), the code fingerprint, the pack folder as given and the current folder (messages
    show paths relative to it). The caller adds what is its own (a pack's bytes)."""
    digest = hashlib.sha256(f"lastlight {what}\n".encode())
    digest.update(code_fingerprint())
    digest.update(f"\n{folder}\n{Path.cwd()}\n".encode())
    return digest


def read_entry(entry: Path) -> Any:
    """What `write_entry` kept in `entry` (in a private folder), or None: no entry, or one that
    cannot be read back (cut short, from another version), which is removed."""
    if not private(entry.parent):
        return None
    try:
        with open(entry, "rb") as fh:
            return pickle.load(fh)
    except OSError:
        return None
    except Exception:
        entry.unlink(missing_ok=True)
        return None


def write_entry(entry: Path, value: Any, keep: int) -> None:
    """Keep `value` in `entry` (a temporary file, then a rename), and only the `keep` newest
    entries of its folder. Any failure (a read-only home, a full disk, a folder that is not
    private) keeps nothing and says nothing: a cache only saves time."""
    folder = entry.parent
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not private(folder):
            return
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".write-", suffix=entry.suffix)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, entry)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        entries = sorted(folder.glob(f"*{entry.suffix}"), key=lambda p: p.stat().st_mtime_ns)
        for old in entries[:-keep]:
            old.unlink(missing_ok=True)
    except Exception:
        return
