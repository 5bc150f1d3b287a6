"""docs/error-codes.md lists exactly the diagnostic codes the source emits. There is no central
registry of codes (each check writes its own where it lives), so the source is read: every
quoted code (`"E103"`) and every `error G001`-style code under interpreter/ and cli/."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "error-codes.md"
CODE = r"[YSXEWBTG]\d{3}"


def codes_in_source() -> dict[str, str]:
    """Each code the source emits, with the first place it appears."""
    found: dict[str, str] = {}
    for path in sorted([*ROOT.glob("interpreter/**/*.py"), *ROOT.glob("cli/**/*.py")]):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(rf"[\"']({CODE})[\"']|(?:error|title=) ?({CODE})\b", text):
            code = match.group(1) or match.group(2)
            line = text.count("\n", 0, match.start()) + 1
            found.setdefault(code, f"{path.relative_to(ROOT)}:{line}")
    return found


def codes_on_the_page() -> list[str]:
    return re.findall(rf"^\| ({CODE}) \|", PAGE.read_text(encoding="utf-8"), flags=re.M)


def test_every_code_the_source_emits_is_documented() -> None:
    missing = {c: at for c, at in codes_in_source().items() if c not in codes_on_the_page()}
    assert not missing, f"add to docs/error-codes.md: {missing}"


def test_every_documented_code_is_emitted_and_listed_once() -> None:
    listed = codes_on_the_page()
    assert len(listed) == len(set(listed)), "a code is listed twice"
    stale = sorted(set(listed) - set(codes_in_source()))
    assert not stale, f"documented but never emitted: {stale}"


def test_the_source_scan_sees_the_codes_of_every_stage() -> None:
    assert {"Y007", "S002", "X001", "E103", "W900", "B105", "T001", "G001"} <= set(
        codes_in_source()
    )
