"""The "trigger loop" a 4-player sweep run hit in a sampled world was a real infinite combo.

Loom Archivists draw a technology whenever they manufacture one; a new ship ability discards
the old one (R-RES-07) and an empty deck is the reshuffled discard pile (R-RES-03). With two
copies of a cheap ship ability and the swap paid back (Recyclers' common, Rapid Prototyping's
discount), Research let a player swap the copies for ever, each swap drawing the other copy
back, and from 9 technologies in play each swap was a light. Each swap is a decision of its
own; the engine's guard (more than 400 triggers within one action) stopped it after 200. The
content was changed (Field Repairs costs an uncommon), so the chain ends when the uncommons do.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.load.yamlload import parse_yaml_text
from lastlight.interpreter.tools.scenario import _Runner

#: Civilization technologies to reach 9 in play (with the ones each case names).
FILLER = ["ore-barges", "star-charts", "salvage-rights", "martyr-protocol", "core-taps",
          "hyperlanes", "scriptorium"]  # fmt: skip
ABILITIES = [
    {"card": "field-repairs", "size": "small"},
    {"card": "sensor-ghosts", "size": "medium"},
    {"card": "rally-beacons", "size": "large"},
]


def _position(rules: Rules, payback: list[str], resources: dict[str, int]) -> Game:
    """P0 (Loom Archivists) resolving Research: `payback` and 9+ technologies in play, every
    ship type holding an ability, the other Field Repairs in hand, deck and discard empty (a
    deck drawn out: rare in real games, but the sweep bot's rollouts reached it)."""
    in_play: list[Any] = [*payback, *FILLER, *ABILITIES]
    taken = [*payback, *FILLER, *(a["card"] for a in ABILITIES), "field-repairs"]
    scenario = {
        "id": "swap",
        "players": 2,
        "setup": {
            "players": {
                0: {
                    "faction": "loom-archivists",
                    "achievement": "",
                    "in_play": in_play,
                    "tech_hand": ["field-repairs"],
                    "resources": resources,
                    "light": 0,
                },
                1: {"faction": "", "achievement": "", "tech_hand": []},
            },
            "deck": [],
            "discard": taken,  # what the setup takes from it (the rest is out of the game)
        },
        "steps": [{"play": {0: "research", 1: "mine"}}],
    }
    item, problems = parse_yaml_text(yaml.safe_dump(scenario), "swap.yaml")
    assert not problems
    runner = _Runner(rules, item)
    runner.play()
    return runner.game


def _swap_while_you_can(game: Game, cap: int = 1_000) -> int:
    """P0 manufactures as long as it may, a Field Repairs on the small ships first (the swap);
    returns how many it manufactured."""
    made = 0
    while made < cap:
        options = [d for d in game.legal() if d["kind"] == "manufacture"]
        if not options:
            return made
        swap = [d for d in options if d.get("size") == "small"]
        game.apply((swap or options)[0])
        made += 1
    return made


@pytest.mark.parametrize(
    "payback",
    [["recyclers"], ["rapid-prototyping"], ["recyclers", "rapid-prototyping"]],
    ids=["recyclers", "rapid-prototyping", "both"],
)
def test_swapping_field_repairs_ends(rules: Rules, payback: list[str]) -> None:
    game = _position(rules, payback, {"common": 3, "uncommon": 2, "rare": 0})
    assert game.to_move == 0 and game.prompt.startswith("Manufacture")
    light = game.view(ALL, live=True).players[0].light  # (Research's light per 4 in play)
    made = _swap_while_you_can(game)  # before the fix: EngineError "trigger loop" at 200
    me = game.view(ALL, live=True).players[0]
    assert made == 2  # one swap per uncommon: each draws back the copy it discarded
    assert me.resources["uncommon"] == 0
    assert me.light - light == 2  # a light a manufacture (9+ in play), not one for ever
    assert [base_id(c) for c in me.tech_hand] == ["field-repairs"]


def test_the_swap_draws_the_discarded_copy_back(rules: Rules) -> None:
    """The mechanism itself is the rulebook's and stays: the copy a swap discards is the
    reshuffled deck, and Loom Archivists draw it back at once."""
    game = _position(rules, ["recyclers"], {"common": 1, "uncommon": 1, "rare": 0})
    before = game.view(ALL, live=True).players[0]
    small = before.abilities["small"]
    game.apply(next(d for d in game.legal() if d.get("size") == "small"))
    after = game.view(ALL, live=True).players[0]
    assert after.tech_hand == [small]  # the discarded copy, drawn back
    assert after.abilities["small"] not in (None, small)
