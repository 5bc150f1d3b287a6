"""Hostile input at the size limits (issue 28): how long each refusal or check takes.

    python benchmarks/bench_hostile.py [--scale 1.0]

Each line is CPU time (time.process_time, what the work costs whatever else the machine runs)
and wall time, in process, after the imports:

- the Lark grammar built from scratch (no cache is kept: the old cache was a pickle in the
  shared temporary folder);
- `lint` of a pack whose technologies.yaml holds ~3.8 MB of valid items (refused by the
  value budget, X015, before it is parsed);
- the same pack's items cut to just under the budget (parsed, checked and compiled in full);
- loading a schema-valid 8 MB replay (99,000 decisions; the game then refuses it);
- a scenario with 3,000 `never` steps (distinct), run to the end of the round.

`--scale` multiplies the sizes (0.1 for a quick look).
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ITEM = """  - id: gen-tech-{i}
    name: Generated Tech {i}
    type: civilization
    copies: 2
    cost: {{common: 1, uncommon: 1}}
    effects:
      - "exhaust: gain 1 rare"
    source: designed
"""


def timed(label: str, work: Callable[[], object]) -> None:
    cpu, wall = time.process_time(), time.perf_counter()
    outcome = work()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{label:<58} {cpu:6.2f} s CPU {wall:6.2f} s wall  {outcome}")


def _pack(tmp: Path, items: int) -> Path:
    from lastlight.interpreter.load.paths import content_dir

    root = tmp / f"pack-{items}"
    shutil.copytree(content_dir(), root, ignore=shutil.ignore_patterns("scenarios"))
    tech = root / "technologies.yaml"
    tech.write_text(tech.read_text() + "".join(ITEM.format(i=i) for i in range(items)))
    return root


def _lint(root: Path) -> str:
    from lastlight.interpreter.pipeline import clear_caches
    from lastlight.interpreter.tools.lint_pack import lint_path

    clear_caches()
    codes = sorted({d.code for d in lint_path(root).diagnostics})
    size = (root / "technologies.yaml").stat().st_size
    return f"{size / (1 << 20):.1f} MB file; codes {', '.join(codes) or 'none'}"


def _replay(tmp: Path, filler: int) -> Callable[[], str]:
    from click.testing import CliRunner
    from lastlight.cli.main import main

    path = tmp / "g.json"
    CliRunner().invoke(
        main, ["play", "-n", "2", "-s", "5", "--bots", "random", "--save", str(path)]
    )
    data = json.loads(path.read_text())
    pad = {"kind": "x" * 40, "k0": "yy", "k1": "yy", "k2": "yy"}
    data["decisions"] += [pad] * filler
    big = tmp / "big.json"
    big.write_text(json.dumps(data, separators=(",", ":")))

    def load() -> str:
        from lastlight.interpreter.engine.replay import load_replay

        n = len(load_replay(big)["decisions"])
        return f"{big.stat().st_size / (1 << 20):.1f} MB, {n} decisions"

    return load


def _nevers(tmp: Path, count: int) -> Callable[[], str]:
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.load.paths import content_dir
    from lastlight.interpreter.pipeline import load_pack

    steps = "".join(f"  - never: {{kind: use, card: no-such-card-{i}}}\n" for i in range(count))
    path = tmp / "nevers.yaml"
    path.write_text(
        "kind: scenarios\nitems:\n- id: many-nevers\n  players: 2\n  steps:\n"
        f"  - play: {{0: mine, 1: mine}}\n{steps}  - finish: round\n"
    )
    rules = Rules.from_pack(load_pack(content_dir())[0])

    def run() -> str:
        from lastlight.interpreter.tools.scenario import run_file

        results, _ = run_file(rules, path)
        return f"{count} never steps: {'passed' if results[0].ok else 'FAILED'}"

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0)
    scale = parser.parse_args().scale
    from lark import Lark
    from lastlight.interpreter.effects import parser as effects_parser
    from lastlight.interpreter.load.pack import MAX_PACK_VALUES

    grammar = (Path(effects_parser.__file__).parent / "grammar.lark").read_text()
    timed(
        "Lark grammar built (no cache)",
        lambda: (
            Lark(grammar, parser="lalr", propagate_positions=True, start=["start", "condition"])
            and "built"
        ),
    )
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        over, under = int(20_000 * scale), int((MAX_PACK_VALUES - 2_000) / 9 * scale)
        nevers, filler = int(3_000 * scale), int(99_000 * scale)
        timed(f"lint, {over:,} valid items", lambda: _lint(_pack(tmp, over)))
        timed(f"lint, {under:,} valid items", lambda: _lint(_pack(tmp, under)))
        timed(f"load a schema-valid replay of {filler:,} decisions", _replay(tmp, filler))
        timed(f"a scenario of {nevers:,} never steps", _nevers(tmp, nevers))


if __name__ == "__main__":
    main()
