"""Every scenario shipped with the content passes (the same runner as `lastlight test`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.pack import SCENARIO_DIR
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.scenario import discover, load_file, run_scenario

FILES = discover(content_dir() / SCENARIO_DIR)
CASES = [(f, item) for f in FILES for item in load_file(f)[0]]


def test_scenario_files_are_valid() -> None:
    assert FILES
    for f in FILES:
        _items, problems = load_file(f)
        assert not problems, [p.headline() for p in problems]


@pytest.mark.parametrize("path, item", CASES, ids=[str(item["id"]) for _f, item in CASES])
def test_scenario(rules: Rules, path: Path, item) -> None:  # type: ignore[no-untyped-def]
    result = run_scenario(rules, item)
    assert result.ok, "\n".join(d.render() for d in result.failures)


def test_a_failing_expectation_says_what_and_where(rules: Rules, tmp_path: Path) -> None:
    tech = next(f for f in FILES if f.name == "technologies.yaml")
    source = tech.read_text(encoding="utf-8")
    marker = "rare: 1}\n        exhausted: [photon-harvester]"
    assert source.count(marker) == 1
    broken = tmp_path / "broken.yaml"
    broken.write_text(source.replace(marker, marker.replace("rare: 1", "rare: 2")), "utf-8")
    items, problems = load_file(broken)
    assert not problems
    failures = [d for item in items for d in run_scenario(rules, item).failures]
    assert len(failures) == 1
    d = failures[0]
    assert d.loc.path == str(broken) and d.loc.line > 1
    assert "expected P0 rare = 2, got 1" in d.message


def test_every_item_of_the_box_is_proven_by_a_scenario(rules: Rules) -> None:
    """Each technology, faction, exploration token and achievement has a scenario that names it
    in `proves` (and, by the tests above, passes)."""
    proven = {p for _f, item in CASES for p in item.get("proves") or []}
    pack = rules.pack
    wanted = {
        kind: {str(i["id"]) for i in pack.items_of(kind)}
        for kind in ("technologies", "factions", "exploration", "achievements")
    }
    missing = {kind: sorted(ids - proven) for kind, ids in wanted.items() if ids - proven}
    assert not missing, f"items without a scenario: {missing}"
    assert len(wanted["factions"]) == 15 and len(wanted["achievements"]) == 4


def test_scenarios_prove_only_real_items(rules: Rules) -> None:
    proven = {p for _f, item in CASES for p in item.get("proves") or []}
    unknown = sorted(proven - set(rules.pack.items))
    assert not unknown, unknown
