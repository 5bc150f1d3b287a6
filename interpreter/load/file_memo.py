"""The checked-files memo: what parsing (`yamlload.load_yaml`) and schema-checking
(`pack.schema_problems`) each file of a pack gave, kept on disk between `lint` runs, so a lint
after an edit parses and checks again only the files that changed.

Both memos already live in the process, keyed by a file's place and the SHA-256 of its bytes:
an entry can only ever answer for the very bytes it was made from. `restore(root)` fills them
from the entry kept for that pack folder, `save(root)` keeps them again (the newest version of
each file only), in `files/<key>.pickle` of the user's cache folder (`load/user_cache.py`: a
private folder, never the pack's), where the key is a SHA-256 of the folder, the current folder
and the code fingerprint (lastlight's modules and schemas, the YAML and JSON Schema libraries).
What runs after reading (compiling the effects, building the board, the cross-references) runs
every time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lastlight.interpreter.load import pack, yamlload
from lastlight.interpreter.load.user_cache import cache_folder, key_digest, read_entry, write_entry

#: Bump when what is kept changes shape without any file of `interpreter/` changing.
FORMAT = 1
#: Packs kept (the newest).
KEEP = 16
#: What `restore` put in the memos, by folder: `save` writes only when there is more.
_RESTORED: dict[Path, tuple[frozenset[Any], frozenset[Any]]] = {}


def _entry(root: Path) -> tuple[Path, str] | None:
    folder = cache_folder("files")
    if folder is None:
        return None
    key = key_digest(f"file memo {FORMAT}", str(Path(root).resolve())).hexdigest()
    return folder / f"{key}.pickle", key


def restore(root: str | Path) -> None:
    """Fill this process's parse and schema memos with what was kept for the pack folder
    `root` (nothing if none was kept or the cache is off)."""
    found = _entry(Path(root))
    if found is None:
        return
    entry, key = found
    _RESTORED.pop(entry, None)
    kept = read_entry(entry)
    if not (isinstance(kept, tuple) and len(kept) == 3 and kept[0] == key):
        return
    parsed, checked = kept[1], kept[2]
    if isinstance(parsed, dict) and isinstance(checked, dict):
        for k, v in parsed.items():
            yamlload._PARSED.setdefault(k, v)
        for k, v in checked.items():
            pack._SCHEMA_CACHE.setdefault(k, v)
        _RESTORED[entry] = (frozenset(parsed), frozenset(checked))


def _newest(items: list[tuple[Any, Any]], place: Any) -> dict[Any, Any]:
    """The entries whose place (a function of the key) is seen last: one version a file."""
    last: dict[Any, Any] = {}
    for key, value in items:
        last[place(key)] = (key, value)
    return dict(last.values())


def save(root: str | Path) -> None:
    """Keep this process's parse and schema memos for the pack folder `root` (the newest
    version of each file; any failure keeps nothing and says nothing)."""
    found = _entry(Path(root))
    if found is None:
        return
    entry, key = found
    parsed = _newest(list(yamlload._PARSED.items()), lambda k: k[0])
    checked = _newest(list(pack._SCHEMA_CACHE.items()), lambda k: k[:2])
    if _RESTORED.get(entry) == (frozenset(parsed), frozenset(checked)):
        return  # nothing new since it was read: the kept entry says it all
    write_entry(entry, (key, parsed, checked), KEEP)
    _RESTORED[entry] = (frozenset(parsed), frozenset(checked))
