"""A content pack: a folder of YAML files, each declaring its `kind`.

Loading runs the pipeline in order and gathers every problem on the way:
read YAML (with positions) → JSON Schema per kind → build models per kind (board, effects, …) →
cross-references and declared box counts. `load_pack` returns the pack and a report; a pack with
errors is never handed to the engine.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lastlight.interpreter.load.errors import Diagnostic, Loc, Report, did_you_mean
from lastlight.interpreter.load.fileio import escape_problem, read_bounded
from lastlight.interpreter.load.yamlload import MAX_FILE_BYTES, YDict, YList, load_yaml

#: Every kind of content document, in the order they are built.
KINDS: tuple[str, ...] = (
    "pack",
    "game",
    "actions",
    "technologies",
    "factions",
    "exploration",
    "achievements",
    "planets",
    "board",
    "setups",
)

#: Kinds that hold a list of items under `items:`; each item has a unique `id`.
ITEM_KINDS: tuple[str, ...] = (
    "actions",
    "technologies",
    "factions",
    "exploration",
    "achievements",
    "planets",
)


@dataclass
class Document:
    kind: str
    path: str  # as shown in diagnostics
    data: YDict


@dataclass
class Pack:
    """Loaded content. `models` holds what each build phase made, by name."""

    root: Path
    docs: dict[str, list[Document]] = field(default_factory=dict)
    items: dict[str, tuple[str, YDict]] = field(default_factory=dict)  # id -> (kind, item)
    models: dict[str, Any] = field(default_factory=dict)
    digest: str = ""

    def doc(self, kind: str) -> Document | None:
        docs = self.docs.get(kind) or []
        return docs[0] if docs else None

    def items_of(self, kind: str) -> list[YDict]:
        return [item for k, item in self.items.values() if k == kind]


#: A load step after reading: takes the pack and the report, adds models or diagnostics. The
#: steps are listed, in the order they run, in `interpreter/pipeline.py`.
Phase = Callable[[Pack, Report], None]


def _display(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


#: A pack's scenario tests live in this subfolder; they test the pack and are not part of it.
SCENARIO_DIR = "scenarios"
#: A pack's balance targets (`balance/bands.yaml`, read by `lastlight balance --check`) are
#: not part of the pack either.
BALANCE_DIR = "balance"


#: The manifest that makes a folder a pack.
MANIFEST = "pack.yaml"
#: A pack holds at most this many YAML files, in folders at most this deep; a walk looks into
#: at most MAX_FOLDERS folders (1,100 nested or 100,000 empty folders cost nothing).
MAX_FILES = 200
MAX_FOLDER_DEPTH = 4
MAX_FOLDERS = 400


def yaml_files(
    root: Path,
    *,
    skip: tuple[str, ...] = (),
    suffixes: tuple[str, ...] = (".yaml", ".yml"),
    max_files: int = MAX_FILES,
) -> list[Path]:
    """The YAML files under `root`, sorted so that loading never depends on the file system.
    Bounded: hidden and symlinked folders are not entered, nor folders deeper than
    MAX_FOLDER_DEPTH, nor `skip` at the top; the walk stops after MAX_FOLDERS folders or a
    little past `max_files` files."""
    found: list[Path] = []
    for seen, (folder, dirs, files) in enumerate(os.walk(root, followlinks=False)):
        rel = Path(folder).relative_to(root).parts
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".") and not (not rel and d in skip) and len(rel) < MAX_FOLDER_DEPTH
        )
        for name in files:
            if name.endswith(suffixes) and not name.startswith("."):
                found.append(Path(folder) / name)
        if len(found) > max_files or seen >= MAX_FOLDERS:
            break
    return sorted(found)


def discover(root: Path) -> list[Path]:
    """The YAML files of a pack folder (`yaml_files`). The `scenarios/` subfolder holds the
    pack's tests, read by `lastlight test`, and `balance/` its balance bands, read by
    `lastlight balance --check`; neither is part of the pack."""
    return yaml_files(root, skip=(SCENARIO_DIR, BALANCE_DIR))


#: What a pack's files may hold in all, counted as lines plus commas (about one YAML value
#: each). Reading, checking and building a value costs tens of microseconds, so a 4 MB file of
#: valid items once took lint over a minute; the shipped pack holds ~1,800 of these.
MAX_PACK_VALUES = 50_000


class ValueBudget:
    """The values left to read for one pack (or one set of scenario files): each file is
    charged before it is parsed, by a count that costs nothing (bytes.count); the file where
    the budget runs out gets X015 at the line where it does, and is not parsed."""

    def __init__(self, limit: int = MAX_PACK_VALUES, what: str = "the pack's files"):
        self.limit, self.left, self.what = limit, limit, what

    def charge(self, path: Path, shown: str) -> Diagnostic | None:
        try:
            raw = read_bounded(path, MAX_FILE_BYTES)
        except OSError:
            return None  # reading it again says why
        cost = raw.count(b"\n") + raw.count(b",")
        if cost <= self.left:
            self.left -= cost
            return None
        line, left = 0, self.left
        for text in raw.split(b"\n"):
            line += 1
            left -= 1 + text.count(b",")
            if left < 0:
                break
        self.left = 0
        return Diagnostic(
            Loc(shown, line, 1),
            "X015",
            f"{self.what} hold more than {self.limit:,} values (lines and commas); "
            "this file is not read",
            hint="is this file generated by mistake?",
        )


def outside_the_pack(path: Path, root: Path, shown: str) -> Diagnostic | None:
    """X014 when `path` (a file of the pack, or of its scenarios) resolves to a place outside
    the pack's real folder: a pack is a closed world, and a link out of it is never read."""
    problem = escape_problem(path, root)
    if problem is None:
        return None
    return Diagnostic(
        Loc(shown), "X014", f"this file is not read: {problem}", hint="copy it into the pack"
    )


def is_pack(root: Path) -> bool:
    """A pack is a folder with a `pack.yaml` manifest."""
    return (root / MANIFEST).is_file()


def read_documents(root: Path, report: Report) -> list[Document]:
    docs: list[Document] = []
    paths = discover(root)
    if len(paths) > MAX_FILES:
        report.error(
            Loc(_display(root)),
            "X013",
            f"the pack holds more than {MAX_FILES} YAML files",
            hint="is this the pack folder?",
        )
        return docs
    budget = ValueBudget()
    for path in paths:
        shown = _display(path)
        refused = outside_the_pack(path, root, shown) or budget.charge(path, shown)
        if refused is not None:
            report.add(refused)
            continue
        data, problems = load_yaml(path, shown)
        report.extend(problems)
        if data is None:
            continue
        if not isinstance(data, YDict):
            report.error(
                Loc(shown, 1, 1),
                "S006",
                "a content file must be a mapping with a 'kind' key at the top",
            )
            continue
        kind = data.get("kind")
        if kind not in KINDS:
            where = data.loc_of("kind") if "kind" in data else data.loc
            hint = did_you_mean(str(kind), KINDS) if kind is not None else ""
            msg = (
                f"unknown content kind '{kind}'"
                if kind is not None
                else "the file has no 'kind' key"
            )
            report.error(where, "S007", msg + f" (one of: {', '.join(KINDS)})", hint)
            continue
        docs.append(Document(kind, shown, data))
    return docs


def _index_items(pack: Pack, report: Report) -> None:
    for kind in ITEM_KINDS:
        for doc in pack.docs.get(kind, []):
            items = doc.data.get("items")
            if not isinstance(items, YList):
                continue
            for item in items:
                if not isinstance(item, YDict) or not isinstance(item.get("id"), str):
                    continue
                ident = item["id"]
                if ident in pack.items:
                    other_kind, other = pack.items[ident]
                    report.error(
                        item.loc_of("id"),
                        "X001",
                        f"duplicate id '{ident}' (also a {other_kind} item at "
                        f"{other.loc_of('id')})",
                    )
                    continue
                pack.items[ident] = (kind, item)


def _check_counts(pack: Pack, report: Report) -> None:
    """The manifest declares the box counts; say where the files disagree."""
    manifest = pack.doc("pack")
    if manifest is None:
        report.error(
            Loc(_display(pack.root)), "X010", "the pack has no manifest (a file with 'kind: pack')"
        )
        return
    counts = manifest.data.get("counts")
    if not isinstance(counts, YDict):
        return
    # A file that could not be read, or that broke its schema, would only make the counts
    # disagree again: count once those are fixed.
    broken = {d.loc.path for d in report.errors}
    unread = ("S006", "S007", "X014", "X015")
    unreadable = any(d.code.startswith("Y") or d.code in unread for d in report.errors)
    for key, expected in counts.items():
        kind = COUNT_KINDS.get(str(key))
        if unreadable or any(doc.path in broken for doc in pack.docs.get(kind or "", [])):
            continue
        actual = count_of(pack, str(key))
        if actual is None:
            report.error(
                counts.key_loc(key),
                "X011",
                f"unknown count '{key}'",
                did_you_mean(str(key), COUNTERS),
            )
        elif actual != expected:
            report.error(
                counts.loc_of(key),
                "X012",
                f"the manifest declares {expected} {key} but the files have {actual}",
            )


def _copies(item: YDict) -> int:
    copies = item.get("copies", 1)
    return copies if isinstance(copies, int) else 1


#: What a manifest may count: name -> function of the pack.
COUNTERS: dict[str, Callable[[Pack], int]] = {
    "actions": lambda p: sum(_copies(i) for i in p.items_of("actions")),
    "technologies": lambda p: sum(_copies(i) for i in p.items_of("technologies")),
    "factions": lambda p: sum(_copies(i) for i in p.items_of("factions")),
    "achievements": lambda p: sum(_copies(i) for i in p.items_of("achievements")),
    "planets": lambda p: sum(_copies(i) for i in p.items_of("planets")),
    "deep_space_tokens": lambda p: sum(
        _copies(i) for i in p.items_of("exploration") if i.get("pile") == "deep_space"
    ),
    "common_planetary_tokens": lambda p: sum(
        _copies(i) for i in p.items_of("exploration") if i.get("pile") == "common"
    ),
    "rare_planetary_tokens": lambda p: sum(
        _copies(i) for i in p.items_of("exploration") if i.get("pile") == "rare"
    ),
}


#: The kind of items each count counts.
COUNT_KINDS: dict[str, str] = {
    "actions": "actions",
    "technologies": "technologies",
    "factions": "factions",
    "achievements": "achievements",
    "planets": "planets",
    "deep_space_tokens": "exploration",
    "common_planetary_tokens": "exploration",
    "rare_planetary_tokens": "exploration",
}


def count_of(pack: Pack, name: str) -> int | None:
    fn = COUNTERS.get(name)
    return fn(pack) if fn else None


#: (kind, path shown, SHA-256 of the bytes) -> the file's schema problems. The same bytes at
#: the same place validate the same: a long-lived process (a watch loop, an editor) re-checks
#: only the files that changed, and `load/file_memo.py` keeps this between `lint` runs.
_SCHEMA_CACHE: dict[tuple[str, str, str], tuple[Diagnostic, ...]] = {}


def schema_problems(kind: str, shown: str, raw: bytes, data: Any) -> tuple[Diagnostic, ...]:
    """What `schema.validate` says of a file's `data` (parsed from `raw`), remembered by the
    file's place and bytes; jsonschema is imported only when a file must be checked."""
    key = (kind, shown, hashlib.sha256(raw).hexdigest())
    problems = _SCHEMA_CACHE.get(key) if raw else None
    if problems is None:
        from lastlight.interpreter.load import schema

        problems = tuple(schema.validate(kind, data))
        if raw:
            _SCHEMA_CACHE[key] = problems
    return problems


def clear_caches() -> None:
    """Forget this stage's cached YAML and schema results (`pipeline.clear_caches` also forgets
    parsed effect texts): the next load reads and validates every file again."""
    from lastlight.interpreter.load.yamlload import clear_cache

    clear_cache()
    _SCHEMA_CACHE.clear()


def read_pack(root: str | Path) -> tuple[Pack, Report]:
    """Stage 1 of loading: read every file of a pack folder with positions, validate each
    against its JSON Schema, index the items and check the manifest's counts. Never raises on
    bad content. `pipeline.load_pack` runs this, then the later steps."""
    report = Report()
    root = Path(root)
    pack = Pack(root=root)
    if not root.is_dir():
        report.error(Loc(_display(root)), "Y001", "not a content folder (no such directory)")
        return pack, report
    if not is_pack(root):
        report.error(
            Loc(_display(root)),
            "X010",
            f"not a content pack: the folder has no {MANIFEST} manifest",
            hint=f"a pack is a folder holding {MANIFEST} with 'kind: pack'",
        )
        return pack, report
    docs = read_documents(root, report)
    if not docs and not report.items:
        report.error(Loc(_display(root)), "X010", "no YAML content files in this folder")
        return pack, report
    digest = hashlib.sha256()
    for doc in docs:
        try:
            raw = read_bounded(doc.path, MAX_FILE_BYTES)
        except OSError:
            raw = b""
        digest.update(raw)
        report.extend(schema_problems(doc.kind, doc.path, raw, doc.data))
        pack.docs.setdefault(doc.kind, []).append(doc)
    pack.digest = digest.hexdigest()[:16]
    for kind in ("pack", "game", "board", "setups"):
        extra = pack.docs.get(kind, [])[1:]
        for doc in extra:
            report.error(
                doc.data.loc_of("kind"),
                "X002",
                f"a pack has one '{kind}' file; also in {pack.docs[kind][0].path}",
            )
    _index_items(pack, report)
    _check_counts(pack, report)
    return pack, report
