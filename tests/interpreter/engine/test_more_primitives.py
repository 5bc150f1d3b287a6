"""Forms the shipped deck does not use yet still run: a designer may write them today.

Each test edits a copy of the shipped pack the way a designer would (one effect line), then
plays it through a scenario.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.load.yamlload import parse_yaml_text
from lastlight.interpreter.pipeline import load_pack_or_raise
from lastlight.interpreter.tools.scenario import run_scenario


def _pack_with(tmp_path: Path, file: str, old: str, new: str) -> Rules:
    root = tmp_path / "pack"
    shutil.copytree(content_dir(), root, ignore=shutil.ignore_patterns("scenarios"))
    path = root / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return Rules.from_pack(load_pack_or_raise(root))


def _run(rules: Rules, scenario: dict) -> list[str]:  # type: ignore[type-arg]
    item, problems = parse_yaml_text(yaml.safe_dump(scenario), "scenario.yaml")
    assert not problems
    return [d.message for d in run_scenario(rules, item).failures]


def test_discard_then_draw(tmp_path: Path) -> None:
    rules = _pack_with(
        tmp_path,
        "technologies.yaml",
        '"exhaust: gain 1 uncommon"',
        '"exhaust: discard 1 technology; draw 2 technologies"',
    )
    failures = _run(
        rules,
        {
            "id": "discard-draw",
            "players": 2,
            "setup": {
                "players": {
                    0: {
                        "faction": "",
                        "achievement": "",
                        "in_play": ["crystal-lattice"],
                        "tech_hand": ["recyclers", "core-taps"],
                    },
                    1: {"faction": "", "achievement": ""},
                },
                "deck_top": ["hyperlanes", "time-loop"],
            },
            "steps": [
                {"play": {0: "mine", 1: "mine"}},
                {"choose": {"kind": "use", "card": "crystal-lattice"}},
                {"choose": {"kind": "discard", "card": "recyclers"}},
                {"finish": "round"},
            ],
            "expect": {"players": {0: {"tech_hand": ["core-taps", "hyperlanes", "time-loop"]}}},
        },
    )
    assert not failures, failures


def test_destroy_an_enemy_ship_here(tmp_path: Path) -> None:
    rules = _pack_with(
        tmp_path,
        "exploration.yaml",
        "effect: nothing\n    source: designed",
        "effect: destroy a small enemy ship here\n    source: designed",
    )
    failures = _run(
        rules,
        {
            "id": "destroy-here",
            "players": 2,
            "setup": {
                "players": {
                    0: {"faction": "", "achievement": "", "ships": {"o0": {"small": 1}}},
                    1: {"faction": "", "achievement": "", "ships": {"o0": {"small": 1}}},
                },
                "sectors": {"o0": {"deep": "ds-nebula"}},
                "lumos": {"ships": {}},
            },
            "steps": [{"play": {0: "command", 1: "mine"}}, {"choose": "done"}, {"finish": "round"}],
            "expect": {"players": {0: {"graveyard": 1}, 1: {"ships": {}}}},
        },
    )
    assert not failures, failures
