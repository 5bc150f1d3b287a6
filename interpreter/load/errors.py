"""Diagnostics: every problem found in content or play, with the place it comes from.

A `Diagnostic` is what a designer reads: `path:line:col: error CODE: message`, the source line and
a caret under the spot. Lines and columns are 1-based, as editors show them.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Loc:
    """A place in a content file (1-based line and column)."""

    path: str
    line: int = 0
    col: int = 0

    def __reduce__(self) -> tuple[type[Loc], tuple[str, int, int]]:
        """Pickled as a call (the checked-files memo keeps thousands): twice as fast both ways
        as a slotted dataclass's default state."""
        return (Loc, (self.path, self.line, self.col))

    def shifted(self, line_offset: int, col: int) -> Loc:
        """A place inside a scalar that starts here: `line_offset` lines down, at column `col`
        (columns count from this place's column on its first line, from 1 on later lines)."""
        if line_offset == 0:
            return Loc(self.path, self.line, self.col + col)
        return Loc(self.path, self.line + line_offset, col + 1)

    def __str__(self) -> str:
        if self.line:
            return f"{self.path}:{self.line}:{self.col}"
        return self.path


UNKNOWN = Loc("<unknown>")


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem, at one place."""

    loc: Loc
    code: str
    message: str
    severity: str = "error"  # "error" or "warning"
    hint: str = ""

    def headline(self) -> str:
        text = f"{self.loc}: {self.severity} {self.code}: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def render(self, source: str | None = None) -> str:
        """The compiler-style report: headline, then the offending line with a caret."""
        lines = [self.headline()]
        if source is None and self.loc.line:
            source = _read_source(self.loc.path)
        if source is not None and self.loc.line:
            src_lines = source.splitlines()
            if 0 < self.loc.line <= len(src_lines):
                text, caret = shown_line(src_lines[self.loc.line - 1], self.loc.col)
                lines.append(f"    {text}")
                lines.append("    " + " " * caret + "^")
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "path": self.loc.path,
            "line": self.loc.line,
            "column": self.loc.col,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
        }


#: A source line longer than this is shown as a window around the column (a 3 MB line would
#: otherwise print 3 MB, and as much again of spaces before the caret).
MAX_SHOWN_LINE = 160


def shown_line(text: str, col: int) -> tuple[str, int]:
    """The source line as a diagnostic shows it (tabs as spaces, at most MAX_SHOWN_LINE
    characters around column `col`, cut ends marked with '…'), and the caret's offset in it."""
    text = text.replace("\t", " ")
    caret = max(col - 1, 0)
    if len(text) <= MAX_SHOWN_LINE:
        return text, caret
    half = MAX_SHOWN_LINE // 2
    start = min(max(caret - half, 0), len(text) - MAX_SHOWN_LINE)
    window = text[start : start + MAX_SHOWN_LINE]
    head = "…" if start > 0 else ""
    tail = "…" if start + MAX_SHOWN_LINE < len(text) else ""
    return head + window + tail, caret - start + len(head)


@dataclass
class Report:
    """Diagnostics gathered over a whole run: every problem, not just the first."""

    items: list[Diagnostic] = field(default_factory=list)

    def add(self, diag: Diagnostic) -> None:
        self.items.append(diag)

    def error(self, loc: Loc, code: str, message: str, hint: str = "") -> None:
        self.items.append(Diagnostic(loc, code, message, "error", hint))

    def warning(self, loc: Loc, code: str, message: str, hint: str = "") -> None:
        self.items.append(Diagnostic(loc, code, message, "warning", hint))

    def extend(self, diags: Iterable[Diagnostic]) -> None:
        self.items.extend(diags)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == "warning"]

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.loc.path, d.loc.line, d.loc.col, d.code))


class ContentError(Exception):
    """Content could not be loaded; carries every diagnostic found."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        first = diagnostics[0].headline() if diagnostics else "content error"
        more = f" (+{len(diagnostics) - 1} more)" if len(diagnostics) > 1 else ""
        super().__init__(first + more)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A 'did you mean …' hint for a misspelt name, or '' when nothing is close."""
    matches = difflib.get_close_matches(str(word), sorted(set(choices)), n=1, cutoff=0.6)
    return f"did you mean '{matches[0]}'?" if matches else ""


#: Source texts by path, with the (mtime, size) they were read at: a long-lived process (tests,
#: an editor loop) that rewrites a file must not show the old line under a new error.
_SOURCE_CACHE: dict[str, tuple[tuple[int, int], str | None]] = {}


def read_source(path: str) -> str | None:
    """The text of a content file (cached while the file is unchanged), or None if unreadable."""
    try:
        st = Path(path).stat()
    except OSError:
        return None
    stamp = (st.st_mtime_ns, st.st_size)
    cached = _SOURCE_CACHE.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    from lastlight.interpreter.load.fileio import read_bounded

    try:
        raw = read_bounded(path, 16 << 20)
    except OSError:
        raw = b"\x00"
    # a binary file shows no line; a file in another encoding shows its line with replacements
    text = None if b"\x00" in raw else raw.decode("utf-8-sig", errors="replace")
    _SOURCE_CACHE[path] = (stamp, text)
    return text


_read_source = read_source  # the old private name
