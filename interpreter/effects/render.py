"""Card text generated from the syntax tree: what a player reads is what the engine runs.

`render_clause(clause, params)` gives one English sentence per clause. `params` maps rule
parameter names (without `$`) to their base values so `$research_draw` reads as `3` (or to the
text shown for them, such as `3 (4 with 2 players)`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from lastlight.interpreter.effects import ast
from lastlight.interpreter.effects.registry import FORMS

_PLURAL_RE = re.compile(r"\{(\w+)\|([^|}]*)\|([^}]*)\}")
_SLOT_RE = re.compile(r"\{(\w+)\}")


def _amount(value: Any, params: Mapping[str, Any] | None) -> str:
    if isinstance(value, str) and value.startswith("$"):
        name = value[1:]
        if params is not None and name in params:
            return str(params[name])
        return name.replace("_", " ")
    return str(value)


def _fill(template: str, args: Mapping[str, Any], params: Mapping[str, object] | None) -> str:
    def plural(m: re.Match[str]) -> str:
        value = args.get(m.group(1))
        if isinstance(value, str) and value.startswith("$") and params is not None:
            value = params.get(value[1:], value)
        return m.group(2) if value == 1 else m.group(3)

    def slot(m: re.Match[str]) -> str:
        name = m.group(1)
        value = args.get(name)
        if value is None:
            return ""
        if name in ("delta",):
            return f"{value:+d}"
        if name == "param":
            return str(value).lstrip("$").replace("_", " ")
        if isinstance(value, str) and value == "deep_space":
            return "deep space"
        return _amount(value, params)

    text = _PLURAL_RE.sub(plural, template)
    text = _SLOT_RE.sub(slot, text)
    text = re.sub(r"\s+", " ", text).strip()
    return text.replace(" a inner", " an inner").replace(" a outer", " an outer")


# How a change to a rule parameter reads on a card (`+1 $claim_outer`): {n} is the size of the
# change, {more} "more" or "fewer", {n|one|many} picks the noun's number. A parameter not listed
# here (a pack's own) falls back to "N more/fewer <name in words>".
PARAM_TEXT: dict[str, str] = {
    "research_draw": "when you research, draw {n} {more} {n|technology|technologies}",
    "research_keep": "when you research, keep {n} {more} {n|technology|technologies}",
    "trade_choices": "when you trade, make {n} {more} {n|trade|trades}",
    "claim_inner": "when you claim, gain {n} {more} light per extractor on an inner planet",
    "claim_outer": "when you claim, gain {n} {more} light per extractor on an outer planet",
    "claim_distant": "when you claim, gain {n} {more} light per extractor on a distant planet",
    "center_light": "when the board rotates, gain {n} {more} light per ship of yours in the center",
    "construct_extractors": "when you construct, build up to {n} {more} {n|extractor|extractors}",
    "graveyard_size": "your graveyard scores when it holds {n} {more} {n|unit|units}",
    "graveyard_light": "when your graveyard scores, gain {n} {more} light",
    "refresh_min_played": "you need {n} {more} played action {n|card|cards} to play Refresh",
}


def _param_change(delta: int, param: str) -> str:
    name = param.lstrip("$")
    n = abs(delta)
    more = "more" if delta >= 0 else "fewer"
    template = PARAM_TEXT.get(name, "{n} {more} " + name.replace("_", " "))
    template = re.sub(r"\{n\|([^|}]*)\|([^}]*)\}", lambda m: m.group(1 if n == 1 else 2), template)
    return template.replace("{n}", str(n)).replace("{more}", more)


def render_phrase(phrase: ast.Phrase, params: Mapping[str, object] | None = None) -> str:
    if phrase.form == "param" and isinstance(phrase.args.get("delta"), int):
        return _param_change(phrase.args["delta"], str(phrase.args.get("param", "")))
    return _fill(FORMS[phrase.form].text, phrase.args, params)


def _counter(counter: ast.Counter, params: Mapping[str, object] | None) -> str:
    noun = render_phrase(counter.noun, params)
    if counter.per == 1:
        return f"for each of {noun}" if noun.startswith("your") else f"per {_singular(noun)}"
    of = "of " if noun.startswith("your") else ""
    return f"for every {counter.per} {of}{noun}"


def _singular(noun: str) -> str:
    for plural, single in (
        ("technologies", "technology"),
        ("ships", "ship"),
        ("extractors", "extractor"),
        ("planets", "planet"),
        ("units", "unit"),
        ("cards", "card"),
    ):
        noun = noun.replace(plural, single)
    return re.sub(
        r"\bon (inner|outer|distant) planet\b",
        lambda m: f"on {'a' if m.group(1) == 'distant' else 'an'} {m.group(1)} planet",
        noun,
    )


_BY_COUNT_RE = re.compile(r"^0 \((\d+) with (\d+) players\)$")


def _compare(noun: str, words: str, amount: str) -> str:
    """`you have at least 2 ships in the center`, not `your ships ... number at least 2`."""
    suffix = ""
    by_count = _BY_COUNT_RE.match(amount)
    if by_count and words in ("at least", "more than"):
        # "at least 0" holds always: say only where the number matters
        amount, players = by_count.groups()
        suffix = f" (only in a {players}-player game)"
    if amount == "1":
        noun = _singular(noun)
    if noun.startswith("your "):
        return f"you have {words} {amount} {noun[len('your ') :]}{suffix}"
    return f"there are {words} {amount} {noun}{suffix}"


def render_cond(cond: ast.Cond, params: Mapping[str, object] | None = None) -> str:
    if isinstance(cond, ast.Test):
        return render_phrase(cond.phrase, params)
    if isinstance(cond, ast.Compare):
        words = {
            ">=": "at least",
            "<=": "at most",
            ">": "more than",
            "<": "fewer than",
            "==": "exactly",
            "!=": "other than",
        }[cond.op]
        return _compare(render_phrase(cond.noun, params), words, _amount(cond.value, params))
    if isinstance(cond, ast.And):
        return f"{render_cond(cond.left, params)} and {render_cond(cond.right, params)}"
    if isinstance(cond, ast.Or):
        return f"{render_cond(cond.left, params)} or {render_cond(cond.right, params)}"
    return f"not ({render_cond(cond.inner, params)})"


def render_step(step: ast.Step, params: Mapping[str, object] | None = None) -> str:
    if isinstance(step, ast.May):
        return f"you may {render_step(step.step, params)}"
    if isinstance(step, ast.Choose):
        options = "; or ".join(render_seq(o, params) for o in step.options)
        rule = "different " if step.distinct else ""
        # a note on repeats only where more than one option is picked
        repeat = "" if step.distinct or step.count == 1 else " (the same one may repeat)"
        return f"choose {_amount(step.count, params)} {rule}of: {options}{repeat}"
    text = render_phrase(step.phrase, params)
    if step.counter is not None:
        text += f" {_counter(step.counter, params)}"
    if step.cond is not None:
        text += f" if {render_cond(step.cond, params)}"
    return text


def render_seq(seq: ast.Seq, params: Mapping[str, object] | None = None) -> str:
    return ", then ".join(render_step(s, params) for s in seq.steps)


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")) if text else text


def render_clause(clause: ast.Clause, params: Mapping[str, object] | None = None) -> str:
    """One sentence of card text for a clause."""
    if isinstance(clause, ast.Static):
        return _sentence(render_phrase(clause.modifier, params))
    if isinstance(clause, ast.Plain):
        return _sentence(render_seq(clause.effect, params))
    if isinstance(clause, ast.Triggered):
        head = render_phrase(clause.event, params)
        if clause.cond is not None:
            head += f", if {render_cond(clause.cond, params)}"
        return _sentence(f"{head}: {render_seq(clause.effect, params)}")
    cost = "exhaust this card"
    if clause.pay:
        paid = " and ".join(f"{_amount(n, params)} {r}" for n, r in clause.pay)
        cost += f" and pay {paid}"
    during = f"During your {clause.during}, " if clause.during else ""
    return _sentence(f"{during}{cost} to {render_seq(clause.effect, params)}")
