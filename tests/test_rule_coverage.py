"""Every rule of the rulebook has a test that names it (docs/RULES.md, mirrored from shared/).

A test function names a rule in its name (`test_r_cmd_07_…`, several as `test_r_ref_01_02_03_…`)
or in its own docstring or comments (`R-CMD-07`); a scenario names it in `rules:`. A rule named
only in a module docstring or a helper is not covered: only a test can fail. Readings we chose
are in RULES-DECISIONS.md.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
RULE_RE = re.compile(r"\bR-([A-Z]{3})-(\d{2})\b")
NAME_RE = re.compile(r"def test_r_([a-z]{3})((?:_\d{2})+)")


def rule_ids() -> set[str]:
    text = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
    ids = set()
    for line in text.splitlines():
        m = re.match(r"- (R-[A-Z]{3}-\d{2}) ", line)
        if m:
            ids.add(m.group(1))
    return ids


def _named_in_python(path: Path) -> set[str]:
    """Rules a test function names: in its name, its docstring or its own lines (comments).
    A module docstring or a helper naming a rule does not count: only a test can fail."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test_"
        ):
            body = "\n".join(lines[node.lineno - 1 : node.end_lineno])
            found.update(f"R-{a}-{b}" for a, b in RULE_RE.findall(body))
            for fam, nums in NAME_RE.findall(f"def {node.name}"):
                found.update(f"R-{fam.upper()}-{n}" for n in nums.strip("_").split("_"))
    return found


def _named_in_scenarios(path: Path) -> set[str]:
    """Rules a scenario lists under `rules:` (every shipped scenario runs and can fail)."""
    data = yaml.safe_load(path.read_text("utf-8")) or {}
    return {
        str(r)
        for item in data.get("items") or []
        if isinstance(item, dict)
        for r in item.get("rules") or []
    }


def named_in_tests() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name == Path(__file__).name:
            continue
        found |= _named_in_python(path)
    for path in (ROOT / "content" / "scenarios").rglob("*.yaml"):
        found |= _named_in_scenarios(path)
    return found


def test_the_rulebook_has_89_rules() -> None:
    assert len(rule_ids()) == 89
    assert {"R-RND-07", "R-CMD-19", "R-CMD-20"} <= rule_ids()


def test_every_rule_is_named_by_a_test() -> None:
    missing = sorted(rule_ids() - named_in_tests())
    assert not missing, f"rules with no test naming them: {', '.join(missing)}"


def test_tests_name_only_real_rules() -> None:
    unknown = sorted(named_in_tests() - rule_ids())
    assert not unknown, f"tests name rules that do not exist: {', '.join(unknown)}"


def test_the_mirror_matches_shared_when_present() -> None:
    shared = ROOT.parent / "shared" / "RULES.md"
    if shared.is_file():
        assert shared.read_text("utf-8") == (ROOT / "docs" / "RULES.md").read_text("utf-8")
