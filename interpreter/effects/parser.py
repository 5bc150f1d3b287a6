"""Parse effect text into the syntax tree (ast.py).

Two layers: Lark (LALR, grammar.lark) parses the shape of a clause; each phrase's words are then
matched against the registry's forms. Every problem comes back as an `EffectError` with a line and
column inside the text and a message a designer can act on; nothing here raises on bad input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lastlight.interpreter.effects import ast, lalr_tables
from lastlight.interpreter.effects.registry import (
    FORMS,
    LEMMAS,
    SLOT_TYPES,
    Form,
    Slot,
    forms_of,
    head_words,
)
from lastlight.interpreter.load.confusables import describe, latin_for
from lastlight.interpreter.load.errors import did_you_mean


@dataclass(frozen=True, slots=True)
class EffectError:
    line: int
    col: int
    code: str
    message: str
    hint: str = ""


class _Fail(Exception):
    def __init__(self, error: EffectError):
        self.error = error


@lru_cache(maxsize=1)
def parser() -> Lark:
    # The LALR tables ship beside the grammar (lalr_tables.py: plain data, made from this exact
    # grammar and Lark version, else the parser is built here as before). No cache is read from or
    # written to a shared folder: a pickle planted there would run at the next lint.
    return lalr_tables.load()


_TERMINAL_NAMES = {
    "SEMICOLON": "';'",
    "COLON": "':'",
    "COMMA": "','",
    "IF": "'if'",
    "PER": "'per'",
    "$END": "the end of the effect",
    "RSQB": "']'",
    "LSQB": "'['",
    "VBAR": "'|'",
    "WORD": "a word",
    "INT": "a number",
    "PARAM": "a $parameter",
    "SIGNED": "a signed number",
    "OF": "'of'",
    "CMP": "a comparison (>=, >, ==, ...)",
    "RPAR": "')'",
    "AND": "'and'",
    "OR": "'or'",
    "EXHAUST": "'exhaust'",
    "PAY": "'pay'",
    "DIFFERENT": "'different'",
}


def _expected(names: set[str]) -> str:
    shown = sorted({_TERMINAL_NAMES.get(n, n.lower()) for n in names})
    return ", ".join(shown[:8])


def _syntax_error(exc: UnexpectedInput, text: str) -> EffectError:
    line, col = getattr(exc, "line", 1) or 1, getattr(exc, "column", 1) or 1
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream
        ch = text[pos] if pos is not None and pos < len(text) else "?"
        if ch.isalpha() and not ch.isascii():
            latin = latin_for(ch)
            return EffectError(
                line,
                col,
                "E100",
                f"{ch!r} is not an ASCII letter: it is {describe(ch)}",
                f"type the Latin '{latin}'" if latin else "effects are written in ASCII letters",
            )
        return EffectError(
            line,
            col,
            "E100",
            f"unexpected character {ch!r}",
            "effects use words, numbers, +N, $parameters and ; : , [ | ] ( )",
        )
    if isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    ):
        exp = _expected(set(getattr(exc, "expected", set())))
        end_col = len(text.splitlines()[-1]) + 1 if text.strip() else 1
        return EffectError(
            text.count("\n") + 1, end_col, "E100", f"the effect ends too early; expected {exp}"
        )
    assert isinstance(exc, UnexpectedToken)
    tok = exc.token
    exp = _expected(set(exc.expected))
    hint = ""
    if tok.type == "COLON":
        hint = "a clause has one ':' (after a trigger like 'when …' or a cost like 'exhaust')"
    elif tok.type == "SEMICOLON" and "RSQB" in exc.expected:
        hint = "separate the options of a choice with '|'"
    return EffectError(
        tok.line or line,
        tok.column or col,
        "E100",
        f"unexpected {tok.value!r}; expected {exp}",
        hint,
    )


# --- phrase matching against the registry --------------------------------------------------------

_Tok = tuple[str, str, int, int]  # (normalised value, terminal type, line, col)


def _tokens(words: Tree) -> list[_Tok]:
    out: list[_Tok] = []
    raw = [t for t in words.scan_values(lambda v: isinstance(v, Token))]
    i = 0
    while i < len(raw):
        t = raw[i]
        value = str(t)
        if t.type == "WORD":
            value = value.lower()
            if value == "deep" and i + 1 < len(raw) and str(raw[i + 1]).lower() == "space":
                value = "deep_space"
                i += 1
            value = LEMMAS.get(value, value)
            kind = "INT" if value.isdigit() else "WORD"
        else:
            kind = t.type
        out.append((value, kind, t.line or 1, t.column or 1))
        i += 1
    return out


def _slot_value(slot: Slot, tok: _Tok) -> tuple[bool, Any]:
    value, kind = tok[0], tok[1]
    if slot.type == "amount":
        if kind == "INT":
            return True, int(value)
        if kind == "PARAM":
            return True, value
        if value == "a":
            return True, 1
        return False, None
    if slot.type == "signed":
        return (True, int(value)) if kind == "SIGNED" else (False, None)
    if slot.type == "param":
        return (True, value) if kind == "PARAM" else (False, None)
    if slot.type == "action":
        return (True, value) if kind == "WORD" else (False, None)
    choices = SLOT_TYPES[slot.type][1]
    if kind == "WORD" and choices is not None and value in choices:
        return True, value
    return False, None


class _Progress:
    """The furthest point any form reached, to explain a failed match."""

    def __init__(self) -> None:
        self.pos = -1
        self.form: Form | None = None
        self.expect: str | Slot | None = None

    def note(self, pos: int, form: Form, expect: str | Slot | None) -> None:
        if pos > self.pos:
            self.pos, self.form, self.expect = pos, form, expect


def _match(form: Form, toks: list[_Tok], progress: _Progress) -> dict[str, Any] | None:
    elements = form.elements

    def go(ei: int, ti: int, args: dict[str, Any]) -> dict[str, Any] | None:
        if ei == len(elements):
            if ti == len(toks):
                return args
            progress.note(ti, form, None)
            return None
        el = elements[ei]
        if isinstance(el, Slot):
            if ti < len(toks):
                ok, value = _slot_value(el, toks[ti])
                if ok:
                    found = go(ei + 1, ti + 1, {**args, el.name: value})
                    if found is not None:
                        return found
                elif el.optional and SLOT_TYPES[el.type][1] and toks[ti][1] == "WORD":
                    # a word where an optional choice could stand: the likeliest slip
                    progress.note(ti, form, el)
            if el.optional:
                return go(ei + 1, ti, args)
            progress.note(ti, form, el)
            return None
        if ti < len(toks) and toks[ti][0] == el:
            return go(ei + 1, ti + 1, args)
        progress.note(ti, form, el)
        return None

    return go(0, 0, {})


def _describe(form: Form) -> str:
    parts = []
    for el in form.elements:
        if isinstance(el, Slot):
            parts.append(f"<{el.type}>" + ("?" if el.optional else ""))
        else:
            parts.append(el)
    return " ".join(parts)


def match_phrase(toks: list[_Tok], kinds: tuple[str, ...], what: str) -> ast.Phrase:
    """Match words to the first form of the given kinds; raise _Fail with a precise message."""
    if not toks:
        raise _Fail(EffectError(1, 1, "E102", f"an empty {what}"))
    progress = _Progress()
    candidates = [f for k in kinds for f in forms_of(k)]
    for form in candidates:
        args = _match(form, toks, progress)
        if args is not None:
            return ast.Phrase(form.id, args, toks[0][2], toks[0][3])
    if kinds == ("event",):
        raise _Fail(_unknown_trigger(toks, candidates))
    if progress.pos <= 0:
        unknown = _unknown_start(toks, kinds, what, candidates)
        if unknown is not None:
            raise _Fail(unknown)
    raise _Fail(_stuck(toks, progress))


def _unknown_trigger(toks: list[_Tok], candidates: list[Form]) -> EffectError:
    said = " ".join(tok[0] for tok in toks)
    heads = [f.example.split(":")[0] for f in candidates]
    return EffectError(
        toks[0][2],
        toks[0][3],
        "E101",
        f"unknown trigger '{said}'",
        did_you_mean(said, heads) or "triggers: " + "; ".join(heads[:6]),
    )


def _unknown_start(
    toks: list[_Tok], kinds: tuple[str, ...], what: str, candidates: list[Form]
) -> EffectError | None:
    """The error when no form of these kinds starts with the first word (a lasting modifier
    inside a longer clause says so); None if some form does start with it."""
    first = toks[0]
    heads = [w for k in kinds for w in head_words(k)]
    started = [f for f in candidates if f.elements and f.elements[0] == first[0]]
    if started:
        return None
    hint = did_you_mean(first[0], heads)
    examples = "; ".join(f.example for f in candidates[:3])
    return_hint = hint or f"e.g. {examples}"
    if "modifier" not in kinds and any(
        _match(f, toks, _Progress()) is not None for f in forms_of("modifier")
    ):
        return EffectError(
            first[2],
            first[3],
            "E105",
            "a lasting modifier must stand alone as its own clause",
            "give it its own line",
        )
    return EffectError(first[2], first[3], "E101", f"unknown {what} '{first[0]}'", return_hint)


def _stuck(toks: list[_Tok], progress: _Progress) -> EffectError:
    """The error where the form that matched furthest stopped: a wrong or missing word or
    value, or words after a complete phrase."""
    form = progress.form
    assert form is not None
    at = toks[progress.pos] if 0 <= progress.pos < len(toks) else None
    line, col = (at[2], at[3]) if at else (toks[-1][2], toks[-1][3] + len(toks[-1][0]))
    expect = progress.expect
    shape = f"{form.kind} '{_describe(form)}', e.g. '{form.example}'"
    if isinstance(expect, Slot) and at is not None:
        desc, choices = SLOT_TYPES[expect.type]
        hint = did_you_mean(at[0], choices) if choices else ""
        code = "E103" if choices else "E102"
        return EffectError(line, col, code, f"'{at[0]}' is not {desc}", hint or f"the {shape}")
    if isinstance(expect, Slot):
        return EffectError(
            line, col, "E102", f"missing {SLOT_TYPES[expect.type][0]}", f"the {shape}"
        )
    if expect is None and at is not None:
        return EffectError(
            line, col, "E102", f"unexpected '{at[0]}' after a complete phrase", f"the {shape}"
        )
    if at is None:
        return EffectError(line, col, "E102", f"missing '{expect}'", f"the {shape}")
    return EffectError(line, col, "E102", f"expected '{expect}', got '{at[0]}'", f"the {shape}")


# --- tree to AST ----------------------------------------------------------------------------------


def _amount(tok: Token | Tree[Token]) -> ast.Amount:
    assert isinstance(tok, Token)  # (the grammar's amounts are single tokens)
    return int(tok) if tok.type == "INT" else str(tok)


def _cond(tree: Tree) -> ast.Cond:
    if tree.data == "or_":
        return ast.Or(_cond(tree.children[0]), _cond(tree.children[1]))
    if tree.data == "and_":
        return ast.And(_cond(tree.children[0]), _cond(tree.children[1]))
    if tree.data == "not_":
        return ast.Not(_cond(tree.children[0]))
    if tree.data == "compare":
        words, op, value = tree.children
        noun = match_phrase(_tokens(words), ("counter",), "counted noun")
        return ast.Compare(noun, str(op), _amount(value))
    if tree.data == "test":
        return ast.Test(match_phrase(_tokens(tree.children[0]), ("condition",), "condition"))
    if tree.data == "words":  # a parenthesised single test
        return ast.Test(match_phrase(_tokens(tree), ("condition",), "condition"))
    raise _Fail(EffectError(1, 1, "E100", f"unsupported condition {tree.data}"))


def _phrase(tree: Tree, kinds: tuple[str, ...]) -> tuple[ast.Phrase, ast.Counter | None]:
    words = tree.children[0]
    phrase = match_phrase(_tokens(words), kinds, "verb" if "effect" in kinds else "modifier")
    counter = None
    if len(tree.children) > 1:
        ctree = tree.children[1]
        per = 1
        rest = ctree.children
        if rest and isinstance(rest[0], Token) and rest[0].type == "INT":
            per = int(rest[0])
            rest = rest[1:]
        noun = match_phrase(_tokens(rest[0]), ("counter",), "counted noun")
        if per < 1:
            raise _Fail(
                EffectError(
                    ctree.meta.line, ctree.meta.column, "E104", "'per' needs a number of at least 1"
                )
            )
        counter = ast.Counter(per, noun)
        if not FORMS[phrase.form].counter_ok:
            raise _Fail(
                EffectError(
                    ctree.meta.line,
                    ctree.meta.column,
                    "E104",
                    f"'{FORMS[phrase.form].pattern.split()[0]}' cannot be scaled with 'per'",
                    "only gain takes a counter",
                )
            )
    return phrase, counter


def _step(tree: Tree, allow_static: bool) -> ast.Step | ast.Static:
    if tree.data == "may":
        inner = _step(tree.children[0], False)
        assert not isinstance(inner, ast.Static)
        return ast.May(inner)
    if tree.data == "choose":
        kids = tree.children
        count = _amount(kids[0])
        distinct = any(isinstance(k, Token) and k.type == "DIFFERENT" for k in kids)
        options = tuple(_seq(k) for k in kids if isinstance(k, Tree))
        return ast.Choose(count, options, distinct, tree.meta.line, tree.meta.column)
    # do
    phrase_tree = tree.children[0]
    kinds: tuple[str, ...] = ("effect", "modifier") if allow_static else ("effect",)
    phrase, counter = _phrase(phrase_tree, kinds)
    cond = _cond(tree.children[1]) if len(tree.children) > 1 else None
    if FORMS[phrase.form].kind == "modifier":
        if cond is not None or counter is not None:
            raise _Fail(
                EffectError(
                    phrase.line, phrase.col, "E105", "a lasting modifier takes no 'if' or 'per'"
                )
            )
        return ast.Static(phrase)
    return ast.Do(phrase, counter, cond)


def _seq(tree: Tree, allow_static: bool = False) -> ast.Seq:
    steps = []
    for child in tree.children:
        step = _step(child, allow_static and len(tree.children) == 1)
        if isinstance(step, ast.Static):
            raise _Fail(
                EffectError(
                    step.modifier.line,
                    step.modifier.col,
                    "E105",
                    "a lasting modifier must stand alone as its own clause",
                )
            )
        steps.append(step)
    return ast.Seq(tuple(steps))


def _clause(tree: Tree) -> ast.Clause:
    if tree.data == "triggered":
        trig, effect = tree.children
        words = trig.children[1]
        toks = _tokens(words)
        when = str(trig.children[0].children[0])
        # the trigger word belongs to the event pattern ("when …", "after you mine")
        toks = [(when, "WORD", trig.meta.line, trig.meta.column), *toks]
        event = match_phrase(toks, ("event",), "trigger")
        cond = _cond(trig.children[2]) if len(trig.children) > 2 else None
        return ast.Triggered(event, cond, _seq(effect))
    if tree.data == "activated":
        cost, effect = tree.children
        during = None
        pays: list[tuple[ast.Amount, str]] = []
        for kid in cost.children:
            if isinstance(kid, Token) and kid.type == "WORD":
                during = str(kid).lower()
            elif isinstance(kid, Tree) and kid.data == "payment":
                amount, res = kid.children
                assert isinstance(res, Token)  # (the grammar's resource is a word)
                res_word = str(res).lower()
                if res_word not in SLOT_TYPES["gainable"][1]:  # type: ignore[operator]
                    raise _Fail(
                        EffectError(
                            res.line or 1,
                            res.column or 1,
                            "E103",
                            f"'{res_word}' is not a resource or light",
                            did_you_mean(res_word, SLOT_TYPES["gainable"][1] or ()),
                        )
                    )
                pays.append((_amount(amount), res_word))
        return ast.Activated(during, tuple(pays), _seq(effect))
    effect = tree.children[0]
    seq_or_static = _seq_top(effect)
    return seq_or_static


def _seq_top(tree: Tree) -> ast.Clause:
    if len(tree.children) == 1:
        step = _step(tree.children[0], True)
        if isinstance(step, ast.Static):
            return step
        return ast.Plain(ast.Seq((step,)))
    return ast.Plain(_seq(tree))


@lru_cache(maxsize=8192)
def _parse_clause_cached(text: str) -> tuple[ast.Clause | None, tuple[EffectError, ...]]:
    clause, errors = _parse_clause(text)
    return clause, tuple(errors)


def parse_clause(text: str) -> tuple[ast.Clause | None, list[EffectError]]:
    """Parse one clause of effect text. Returns (clause, []) or (None, [error]).

    The syntax tree is immutable, so a text met again (a repeated token, a reload of the same
    pack) is parsed once."""
    if not isinstance(text, str):
        return None, [EffectError(1, 1, "E100", "an empty effect")]
    clause, errors = _parse_clause_cached(text)
    return clause, list(errors)


#: Limits on one effect text: the parser and the engine stay bounded whatever the content.
MAX_EFFECT_CHARS = 2000
MAX_EFFECT_NESTING = 8  # [ … ] and ( … ) inside one another
MAX_EFFECT_NUMBER = 100  # a count, cost or bonus; more would only make the engine loop
_NUMBER = re.compile(r"(?<![\w$])\d+(?!\w)")


def _over_limits(text: str) -> EffectError | None:
    """An E106 error when the text is too long, nests too deep or names too big a number."""
    if len(text) > MAX_EFFECT_CHARS:
        return EffectError(1, 1, "E106", f"the effect is longer than {MAX_EFFECT_CHARS} characters")
    depth = 0
    for i, ch in enumerate(text):
        if ch in "[(":
            depth += 1
            if depth > MAX_EFFECT_NESTING:
                line, col = _line_col(text, i)
                return EffectError(
                    line, col, "E106", f"the effect nests more than {MAX_EFFECT_NESTING} deep"
                )
        elif ch in "])":
            depth -= 1
    for m in _NUMBER.finditer(text):
        if len(m.group()) > 3 or int(m.group()) > MAX_EFFECT_NUMBER:
            line, col = _line_col(text, m.start())
            shown = m.group() if len(m.group()) <= 12 else m.group()[:12] + "…"
            return EffectError(
                line,
                col,
                "E106",
                f"the number {shown} is out of range (effects count up to {MAX_EFFECT_NUMBER})",
            )
    return None


def _line_col(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _parse_clause(text: str) -> tuple[ast.Clause | None, list[EffectError]]:
    """Parse one clause of effect text. Returns (clause, []) or (None, [error])."""
    if not isinstance(text, str) or not text.strip():
        return None, [EffectError(1, 1, "E100", "an empty effect")]
    too_big = _over_limits(text)
    if too_big is not None:
        return None, [too_big]
    try:
        tree = parser().parse(text, start="start")
    except UnexpectedInput as exc:
        return None, [_syntax_error(exc, text)]
    try:
        clause = _clause(tree)
    except _Fail as fail:
        return None, [fail.error]
    except RecursionError:
        return None, [_too_deep(1, 1)]
    deep = _nests_too_deep(clause)
    return (None, [deep]) if deep is not None else (clause, [])


#: The constructs that nest one effect or condition inside another (`[ … ]` is a Choose).
_NESTING = (ast.May, ast.Choose, ast.Not, ast.And, ast.Or)


def _too_deep(line: int, col: int) -> EffectError:
    return EffectError(line, col, "E106", f"the effect nests more than {MAX_EFFECT_NESTING} deep")


def _nests_too_deep(node: object) -> EffectError | None:
    """E106 where the parsed effect nests more than MAX_EFFECT_NESTING constructs (`may`,
    `choose`, `not`, `and`, `or`) inside one another: the bracket count before parsing does not
    see `may may may …`. Iterative, so the check itself cannot overflow."""
    todo: list[tuple[object, int, tuple[int, int]]] = [(node, 0, (1, 1))]
    while todo:
        n, depth, at = todo.pop()
        if isinstance(n, _NESTING):
            depth += 1
            at = (getattr(n, "line", at[0]), getattr(n, "col", at[1]))
            if depth > MAX_EFFECT_NESTING:
                return _too_deep(*at)
        if isinstance(n, ast.Phrase):
            at = (n.line, n.col)
            continue
        if isinstance(n, (tuple, list)):
            todo.extend((x, depth, at) for x in n)
        elif hasattr(n, "__dataclass_fields__"):
            todo.extend((getattr(n, f), depth, at) for f in n.__dataclass_fields__)
    return None


def parse_condition(text: str) -> tuple[ast.Cond | None, list[EffectError]]:
    """Parse a standalone condition (e.g. an action card's `playable_if`)."""
    if not isinstance(text, str) or not text.strip():
        return None, [EffectError(1, 1, "E100", "an empty condition")]
    too_big = _over_limits(text)
    if too_big is not None:
        return None, [too_big]
    try:
        tree = parser().parse(text, start="condition")
    except UnexpectedInput as exc:
        return None, [_syntax_error(exc, text)]
    try:
        cond = _cond(tree)
    except _Fail as fail:
        return None, [fail.error]
    except RecursionError:
        return None, [_too_deep(1, 1)]
    deep = _nests_too_deep(cond)
    return (None, [deep]) if deep is not None else (cond, [])
