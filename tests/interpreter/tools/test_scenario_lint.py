"""Lint of scenario files (X030-X035): every name a scenario uses is checked, with file:line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lastlight.interpreter.effects.decisions import DECISION_KINDS
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lint_pack import lint_path

BROKEN = """\
kind: scenarios
items:
- id: broken-one
  players: 2
  setup:
    players:
      0:
        ships: {zz9: {small: 1}}
        extractors: [q4, 'colony:0']
        hand: [mine, dance]
    deck: [photon-harvestr]
    lumos:
      ships: {c7: {small: 1}}
  steps:
  - play: {0: comand, 1: mine}
  - choose: {kind: mvoe, to: c}
  - never: {kind: attak}
  - expect:
      pending: {kind: plya, offers: [{kind: kep}]}
      legal: [{kind: dammage}]
  expect:
    sectors: {c9: {token_up: true}}
- id: rules-dup
  steps: []
- id: rules-dup
  steps: []
"""

WANTED = [
    (8, "X032", "unknown sector 'zz9'"),
    (9, "X032", "unknown sector 'q4'"),
    (10, "X033", "unknown action card 'dance' in hand"),
    (11, "X031", "unknown card 'photon-harvestr' in deck"),
    (13, "X032", "unknown sector 'c7'"),
    (15, "X033", "unknown action card 'comand' in play"),
    (16, "X034", "unknown decision kind 'mvoe'"),
    (17, "X034", "unknown decision kind 'attak'"),
    (19, "X034", "unknown decision kind 'plya'"),
    (19, "X034", "unknown decision kind 'kep'"),
    (20, "X034", "unknown decision kind 'dammage'"),
    (22, "X032", "unknown sector 'c9'"),
    (25, "X035", "duplicate scenario id 'rules-dup'"),
]


@pytest.fixture(scope="module")
def diagnostics(tmp_path_factory: pytest.TempPathFactory) -> list:  # type: ignore[type-arg]
    root = tmp_path_factory.mktemp("lint") / "pack"
    shutil.copytree(content_dir(), root)
    (root / "scenarios" / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    return [d for d in lint_path(root).diagnostics if d.loc.path.endswith("broken.yaml")]


def test_every_broken_name_is_found_at_its_line(diagnostics: list) -> None:  # type: ignore[type-arg]
    found = [(d.loc.line, d.code, d.message) for d in diagnostics]
    for line, code, message in WANTED:
        assert any(f == (line, code, message) for f in found), (line, code, message, found)
    assert len(found) == len(WANTED), found  # colony:0 is a place, not a sector


def test_hints_suggest_the_near_name(diagnostics: list) -> None:  # type: ignore[type-arg]
    hints = {d.message: d.hint for d in diagnostics}
    assert "command" in hints["unknown action card 'comand' in play"]
    assert "move" in hints["unknown decision kind 'mvoe'"]
    assert "photon-harvester" in hints["unknown card 'photon-harvestr' in deck"]


def test_a_duplicate_id_in_another_file_names_the_first(tmp_path: Path) -> None:
    root = tmp_path / "pack"
    shutil.copytree(content_dir(), root)
    first = "same-card-resolves-one-player-at-a-time"
    (root / "scenarios" / "zz.yaml").write_text(
        f"kind: scenarios\nitems:\n- id: {first}\n  steps: []\n", encoding="utf-8"
    )
    dups = [d for d in lint_path(root).diagnostics if d.code == "X035"]
    assert len(dups) == 1 and dups[0].loc.path.endswith("zz.yaml") and dups[0].loc.line == 3
    assert "rules.yaml" in dups[0].hint


def test_the_shipped_scenarios_are_clean() -> None:
    assert not [d for d in lint_path(content_dir()).diagnostics if d.code.startswith("X03")]


def test_the_registry_knows_every_decision_kind_the_engine_asks(rules) -> None:  # type: ignore[no-untyped-def]
    from lastlight.interpreter.agents import RandomBot
    from lastlight.interpreter.engine.game import Game

    asked: set[str] = set()
    for seed in range(3):
        game = Game.new(rules, 2 + seed, seed)
        bots = [RandomBot(seed * 7 + p) for p in range(game.state["n"])]
        for _ in range(3000):
            if game.over:
                break
            legal = game.legal()
            asked.add(game.state["pending"]["kind"])
            asked.update(d["kind"] for d in legal)
            game.apply(bots[game.to_move].decide(None, legal))
    assert asked and asked <= set(DECISION_KINDS), asked - set(DECISION_KINDS)
    assert {"keep", "play", "move", "attack"} <= asked


def test_the_engine_refuses_an_unregistered_kind(rules) -> None:  # type: ignore[no-untyped-def]
    from lastlight.interpreter.engine.game import Game
    from lastlight.interpreter.engine.machine import EngineError

    game = Game.new(rules, 2, 1)
    with pytest.raises(EngineError, match=r"not in effects/decisions\.py"):
        game.eng.ask(0, "dance", [{"kind": "dance"}], "Dance?")
