"""`lastlight show`: one item with its generated text, a whole kind, JSON, unknown ids."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main

from .corpus import FAC, build_pack


def test_show_an_item() -> None:
    result = CliRunner().invoke(main, ["show", "photon-harvester"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Photon Harvester  [photon-harvester]"
    assert "  type        civilization" in lines
    assert any(line.startswith("  cost ") and "common" in line for line in lines)
    assert "  > Exhaust this card to gain 1 rare." in lines
    assert any(line.startswith("  source ") and "technologies.yaml:" in line for line in lines)


def test_show_json() -> None:
    data = json.loads(CliRunner().invoke(main, ["show", "beacon-array", "--format", "json"]).stdout)
    assert data["id"] == "beacon-array" and data["kind"] == "technologies"
    assert data["text"] and all(t.endswith(".") for t in data["text"])
    assert data["source"] == "designed" and ":" in data["at"]


@pytest.mark.parametrize("kind", ["technologies", "tech", "factions", "actions"])
def test_list_a_kind(kind: str) -> None:
    result = CliRunner().invoke(main, ["show", "--kind", kind])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) > 3 and lines[-1].split()[1].startswith(kind)


def test_list_a_kind_as_json() -> None:
    result = CliRunner().invoke(main, ["show", "--kind", "actions", "--format", "json"])
    items = json.loads(result.stdout)
    assert [i["number"] for i in items] == [1, 2, 3, 4, 5, 6]


def test_unknown_id_exits_1_with_a_suggestion() -> None:
    result = CliRunner().invoke(main, ["show", "photon-harvestr"])
    assert result.exit_code == 1
    assert "no item 'photon-harvestr'" in result.output and "photon-harvester" in result.output


def test_usage_errors() -> None:
    assert CliRunner().invoke(main, ["show"]).exit_code == 2
    bad = CliRunner().invoke(main, ["show", "--kind", "tecnologies"])
    assert bad.exit_code == 2 and "technologies" in bad.output


def test_show_other_content(tmp_path: Path) -> None:
    root = build_pack(tmp_path)
    result = CliRunner().invoke(main, ["show", "star-nomads", "--content", str(root)])
    assert result.exit_code == 0 and "Your small ships get +1 movement." in result.output
    (root / FAC).write_text((root / FAC).read_text().replace("gain 1 common", "gian 1 common"))
    broken = CliRunner().invoke(main, ["show", "star-nomads", "--content", str(root)])
    assert broken.exit_code == 1 and "E101" in broken.output and "Traceback" not in broken.output
