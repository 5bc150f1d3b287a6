"""Static checks that a die roll or a chain of triggers cannot run forever (the `loops` phase).

X025 every face of the die rolls (or may roll) another die: a roll might never end.
X026 a trigger that fires itself again through events nothing bounds (`when activated:
     activate`): the chain never ends.
W104 a chain of triggers that fires its own event through events the box bounds (building,
     manufacturing, revealing, destroying): it ends when the pieces run out, but may trip the
     engine's trigger guard on the way.

The engine keeps its guards (a trigger limit per action, a step limit); these checks make a
pack that would trip them fail `lint` instead, at the item's file and line.
"""

from __future__ import annotations

from dataclasses import dataclass

from lastlight.interpreter.effects import ast
from lastlight.interpreter.effects.compile import EffectIndex
from lastlight.interpreter.load.errors import Loc, Report
from lastlight.interpreter.load.pack import Pack
from lastlight.interpreter.load.yamlload import YDict, YList

#: The events each primitive can fire (see the engine's `eng.fire` calls).
FIRES: dict[str, frozenset[str]] = {
    "build_ships": frozenset({"build_ship"}),
    "build_ship_free": frozenset({"build_ship"}),
    "build_ship_here": frozenset({"build_ship"}),
    "build_extractors": frozenset({"build_extractor"}),
    "build_extractor_here": frozenset({"build_extractor"}),
    "manufacture_any": frozenset({"manufacture"}),
    "manufacture_free": frozenset({"manufacture"}),
    "reveal": frozenset({"reveal_token"}),
    "attack": frozenset({"destroy_ship", "lose_ship", "destroy_extractor"}),
    "destroy_here": frozenset({"destroy_ship", "lose_ship"}),
    "activate": frozenset({"activated"}),
}
#: Events with nothing in the box to run out of: a cycle through only these never ends.
UNBOUNDED = frozenset({"activated"})


@dataclass
class _Edge:
    card: str
    event: str  # the event the trigger listens for
    listen: dict  # the trigger's event words (`a large ship`: {"size": "large"})
    fires: str  # an event its effect fires
    args: dict  # the firing phrase's words
    sure: bool  # fired on every run (not behind a may, a choice or a condition)
    loc: Loc


def _fired(seq: ast.Seq, sure: bool = True) -> list[tuple[str, dict, bool]]:
    """(event, phrase args, sure) for every event the steps of `seq` can fire."""
    out: list[tuple[str, dict, bool]] = []
    for step in seq.steps:
        if isinstance(step, ast.Do):
            for event in FIRES.get(step.phrase.form, ()):
                out.append((event, dict(step.phrase.args), sure and step.cond is None))
        elif isinstance(step, ast.May):
            out.extend(_fired(ast.Seq((step.step,)), False))
        elif isinstance(step, ast.Choose):
            for option in step.options:
                out.extend(_fired(option, False))
    return out


def _rerolls(seq: ast.Seq) -> tuple[bool, bool]:
    """(always, maybe): the steps roll another die on every run / on some runs."""
    always = maybe = False
    for step in seq.steps:
        if isinstance(step, ast.Do) and step.phrase.form == "reroll":
            maybe = True
            always = always or step.cond is None
        elif isinstance(step, ast.May):
            maybe = maybe or _rerolls(ast.Seq((step.step,)))[1]
        elif isinstance(step, ast.Choose):
            maybe = maybe or any(_rerolls(o)[1] for o in step.options)
    return always, maybe


def _compatible(listen: dict, fired: dict) -> bool:
    """A fired event with these phrase args can wake a trigger listening with these."""
    for key, want in listen.items():
        if want is None:
            continue
        got = fired.get(key)
        if got is not None and got != want:
            return False
    return True


def check_loops(pack: Pack, report: Report) -> None:
    effects: EffectIndex | None = pack.models.get("effects")
    if effects is None:
        return
    _die(pack, effects, report)
    _triggers(effects, report)


def _die(pack: Pack, effects: EffectIndex, report: Report) -> None:
    game = pack.doc("game")
    die = game.data.get("die") if game is not None else None
    faces = die.get("faces") if isinstance(die, YDict) else None
    if not isinstance(faces, YList) or not isinstance(die, YDict):
        return
    by_field = {c.site.field: c for c in effects.of("game")}
    rolled = 0
    always = 0
    maybe = 0
    for i, face in enumerate(faces):
        if not isinstance(face, YDict) or not isinstance(face.get("count"), int):
            return
        if face["count"] <= 0:
            continue
        compiled = by_field.get(f"die.faces[{i}].effect")
        if compiled is None or not isinstance(compiled.clause, ast.Plain):
            return  # the effect checks report it
        rolled += 1
        sure, can = _rerolls(compiled.clause.effect)
        always += sure
        maybe += can
    if rolled and maybe == rolled:
        what = "rolls" if always == rolled else "can roll"
        report.error(
            die.key_loc("faces"),
            "X025",
            f"every face of the die {what} another die: a roll might never end",
            "give at least one face (with a count) an effect without 'roll another die'",
        )


def _edges(effects: EffectIndex) -> list[_Edge]:
    edges: list[_Edge] = []
    for compiled in effects.all():
        clause = compiled.clause
        if not isinstance(clause, ast.Triggered):
            continue
        listen = clause.event
        for event, args, sure in _fired(clause.effect):
            edges.append(
                _Edge(
                    compiled.site.item,
                    listen.form,
                    dict(listen.args),
                    event,
                    args,
                    sure and clause.cond is None,
                    compiled.site.loc,
                )
            )
    return edges


def _triggers(effects: EffectIndex, report: Report) -> None:
    edges = _edges(effects)
    out: dict[str, list[_Edge]] = {}
    for edge in edges:
        out.setdefault(edge.event, []).append(edge)
    reported: set[tuple[str, Loc]] = set()
    for start in edges:
        path = _cycle(start, out)
        if path is None:
            continue
        key = (start.card, start.loc)
        if key in reported:
            continue
        reported.add(key)
        chain = ", then ".join(f"{e.card} on '{e.event}' fires '{e.fires}'" for e in path)
        unbounded = all(e.fires in UNBOUNDED for e in path)
        sure = all(e.sure for e in path)
        if unbounded and sure:
            report.error(
                start.loc,
                "X026",
                f"this trigger fires itself again without end ({chain})",
                "put the repeated effect behind a condition, or change the event",
            )
        else:
            report.warning(
                start.loc,
                "W104",
                f"this trigger can fire itself again ({chain}); it stops "
                "only when "
                + ("a choice or condition ends it" if unbounded else "the pieces run out"),
                "check it cannot trip the engine's trigger limit, or suppress W104",
            )


def _cycle(start: _Edge, out: dict[str, list[_Edge]]) -> list[_Edge] | None:
    """A path of edges from `start` back to its own event (depth-first, each event once)."""
    stack: list[tuple[_Edge, list[_Edge]]] = [(start, [start])]
    seen: set[str] = set()
    while stack:
        edge, path = stack.pop()
        if edge.fires == start.event and _compatible(start.listen, edge.args):
            return path
        if edge.fires in seen:
            continue
        seen.add(edge.fires)
        for nxt in out.get(edge.fires, []):
            if _compatible(nxt.listen, edge.args):
                stack.append((nxt, [*path, nxt]))
    return None
