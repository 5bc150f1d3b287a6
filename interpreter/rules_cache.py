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

Safety (`load/user_cache.py`): the entries are pickles, and only this user's lastlight writes
them, in a folder only this user can open (made with mode 0700); nothing is ever read from a
pack's folder or from a file someone hands you. A folder that is a link, belongs to another user
or that others may write to (`LASTLIGHT_CACHE_DIR=/tmp`, say) is not used at all: a file planted
there would run code when read back (docs/security.md). A pack with a file that is a link out
of it is never kept (its load fails). An entry that cannot be read back (cut short, from
another version) is removed and the pack loaded again. A failed write leaves nothing behind (a
temporary file, then a rename). The folder keeps the `KEEP` newest entries.
`LASTLIGHT_NO_CACHE=1` turns the cache off.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.fileio import escape_problem, read_bounded
from lastlight.interpreter.load.pack import MAX_FILES, _display, discover
from lastlight.interpreter.load.user_cache import cache_folder, key_digest, read_entry, write_entry
from lastlight.interpreter.load.yamlload import MAX_FILE_BYTES

if TYPE_CHECKING:
    from lastlight.interpreter.load.errors import Report

#: Bump when what is kept changes shape without any file of `interpreter/` changing.
FORMAT = 1
#: How many entries the cache folder keeps (the newest; each is about 250 KB).
KEEP = 16
_SUFFIX = ".pickle"


def pack_key(root: Path) -> str | None:
    """The key of a pack folder as it is now (see the module's text), or None when it cannot be
    kept: a file that cannot be read, a link out of the pack, too many files."""
    digest = key_digest(f"rules cache {FORMAT}", str(root))
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
    kept = read_entry(entry)
    if kept is None:
        return None
    if not (isinstance(kept, tuple) and len(kept) == 2 and kept[0] == key):
        entry.unlink(missing_ok=True)
        return None
    rules = kept[1]
    return rules if isinstance(rules, Rules) else None


def load_rules(root: str | Path) -> tuple[Rules | None, Report | None]:
    """(rules, None) for a pack that loads with no error, from the cache when it holds this
    pack as it is now; (None, report) for a pack with errors (never kept)."""
    root = Path(root)
    folder = cache_folder("rules")
    key = pack_key(root) if folder is not None else None
    if folder is not None and key is not None:
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
        write_entry(folder / f"{key}{_SUFFIX}", (key, rules), KEEP)
    return rules, None
