"""`lastlight lint`: formats, exit codes, --strict, suppressions, single files, scenario files."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter.load.paths import content_dir

from .corpus import FAC, TECH, build_pack

MINE = '"after you mine: gain 1 common"'


def _break(root: Path, file: str, old: str, new: str) -> None:
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture()
def broken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A pack with one error (E103) and the working directory beside it."""
    root = build_pack(tmp_path)
    _break(root, FAC, MINE, '"after you mine: gain 1 comon"')
    monkeypatch.chdir(tmp_path)
    return root


def test_the_shipped_content_is_clean() -> None:
    result = CliRunner().invoke(main, ["lint"])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("files") and "0 errors" in result.output


def test_text_output_is_compiler_style_with_a_caret(broken: Path) -> None:
    result = CliRunner().invoke(main, ["lint", "pack"])
    assert result.exit_code == 1
    head, source, caret, summary = result.output.splitlines()
    assert head.startswith("pack/factions.yaml:20:33: error E103: 'comon' is not a resource")
    assert head.endswith("(did you mean 'common'?)")
    assert source[caret.index("^") :].startswith("comon")
    assert summary == "1 error, 0 warnings in 7 files"


def test_all_problems_in_one_run_sorted_by_file_and_line(broken: Path) -> None:
    _break(broken, TECH, "attached ships get +1 movement", "attached ships get +1 speed")
    _break(broken, FAC, '"+1 $research_draw"', '"+1 $research_drew"')
    result = CliRunner().invoke(main, ["lint", "pack", "--format", "json"])
    diags = json.loads(result.output)["diagnostics"]
    assert [d["code"] for d in diags] == ["E202", "E103", "E103"]
    places = [(d["path"], d["line"]) for d in diags]
    assert places == sorted(places)


def test_json_format(broken: Path) -> None:
    data = json.loads(CliRunner().invoke(main, ["lint", "pack", "--format", "json"]).output)
    assert data["errors"] == 1 and data["warnings"] == 0 and data["files"] == 7
    (diag,) = data["diagnostics"]
    assert diag == {
        "path": "pack/factions.yaml",
        "line": 20,
        "column": 33,
        "severity": "error",
        "code": "E103",
        "message": diag["message"],
        "hint": "did you mean 'common'?",
    }


def test_github_format(broken: Path) -> None:
    result = CliRunner().invoke(main, ["lint", "pack", "--format", "github"])
    assert result.exit_code == 1
    assert result.output.startswith(
        "::error file=pack/factions.yaml,line=20,col=33,title=E103::'comon' is not"
    )


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    missing = CliRunner().invoke(main, ["lint", str(tmp_path / "nope")])
    assert missing.exit_code == 2 and "no such file or folder" in missing.output
    assert CliRunner().invoke(main, ["lint", "--format", "xml"]).exit_code == 2
    assert CliRunner().invoke(main, ["lint", "--bogus"]).exit_code == 2


def test_an_empty_folder_is_a_content_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["lint", str(tmp_path)])
    assert result.exit_code == 1 and "X010" in result.output


def test_a_warning_passes_unless_strict(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = build_pack(tmp_path)
    monkeypatch.chdir(tmp_path)
    _break(root, TECH, "cost: {common: 1}", "cost: {common: 0}")
    relaxed = CliRunner().invoke(main, ["lint", "pack"])
    assert relaxed.exit_code == 0 and "warning W102" in relaxed.output
    assert "0 errors, 1 warning in" in relaxed.output
    strict = CliRunner().invoke(main, ["lint", "pack", "--strict", "--format", "github"])
    assert strict.exit_code == 1 and strict.output.startswith("::error ")


def test_a_suppression_silences_its_own_item_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = build_pack(tmp_path)
    monkeypatch.chdir(tmp_path)
    # two ship mods that do not touch their attached type: W201 twice; one is suppressed
    _break(root, TECH, "      - attached ships get +1 movement\n",
           "      - your small ships get +1 movement\n    suppress:\n"
           "      - {code: W201, reason: this mod works on every small ship}\n")  # fmt: skip
    with (root / TECH).open("a", encoding="utf-8") as fh:
        fh.write(
            "\n  - id: hull-plating\n    name: Hull Plating\n    type: ship_mod\n"
            "    cost: {common: 1}\n    effects:\n      - your large ships get +1 shields\n"
            "    source: designed\n"
        )
    _break(root, "pack.yaml", "technologies: 6", "technologies: 7")
    data = json.loads(CliRunner().invoke(main, ["lint", "pack", "--format", "json"]).output)
    codes = [(d["code"], d["line"]) for d in data["diagnostics"]]
    text = (root / TECH).read_text()
    hull = text[: text.index("your large ships")].count("\n") + 1
    assert codes == [("W201", hull)]


def test_a_single_file_in_a_pack_gets_every_check(broken: Path) -> None:
    result = CliRunner().invoke(main, ["lint", "pack/factions.yaml"])
    assert result.exit_code == 1 and "E103" in result.output and "in 1 file" in result.output
    assert CliRunner().invoke(main, ["lint", "pack/technologies.yaml"]).exit_code == 0


def test_a_file_on_its_own_gets_yaml_and_schema_checks(tmp_path: Path) -> None:
    lone = tmp_path / "lone.yaml"
    lone.write_text("kind: factions\nitems:\n  - id: a\n    nam: A\n")
    result = CliRunner().invoke(main, ["lint", str(lone), "--format", "json"])
    codes = {d["code"] for d in json.loads(result.output)["diagnostics"]}
    assert result.exit_code == 1 and "S002" in codes


def test_scenario_files_are_linted_with_the_pack(tmp_path: Path) -> None:
    root = tmp_path / "pack"
    shutil.copytree(content_dir(), root)
    path = root / "scenarios" / "factions.yaml"
    text = path.read_text()
    path.write_text(text.replace("proves: [loom-archivists]", "proves: [loom-archivist]", 1))
    result = CliRunner().invoke(main, ["lint", str(root), "--format", "json"])
    assert result.exit_code == 1
    assert "X030" in {d["code"] for d in json.loads(result.output)["diagnostics"]}


def test_a_real_process_from_another_directory(tmp_path: Path) -> None:
    clean = subprocess.run(
        [sys.executable, "-m", "lastlight.cli.main", "lint"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "Traceback" not in clean.stdout + clean.stderr
