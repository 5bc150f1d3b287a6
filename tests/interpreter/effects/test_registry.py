"""One vocabulary: the registry, the grammar, the docs and the engine agree."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest
from lastlight.interpreter.effects import ast
from lastlight.interpreter.effects.docs import render
from lastlight.interpreter.effects.parser import parse_clause, parse_condition
from lastlight.interpreter.effects.registry import FORMS, forms_of
from lastlight.interpreter.effects.render import render_clause
from lastlight.interpreter.engine import primitives
from lastlight.interpreter.engine.conditions import CONDITIONS, COUNTERS
from lastlight.interpreter.engine.primitives import FEASIBLE, PRIMITIVES

ROOT = Path(__file__).resolve().parents[3]


def test_the_committed_docs_are_generated_from_the_registry() -> None:
    committed = (ROOT / "docs" / "effect-language.md").read_text(encoding="utf-8")
    assert committed == render(), (
        "run: python -m lastlight.interpreter.effects.docs > docs/effect-language.md"
    )


def test_every_grammar_keyword_is_documented() -> None:
    grammar = resources.files("lastlight.interpreter.effects").joinpath("grammar.lark").read_text()
    keywords = set(re.findall(r'"([a-z]+)"', grammar))
    docs = render()
    missing = sorted(k for k in keywords if f"{k}" not in docs)
    assert not missing, missing


@pytest.mark.parametrize("form", list(FORMS.values()), ids=list(FORMS))
def test_every_example_parses_to_its_form_and_renders(form) -> None:  # type: ignore[no-untyped-def]
    if form.kind == "counter":
        text = re.sub(r"^per (\d+ )?", "", form.example).split(" >")[0]
        cond, errors = parse_condition(f"{text} >= 1")
        assert not errors, errors
        assert isinstance(cond, ast.Compare) and cond.noun.form == form.id
        return
    if form.kind == "condition":
        cond, errors = parse_condition(form.example)
        assert not errors, errors
        assert isinstance(cond, ast.Test) and cond.phrase.form == form.id
        return
    clause, errors = parse_clause(form.example)
    assert not errors, errors
    phrases = ast.walk_phrases(clause)
    assert form.id in {p.form for p in phrases}
    text = render_clause(clause, {"research_draw": 3})
    assert text and not text[0].islower() and text.endswith(".")


def test_every_effect_form_has_exactly_one_primitive_and_vice_versa() -> None:
    effects = [f.id for f in forms_of("effect")]
    assert len(effects) == len(set(effects))
    listed = [form for family in primitives.FAMILIES for form in family.PRIMITIVES]
    assert sorted(listed) == sorted(effects), (
        f"no primitive: {sorted(set(effects) - set(listed))}; "
        f"not in the registry: {sorted(set(listed) - set(effects))}; "
        f"in two families: {sorted({f for f in listed if listed.count(f) > 1})}"
    )
    assert set(PRIMITIVES) == set(effects)
    assert set(FEASIBLE) <= set(effects)
    assert all(callable(fn) for fn in [*PRIMITIVES.values(), *FEASIBLE.values()])


def test_a_form_in_two_families_is_refused() -> None:
    with pytest.raises(AssertionError, match="two primitives for the effect form 'gain'"):
        primitives._merge([{"gain": print}, {"gain": print}], "primitives")


def test_the_engine_implements_every_form() -> None:
    assert {f.id for f in forms_of("counter")} == set(COUNTERS)
    assert {f.id for f in forms_of("condition")} == set(CONDITIONS)
