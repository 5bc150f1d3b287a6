"""JSON Schemas: valid draft 2020-12, every violation reported with its place."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator
from lastlight.interpreter.load.schema import load_schema, schema_names, validate
from lastlight.interpreter.load.yamlload import parse_yaml_text

KINDS = [
    "achievements",
    "actions",
    "board",
    "exploration",
    "factions",
    "game",
    "pack",
    "planets",
    "replay",
    "scenarios",
    "setups",
    "technologies",
]


def test_a_schema_for_every_kind() -> None:
    assert schema_names() == KINDS


@pytest.mark.parametrize("kind", KINDS)
def test_schemas_are_valid_and_documented(kind: str) -> None:
    schema = load_schema(kind)
    Draft202012Validator.check_schema(schema)  # the loader skips this for speed; we do it here
    assert schema["$schema"].endswith("2020-12/schema")
    assert all("description" in p for p in schema["properties"].values())


def test_every_violation_is_reported_with_its_place() -> None:
    text = (
        "kind: factions\nitems:\n  - id: a\n    name: A\n    source: designed\n"
        "    effects: [x]\n    colour: red\n  - id: B b\n    name: 3\n    source: guessed\n"
        "    effects: []\n"
    )
    data, _ = parse_yaml_text(text, "f.yaml")
    problems = validate("factions", data)
    found = {(p.code, p.loc.line) for p in problems}
    assert ("S002", 7) in found  # unknown key 'colour'
    assert ("S001", 8) in found  # id pattern
    assert ("S005", 9) in found  # name is not a string
    assert ("S004", 10) in found  # source not in the enum
    assert len(problems) >= 5


def test_unknown_keys_get_a_did_you_mean() -> None:
    data, _ = parse_yaml_text(
        "kind: factions\nitems:\n  - id: a\n    name: A\n    source: designed\n    efects: [x]\n",
        "f.yaml",
    )
    hints = [p.hint for p in validate("factions", data) if p.code == "S002"]
    assert hints == ["did you mean 'effects'?"]
