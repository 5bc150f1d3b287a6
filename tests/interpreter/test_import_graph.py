"""Every module of the project (`interpreter/`, `cli/` and `benchmarks/`) imports others without
circles (hidden or not) and only down the stage order:

    load -> effects, board -> pipeline, engine -> agents, present -> envs -> tools -> serve
         -> cli -> benchmarks

`engine` is the rules core; `agents` (the bots) and `present` (words and tables for people) both
read it and never import each other (`SIBLINGS`); `envs` (the RL environments) seat agents;
`tools` (lint, scenarios, the lab, the fuzzer, the viewer) use all of those; `serve` is a client
of them; the CLI and the benchmarks sit on top.

Every import is read from the source (the AST, imports inside functions included, `TYPE_CHECKING`
imports left out since they never run), so a circle hidden by a function-level import is found.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

REPO = Path(__file__).resolve().parents[2]
ROOT = REPO / "interpreter"
PACKAGE = "lastlight.interpreter"
#: Every folder of code that is read, with the module prefix its files import as.
TREES = {ROOT: PACKAGE, REPO / "cli": "lastlight.cli", REPO / "benchmarks": "benchmarks"}

#: The stage of each top-level part of interpreter/; an import may point to its own stage or an
#: earlier one, never a later one. `envs` (the RL environments) stands with the engine: the bot
#: registry resolves a `cmd:` bot to agents/stdio.py, and the envs drive the engine.
STAGES = {
    "load": 0,
    "effects": 1,
    "board": 1,
    "pipeline": 2,
    "engine": 2,
    "rules_cache": 2,
    "agents": 3,
    "present": 3,
    "envs": 4,
    "tools": 5,
    "serve": 6,
}
#: The stages of the two folders above the interpreter.
TOP_STAGES = {"lastlight.cli": 7, "benchmarks": 8}
#: Stages whose parts must not import each other (siblings, not layers).
SIBLINGS = (("agents", "present"),)

#: Known wrong-way imports: none (the load steps are listed in `pipeline.py`, nothing
#: registers itself on import). Kept as a set so an exception must be written down here.
KNOWN_WRONG_WAY: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    for tree, prefix in TREES.items():
        if path.is_relative_to(tree):
            parts = list(path.relative_to(tree).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            return ".".join([prefix, *parts])
    raise ValueError(f"{path} is in no tree")


def code_paths() -> list[Path]:
    return sorted(p for tree in TREES for p in tree.rglob("*.py"))


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def type_only_nodes(tree: ast.AST) -> set[int]:
    """ids of the nodes under `if TYPE_CHECKING:` (imports for annotations only; they never run)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node):
            for inner in node.body:
                skip.update(id(n) for n in ast.walk(inner))
    return skip


def imports_of(path: Path, modules: set[str], this: str | None = None) -> set[str]:
    """The interpreter modules `path` (module `this`) imports at run time, at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = type_only_nodes(tree)
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
            if name and name != this and name.startswith(PREFIXES):
                found.add(name)
    return found


PREFIXES = tuple(prefix + "." for prefix in TREES.values())


def import_graph() -> nx.DiGraph:
    paths = code_paths()
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
    for top, number in TOP_STAGES.items():
        if module == top or module.startswith(top + "."):
            return number
    part = module.removeprefix(PACKAGE + ".").split(".")[0]
    return STAGES.get(part)


def part_of(module: str) -> str:
    return module.removeprefix(PACKAGE + ".").split(".")[0]


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


def test_sibling_stages_do_not_import_each_other() -> None:
    wrong = [
        f"{a} imports {b}"
        for a, b in import_graph().edges
        for pair in SIBLINGS
        if {part_of(a), part_of(b)} == set(pair)
    ]
    assert not wrong, "siblings import each other:\n" + "\n".join(sorted(wrong))


def test_every_code_folder_is_read() -> None:
    modules = {module_name(p) for p in code_paths()}
    assert any(m.startswith("lastlight.cli.") for m in modules)
    assert any(m.startswith("benchmarks.") for m in modules)
    assert all(stage(m) is not None for m in modules if not m.endswith("interpreter")), sorted(
        m for m in modules if stage(m) is None
    )


def test_the_known_wrong_way_imports_still_exist() -> None:
    paths = code_paths()
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
    modules = {
        f"{PACKAGE}.engine",
        f"{PACKAGE}.engine.game",
        f"{PACKAGE}.engine.machine",
        f"{PACKAGE}.engine.rng",
    }
    found = imports_of(probe, modules, this=f"{PACKAGE}.engine.probe")
    assert found == {f"{PACKAGE}.engine", f"{PACKAGE}.engine.game", f"{PACKAGE}.engine.rng"}


def test_a_circle_is_found() -> None:
    graph = import_graph()
    graph.add_edge(f"{PACKAGE}.engine.rng", f"{PACKAGE}.engine.game")  # game -> machine -> rng
    assert list(nx.simple_cycles(graph))
