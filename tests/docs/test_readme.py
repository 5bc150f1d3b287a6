"""The README stays short and the docs stay free of a lab notebook: at most 300 lines, the two
fresh-machine commands shown on the site's overview as in the README, no commit hashes."""

from __future__ import annotations

import re
from pathlib import Path

from tests.docs.test_commands import fenced_blocks

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PROSE = [README, ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A git commit hash as prose cites one: 7 to 40 hex digits, with a digit and a letter, not part
#: of a path or a longer word.
HASH = re.compile(r"(?<![\w/.-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?![\w/.-])")


def test_the_readme_is_at_most_300_lines() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300, f"README.md has {len(lines)} lines; move the detail to docs/"


def test_the_readme_has_the_two_marked_commands() -> None:
    marked = [b for b in fenced_blocks(README.read_text(encoding="utf-8"), "README.md")
              if b.after_marker]  # fmt: skip
    assert [b.lang for b in marked] == ["sh", "sh"]
    assert "lastlight play --players 4 --seed 1" in marked[0].text
    assert marked[1].text.rstrip().endswith("&& pytest")


def test_the_overview_shows_the_readme_s_commands() -> None:
    readme = {b.text for b in fenced_blocks(README.read_text(encoding="utf-8"), "README.md")
              if b.after_marker}  # fmt: skip
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    shown = {b.text for b in fenced_blocks(index, "docs/index.md")}
    assert readme <= shown, "docs/index.md's install commands differ from the README's"


def test_no_commit_hashes_in_the_readme_or_the_docs() -> None:
    found = []
    for path in PROSE:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.relative_to(ROOT)}:{n}: {m}" for m in HASH.findall(line)]
    assert not found, "commit hashes belong in the CHANGELOG's history or commits:\n" + "\n".join(
        found
    )


def test_the_hash_pattern_finds_a_hash_and_not_a_path() -> None:
    assert HASH.findall("the planner of b1c71a4 won") == ["b1c71a4"]
    assert not HASH.findall("seeds/000_ae4ff406dfe2a2db.txt, 1000000 games, deadbeef")


def test_the_readme_s_links_point_at_files() -> None:
    """The README is read on the forge, outside the site's strict build: its relative links are
    checked here."""
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\((?!https?://)([^)#\s]+)", text)
    assert targets
    missing = [t for t in targets if not (ROOT / t).exists()]
    assert not missing, missing


def test_every_block_says_what_it_holds() -> None:
    """Commands go in `sh` (run by the docs test) or `text` (shown only); a `bash`, `console` or
    bare fence would slip a command past the test."""
    allowed = {"sh", "text", "yaml", "json", "toml", "python"}
    odd = [
        f"{b.page}:{b.line}: ```{b.lang}"
        for path in PROSE
        for b in fenced_blocks(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
        if b.lang not in allowed
    ]
    assert not odd, odd
