"""The checked-files memo: a second lint of a pack reads what each unchanged file gave from the
user's cache folder and says exactly what a full lint says; an edited file is read and checked
again; a broken entry or a shared folder is never trusted."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lastlight.interpreter import pipeline
from lastlight.interpreter.load import file_memo, schema, yamlload
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lint_pack import lint_path


@pytest.fixture
def pack_dir(tmp_path: Path) -> Path:
    root = tmp_path / "pack"
    shutil.copytree(content_dir(), root)
    return root


@pytest.fixture
def cache(user_caches: Path) -> Path:
    return user_caches / "files"


def _rendered(root: Path) -> list[str]:
    """A lint as a new process runs it: nothing remembered in memory."""
    pipeline.clear_caches()
    return [d.render() for d in lint_path(root, memo=True).diagnostics]


class _Counter:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.parsed: list[str] = []
        self.validated: list[str] = []
        parse, validate = yamlload.parse_yaml_text, schema.validate

        def counted_parse(text: str, path: str) -> object:
            self.parsed.append(path)
            return parse(text, path)

        def counted_validate(kind: str, data: object) -> object:
            self.validated.append(kind)
            return validate(kind, data)

        monkeypatch.setattr(yamlload, "parse_yaml_text", counted_parse)
        monkeypatch.setattr(schema, "validate", counted_validate)


def _break_a_card(root: Path) -> None:
    techs = root / "technologies.yaml"
    text = techs.read_text()
    assert "\n    cost:" in text
    techs.write_text(text.replace("\n    cost:", "\n    costs:", 1))


def test_a_second_lint_reads_nothing_again_and_says_the_same(
    pack_dir: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _break_a_card(pack_dir)  # a pack with an error: the memo keeps problems as well
    monkeypatch.setenv("LASTLIGHT_NO_CACHE", "1")
    full = _rendered(pack_dir)
    assert any("costs" in line for line in full)
    monkeypatch.delenv("LASTLIGHT_NO_CACHE")
    assert _rendered(pack_dir) == full  # the first lint with the memo: everything read
    assert len(list(cache.glob("*.pickle"))) == 1
    seen = _Counter(monkeypatch)
    assert _rendered(pack_dir) == full
    assert seen.parsed == [] and seen.validated == []


def test_an_edited_file_is_read_and_checked_again(
    pack_dir: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not [line for line in _rendered(pack_dir) if ": error " in line]
    _break_a_card(pack_dir)
    seen = _Counter(monkeypatch)
    after = _rendered(pack_dir)
    assert any("costs" in line and ": error " in line for line in after)
    assert len(seen.parsed) == 1 and seen.parsed[0].endswith("technologies.yaml")
    assert seen.validated == ["technologies"]
    # the memo keeps the newest version of the file only
    pipeline.clear_caches()
    file_memo.restore(pack_dir)
    techs = str(pack_dir / "technologies.yaml")
    kept = [shown for shown, _ in yamlload._PARSED if shown == techs]
    assert len(kept) == 1, kept


def test_a_broken_entry_or_a_shared_folder_is_not_trusted(
    pack_dir: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clean = _rendered(pack_dir)
    (entry,) = cache.glob("*.pickle")
    entry.write_bytes(b"\x80\x05 not a pickle")
    assert _rendered(pack_dir) == clean  # read in full, and kept again
    assert entry.stat().st_size > 1000
    cache.chmod(0o777)  # others may write here: a planted entry could run code
    seen = _Counter(monkeypatch)
    assert _rendered(pack_dir) == clean
    assert len(seen.parsed) > 10  # nothing was read back
    cache.chmod(0o700)


def test_only_the_lint_command_keeps_a_memo(pack_dir: Path, cache: Path) -> None:
    pipeline.clear_caches()
    lint_path(pack_dir)  # the fuzzer's and the tools' lints of packs made for one use
    assert not cache.exists()


LINT = """
import sys
from lastlight.cli.main import main
sys.argv = ["lastlight", "lint", sys.argv[1]]
try:
    main()
except SystemExit as exc:
    code = exc.code
print("jsonschema" in sys.modules, code)
"""


def test_the_lint_command_of_an_unchanged_pack_checks_no_schema_again(
    pack_dir: Path, cache: Path, tmp_path: Path
) -> None:
    env = {**os.environ, "LASTLIGHT_CACHE_DIR": str(cache.parent)}
    env.pop("LASTLIGHT_NO_CACHE", None)

    def run() -> list[str]:
        out = subprocess.run(
            [sys.executable, "-c", LINT, str(pack_dir)],
            capture_output=True, text=True, env=env, cwd=tmp_path, check=True,
        )  # fmt: skip
        return out.stdout.split("\n")[-2].split()

    assert run() == ["True", "0"]  # the first lint checks every file
    assert run() == ["False", "0"]  # the second: no file changed, no schema loaded
    (pack_dir / "game.yaml").write_text((pack_dir / "game.yaml").read_text() + "\n# edited\n")
    assert run() == ["True", "0"]
