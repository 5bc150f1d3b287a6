"""`lastlight schema`: print one, list them, export them all (valid JSON Schemas)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from jsonschema import Draft202012Validator
from lastlight.cli.main import main
from lastlight.interpreter.load.pack import KINDS


def test_list() -> None:
    result = CliRunner().invoke(main, ["schema", "--list"])
    assert result.exit_code == 0
    assert set(KINDS) <= set(result.output.split())


def test_print_one() -> None:
    result = CliRunner().invoke(main, ["schema", "technologies"])
    schema = json.loads(result.output)
    Draft202012Validator.check_schema(schema)
    assert schema["properties"]["kind"]["const"] == "technologies"


def test_unknown_kind_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["schema", "technology"])
    assert result.exit_code == 2 and "did you mean 'technologies'" in result.output
    assert CliRunner().invoke(main, ["schema"]).exit_code == 2


def test_export(tmp_path: Path) -> None:
    out = tmp_path / "a" / "b"
    result = CliRunner().invoke(main, ["schema", "--export", str(out)])
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in out.iterdir())
    assert files == sorted(f"{k}.schema.json" for k in json_kinds())
    for path in out.iterdir():
        Draft202012Validator.check_schema(json.loads(path.read_text()))


def test_export_into_a_file_fails_cleanly(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = CliRunner().invoke(main, ["schema", "--export", str(blocker / "sub")])
    assert result.exit_code == 1 and "cannot write" in result.output


def json_kinds() -> list[str]:
    return CliRunner().invoke(main, ["schema", "--list"]).output.split()
