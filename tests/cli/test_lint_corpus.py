"""The broken-content corpus (cases in corpus.py): each breakage gives the right code at the
right file and line, exit 1, and no traceback; via click's runner, and a few as real processes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main

from .corpus import CASES, Case, apply, build_pack, expected_line


def test_the_corpus_is_large_and_covers_every_stage() -> None:
    assert len(CASES) >= 45
    assert len({c.name for c in CASES}) == len(CASES)
    assert {c.code[0] for c in CASES} == {"Y", "S", "X", "W", "E", "B"}


def test_the_minimal_pack_is_clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for board in (False, True):
        root = build_pack(tmp_path / str(board), board=board)
        monkeypatch.chdir(root.parent)
        result = CliRunner().invoke(main, ["lint", "pack", "--strict"])
        assert result.exit_code == 0, result.output


def _lint(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, list[str]]:
    root = build_pack(tmp_path, board=case.board)
    apply(root, case)
    monkeypatch.chdir(tmp_path)
    args = ["lint", "pack", "--format", "json"] + (["--strict"] if case.strict else [])
    return root, args


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_broken_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: Case) -> None:
    root, args = _lint(case, tmp_path, monkeypatch)
    result = CliRunner().invoke(main, args)
    assert "Traceback" not in result.output
    assert result.exit_code == 1, result.output
    diags = json.loads(result.output)["diagnostics"]
    hits = [d for d in diags if d["code"] == case.code]
    assert hits, f"no {case.code}; got {[(d['code'], d['message']) for d in diags]}"
    errors = {d["code"] for d in diags if d["severity"] == "error"}
    assert errors <= {case.code, *case.also}, f"more than the one breakage: {diags}"
    if not case.file:  # a problem with the pack folder itself
        assert any(d["path"] == "pack" and d["line"] == 0 for d in hits), hits
        return
    here = [d for d in hits if Path(d["path"]) == Path("pack") / case.file]
    assert here, f"{case.code} not reported in {case.file}: {hits}"
    line = expected_line(root, case)
    assert any(d["line"] == line for d in here), (line, here)
    if case.hint:
        assert any(case.hint in d["hint"] for d in here), here
    # the text format shows the same headline, then the offending line and a caret
    text = CliRunner().invoke(main, [a for a in args if a not in ("--format", "json")])
    assert f"pack/{case.file}:{line}:" in text.output
    source = (root / case.file).read_bytes()
    if source.strip() and b"\x00" not in source:
        assert "\n    " in text.output and "^" in text.output, text.output
    assert "Traceback" not in text.output


#: A few cases through a real process: the installed entry point, exit codes and all.
PROCESS_CASES = ["yaml-syntax", "binary-file", "unknown-verb", "duplicate-id", "stale-suppression"]


@pytest.mark.parametrize("name", PROCESS_CASES)
def test_broken_content_in_a_real_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    case = next(c for c in CASES if c.name == name)
    root, args = _lint(case, tmp_path, monkeypatch)
    out = subprocess.run(
        [sys.executable, "-m", "lastlight.cli.main", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    diags = json.loads(out.stdout)["diagnostics"]
    line = expected_line(root, case)
    assert any(
        d["code"] == case.code and d["path"].endswith(case.file) and d["line"] == line
        for d in diags
    ), diags
