"""Card text is generated from the parsed effect; checked against English written by hand."""

from __future__ import annotations

import pytest
from lastlight.interpreter.effects.parser import parse_clause
from lastlight.interpreter.effects.render import render_clause
from lastlight.interpreter.load.pack import Pack

PARAMS = {"research_draw": 3, "research_keep": 2, "trade_choices": 2}

CASES = [
    ("gain 1 light per 4 technologies in play", "Gain 1 light for every 4 technologies in play."),
    ("when you destroy a large ship: gain 1 light", "When you destroy a large ship: gain 1 light."),
    ("exhaust: gain 1 rare", "Exhaust this card to gain 1 rare."),
    (
        "during mine, exhaust, pay 2 common: gain 1 rare",
        "During your mine, exhaust this card and pay 2 common to gain 1 rare.",
    ),
    ("your small ships get +1 movement", "Your small ships get +1 movement."),
    ("attached ships have bombardment", "Ships of the attached type have bombardment."),
    ("+1 $trade_choices", "+1 to your trade choices."),
    ("you resolve command last", "You resolve command after every other player."),
    (
        "draw $research_draw technologies keep $research_keep",
        "Draw 3 technologies, keep 2 and discard the rest face up.",
    ),
    ("may build an extractor here", "You may build an extractor on this planet for free."),
    (
        "make $trade_choices trades; another player gains 1 common",
        "Make 2 trades (the same one may repeat), then another player of your choice "
        "gains 1 common.",
    ),
    (
        "choose 1 of [gain 1 common | gain 1 uncommon]",
        "Choose 1 of: gain 1 common; or gain 1 uncommon.",
    ),
    (
        "when activated: deal 2 damage",
        "When this ship type rolls activate: deal 2 damage to an enemy ship here.",
    ),
    (
        "after you refresh: gain 1 light if you control a distant planet",
        "After you refresh: gain 1 light if you control a distant planet.",
    ),
    (
        "when the board rotates: gain 1 light per 2 ships in the center",
        "When the board rotates: gain 1 light for every 2 of your ships in the center.",
    ),
    ("small ships cost 1 common less", "Your small ships cost 1 common less."),
]


@pytest.mark.parametrize("text, english", CASES, ids=[c[0] for c in CASES])
def test_generated_text(text: str, english: str) -> None:
    clause, errors = parse_clause(text)
    assert not errors
    assert render_clause(clause, PARAMS) == english


def test_every_shipped_effect_renders_a_sentence(pack: Pack) -> None:
    texts = [c.text for c in pack.models["effects"].all()]
    assert len(texts) > 100
    for text in texts:
        assert text and text.endswith(".") and "{" not in text and "  " not in text, text
