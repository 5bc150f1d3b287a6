"""The shipped factions (issue 12): each bends a rule of its own, and none is a technology card
in disguise (no faction clause reads like a technology's clause)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from lastlight.interpreter.effects import ast
from lastlight.interpreter.effects.render import render_clause
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.spec import load_rules


def _rules() -> Any:
    return load_rules(str(content_dir()))


def _nouns(cond: Any) -> set[str]:
    if isinstance(cond, ast.Compare):
        return {cond.noun.form}
    if isinstance(cond, ast.Test):
        return {cond.phrase.form}
    if isinstance(cond, ast.And | ast.Or):
        return _nouns(cond.left) | _nouns(cond.right)
    if isinstance(cond, ast.Not):
        return _nouns(cond.inner)
    return set()


def _counted(clause: ast.Triggered) -> frozenset[str]:
    """What a triggered clause pays for: the nouns its condition and its steps count."""
    nouns = _nouns(clause.cond)
    for step in clause.effect.steps:
        if isinstance(step, ast.Do):
            nouns |= _nouns(step.cond)
            if step.counter is not None:
                nouns.add(step.counter.noun.form)
    return frozenset(nouns)


def _rule_bent(clause: ast.Clause) -> tuple[Any, ...]:
    """Which rule a clause bends: the modifier and what it changes, or the trigger's event and
    what it pays for (two factions paid at rotation, one for the center, one for the outer ring,
    bend different rules)."""
    if isinstance(clause, ast.Static):
        args = clause.modifier.args
        return ("static", clause.modifier.form, args.get("param"), args.get("stat"),
                args.get("size"), args.get("action"))  # fmt: skip
    if isinstance(clause, ast.Triggered):
        args = clause.event.args
        return ("when", clause.event.form, args.get("action"), args.get("pile"), args.get("size"),
                _counted(clause))  # fmt: skip
    if isinstance(clause, ast.Activated):
        return ("exhaust", clause.during)
    return ("plain",)


def test_factions_bend_different_rules() -> None:
    rules = _rules()
    factions = {cid: c for cid, c in rules.cards.items() if c.kind == "faction"}
    assert len(factions) == 15
    bent = {cid: {_rule_bent(cl) for cl in c.clauses} for cid, c in factions.items()}
    shared = [(a, b, bent[a] & bent[b]) for a, b in combinations(sorted(bent), 2)
              if bent[a] & bent[b]]  # fmt: skip
    assert not shared, shared


def test_no_faction_clause_copies_a_technology() -> None:
    rules = _rules()
    tech_texts = {
        render_clause(cl)
        for c in rules.cards.values()
        if c.kind == "technology"
        for cl in c.clauses
    }
    copies = [
        (cid, render_clause(cl))
        for cid, c in rules.cards.items()
        if c.kind == "faction"
        for cl in c.clauses
        if render_clause(cl) in tech_texts
    ]
    assert not copies, copies
    # the check can fail: a technology's own clause is found
    assert render_clause(rules.cards["shipyards"].clauses[0]) in tech_texts
