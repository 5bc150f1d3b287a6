"""The interpreter's modules import each other without circles (hidden or not) and only down the
stage order: load -> effects/board -> pipeline/engine -> tools.

Every import is read from the source (the AST, imports inside functions included, `TYPE_CHECKING`
imports left out since they never run), so a circle hidden by a function-level import is found.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2] / "interpreter"
PACKAGE = "lastlight.interpreter"

#: The stage of each top-level part of interpreter/; an import may point to its own stage or an
#: earlier one, never a later one. `envs` (the RL environments) stands with the engine: the bot
#: registry resolves a `cmd:` bot to envs/stdio_bot.py, and the envs drive the engine.
STAGES = {
    "load": 0, "effects": 1, "board": 1, "pipeline": 2, "engine": 2, "envs": 2, "tools": 3,
    "serve": 4,
}

#: Known wrong-way imports: none (the load steps are listed in `pipeline.py`, nothing
#: registers itself on import). Kept as a set so an exception must be written down here.
KNOWN_WRONG_WAY: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(path: Path, modules: set[str], this: str | None = None) -> set[str]:
    """The interpreter modules `path` (module `this`) imports at run time, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            for inner in node.body:
                skip.update(id(n) for n in ast.walk(inner))
    this = this or module_name(path)
    package = this if path.name == "__init__.py" else this.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            # `from pkg import module` imports the module; `from module import name` the module
            names = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for name in names:
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != this and name.startswith(PACKAGE + "."):
                found.add(name)
    return found


def import_graph() -> nx.DiGraph:
    paths = sorted(ROOT.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for path in paths:
        this = module_name(path)
        for target in imports_of(path, modules):
            if (this, target) not in KNOWN_WRONG_WAY:
                graph.add_edge(this, target)
    return graph


def stage(module: str) -> int | None:
    part = module.removeprefix(PACKAGE + ".").split(".")[0]
    return STAGES.get(part)


def test_every_top_level_part_has_a_stage() -> None:
    parts = {p.stem for p in ROOT.iterdir() if p.suffix == ".py" or p.is_dir()}
    parts -= {"__init__", "__pycache__"}
    assert parts <= set(STAGES), f"give these a stage in STAGES: {sorted(parts - set(STAGES))}"


def test_no_import_circles() -> None:
    cycles = list(nx.simple_cycles(import_graph()))
    shown = ["  " + " -> ".join([*c, c[0]]) for c in sorted(cycles, key=len)[:10]]
    assert not cycles, f"{len(cycles)} import circles, e.g.:\n" + "\n".join(shown)


def test_imports_point_down_the_stages() -> None:
    wrong = [
        f"{a} (stage {stage(a)}) imports {b} (stage {stage(b)})"
        for a, b in import_graph().edges
        if stage(a) is not None and stage(b) is not None and stage(b) > stage(a)
    ]
    assert not wrong, "imports that point up the stage order:\n" + "\n".join(sorted(wrong))


def test_the_known_wrong_way_imports_still_exist() -> None:
    paths = sorted(ROOT.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    real = {(module_name(p), b) for p in paths for b in imports_of(p, modules)}
    assert real >= KNOWN_WRONG_WAY, f"fixed, remove from KNOWN_WRONG_WAY: {KNOWN_WRONG_WAY - real}"


def test_the_walker_sees_imports_inside_functions_not_type_checking(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from lastlight.interpreter.engine.machine import Engine\n"
        "def f():\n"
        "    from lastlight.interpreter.engine import game\n"
        "    from .rng import Rng\n"
    )
    modules = {f"{PACKAGE}.engine", f"{PACKAGE}.engine.game", f"{PACKAGE}.engine.machine",
               f"{PACKAGE}.engine.rng"}
    found = imports_of(probe, modules, this=f"{PACKAGE}.engine.probe")
    assert found == {f"{PACKAGE}.engine", f"{PACKAGE}.engine.game", f"{PACKAGE}.engine.rng"}


def test_a_circle_is_found() -> None:
    graph = import_graph()
    graph.add_edge(f"{PACKAGE}.engine.rng", f"{PACKAGE}.engine.game")  # game -> machine -> rng
    assert list(nx.simple_cycles(graph))
