"""The effect grammar's LALR tables, built once and shipped beside the grammar.

Lark builds its LALR(1) tables from `grammar.lark` in about 20-30 ms of CPU: a tenth of a cold
`lastlight lint`. Those tables depend only on the grammar text, the parser options and the Lark
version, so they ship as `grammar_tables.pickle` in this package (Lark's own serialized form of a
parser) with the grammar's SHA-256 and the Lark version that made them. `parser()` uses them only
when both match; otherwise (a grammar edited without regenerating, another Lark) it builds the
parser as before, so the shipped file can make a start faster but never a parse different.

Safety: the file is read with an unpickler that refuses every global, so it can hold plain data
only (dicts, lists, tuples, strings, numbers) and can run nothing, even if it were replaced.
Nothing is ever read from or written to a shared or user folder (docs/security.md).

Regenerate after editing the grammar (a test fails until you do):

    python -m lastlight.interpreter.effects.lalr_tables
"""

from __future__ import annotations

import hashlib
import io
import pickle
from importlib import resources
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

TABLES_FILE = "grammar_tables.pickle"
GRAMMAR_FILE = "grammar.lark"
# The options every effect parser is built with (`parser()` in parser.py).
OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "propagate_positions": True,
    "start": ["start", "condition"],
    "maybe_placeholders": False,
}


class _PlainData(pickle.Unpickler):
    """An unpickler for plain data: any class or function named in the stream is refused."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"{module}.{name} is not plain data")


def grammar_text() -> str:
    return resources.files(__package__).joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


def _read() -> bytes:
    return resources.files(__package__).joinpath(TABLES_FILE).read_bytes()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def build(text: str) -> Lark:
    """The effect parser built from the grammar's text (no cache of any kind)."""
    return Lark(text, cache=False, **OPTIONS)


def shipped(text: str) -> dict[str, Any] | None:
    """The shipped tables if they were made from exactly this grammar text by this Lark, else
    None (missing, stale or unreadable: the caller builds the parser instead)."""
    try:
        tables = _PlainData(io.BytesIO(_read())).load()
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError, IndexError):
        return None
    if not isinstance(tables, dict):
        return None
    if tables.get("grammar_sha256") != _digest(text) or tables.get("lark") != lark.__version__:
        return None
    if tables.get("options") != OPTIONS:
        return None
    return tables


def load() -> Lark:
    """The effect parser: from the shipped tables when they fit, else built."""
    text = grammar_text()
    tables = shipped(text)
    if tables is not None:
        try:
            return Lark.load({"data": tables["data"], "memo": tables["memo"]})
        except Exception:  # tables this Lark cannot read: build instead, never fail
            pass
    return build(text)


def tables_bytes(text: str) -> bytes:
    """The file's contents for this grammar and the installed Lark."""
    data, memo = build(text).memo_serialize([TerminalDef, Rule])
    tables = {
        "grammar_sha256": _digest(text),
        "lark": lark.__version__,
        "options": OPTIONS,
        "data": data,
        "memo": memo,
    }
    return pickle.dumps(tables, protocol=4)


def main() -> None:
    path = Path(__file__).with_name(TABLES_FILE)
    path.write_bytes(tables_bytes(grammar_text()))
    print(f"wrote {path} (Lark {lark.__version__})")


if __name__ == "__main__":
    main()
