"""YAML loading that keeps the line and column of every node.

`load_yaml(path)` returns plain Python data in which every mapping is a `YDict` and every list a
`YList`; both know where they, their keys and their values came from, so any later check (schema,
cross-reference, effect syntax) can point at the exact place. Problems with the file itself
(unreadable, binary, empty, a YAML syntax error, tabs, duplicate keys) come back as diagnostics.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from pathlib import Path
from typing import Any

import yaml
from lastlight.interpreter.load.errors import Diagnostic, Loc
from lastlight.interpreter.load.fileio import read_bounded

#: libyaml's C parser when PyYAML was built with it (5x faster); it keeps line and column too.
_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: The implicit tag of a plain scalar, by its text: content repeats a few hundred short texts
#: ("common", "1", "true") thousands of times, and each was matched against PyYAML's regexes.
_SCALAR_TAGS: dict[tuple[str, tuple[bool, bool]], str] = {}
_SCALAR_TAGS_MAX = 4096


class _Loader(_BaseLoader):
    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is not yaml.ScalarNode or len(value) > 40:
            return super().resolve(kind, value, implicit)
        key = (value, tuple(implicit))
        tag = _SCALAR_TAGS.get(key)
        if tag is None:
            tag = super().resolve(kind, value, implicit)
            if len(_SCALAR_TAGS) < _SCALAR_TAGS_MAX:
                _SCALAR_TAGS[key] = tag
        return tag


#: Limits on what a content file may hold; each gives a located error, not a crash or a hang.
MAX_FILE_BYTES = 4 << 20  # 4 MB (the shipped files are a few kB each)
MAX_DEPTH = 64  # nesting of mappings and lists (content nests fewer than 10 deep)
MAX_ALIAS_NODES = 10_000  # values copied by aliases (the 'billion laughs' expand to 10^9)
MAX_INT_DIGITS = 30  # far beyond any count or cost; Python refuses ints of 4300 digits

_STR = "tag:yaml.org,2002:str"
_SCALAR = yaml.ScalarNode
_INT = "tag:yaml.org,2002:int"


class YDict(dict):
    """A mapping that remembers where it, each key and each value stand in the file.

    The places of keys and values are kept as (line, column) pairs and made into a `Loc` only
    when asked for: a file has tens of thousands of them and a check asks for a few."""

    loc: Loc
    key_pos: dict[Any, tuple[int, int]]
    val_pos: dict[Any, tuple[int, int]]
    styles: dict[Any, str | None]

    def loc_of(self, key: Any) -> Loc:
        pos = self.val_pos.get(key)
        return self.loc if pos is None else Loc(self.loc.path, pos[0], pos[1])

    def key_loc(self, key: Any) -> Loc:
        pos = self.key_pos.get(key)
        return self.loc if pos is None else Loc(self.loc.path, pos[0], pos[1])


class YList(list):
    """A list that remembers where it and each item stand in the file ((line, column) pairs,
    made into a `Loc` when asked for)."""

    loc: Loc
    item_pos: list[tuple[int, int]]
    styles: list[str | None]

    def loc_of(self, index: int) -> Loc:
        if 0 <= index < len(self.item_pos):
            line, col = self.item_pos[index]
            return Loc(self.loc.path, line, col)
        return self.loc


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


class _TooMuch(Exception):
    """A limit was reached while building; carries the diagnostic."""

    def __init__(self, diag: Diagnostic):
        super().__init__(diag.message)
        self.diag = diag


class _Builder:
    def __init__(self, path: str, loader: Any):
        self.path = path
        self.loader = loader
        self.problems: list[Diagnostic] = []
        self.seen: set[int] = set()  # nodes built once: a second visit comes through an alias
        self.open: set[int] = set()  # the nodes being built (an alias to one of them loops)
        self.copied = 0  # values built a second time, through aliases

    def loc(self, node: yaml.Node) -> Loc:
        return Loc(self.path, node.start_mark.line + 1, node.start_mark.column + 1)

    def build(self, node: yaml.Node, depth: int = 0, copy: bool = False) -> Any:
        if not copy and node.__class__ is yaml.ScalarNode and depth <= MAX_DEPTH:
            return self._scalar(node)  # the common case, first: a scalar seen once
        if depth > MAX_DEPTH:
            raise _TooMuch(
                Diagnostic(
                    self.loc(node),
                    "Y007",
                    f"the YAML nests more than {MAX_DEPTH} levels deep",
                    hint="content needs a few levels; is this file generated by mistake?",
                )
            )
        key = id(node)
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            if key in self.open:
                raise _TooMuch(
                    Diagnostic(
                        self.loc(node),
                        "Y008",
                        "an alias refers to the collection it stands in (an endless loop)",
                    )
                )
            if key in self.seen:
                copy = True
            self.seen.add(key)
        if copy:
            self.copied += 1
            if self.copied > MAX_ALIAS_NODES:
                raise _TooMuch(
                    Diagnostic(
                        self.loc(node),
                        "Y008",
                        f"YAML aliases here expand to more than {MAX_ALIAS_NODES:,} values "
                        "(an alias bomb?)",
                        hint="write the values out, or use fewer aliases",
                    )
                )
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            self.open.add(key)
            try:
                return self._collection(node, depth, copy)
            finally:
                self.open.discard(key)
        return self._scalar(node)

    def _collection(self, node: yaml.Node, depth: int, copy: bool) -> Any:
        inline = not copy and depth < MAX_DEPTH  # a text child needs no checks: taken as it is
        if isinstance(node, yaml.MappingNode):
            out = YDict()
            out.loc, out.key_pos, out.val_pos, out.styles = self.loc(node), {}, {}, {}
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
                if key_node.__class__ is _SCALAR and key_node.tag == _STR and inline:
                    key = key_node.value  # the common case, inline: a plain text key
                else:
                    key = self.build(key_node, depth + 1, copy)
                if isinstance(key, (dict, list)):
                    self.problems.append(
                        Diagnostic(self.loc(key_node), "Y006", "a mapping key must be a scalar")
                    )
                    continue
                if key in out:
                    first = out.key_pos[key][0]
                    self.problems.append(
                        Diagnostic(
                            self.loc(key_node),
                            "Y004",
                            f"duplicate key '{key}' (first at line {first})",
                        )
                    )
                    continue
                if val_node.__class__ is _SCALAR and val_node.tag == _STR and inline:
                    out[key] = val_node.value
                else:
                    out[key] = self.build(val_node, depth + 1, copy)
                mark = key_node.start_mark
                out.key_pos[key] = (mark.line + 1, mark.column + 1)
                mark = val_node.start_mark
                out.val_pos[key] = (mark.line + 1, mark.column + 1)
                out.styles[key] = getattr(val_node, "style", None)
            return out
        items = YList()
        items.loc, items.item_pos, items.styles = self.loc(node), [], []
        for child in node.value:
            if child.__class__ is _SCALAR and child.tag == _STR and inline:
                items.append(child.value)
            else:
                items.append(self.build(child, depth + 1, copy))
            mark = child.start_mark
            items.item_pos.append((mark.line + 1, mark.column + 1))
            items.styles.append(getattr(child, "style", None))
        return items

    def _scalar(self, node: yaml.Node) -> Any:
        tag = node.tag
        if tag == _STR:
            return node.value
        if tag == _INT:
            digits = sum(ch.isdigit() for ch in node.value)
            if digits > MAX_INT_DIGITS:
                self.problems.append(
                    Diagnostic(
                        self.loc(node),
                        "Y009",
                        f"a number of {digits} digits is out of range "
                        f"(at most {MAX_INT_DIGITS} digits)",
                    )
                )
                return None
            if _ascii_digits(node.value):
                return int(node.value)
        try:
            return self.loader.construct_object(node, deep=True)
        except (ValueError, OverflowError) as exc:
            raise yaml.constructor.ConstructorError(
                None, None, f"invalid value: {exc}", node.start_mark
            ) from None


def _ascii_digits(value: str) -> bool:
    """Plain decimal digits, 0-9 only: `str.isdigit` is also true of '²' or '٣', which `int`
    refuses (`!!int "²"` once reached int() and ended in an internal error)."""
    return value.isascii() and value.isdigit()


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


#: libyaml's composer recurses in C: far deeper than this it overflows the C stack (a crash,
#: not an exception), so deeper text is refused from the event stream before composing.
_COMPOSE_SAFE_DEPTH = 1000


def _depth_bound(text: str) -> int:
    """An upper bound on the nesting depth of `text`, cheap to compute: flow collections nest at
    most once per bracket in the file, and block collections once per indentation column or
    `-`, `?`, `:` on the line."""
    flow = text.count("[") + text.count("{")
    block = 0
    for line in text.split("\n"):
        indent = len(line) - len(line.lstrip(" "))
        block = max(block, indent + line.count("-") + line.count("?") + line.count(":"))
    return flow + block + 1


def _is_nesting_limit(exc: yaml.YAMLError) -> bool:
    """True for PyYAML's own nesting limit (libyaml's since PyYAML 6.0.3: 'exceeded maximum
    nesting depth'), whatever depth it is set to; ours is reported instead, as Y007."""
    problem = getattr(exc, "problem", None) or str(exc)
    return "nest" in problem and ("depth" in problem or "level" in problem)


def _too_deep_diag(path: str, mark: Any) -> Diagnostic:
    return Diagnostic(
        _mark_loc(path, mark),
        "Y007",
        f"the YAML nests more than {MAX_DEPTH} levels deep",
        hint="content needs a few levels; is this file generated by mistake?",
    )


def _walk_depth(loader: Any, path: str) -> Diagnostic | None:
    """Y007 at the first collection that nests deeper than MAX_DEPTH in `loader`'s event
    stream, or None. Stops there, so a file nested a million deep costs what 65 levels do."""
    depth = 0
    try:
        while True:
            event = loader.get_event()
            if event is None:
                return None
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    return _too_deep_diag(path, event.start_mark)
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    finally:
        loader.dispose()


def _locate_too_deep(text: str, path: str, fallback: Any) -> Diagnostic:
    """Y007 where `text` first nests deeper than MAX_DEPTH, found by the pure-Python parser,
    which has no nesting limit of its own (its look-ahead is bounded, and the walk stops at
    the first level too deep); at `fallback` (where PyYAML noticed) if it finds none."""
    try:
        found = _walk_depth(yaml.SafeLoader(text), path)
    except yaml.YAMLError:
        found = None
    return found or _too_deep_diag(path, fallback)


def _too_deep(text: str, path: str) -> Diagnostic | None:
    """A Y007 diagnostic where `text` first nests deeper than MAX_DEPTH, or None. Only walks the
    event stream when the cheap bound says the composer could be at risk. PyYAML's own nesting
    limit may fire first (its scanner reads ahead of the events): that is recognised, and the
    place found again by the parser without a limit."""
    if _depth_bound(text) <= _COMPOSE_SAFE_DEPTH:
        return None
    try:
        return _walk_depth(_Loader(text), path)
    except yaml.YAMLError as exc:
        if _is_nesting_limit(exc):
            return _locate_too_deep(text, path, getattr(exc, "problem_mark", None))
        return None  # the composer reports the syntax error, located


def parse_yaml_text(text: str, path: str) -> tuple[Any, list[Diagnostic]]:
    """Parse YAML text; returns (data or None, diagnostics)."""
    if not text.strip():
        return None, [Diagnostic(Loc(path, 1, 1), "Y003", "the file is empty")]
    too_deep = _too_deep(text, path)
    if too_deep is not None:
        return None, [too_deep]
    loader = _Loader(text)
    try:
        try:
            node = loader.get_single_node()
        except yaml.MarkedYAMLError as exc:
            if _is_nesting_limit(exc):  # PyYAML's limit, set lower than the composer's risk
                return None, [_locate_too_deep(text, path, exc.problem_mark)]
            return None, [_syntax_error(exc, text, path)]
        except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
            return None, [Diagnostic(Loc(path, 1, 1), "Y002", str(exc))]
        if node is None:
            return None, [Diagnostic(Loc(path, 1, 1), "Y003", "the file holds no YAML document")]
        builder = _Builder(path, loader)
        try:
            data = builder.build(node)
        except _TooMuch as exc:
            return None, [exc.diag]
        except yaml.constructor.ConstructorError as exc:
            return None, [
                Diagnostic(
                    _mark_loc(path, exc.problem_mark), "Y002", exc.problem or "invalid YAML value"
                )
            ]
        return data, builder.problems
    finally:
        loader.dispose()


def _syntax_error(exc: yaml.MarkedYAMLError, text: str, path: str) -> Diagnostic:
    """A YAML syntax error in the designer's words: a tab, a file cut short, or the bracket or
    quote left open (located where it opened, saying where YAML noticed)."""
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
        exc.context and opened is not None and ("flow" in exc.context or "quoted" in exc.context)
    )
    if unclosed and opened is not None:
        # point at the bracket or quote that was never closed, where the designer
        # has to look, and say where YAML noticed
        what = "quote" if "quoted" in exc.context else "bracket"
        return Diagnostic(
            _mark_loc(path, opened),
            "Y002",
            f"this {what} is never closed (YAML noticed at line "
            f"{(mark.line + 1) if mark else '?'}: {exc.problem})",
            hint="close it, or quote the text",
        )
    if exc.context and exc.problem and exc.context not in problem:
        problem = f"{problem} ({exc.context})"
    opened_at = _open_quote_before(text, mark)
    if opened_at is not None and not at_tab:
        # a double quote left open swallows the lines after it; YAML notices later
        return Diagnostic(
            Loc(path, opened_at[0], opened_at[1]),
            "Y002",
            f"this quote is not closed on its line (YAML noticed at line "
            f"{mark.line + 1 if mark else '?'}: {problem})",
            hint="close it, or quote the text",
        )
    return Diagnostic(_mark_loc(path, mark), "Y002", problem, hint=hint)


def load_yaml(path: str | Path, display: str | None = None) -> tuple[Any, list[Diagnostic]]:
    """Read and parse one YAML file. `display` is the path shown in diagnostics."""
    shown = display or str(path)
    try:
        raw = read_bounded(path, MAX_FILE_BYTES, "YAML file")
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
    # The same bytes at the same place parse the same: a long-lived process (a watch loop, an
    # editor, the fuzzer) re-parses only the files that changed. The data is never modified.
    key = (shown, hashlib.sha256(raw).digest())
    cached = _PARSED.get(key)
    if cached is not None:
        _PARSED.move_to_end(key)
        return cached[0], list(cached[1])
    data, problems = parse_yaml_text(text, shown)
    _PARSED[key] = (data, tuple(problems))
    if len(_PARSED) > _PARSED_MAX:
        _PARSED.popitem(last=False)
    return data, problems


_PARSED: OrderedDict[tuple[str, bytes], tuple[Any, tuple[Diagnostic, ...]]] = OrderedDict()
_PARSED_MAX = 256


def clear_cache() -> None:
    """Forget parsed files (the next load parses everything again)."""
    _PARSED.clear()


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
