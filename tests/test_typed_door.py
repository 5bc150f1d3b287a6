"""Every client reads the game through the typed door (`engine/view.py`, `Game.view(seat)`):
nothing outside the engine subscripts the raw state or an observation, reaches behind a game to
its engine or state, builds an engine of its own, or calls the engine's query functions.

The check reads the source (the AST) of every client folder (`interpreter/` except `engine/`,
`cli/`, `benchmarks/`) and names file:line for:

- a subscript of a name `state`, `obs`, `observation` or `st` (`obs["players"]`), or of an
  attribute `.state` (`game.state["units"]`); the one exception is the name a
  `with game.edit() as st:` binds, the engine's documented way to set up a position (tools and
  scenarios), whose writes `test_engine_boundary.py` checks;
- reading `.state`, `.eng` or `.observation(...)` of anything (`game.eng.cache`,
  `game.state`, `game.observation(seat)`): the view gives the same, typed;
- importing the engine's insides: `machine` (its `Engine`), `queries`, `units`, `primitives`,
  `state`, `lumos` (their questions are methods of the view).

Imports under `if TYPE_CHECKING:` are not counted: they never run, and the state's TypedDicts are
the type of what `Game.edit()` yields. `tests/` may do all of this: they check the engine itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.interpreter.test_import_graph import type_only_nodes

ROOT = Path(__file__).resolve().parents[1]
CLIENTS = ("interpreter", "cli", "benchmarks")
#: The engine and the door itself.
INSIDE = ROOT / "interpreter" / "engine"
RAW_NAMES = frozenset({"state", "obs", "observation", "st"})
BEHIND = frozenset({"state", "eng"})
#: Benchmarks that measure or instrument the engine itself, not a client of it (each with why).
ENGINE_MEASURES = {
    "benchmarks/bench_clone.py": "times Game.clone against the engine's deep copy and a pickle"
    " of the state, the peers it is judged by",
    "benchmarks/bench_board.py": "times one rotation step of the flow (flow._rotate) on its own",
    "benchmarks/planted_changes.py": "plants bugs into engine functions (move_unit, roll_die,"
    " pay...) to show the lab finds them; the planted code is engine code",
}
INSIDES = tuple(
    f"lastlight.interpreter.engine.{m}"
    for m in ("machine", "queries", "units", "primitives", "state", "lumos")
)


def _edit_names(tree: ast.AST) -> set[int]:
    """ids of the Name nodes under a `with X.edit(...) as NAME:` that refer to NAME."""
    ok: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.With):
            continue
        for item in node.items:
            call = item.context_expr
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "edit"
                and isinstance(item.optional_vars, ast.Name)
            ):
                name = item.optional_vars.id
                for stmt in node.body:
                    ok.update(
                        id(n) for n in ast.walk(stmt) if isinstance(n, ast.Name) and n.id == name
                    )
    return ok


def problems_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = _edit_names(tree)
    type_only = type_only_nodes(tree)
    rel = path.relative_to(ROOT)
    found: list[str] = []
    for node in ast.walk(tree):
        where = f"{rel}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Subscript):
            value = node.value
            if isinstance(value, ast.Name) and value.id in RAW_NAMES and id(value) not in allowed:
                found.append(f"{where}: subscript of the raw `{value.id}`")
        elif isinstance(node, ast.Attribute) and node.attr in BEHIND:
            found.append(f"{where}: `.{node.attr}` reaches behind the view")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "observation"
        ):
            found.append(f"{where}: `.observation(...)`: use `.view(seat)`")
        elif id(node) in type_only:
            continue
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            bad = [n for n in names if n.startswith(INSIDES)]
            if bad:
                found.append(f"{where}: imports the engine's insides ({bad[0]})")
        elif isinstance(node, ast.Import):
            bad = [a.name for a in node.names if a.name.startswith(INSIDES)]
            if bad:
                found.append(f"{where}: imports the engine's insides ({bad[0]})")
    return found


def client_paths() -> list[Path]:
    out: list[Path] = []
    for folder in CLIENTS:
        out += [p for p in sorted((ROOT / folder).rglob("*.py")) if not p.is_relative_to(INSIDE)]
    return out


def test_no_client_reads_the_raw_state_or_observation() -> None:
    found = [
        problem
        for path in client_paths()
        if str(path.relative_to(ROOT)) not in ENGINE_MEASURES
        for problem in problems_in(path)
    ]
    assert not found, f"{len(found)} raw reads outside the typed door:\n" + "\n".join(found)


def test_the_check_finds_each_kind(tmp_path: Path) -> None:
    probe = ROOT / "interpreter" / "_probe_typed_door.py"
    text = (
        "from lastlight.interpreter.engine import queries as q\n"
        "from lastlight.interpreter.engine.machine import Engine\n"
        "if TYPE_CHECKING:\n"
        "    from lastlight.interpreter.engine.state import GameState\n"
        "def f(game, obs):\n"
        "    a = obs['players']\n"
        "    b = game.state['units']\n"
        "    c = game.eng.cache\n"
        "    d = game.observation(0)\n"
        "    with game.edit() as st:\n"
        "        st['round'] = 3\n"
        "    return st['round']\n"
    )
    try:
        probe.write_text(text, encoding="utf-8")
        found = problems_in(probe)
    finally:
        probe.unlink()
    lines = sorted(int(p.split(":")[1]) for p in found)
    # the two imports, obs[...], .state (and its subscript's attribute), .eng, .observation(),
    # and the `st` read after its `with` block; not the type-only import (line 4) nor the
    # write inside the `with` (line 11)
    assert lines == [1, 2, 6, 7, 8, 9, 12], found


def test_the_engine_measures_still_reach_inside() -> None:
    """An exemption that is no longer needed is removed."""
    unneeded = sorted(f for f in ENGINE_MEASURES if not problems_in(ROOT / f))
    assert not unneeded, f"these read through the view now; remove from ENGINE_MEASURES: {unneeded}"


def test_every_client_folder_is_read() -> None:
    paths = client_paths()
    assert any(p.is_relative_to(ROOT / "cli") for p in paths)
    assert any(p.is_relative_to(ROOT / "benchmarks") for p in paths)
    assert any(p.is_relative_to(ROOT / "interpreter" / "agents") for p in paths)
    assert not any(p.is_relative_to(INSIDE) for p in paths)
