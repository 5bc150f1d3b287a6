"""Card text is generated from the parsed effect; checked against English written by hand."""

from __future__ import annotations

import re

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
    ("+1 $trade_choices", "When you trade, make 1 more trade."),
    ("-1 $graveyard_size", "Your graveyard scores when it holds 1 fewer unit."),
    ("+2 $claim_outer", "When you claim, gain 2 more light per extractor on an outer planet."),
    ("make 1 trade", "Make 1 trade."),
    (
        "when the board rotates: gain 1 light if ships in the center >= 2",
        "When the board rotates: gain 1 light if you have at least 2 ships in the center.",
    ),
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


def _leaks(text: str, names: set[str]) -> list[str]:
    """Words a player would not understand: `$names`, snake_case words, rule parameter names."""
    found = re.findall(r"\$\w+|\b[a-z]+_[a-z_]+\b", text)
    spaced = [n for n in names if n.replace("_", " ") in text.lower()]
    return found + spaced


def test_no_generated_text_leaks_a_parameter_name(pack: Pack) -> None:
    """Every generated text of the shipped pack, listed, reads without rule-parameter names."""
    names = set(pack.models["effects"].params)
    texts = sorted({c.text for c in pack.models["effects"].all()})
    assert names, "the pack's rule parameters are known"
    leaks = {t: _leaks(t, names) for t in texts if _leaks(t, names)}
    assert not leaks, "\n".join(f"{t!r}: {w}" for t, w in leaks.items())


@pytest.mark.parametrize(
    "text", ["+1 to your claim outer.", "Gain $center_light light.", "-1 to your graveyard_size."]
)
def test_the_leak_check_catches_old_texts(text: str) -> None:
    names = {"claim_outer", "center_light", "graveyard_size"}
    assert _leaks(text, names)
