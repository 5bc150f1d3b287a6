"""The scenario keys the rules need: each one can pass, and each one can fail at its own line
with what was expected and what happened."""

from __future__ import annotations

from pathlib import Path

import pytest
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.tools.scenario import load_file, run_scenario

HEAD = """\
kind: scenarios
items:
- id: s
  players: 2
"""

RESEARCH = """\
  setup:
    deck: [photon-harvester, orbital-refinery, crystal-lattice, trade-consortium]
    players:
      0: {faction: '', achievement: '', tech_hand: []}
      1: {faction: '', achievement: ''}
  steps:
  - expect:
      deck: {size: 4, top: [photon-harvester, orbital-refinery], excludes: [beacon-array]}
      discard: {includes: [beacon-array]}
  - play: {0: research, 1: mine}
  - expect:
      pending: {player: 0, kind: discard, options: 3, offers: [{card: crystal-lattice}]}
"""


def _run(rules: Rules, tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    items, problems = load_file(path)
    assert not problems, [p.headline() for p in problems]
    return [f"{d.loc.line}: {d.message}" for d in run_scenario(rules, items[0]).failures]


def test_deck_discard_and_pending_pass(rules: Rules, tmp_path: Path) -> None:
    assert _run(rules, tmp_path, RESEARCH) == []


@pytest.mark.parametrize(
    "old, new, line, says",
    [
        ("{size: 4,", "{size: 5,", 12, "number of cards in the technology deck = 5, got 4"),
        ("top: [photon-harvester,", "top: [crystal-lattice,", 12, "top of the technology deck"),
        ("excludes: [beacon-array]", "excludes: [orbital-refinery]", 12, "no orbital-refinery"),
        ("{includes: [beacon-array]}", "3 cards", 13, "number of discard pile = 3"),
        ("{player: 0, kind", "{player: 1, kind", 16, "player to decide = 1, got 0"),
        ("kind: discard,", "kind: move,", 16, "kind of the open decision = 'move'"),
        ("options: 3,", "options: 2,", 16, "number of options offered = 2, got 3"),
        ("{card: crystal-lattice}", "{card: beacon-array}", 16, "to be offered"),
    ],
)
def test_each_pile_and_pending_key_can_fail(
    rules: Rules, tmp_path: Path, old: str, new: str, line: int, says: str
) -> None:
    assert RESEARCH.count(old) == 1
    failures = _run(rules, tmp_path, RESEARCH.replace(old, new))
    assert len(failures) == 1 and failures[0].startswith(f"{line}:") and says in failures[0], (
        failures
    )


COMBAT = """\
  setup:
    players:
      0: {faction: '', achievement: '', ships: {c: {large: 1}}}
      1: {faction: '', achievement: '', ships: {c: {small: 1}}}
    lumos: {ships: {}}
    dice: [hit, miss, miss]
  steps:
  - play: {0: command, 1: mine}
  - never: {kind: move, lumos: true}
  - choose: done
  - choose: {kind: attack, size: large, attack: true}
  - finish: round
  expect:
    units: {p1-small-1: 'graveyard:0', p0-large-1: c, p0-small-1: supply}
    players:
      0: {graveyard: [p1-small-1], hand: 5 cards, played: [command]}
      1: {graveyard: 0 units, supply: {small: 4, large: 2, extractor: 7}}
"""


def test_pieces_counts_and_never_pass(rules: Rules, tmp_path: Path) -> None:
    assert _run(rules, tmp_path, COMBAT) == []


@pytest.mark.parametrize(
    "old, new, line, says",
    [
        ("'graveyard:0'", "supply", 18, "p1-small-1 place = 'supply', got 'graveyard:0'"),
        ("p0-large-1: c", "p0-large-1: i0", 18, "p0-large-1 place = 'i0', got 'c'"),
        ("hand: 5 cards", "hand: 4 cards", 20, "number of P0 hand = 4, got 5"),
        ("[p1-small-1], hand", "[p0-small-1], hand", 20, "P0 graveyard"),
        ("small: 4, large", "small: 5, large", 21, "P1 small in supply = 5, got 4"),
        ("never: {kind: move, lumos: true}", "never: {kind: attack}", 13, "never to be offered"),
    ],
)
def test_each_piece_and_count_key_can_fail(
    rules: Rules, tmp_path: Path, old: str, new: str, line: int, says: str
) -> None:
    assert COMBAT.count(old) == 1
    failures = _run(rules, tmp_path, COMBAT.replace(old, new))
    assert len(failures) == 1 and failures[0].startswith(f"{line}:") and says in failures[0], (
        failures
    )


OFFERS = """\
  setup:
    players:
      0: {faction_offer: [vigil-of-the-ember, loom-archivists], achievement: ''}
      1: {faction: '', achievement: ''}
  steps:
  - expect:
      pending: {player: 0, kind: keep, options: 2, not_offered: [{card: quiet-lattice}]}
  - choose: {kind: keep, card: vigil-of-the-ember}
  expect:
    players:
      0: {faction: vigil-of-the-ember}
"""


def test_dealt_offers_leave_the_keep_open(rules: Rules, tmp_path: Path) -> None:
    assert _run(rules, tmp_path, OFFERS) == []
    failures = _run(rules, tmp_path, OFFERS.replace("card: vigil-of-the-ember}\n", "card: x}\n"))
    assert failures and failures[0].startswith("12:") and "no legal decision" in failures[0]
    wrong = OFFERS.replace("0: {faction: vigil-of-the-ember}", "0: {faction: loom-archivists}")
    assert _run(rules, tmp_path, wrong) == [
        "15: scenario 's': expected P0 faction = 'loom-archivists', got 'vigil-of-the-ember'"
    ]


def test_an_unknown_decision_kind_fails_instead_of_passing_silently(
    rules: Rules, tmp_path: Path
) -> None:
    body = "  steps:\n  - play: {0: mine, 1: mine}\n  - illegal: {kind: attak}\n"
    failures = _run(rules, tmp_path, body)
    assert failures == ["7: scenario 's': unknown decision kind 'attak' (did you mean 'attack'?)"]
