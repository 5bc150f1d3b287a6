"""Lint a content pack (a folder) or a single file: every diagnostic, sorted, suppressions applied.

Items may silence a warning with `suppress: [{code: W201, reason: "..."}]`; a suppression that
never fires is itself a warning (W900), so stale ones do not pile up.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import Diagnostic, Loc
from .pack import KINDS, discover, load_pack
from .schema import validate
from .yamlload import YDict, load_yaml


@dataclass
class LintResult:
    diagnostics: list[Diagnostic]
    files: int


def _suppressions(pack_items: dict) -> list[tuple[str, str, Loc, tuple[int, int]]]:  # type: ignore[type-arg]
    """(item id, code, place of the suppression, line span of the item)."""
    out = []
    for _kind, item in pack_items.values():
        sup = item.get("suppress")
        if not sup:
            continue
        end = max([item.loc.line, *(loc.line for loc in item.val_locs.values())])
        for i, entry in enumerate(sup):
            if isinstance(entry, YDict) and "code" in entry:
                out.append(
                    (
                        str(item.get("id")),
                        str(entry["code"]),
                        sup.loc_of(i),
                        (item.loc.line, end + 50),
                    )
                )
    return out


def lint_path(root: Path) -> LintResult:
    if root.is_file():
        data, problems = load_yaml(root)
        diags = list(problems)
        if data is not None:
            kind = data.get("kind") if isinstance(data, YDict) else None
            if kind in (*KINDS, "scenarios"):
                diags.extend(validate(str(kind), data))
            else:
                diags.append(
                    Diagnostic(
                        getattr(data, "loc", Loc(str(root), 1, 1)),
                        "S007",
                        f"unknown content kind '{kind}'",
                    )
                )
        return LintResult(sorted(diags, key=_key), 1)
    pack, report = load_pack(root)
    diags = list(report.items)
    for item_id, code, loc, (first, last) in _suppressions(pack.items):
        hit = [
            d
            for d in diags
            if d.code == code
            and d.severity == "warning"
            and d.loc.path == loc.path
            and first <= d.loc.line <= last
        ]
        if hit:
            diags = [d for d in diags if d not in hit]
        else:
            diags.append(
                Diagnostic(
                    loc,
                    "W900",
                    f"item '{item_id}' suppresses {code}, which "
                    "no longer fires here; remove the suppression",
                    severity="warning",
                )
            )
    return LintResult(sorted(diags, key=_key), len(discover(root)))


def _key(d: Diagnostic) -> tuple[str, int, int, str]:
    return (d.loc.path, d.loc.line, d.loc.col, d.code)
