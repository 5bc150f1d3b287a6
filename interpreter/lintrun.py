"""Lint a content pack (a folder) or a single file: every diagnostic, sorted, suppressions applied.

Items may silence a warning with `suppress: [{code: W201, reason: "..."}]`; a suppression that
never fires is itself a warning (W900), so stale ones do not pile up.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import Diagnostic, Loc, did_you_mean
from .pack import KINDS, SCENARIO_DIR, Pack, discover, load_pack
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
    scenario_files = (
        sorted((root / SCENARIO_DIR).glob("*.yaml")) if (root / SCENARIO_DIR).is_dir() else []
    )
    for path in scenario_files:
        diags.extend(lint_scenarios(path, pack))
    return LintResult(sorted(diags, key=_key), len(discover(root)) + len(scenario_files))


def lint_scenarios(path: Path, pack: Pack) -> list[Diagnostic]:
    """A scenario file: its schema, and every item, card and sector it names (X030-X032)."""
    try:
        shown = str(path.relative_to(Path.cwd()))
    except ValueError:
        shown = str(path)
    data, problems = load_yaml(path, shown)
    if data is None:
        return problems
    problems = problems + validate("scenarios", data)
    if problems or not isinstance(data, YDict):
        return problems
    items = pack.items
    board = pack.models.get("board")
    sectors = set(board.sectors()) if board is not None else set()
    out: list[Diagnostic] = []
    for scenario in data.get("items") or []:
        for i, ident in enumerate(scenario.get("proves") or []):
            if ident not in items:
                out.append(
                    Diagnostic(
                        scenario["proves"].loc_of(i),
                        "X030",
                        f"scenario '{scenario['id']}' proves unknown item '{ident}'",
                        hint=did_you_mean(ident, items),
                    )
                )
        setup = scenario.get("setup") or YDict()
        for sector in setup.get("sectors") or {}:
            if sectors and sector not in sectors:
                out.append(
                    Diagnostic(
                        setup["sectors"].key_loc(sector),
                        "X032",
                        f"unknown sector '{sector}'",
                        hint=did_you_mean(str(sector), sectors),
                    )
                )
        for _p, conf in (setup.get("players") or {}).items():
            for key in ("in_play", "tech_hand", "faction", "achievement"):
                value = conf.get(key)
                names = value if isinstance(value, list) else [value] if value else []
                for name in names:
                    card = name["card"] if isinstance(name, dict) else name
                    if card and card not in items:
                        out.append(
                            Diagnostic(
                                conf.loc_of(key),
                                "X031",
                                f"unknown card '{card}' in {key}",
                                hint=did_you_mean(str(card), items),
                            )
                        )
    return out


def _key(d: Diagnostic) -> tuple[str, int, int, str]:
    return (d.loc.path, d.loc.line, d.loc.col, d.code)
