"""The effect parser: the shapes of clauses, and a located, explained error for each mistake."""

from __future__ import annotations

import pytest
from lastlight.interpreter.effects import ast
from lastlight.interpreter.effects.parser import parse_clause, parse_condition
from lastlight.interpreter.load.pack import Pack


def ok(text: str) -> ast.Clause:
    clause, errors = parse_clause(text)
    assert not errors, errors
    assert clause is not None
    return clause


def test_clause_shapes() -> None:
    assert isinstance(ok("mine"), ast.Plain)
    assert isinstance(ok("exhaust: gain 1 rare"), ast.Activated)
    assert isinstance(ok("when you destroy a large ship: gain 1 light"), ast.Triggered)
    assert isinstance(ok("your small ships get +1 movement"), ast.Static)


def test_a_sequence_runs_in_order() -> None:
    clause = ok("gain 1 common; gain 1 rare")
    assert isinstance(clause, ast.Plain)
    args = [s.phrase.args for s in clause.effect.steps]  # type: ignore[union-attr]
    assert args == [{"n": 1, "what": "common"}, {"n": 1, "what": "rare"}]


def test_costs() -> None:
    clause = ok("during mine, exhaust, pay 2 common and 1 rare: gain 1 light")
    assert isinstance(clause, ast.Activated)
    assert clause.during == "mine" and clause.pay == ((2, "common"), (1, "rare"))


def test_choices_may_counters_and_conditions() -> None:
    clause = ok("choose 2 different of [gain 1 common | gain 1 uncommon | gain 1 rare]")
    (step,) = clause.effect.steps  # type: ignore[union-attr]
    assert isinstance(step, ast.Choose) and step.count == 2 and step.distinct
    assert len(step.options) == 3
    (may,) = ok("may build an extractor here").effect.steps  # type: ignore[union-attr]
    assert isinstance(may, ast.May)
    (scaled,) = ok("gain 1 light per 4 technologies in play").effect.steps  # type: ignore[union-attr]
    assert isinstance(scaled, ast.Do) and scaled.counter is not None and scaled.counter.per == 4
    (guarded,) = ok("gain 1 common if you control a blue planet").effect.steps  # type: ignore[union-attr]
    assert isinstance(guarded, ast.Do) and isinstance(guarded.cond, ast.Test)


def test_conditions_combine() -> None:
    cond, errors = parse_condition(
        "not (you control a blue planet) and (technologies in play >= 4 or played actions > 1)"
    )
    assert not errors
    assert isinstance(cond, ast.And)
    assert isinstance(cond.left, ast.Not) and isinstance(cond.right, ast.Or)


def test_word_forms_are_lemmatised() -> None:
    assert ok("gains one common") == ok("gain 1 common")
    assert ok("GAIN 1 Common") == ok("gain 1 common")


def test_parameters_stand_for_amounts() -> None:
    (step,) = ok("make $trade_choices trades").effect.steps  # type: ignore[union-attr]
    assert "$trade_choices" in step.phrase.args.values()  # type: ignore[union-attr]


# (text, code, column of the error, a word the message or hint must contain)
ERRORS = [
    ("gain 1 common!", "E100", 14, "'!'"),
    ("after you mine gain 1 common", "E100", 29, "expected ':'"),
    ("after you mine: gain 1 common: gain 1 rare", "E100", 30, "one ':'"),
    ("choose 1 of [gain 1 common | gain 1 rare", "E100", 41, "ends too early"),
    ("choose 1 of [gain 1 common; gain 1 rare]", "E100", 40, "expected '|'"),
    ("gain 1 common if (you control a blue planet", "E100", 44, "ends too early"),
    ("gian 1 common", "E101", 1, "did you mean 'gain'"),
    ("gain common", "E102", 6, "amount"),
    ("gain 1 common now", "E102", 15, "'now'"),
    ("gain 1 comon", "E103", 8, "did you mean 'common'"),
    ("your tiny ships get +1 movement", "E103", 6, "tiny"),
    ("pay 1 common per 2 technologies in play", "E104", 14, "per"),
    ("your small ships get +1 movement; gain 1 common", "E105", 1, "stand alone"),
    ("gain 1 light per 2 wonders in play", "E101", 20, "wonders"),
    ("exhaust, pay 2 comon: gain 1 rare", "E103", 16, "did you mean 'common'"),
    ("", "E100", 1, "empty"),
]


@pytest.mark.parametrize("text, code, col, word", ERRORS, ids=[e[0] or "empty" for e in ERRORS])
def test_errors_are_located_and_explained(text: str, code: str, col: int, word: str) -> None:
    clause, errors = parse_clause(text)
    assert clause is None
    (err,) = errors
    assert (err.code, err.line) == (code, 1), err
    assert err.col == col, err
    assert word in err.message + " " + err.hint, err


def test_an_error_on_a_later_line_of_a_block() -> None:
    _clause, (err,) = parse_clause("gain 1 common;\ngain 1 comon")
    assert (err.line, err.col, err.code) == (2, 8, "E103")


def test_every_shipped_effect_parses_and_reads_as_a_sentence(pack: Pack) -> None:
    compiled = list(pack.models["effects"].all())
    assert len(compiled) > 100
    for c in compiled:
        if c.site.condition:
            cond, errors = parse_condition(c.site.text)
            assert cond is not None and not errors
        else:
            clause, errors = parse_clause(c.site.text)
            assert clause is not None and not errors, (c.site.loc, errors)
        assert not c.text[:1].islower() and c.text.endswith(".") and len(c.text.split()) >= 2, (
            c.text
        )
