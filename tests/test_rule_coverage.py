"""Every rule of the rulebook has a test that names it (docs/RULES.md, mirrored from shared/).

A test names a rule in its name (`test_r_cmd_07_…`, several as `test_r_ref_01_02_03_…`) or in its
docstring or comments (`R-CMD-07`). Readings we chose are in RULES-DECISIONS.md.
"""

from __future__ import annotations

import re
from pathlib import Path

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


def named_in_tests() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8")
        found.update(f"R-{a}-{b}" for a, b in RULE_RE.findall(text))
        for fam, nums in NAME_RE.findall(text):
            found.update(f"R-{fam.upper()}-{n}" for n in nums.strip("_").split("_"))
    for path in (ROOT / "content").rglob("*.yaml"):  # scenario files name rules too
        if "scenarios" in path.parts:
            found.update(f"R-{a}-{b}" for a, b in RULE_RE.findall(path.read_text("utf-8")))
    return found


def test_the_rulebook_has_rules() -> None:
    assert len(rule_ids()) > 80


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
