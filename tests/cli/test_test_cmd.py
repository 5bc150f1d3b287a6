"""`lastlight test`: a pack folder runs that pack's scenarios; files and folders run too."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter.load.paths import content_dir


def _json(args: list[str]) -> tuple[int, dict]:  # type: ignore[type-arg]
    result = CliRunner().invoke(main, ["test", *args, "--format", "json"])
    return result.exit_code, json.loads(result.stdout)


def test_a_pack_folder_runs_its_scenarios_not_its_content_files() -> None:
    code, out = _json([str(content_dir())])
    assert code == 0 and out["file_errors"] == [] and out["failed"] == 0
    assert out["passed"] > 100
    assert {Path(r["path"]).parent.name for r in out["results"]} == {"scenarios"}


def test_default_pack_and_one_file_agree() -> None:
    code, everything = _json([])
    assert code == 0
    one = content_dir() / "scenarios" / "rules.yaml"
    code, out = _json([str(one)])
    assert code == 0 and 0 < out["passed"] < everything["passed"]


def test_another_pack_runs_against_its_own_rules(tmp_path: Path) -> None:
    """A scenario that passes on the shipped pack fails on a pack where the card differs."""
    root = tmp_path / "pack"
    shutil.copytree(content_dir(), root)
    techs = root / "technologies.yaml"
    text = techs.read_text(encoding="utf-8")
    assert text.count('"after you mine: gain 1 common"') >= 1
    techs.write_text(
        text.replace('"after you mine: gain 1 common"', '"after you mine: gain 2 common"', 1),
        encoding="utf-8",
    )
    code, out = _json([str(root), "-k", "deep-core-drills"])
    assert code == 1 and out["failed"] >= 1
    code, out = _json([str(root / "scenarios" / "technologies.yaml"), "-k", "deep-core-drills"])
    assert code == 1 and out["failed"] >= 1  # a file inside the pack uses that pack too


def test_a_pack_without_scenarios_is_a_usage_error(tmp_path: Path) -> None:
    root = tmp_path / "pack"
    shutil.copytree(content_dir(), root, ignore=shutil.ignore_patterns("scenarios"))
    result = CliRunner().invoke(main, ["test", str(root)])
    assert result.exit_code == 2 and "no scenario files" in result.output
