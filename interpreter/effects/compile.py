"""The effect phase of loading a pack: parse, check and index every effect in the content.

Every place that holds effect text is an `EffectSite`: where it is (file, line, column), which
item owns it, which kinds of clause it may hold and what context it gives (a sector, a combat,
an attached ship type). Each text is parsed, checked against the registry and the pack (rule
parameters, action ids) and stored as a `CompiledClause` in `pack.models["effects"]`, so that
no game ever starts with an effect that could fail to parse.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.effects import ast
from lastlight.interpreter.effects.registry import FORMS
from lastlight.interpreter.effects.render import render_clause, render_cond
from lastlight.interpreter.load.errors import Loc, Report, did_you_mean, read_source
from lastlight.interpreter.load.pack import Pack
from lastlight.interpreter.load.yamlload import YDict, YList, scalar_loc

if TYPE_CHECKING:
    from lastlight.interpreter.effects.parser import EffectError

# The parser (and Lark with it) is imported where an effect is parsed, not here: the compiled
# index this module defines is also what a game reads from the rules cache, with no parsing.

PLAIN = frozenset({"plain"})
CARD_CLAUSES = frozenset({"triggered", "activated", "static"})
ANY_CLAUSE = frozenset({"plain", "triggered", "activated", "static"})
TECH_TYPES = frozenset({"civilization", "ship_ability", "ship_mod"})


@dataclass(frozen=True)
class EffectSite:
    item: str  # owning item id (or "game")
    card_type: str  # action, civilization, ship_ability, ship_mod, faction, exploration, ...
    field: str  # e.g. "effects[0]", "phases[1].effect"
    loc: Loc
    style: str | None
    text: str
    allowed: frozenset[str]
    provides: frozenset[str] = frozenset()
    condition: bool = False  # a standalone condition, not a clause


@dataclass
class CompiledClause:
    site: EffectSite
    clause: Any  # ast.Clause, or ast.Cond for condition sites
    text: str  # generated card text


@dataclass
class EffectIndex:
    """Every compiled effect of a pack, by owning item, in file order."""

    by_item: dict[str, list[CompiledClause]] = field(default_factory=dict)
    params: dict[str, int] = field(default_factory=dict)

    def of(self, item: str) -> list[CompiledClause]:
        return self.by_item.get(item, [])

    def all(self) -> Iterator[CompiledClause]:
        for clauses in self.by_item.values():
            yield from clauses


def _clause_kind(clause: ast.Clause) -> str:
    return type(clause).__name__.lower()


def error_loc(site: EffectSite, err: EffectError) -> Loc:
    """Map a position inside effect text to its place in the file (wrapped, quoted and block
    scalars included)."""
    source = read_source(site.loc.path)
    if source is not None:
        return scalar_loc(site.loc, site.style, site.text, err.line, err.col, source)
    quote = 1 if site.style in ("'", '"') else 0
    if site.style in ("|", ">"):
        return Loc(site.loc.path, site.loc.line + err.line, site.loc.col + 1 + err.col)
    if err.line == 1:
        return Loc(site.loc.path, site.loc.line, site.loc.col + quote + err.col - 1)
    return Loc(site.loc.path, site.loc.line + err.line - 1, err.col)


def _str_sites(node: Any, key: Any, base: str) -> Iterator[tuple[str, Loc, str | None, str]]:
    """(field, loc, style, text) for a string or a list of strings under node[key]."""
    if not isinstance(node, YDict) or key not in node:
        return
    value = node[key]
    if isinstance(value, str):
        yield base, node.loc_of(key), node.styles.get(key), value
    elif isinstance(value, YList):
        for i, text in enumerate(value):
            if isinstance(text, str):
                yield f"{base}[{i}]", value.loc_of(i), value.styles[i], text


def sites(pack: Pack) -> Iterator[EffectSite]:
    """Every effect text in the pack, in file order."""
    game = pack.doc("game")
    if game is not None:
        die = game.data.get("die")
        faces = die.get("faces") if isinstance(die, YDict) else None
        if isinstance(faces, YList):
            for i, face in enumerate(faces):
                for f, loc, style, text in _str_sites(face, "effect", f"die.faces[{i}].effect"):
                    yield EffectSite(
                        "game",
                        "die_face",
                        f,
                        loc,
                        style,
                        text,
                        PLAIN,
                        frozenset({"combat", "sector"}),
                    )
        for f, loc, style, text in _str_sites(game.data, "trades", "trades"):
            yield EffectSite("game", "trade", f, loc, style, text, PLAIN)
    for ident, (kind, item) in pack.items.items():  # (items are indexed by their id)
        if kind == "actions":
            phases = item.get("phases")
            if isinstance(phases, YList):
                for i, phase in enumerate(phases):
                    for f, loc, style, text in _str_sites(phase, "effect", f"phases[{i}].effect"):
                        yield EffectSite(ident, "action", f, loc, style, text, PLAIN)
            for f, loc, style, text in _str_sites(item, "playable_if", "playable_if"):
                yield EffectSite(ident, "action", f, loc, style, text, PLAIN, condition=True)
        elif kind == "technologies":
            ttype = str(item.get("type", "civilization"))
            if ttype not in TECH_TYPES:
                continue  # the schema reports the type; its effects cannot be judged without it
            provides = (
                frozenset({"attached"}) if ttype in ("ship_ability", "ship_mod") else frozenset()
            )
            for f, loc, style, text in _str_sites(item, "effects", "effects"):
                yield EffectSite(ident, ttype, f, loc, style, text, CARD_CLAUSES, provides)
        elif kind in ("factions", "achievements"):
            for f, loc, style, text in _str_sites(item, "effects", "effects"):
                yield EffectSite(ident, kind.rstrip("s"), f, loc, style, text, CARD_CLAUSES)
        elif kind == "exploration":
            for f, loc, style, text in _str_sites(item, "effect", "effect"):
                yield EffectSite(
                    ident, "exploration", f, loc, style, text, PLAIN, frozenset({"sector"})
                )


def _shown_params(pack: Pack, params: dict[str, int]) -> dict[str, object]:
    """Parameter values as card text shows them: `0 (1 with 2 players)` where a player count
    changes the number."""
    game = pack.doc("game")
    overrides = game.data.get("player_count_overrides") if game is not None else None
    shown: dict[str, object] = dict(params)
    if isinstance(overrides, YDict):
        for count, values in overrides.items():
            if not isinstance(values, YDict):
                continue
            for name, value in values.items():
                if name in params and value != params[name]:
                    shown[name] = f"{params[name]} ({value} with {count} players)"
    return shown


def _params(pack: Pack) -> dict[str, int]:
    game = pack.doc("game")
    params = game.data.get("parameters") if game is not None else None
    if not isinstance(params, YDict):
        return {}
    return {str(k): v for k, v in params.items() if isinstance(v, int)}


def _action_ids(pack: Pack) -> list[str]:
    return [str(i.get("id")) for i in pack.items_of("actions")]


class _Checker:
    def __init__(
        self,
        pack: Pack,
        report: Report,
        site: EffectSite,
        known: tuple[dict[str, int], list[str]] | None = None,
    ):
        self.pack, self.report, self.site = pack, report, site
        # the pack's parameters and action ids; computed once per phase when given
        self.params, self.actions = known or (_params(pack), _action_ids(pack))
        # without readable game parameters (no game file, or one that failed to load) every
        # $name would be reported: the game file's own error says what to fix
        game = pack.doc("game")
        self.check_params = game is not None and isinstance(game.data.get("parameters"), YDict)

    def error(self, line: int, col: int, code: str, message: str, hint: str = "") -> None:
        from lastlight.interpreter.effects.parser import EffectError

        err = EffectError(line, col, code, message, hint)
        self.report.error(error_loc(self.site, err), code, message, hint)

    def amount(self, value: Any, line: int, col: int) -> None:
        if (
            self.check_params
            and isinstance(value, str)
            and value.startswith("$")
            and value[1:] not in self.params
        ):
            self.error(
                line,
                col,
                "E202",
                f"unknown rule parameter '{value}'",
                did_you_mean(value[1:], self.params)
                or "parameters are declared under `parameters:` in the game file",
            )

    def phrase(self, phrase: ast.Phrase, provides: frozenset[str]) -> None:
        form = FORMS[phrase.form]
        missing = form.requires - provides
        if missing:
            need = ", ".join(sorted(missing))
            self.error(
                phrase.line,
                phrase.col,
                "E204",
                f"'{form.example}' needs {_article(need)} {need} context, which a "
                f"{self.site.card_type.replace('_', ' ')} effect here does not give",
                _context_hint(missing),
            )
        for name, value in phrase.args.items():
            if name in ("n", "m", "k"):
                self.amount(value, phrase.line, phrase.col)
            elif name == "param" and self.check_params and str(value)[1:] not in self.params:
                self.error(
                    phrase.line,
                    phrase.col,
                    "E202",
                    f"unknown rule parameter '{value}'",
                    did_you_mean(str(value)[1:], self.params),
                )
            elif name == "action" and value not in self.actions:
                self.error(
                    phrase.line,
                    phrase.col,
                    "E203",
                    f"unknown action card '{value}'",
                    did_you_mean(str(value), self.actions),
                )

    def cond(self, cond: ast.Cond, provides: frozenset[str]) -> None:
        if isinstance(cond, ast.Compare):
            self.phrase(cond.noun, provides)
            self.amount(cond.value, cond.noun.line, cond.noun.col)
        elif isinstance(cond, ast.Test):
            self.phrase(cond.phrase, provides)
        elif isinstance(cond, (ast.And, ast.Or)):
            self.cond(cond.left, provides)
            self.cond(cond.right, provides)
        elif isinstance(cond, ast.Not):
            self.cond(cond.inner, provides)

    def seq(self, seq: ast.Seq, provides: frozenset[str]) -> None:
        for step in seq.steps:
            self.step(step, provides)

    def step(self, step: ast.Step, provides: frozenset[str]) -> None:
        if isinstance(step, ast.May):
            self.step(step.step, provides)
        elif isinstance(step, ast.Choose):
            self.amount(step.count, step.line, step.col)
            for option in step.options:
                self.seq(option, provides)
        else:
            self.phrase(step.phrase, provides)
            if step.counter is not None:
                self.phrase(step.counter.noun, provides)
            if step.cond is not None:
                self.cond(step.cond, provides)

    def clause(self, clause: ast.Clause) -> None:
        site = self.site
        kind = _clause_kind(clause)
        if kind not in site.allowed:
            what = site.card_type.replace("_", " ")
            if kind == "plain":
                msg = (
                    f"a {what} effect needs a trigger ('when …:'), a cost ('exhaust: …') "
                    "or must be a lasting modifier"
                )
            else:
                msg = f"a {what} effect runs when it resolves; it cannot be a {kind} clause"
            self.error(1, 1, "E201", msg)
            return
        provides = site.provides
        if isinstance(clause, ast.Triggered):
            form = FORMS[clause.event.form]
            if form.cards is not None and site.card_type not in form.cards:
                allowed = ", ".join(sorted(c.replace("_", " ") for c in form.cards))
                self.error(
                    clause.event.line,
                    clause.event.col,
                    "E205",
                    f"the trigger '{form.example.split(':')[0]}' cannot apply to a "
                    f"{site.card_type.replace('_', ' ')} (only: {allowed})",
                )
                return
            if clause.event.form == "activated":
                provides = provides | {"combat", "sector"}
            self.phrase(clause.event, provides)
            if clause.cond is not None:
                self.cond(clause.cond, provides)
            self.seq(clause.effect, provides)
        elif isinstance(clause, ast.Activated):
            if clause.during is not None and clause.during not in self.actions:
                self.error(
                    1,
                    1,
                    "E203",
                    f"unknown action card '{clause.during}'",
                    did_you_mean(clause.during, self.actions),
                )
            for amount, _res in clause.pay:
                self.amount(amount, 1, 1)
            self.seq(clause.effect, provides)
        elif isinstance(clause, ast.Static):
            self.phrase(clause.modifier, provides)
            if site.card_type == "ship_mod" and not clause.modifier.form.startswith("attached"):
                from lastlight.interpreter.effects.parser import EffectError

                self.report.warning(
                    error_loc(site, EffectError(1, 1, "W201", "")),
                    "W201",
                    "a ship mod usually changes its attached type ('attached ships get …')",
                )
        else:
            self.seq(clause.effect, provides)


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _context_hint(missing: frozenset[str]) -> str:
    if "attached" in missing:
        return "only ship ability and ship mod technologies attach to a ship type"
    if "combat" in missing:
        return "damage is dealt only by die faces and ship abilities ('when activated: …')"
    return "'here' means a token's or a combat's sector"


def compile_site(
    pack: Pack,
    report: Report,
    site: EffectSite,
    params: dict[str, object],
    known: tuple[dict[str, int], list[str]] | None = None,
) -> CompiledClause | None:
    from lastlight.interpreter.effects.parser import parse_clause, parse_condition

    if site.condition:
        cond, errors = parse_condition(site.text)
        for err in errors:
            report.error(error_loc(site, err), err.code, err.message, err.hint)
        if cond is None:
            return None
        _Checker(pack, report, site, known).cond(cond, site.provides)
        return CompiledClause(site, cond, f"Playable only if {render_cond(cond, params)}.")
    clause, errors = parse_clause(site.text)
    for err in errors:
        report.error(error_loc(site, err), err.code, err.message, err.hint)
    if clause is None:
        return None
    before = len(report.errors)
    _Checker(pack, report, site, known).clause(clause)
    if len(report.errors) > before:
        return None
    return CompiledClause(site, clause, render_clause(clause, params))


def compile_effects(pack: Pack, report: Report) -> None:
    index = EffectIndex(params=_params(pack))
    shown = _shown_params(pack, index.params)
    known = (index.params, _action_ids(pack))
    for site in sites(pack):
        compiled = compile_site(pack, report, site, shown, known)
        if compiled is not None:
            index.by_item.setdefault(site.item, []).append(compiled)
    pack.models["effects"] = index
