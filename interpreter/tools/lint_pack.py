"""Lint a content pack (a folder) or a single file: every diagnostic, sorted, suppressions applied.

Items may silence a warning with `suppress: [{code: W201, reason: "..."}]`; a suppression that
never fires is itself a warning (W900), so stale ones do not pile up.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lastlight.interpreter.load import file_memo
from lastlight.interpreter.load.errors import Diagnostic, Loc, did_you_mean
from lastlight.interpreter.load.fileio import escape_problem, read_bounded
from lastlight.interpreter.load.gc_pause import gc_paused
from lastlight.interpreter.load.pack import (
    KINDS,
    MAX_FILES,
    SCENARIO_DIR,
    Pack,
    ValueBudget,
    discover,
    outside_the_pack,
    schema_problems,
)
from lastlight.interpreter.load.yamlload import MAX_FILE_BYTES, YDict, YList, load_yaml
from lastlight.interpreter.pipeline import load_pack
from lastlight.interpreter.tools.scenario_lint import check_scenarios, duplicate_ids


@dataclass
class LintResult:
    diagnostics: list[Diagnostic]
    files: int


def _item_spans(pack: Pack) -> dict[str, tuple[str, int, int]]:
    """Item id -> (file, first line, last line): an item runs to the line before the next."""
    spans: dict[str, tuple[str, int, int]] = {}
    for docs in pack.docs.values():
        for doc in docs:
            items = doc.data.get("items")
            if not isinstance(items, YList):
                continue
            starts = [items.loc_of(i).line for i in range(len(items))]
            for i, item in enumerate(items):
                if isinstance(item, YDict) and isinstance(item.get("id"), str):
                    last = starts[i + 1] - 1 if i + 1 < len(starts) else 1 << 30
                    spans[item["id"]] = (doc.path, starts[i], last)
    return spans


def apply_suppressions(pack: Pack, diags: list[Diagnostic]) -> list[Diagnostic]:
    """Drop the warnings an item suppresses (`suppress: [{code, reason}]`); a suppression that
    silences nothing becomes a W900 warning at the suppression."""
    spans = _item_spans(pack)
    for _kind, item in pack.items.values():
        sup = item.get("suppress")
        ident = item.get("id")
        if not isinstance(sup, YList) or ident not in spans:
            continue
        path, first, last = spans[ident]
        for i, entry in enumerate(sup):
            if not isinstance(entry, YDict) or not isinstance(entry.get("code"), str):
                continue
            if not entry["code"].startswith("W") or not entry.get("reason"):
                continue  # the schema reports it: only warnings, and only with a reason
            code = entry["code"]
            hit = [
                d
                for d in diags
                if d.code == code
                and d.severity == "warning"
                and d.loc.path == path
                and first <= d.loc.line <= last
            ]
            if hit:
                diags = [d for d in diags if d not in hit]
            else:
                diags.append(
                    Diagnostic(
                        sup.loc_of(i),
                        "W900",
                        f"item '{ident}' suppresses {code}, which does not fire here; "
                        "remove the suppression",
                        severity="warning",
                    )
                )
    return diags


def _pack_root_of(path: Path) -> Path | None:
    """The pack folder a single file belongs to: its folder (or a scenario file's pack), if that
    folder holds a manifest."""
    folder = path.resolve().parent
    if folder.name == SCENARIO_DIR:
        folder = folder.parent
    return folder if is_pack_folder(folder) else None


def is_pack_folder(folder: Path) -> bool:
    """A folder holding a pack manifest (a YAML file of `kind: pack`)."""
    if not folder.is_dir():
        return False
    for candidate in sorted(folder.glob("*.y*ml")):
        if escape_problem(candidate, folder) is not None:
            continue  # a link out of the folder is not read, not even to look for a manifest
        try:
            text = read_bounded(candidate, MAX_FILE_BYTES).decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if _MANIFEST.search(text):
            return True
    return False


_MANIFEST = re.compile(r"^kind:[ \t]*[\"']?pack[\"']?[ \t]*(#.*)?$", re.MULTILINE)


def _lint_file(path: Path, memo: bool) -> LintResult:
    """A single file. Inside a pack (a folder with a manifest), the whole pack is checked and
    the file's own diagnostics are kept, so effects and references are checked too; a file on
    its own gets YAML and schema checks."""
    root = _pack_root_of(path)
    if root is not None:
        whole = lint_path(root, memo=memo)
        target = path.resolve()
        mine = [d for d in whole.diagnostics if _same_file(d.loc.path, target)]
        return LintResult(mine, 1)
    data, problems = load_yaml(path, _shown(path))
    diags = list(problems)
    if data is not None:
        kind = data.get("kind") if isinstance(data, YDict) else None
        if kind in (*KINDS, "scenarios"):
            from lastlight.interpreter.load.schema import validate

            diags.extend(validate(str(kind), data))
        else:
            where: Loc = (
                data.loc_of("kind")
                if isinstance(data, YDict) and "kind" in data
                else getattr(data, "loc", Loc(_shown(path), 1, 1))
            )
            diags.append(
                Diagnostic(
                    where,
                    "S007",
                    f"unknown content kind '{kind}'" if kind is not None else "no 'kind' key",
                    hint=did_you_mean(str(kind), KINDS) if kind is not None else "",
                )
            )
    return LintResult(sorted(diags, key=_key), 1)


def _same_file(shown: str, target: Path) -> bool:
    try:
        return Path(shown).resolve() == target
    except OSError:
        return False


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _as_given(path: Path) -> str:
    """A path as the command line reached it, links not resolved (a link's name, not where it
    leads)."""
    try:
        return str(path.relative_to(Path.cwd())) if path.is_absolute() else str(path)
    except ValueError:
        return str(path)


def lint_path(root: Path, *, memo: bool = False) -> LintResult:
    """Lint a pack folder or one YAML file: every diagnostic, sorted by file, line, column.
    `memo`: read and keep the checked-files memo (`load/file_memo.py`) in the user's cache
    folder, as `lastlight lint` does; the fuzzer and the tools lint packs made for one use."""
    if root.is_file():
        return _lint_file(root, memo)
    if not memo:
        return _lint_folder(root)
    file_memo.restore(root)  # what each unchanged file gave the last lint of this pack
    result = _lint_folder(root)
    file_memo.save(root)
    return result


def _lint_folder(root: Path) -> LintResult:
    with gc_paused():  # loading builds trees, not cycles: see load/gc_pause.py
        return _lint_loaded(root)


def _lint_loaded(root: Path) -> LintResult:
    pack, report = load_pack(root)
    diags = apply_suppressions(pack, list(report.items))
    scenario_files = pack_scenarios(root, diags)
    loaded: list[YDict] = []
    budget = ValueBudget(what="the pack's scenario files")
    for path in scenario_files:
        escaped = outside_the_pack(path, root, _as_given(path)) or budget.charge(path, _shown(path))
        if escaped is not None:
            diags.append(escaped)
            continue
        file_diags, data = _lint_scenario_file(path, pack)
        diags.extend(file_diags)
        if data is not None:
            loaded.append(data)
    diags.extend(duplicate_ids(loaded))
    return LintResult(sorted(diags, key=_key), len(discover(root)) + len(scenario_files))


def pack_scenarios(root: Path, diags: list[Diagnostic]) -> list[Path]:
    """The scenario files of a pack (`scenarios/*.yaml`); a `scenarios` folder that leads out
    of the pack is one X014 in `diags`, and none of its files is read."""
    folder = root / SCENARIO_DIR
    if not folder.is_dir():
        return []
    escaped = outside_the_pack(folder, root, _as_given(folder))
    if escaped is not None:
        diags.append(escaped)
        return []
    return sorted(p for p in folder.glob("*.yaml"))[: MAX_FILES + 1]


def lint_scenarios(path: Path, pack: Pack) -> list[Diagnostic]:
    """A scenario file: its schema, and every item, card, sector, action card and decision kind
    it names (X030-X034, see scenario_lint.py)."""
    return _lint_scenario_file(path, pack)[0]


def _lint_scenario_file(path: Path, pack: Pack) -> tuple[list[Diagnostic], YDict | None]:
    try:
        shown = str(path.relative_to(Path.cwd()))
    except ValueError:
        shown = str(path)
    data, problems = load_yaml(path, shown)
    if data is None:
        return problems, None
    try:
        raw = read_bounded(path, MAX_FILE_BYTES)
    except OSError:
        raw = b""  # (changed since it was parsed: checked again, not remembered)
    problems = problems + list(schema_problems("scenarios", shown, raw, data))
    if problems or not isinstance(data, YDict):
        return problems, None
    return check_scenarios(data, pack), data


def _key(d: Diagnostic) -> tuple[str, int, int, str]:
    return (d.loc.path, d.loc.line, d.loc.col, d.code)
