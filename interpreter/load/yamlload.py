"""YAML loading that keeps the line and column of every node.

`load_yaml(path)` returns plain Python data in which every mapping is a `YDict` and every list a
`YList`; both know where they, their keys and their values came from, so any later check (schema,
cross-reference, effect syntax) can point at the exact place. Problems with the file itself
(unreadable, binary, empty, a YAML syntax error, tabs, duplicate keys) come back as diagnostics.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from lastlight.interpreter.load.errors import Diagnostic, Loc

#: libyaml's C parser when PyYAML was built with it (5x faster); it keeps line and column too.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"


class YDict(dict):
    """A mapping that remembers where it, each key and each value stand in the file."""

    loc: Loc
    key_locs: dict[Any, Loc]
    val_locs: dict[Any, Loc]
    styles: dict[Any, str | None]

    def loc_of(self, key: Any) -> Loc:
        return self.val_locs.get(key, self.loc)

    def key_loc(self, key: Any) -> Loc:
        return self.key_locs.get(key, self.loc)


class YList(list):
    """A list that remembers where it and each item stand in the file."""

    loc: Loc
    item_locs: list[Loc]
    styles: list[str | None]

    def loc_of(self, index: int) -> Loc:
        return self.item_locs[index] if 0 <= index < len(self.item_locs) else self.loc


def loc_of(data: Any, path: list[Any] | tuple[Any, ...], *, key: bool = False) -> Loc:
    """The place of the node at `path` (keys and indexes) inside loaded data.

    Walks as deep as the data goes; a path that leaves the data points at the deepest node it
    reached. With `key=True` the last step points at the mapping key rather than its value.
    """
    node = data
    here = getattr(data, "loc", Loc("<unknown>"))
    for i, step in enumerate(path):
        last = i == len(path) - 1
        if isinstance(node, YDict) and step in node:
            here = node.key_loc(step) if (key and last) else node.loc_of(step)
            node = node[step]
        elif isinstance(node, YList) and isinstance(step, int) and 0 <= step < len(node):
            here = node.loc_of(step)
            node = node[step]
        else:
            break
    return here


def style_of(data: Any, path: list[Any] | tuple[Any, ...]) -> str | None:
    """The YAML scalar style (None plain, "'" or '"' quoted, '|' or '>' block) at `path`."""
    node = data
    for step in path[:-1]:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return None
    last = path[-1] if path else None
    if isinstance(node, YDict):
        return node.styles.get(last)
    if isinstance(node, YList) and isinstance(last, int) and 0 <= last < len(node.styles):
        return node.styles[last]
    return None


class _Builder:
    def __init__(self, path: str, loader: Any):
        self.path = path
        self.loader = loader
        self.problems: list[Diagnostic] = []

    def loc(self, node: yaml.Node) -> Loc:
        return Loc(self.path, node.start_mark.line + 1, node.start_mark.column + 1)

    def build(self, node: yaml.Node) -> Any:
        if isinstance(node, yaml.MappingNode):
            out = YDict()
            out.loc, out.key_locs, out.val_locs, out.styles = self.loc(node), {}, {}, {}
            for key_node, val_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    self.problems.append(
                        Diagnostic(
                            self.loc(key_node),
                            "Y005",
                            "YAML merge keys ('<<') are not "
                            "supported in content; write the keys out",
                        )
                    )
                    continue
                key = self.build(key_node)
                if isinstance(key, (dict, list)):
                    self.problems.append(
                        Diagnostic(self.loc(key_node), "Y006", "a mapping key must be a scalar")
                    )
                    continue
                if key in out:
                    first = out.key_locs[key]
                    self.problems.append(
                        Diagnostic(
                            self.loc(key_node),
                            "Y004",
                            f"duplicate key '{key}' (first at line {first.line})",
                        )
                    )
                    continue
                out[key] = self.build(val_node)
                out.key_locs[key] = self.loc(key_node)
                out.val_locs[key] = self.loc(val_node)
                out.styles[key] = getattr(val_node, "style", None)
            return out
        if isinstance(node, yaml.SequenceNode):
            items = YList()
            items.loc, items.item_locs, items.styles = self.loc(node), [], []
            for child in node.value:
                items.append(self.build(child))
                items.item_locs.append(self.loc(child))
                items.styles.append(getattr(child, "style", None))
            return items
        tag = node.tag
        if tag == _STR:
            return node.value
        if tag == _INT and node.value.isdigit():
            return int(node.value)
        return self.loader.construct_object(node, deep=True)


def _open_quote_before(text: str, mark: Any) -> tuple[int, int] | None:
    """(line, column) of a double quote opened and not closed on its own line, on a line before
    the one YAML stopped at (content keeps its quoted texts on one line), or None."""
    if mark is None:
        return None
    lines = text.split("\n")
    for row in range(min(mark.line, len(lines)) - 1, max(mark.line - 40, 0) - 1, -1):
        line = lines[row]
        quotes: list[int] = []
        in_single = False
        i = 0
        while i < len(line):
            ch = line[i]
            if ch == "#" and not quotes and not in_single and (i == 0 or line[i - 1] in " \t"):
                break
            if ch == "'" and not quotes and (in_single or i == 0 or line[i - 1] in " [{,:-"):
                in_single = not in_single
            elif ch == '"' and not in_single:
                if quotes and line[i - 1] == "\\":
                    i += 1
                    continue
                if quotes:
                    quotes.pop()
                else:
                    quotes.append(i)
            i += 1
        if quotes:
            # confirm: with the quote closed on its line, YAML gets past where it stopped
            fixed = "\n".join([*lines[:row], line + '"', *lines[row + 1 :]])
            probe = _Loader(fixed)
            try:
                probe.get_single_node()
            except yaml.MarkedYAMLError as again:
                later = again.problem_mark or again.context_mark
                if later is None or later.line <= mark.line:
                    return None
            except yaml.YAMLError:
                return None
            finally:
                probe.dispose()
            return row + 1, quotes[0] + 1
    return None


def _mark_loc(path: str, mark: Any) -> Loc:
    if mark is None:
        return Loc(path, 1, 1)
    return Loc(path, mark.line + 1, mark.column + 1)


def parse_yaml_text(text: str, path: str) -> tuple[Any, list[Diagnostic]]:
    """Parse YAML text; returns (data or None, diagnostics)."""
    if not text.strip():
        return None, [Diagnostic(Loc(path, 1, 1), "Y003", "the file is empty")]
    loader = _Loader(text)
    try:
        try:
            node = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            problem = exc.problem or exc.context or "invalid YAML"
            hint = ""
            at_tab = mark is not None and 0 <= mark.index < len(text) and text[mark.index] == "\t"
            if at_tab or "'\\t'" in problem:
                problem = "a tab character cannot indent YAML"
                hint = "indent with spaces"
            elif (
                "end of stream" in problem
                or "end of the stream" in problem
                or "could not find expected" in problem
            ):
                hint = "is the file cut short, or a quote or bracket left open?"
            opened = exc.context_mark
            unclosed = (
                exc.context
                and opened is not None
                and ("flow" in exc.context or "quoted" in exc.context)
            )
            if unclosed and opened is not None:
                # point at the bracket or quote that was never closed, where the designer
                # has to look, and say where YAML noticed
                what = "quote" if "quoted" in exc.context else "bracket"
                return None, [
                    Diagnostic(
                        _mark_loc(path, opened),
                        "Y002",
                        f"this {what} is never closed (YAML noticed at line "
                        f"{(mark.line + 1) if mark else '?'}: {exc.problem})",
                        hint="close it, or quote the text",
                    )
                ]
            if exc.context and exc.problem and exc.context not in problem:
                problem = f"{problem} ({exc.context})"
            opened_at = _open_quote_before(text, mark)
            if opened_at is not None and not at_tab:
                # a double quote left open swallows the lines after it; YAML notices later
                return None, [
                    Diagnostic(
                        Loc(path, opened_at[0], opened_at[1]),
                        "Y002",
                        f"this quote is not closed on its line (YAML noticed at line "
                        f"{mark.line + 1 if mark else '?'}: {problem})",
                        hint="close it, or quote the text",
                    )
                ]
            return None, [Diagnostic(_mark_loc(path, mark), "Y002", problem, hint=hint)]
        except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
            return None, [Diagnostic(Loc(path, 1, 1), "Y002", str(exc))]
        if node is None:
            return None, [Diagnostic(Loc(path, 1, 1), "Y003", "the file holds no YAML document")]
        builder = _Builder(path, loader)
        try:
            data = builder.build(node)
        except yaml.constructor.ConstructorError as exc:
            return None, [
                Diagnostic(
                    _mark_loc(path, exc.problem_mark), "Y002", exc.problem or "invalid YAML value"
                )
            ]
        return data, builder.problems
    finally:
        loader.dispose()


def load_yaml(path: str | Path, display: str | None = None) -> tuple[Any, list[Diagnostic]]:
    """Read and parse one YAML file. `display` is the path shown in diagnostics."""
    shown = display or str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        return None, [Diagnostic(Loc(shown), "Y001", f"cannot read the file: {exc.strerror}")]
    if b"\x00" in raw:
        return None, [Diagnostic(Loc(shown, 1, 1), "Y001", "this is a binary file, not YAML")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        return None, [
            Diagnostic(
                Loc(shown, line, col),
                "Y001",
                f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x})",
                hint="save it as UTF-8",
            )
        ]
    if text.startswith("\ufeff"):
        text = text[1:]
    return parse_yaml_text(text, shown)


def scalar_loc(start: Loc, style: str | None, value: str, line: int, col: int, source: str) -> Loc:
    """The place in the file of position (`line`, `col`) (1-based) of a scalar's parsed value.

    `start` is where the scalar's node starts (its quote, its `|`/`>` indicator, or its first
    character) and `source` the file's text. YAML folds plain, quoted and `>` scalars: a line
    break and the next line's indentation become one space, a blank line a newline. This walks
    the source the same way, so an error in the third line of a wrapped effect points there.
    """
    lines = value.split("\n")
    line = max(1, min(line, len(lines)))
    offset = sum(len(t) + 1 for t in lines[: line - 1]) + max(col, 1) - 1
    src = source.split("\n")
    i, j = start.line - 1, start.col - 1
    if not 0 <= i < len(src):
        return start
    if style in ("|", ">"):
        i += 1
        while i < len(src) and not src[i].strip():
            i += 1
        if i >= len(src):
            return start
        indent = len(src[i]) - len(src[i].lstrip(" "))
        if style == "|":
            row = min(i + line - 1, len(src) - 1)
            return Loc(start.path, row + 1, indent + max(col, 1))
        j = indent
    elif style in ("'", '"'):
        j += 1
    v = 0
    while i < len(src):
        text = src[i]
        while j < len(text):
            if v >= offset:
                return Loc(start.path, i + 1, j + 1)
            if (style == "'" and text.startswith("''", j)) or (style == '"' and text[j] == "\\"):
                j += 2
            else:
                j += 1
            v += 1
        if v >= offset:
            return Loc(start.path, i + 1, j + 1)
        # a break before a blank line adds nothing; a blank line's own break adds a newline
        nxt = src[i + 1] if i + 1 < len(src) else ""
        if text.strip() == "" or nxt.strip() != "":
            v += 1
        i += 1
        j = len(nxt) - len(nxt.lstrip(" \t"))
    return start
