"""Only the engine writes the game state and calls its own private members: tests, scenarios,
tools and the CLI set up a position through `Game.edit` (`with game.edit() as st: st[...] = ...`),
which drops the caches and the snapshot and bumps every player's `ver`, so nothing worked out
from the old position is used, and they call `Game`/`Engine` only through public names.

The check reads the source (the AST) of every client (`tests/`, `cli/`, `benchmarks/` and the
interpreter's agents, present, envs, tools and serve) and fails
naming file:line for every write to `X.state[...]` (assignment, `+=`, `del`, or a mutating
method such as `.append`, `.update`, `.remove`), including writes through a name bound to a part
of the state (`st = game.state`, `pl = game.state["players"][0]`,
`for u in game.state["units"].values()`). The name a `with ... .edit(...) as st:` binds is the
one place such writes belong. A write through a function parameter is not followed (the check
reads each function alone); `interpreter/engine/` owns its state and is not scanned.

A second check names every use of a private member of `Game` or `Engine` (`game._advance()`,
`game.eng._step`) outside the engine: the members are read from the engine's source.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Every client of the engine: everything but the engine (and the stages below it).
SCANNED = (
    "tests",
    "cli",
    "benchmarks",
    "interpreter/agents",
    "interpreter/present",
    "interpreter/envs",
    "interpreter/tools",
    "interpreter/serve",
)
#: The engine classes whose private members stay inside the engine: (file, class).
ENGINE_CLASSES = (
    ("interpreter/engine/game.py", "Game"),
    ("interpreter/engine/machine.py", "Engine"),
)

#: Methods that change a list or dict in place.
MUTATORS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "remove",
        "pop",
        "popitem",
        "clear",
        "update",
        "setdefault",
        "sort",
        "reverse",
        "__setitem__",
        "__delitem__",
    }
)
#: Methods that hand back a part of the container itself (not a copy).
VIEWS = frozenset({"values", "items", "get", "setdefault"})


class StateWrites(ast.NodeVisitor):
    """Collects the lines that write the game state directly, in source order so that a name
    re-bound by `with game.edit() as st:` stops counting as a plain alias of the state."""

    def __init__(self) -> None:
        self.aliases: set[str] = set()
        self.found: list[tuple[int, str]] = []

    # --- what reaches the state -------------------------------------------------------------
    def reaches_state(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Name):
            return node.id in self.aliases
        if isinstance(node, ast.Attribute):
            return node.attr == "state" and not _is_rng(node.value)
        if isinstance(node, ast.Subscript):
            return self.reaches_state(node.value)
        if isinstance(node, (ast.Tuple, ast.List)):  # `for pile in (st["deck"], st["discard"])`
            return any(self.reaches_state(elt) for elt in node.elts)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            return node.func.attr in VIEWS and self.reaches_state(node.func.value)
        return False

    def _bind(self, target: ast.expr, to_state: bool) -> None:
        for node in ast.walk(target):
            if isinstance(node, ast.Name):
                (self.aliases.add if to_state else self.aliases.discard)(node.id)

    def _check_target(self, target: ast.expr, what: str) -> None:
        if isinstance(target, (ast.Tuple, ast.List)):
            for elt in target.elts:
                self._check_target(elt, what)
        elif isinstance(target, ast.Subscript) and self.reaches_state(target.value):
            self.found.append((target.lineno, what))

    # --- statements -------------------------------------------------------------------------
    def _scope(self, node: ast.AST) -> None:
        saved = set(self.aliases)
        self.generic_visit(node)
        self.aliases = saved

    visit_FunctionDef = _scope
    visit_AsyncFunctionDef = _scope
    visit_Lambda = _scope

    def visit_Assign(self, node: ast.Assign) -> None:
        self.visit(node.value)
        for target in node.targets:
            self._check_target(target, "assignment")
            if isinstance(target, (ast.Name, ast.Tuple, ast.List)):
                self._bind(target, self.reaches_state(node.value))
            else:
                self.visit(target)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)
            self._check_target(node.target, "assignment")
            if isinstance(node.target, ast.Name):
                self._bind(node.target, self.reaches_state(node.value))

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.visit(node.value)
        self._check_target(node.target, "augmented assignment")

    def visit_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self._check_target(target, "del")

    def visit_For(self, node: ast.For) -> None:
        self.visit(node.iter)
        self._bind(node.target, self.reaches_state(node.iter))
        for stmt in [*node.body, *node.orelse]:
            self.visit(stmt)

    def visit_With(self, node: ast.With) -> None:
        for item in node.items:
            self.visit(item.context_expr)
            if item.optional_vars is not None:
                ctx = item.context_expr
                self._bind(item.optional_vars, not _is_edit(ctx) and self.reaches_state(ctx))
        for stmt in node.body:
            self.visit(stmt)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr in MUTATORS
            and self.reaches_state(func.value)
        ):
            self.found.append((node.lineno, f".{func.attr}()"))
        self.generic_visit(node)


def _is_rng(node: ast.expr) -> bool:
    """`bot.rng.state` is a random generator's own state, not the game's."""
    return (isinstance(node, ast.Attribute) and node.attr == "rng") or (
        isinstance(node, ast.Name) and node.id == "rng"
    )


def _is_edit(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "edit"
    )


def state_writes(source: str) -> list[tuple[int, str]]:
    visitor = StateWrites()
    visitor.visit(ast.parse(source))
    return sorted(visitor.found)


def test_the_checker_finds_direct_writes_and_allows_edit() -> None:
    bad = """
def f(game, rng):
    game.state["rot"] = 1
    game.eng.state["players"][0]["res"]["rare"] += 2
    game.state["players"][0]["hand"].remove("mine")
    st = game.state
    st["pending"] = None
    pl = st["players"][0]
    pl["light"] = 3
    for u in st["units"].values():
        u.update({"at": "supply"})
    del st["dice"][0]
"""
    assert [line for line, _ in state_writes(bad)] == [3, 4, 5, 7, 9, 11, 12]
    good = """
def f(game, bot, twin):
    st = game.state
    assert st["players"][0]["light"] == 3 and game.state["rot"] != 1
    with game.edit(reask=True) as st:
        st["pending"] = None
        pl = st["players"][0]
        pl["hand"].remove("mine")
    twin.rng.state = bot.rng.state
    copy = dict(game.state["players"][0])
    copy["light"] = 0
"""
    assert state_writes(good) == []


#: Files that are engine code on purpose, with why (the same list as the typed door's).
ENGINE_CODE = {
    "benchmarks/planted_changes.py": "plants bugs into engine functions to show the lab finds"
    " them; the planted code is engine code",
}


def _scanned() -> list[tuple[Path, str]]:
    return [
        (path.relative_to(ROOT), path.read_text(encoding="utf-8"))
        for folder in SCANNED
        for path in sorted((ROOT / folder).rglob("*.py"))
        if str(path.relative_to(ROOT)) not in ENGINE_CODE
    ]


def test_only_the_engine_writes_the_state() -> None:
    found = [
        f"{rel}:{line}: {what} writes the game state directly"
        for rel, source in _scanned()
        for line, what in state_writes(source)
    ]
    assert not found, "set up positions with `with game.edit() as st:` instead:\n" + "\n".join(
        found
    )


def private_members(source: str, cls: str) -> set[str]:
    """The `_names` a class defines: its methods and the attributes it sets on `self`."""
    tree = ast.parse(source)
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    names = set()
    for node in ast.walk(body):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        ):
            names.add(node.attr)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def private_uses(source: str, private: set[str]) -> list[tuple[int, str]]:
    return sorted(
        (node.lineno, node.attr)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and node.attr in private
        and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
    )


def test_private_members_of_the_engine_stay_inside_it() -> None:
    private: set[str] = set()
    for file, cls in ENGINE_CLASSES:
        private |= private_members((ROOT / file).read_text(encoding="utf-8"), cls)
    assert {"_advance", "_anchor"} <= private  # the check reads real members
    assert private_uses("game._advance()\nself._advance()\n", private) == [(1, "_advance")]
    found = [
        f"{rel}:{line}: {name} is private to the engine"
        for rel, source in _scanned()
        for line, name in private_uses(source, private)
    ]
    assert not found, "use the public API (Game.edit, Game.apply, ...):\n" + "\n".join(found)
