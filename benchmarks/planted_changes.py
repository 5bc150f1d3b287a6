"""Recorded scenarios catch engine changes: planted changes, each by monkeypatching.

    python benchmarks/record_scenarios.py --out /tmp/recorded
    python benchmarks/planted_changes.py /tmp/recorded

Runs every scenario file in the folder on the unchanged engine (all must pass), then under each
planted change, and prints which fail (a scenario that still passes under a change did not see
it: its steps do not reach the changed code):

- `ships-stay`: a moved ship stays where it was (primitives/move.py's `move_unit` ignores the
  destination of a move);
- `die-shift`: every die shows the face half the die along (a miss reads as a hit and a hit as
  a miss or an activation; combat.py's `roll_die`);
- `order-reversed`: the players resolve a card in reverse turn order (flow.py's and the
  engine's `turn_order`);
- `costs-off`: a technology or a piece costs one resource less of each kind (the `pay` of
  primitives/cards.py and primitives/build.py);
- `option-shift`: the engine takes the option listed after the one chosen (`Game.apply`): every
  recorded decision resolves differently.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from lastlight.interpreter.tools.lab.spec import load_rules
from lastlight.interpreter.tools.scenario import discover, run_file  # (loads the engine)


@contextmanager
def _patched(owner: Any, name: str, value: Any) -> Iterator[None]:
    old = getattr(owner, name)
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, old)


def ships_stay() -> Any:
    from lastlight.interpreter.engine.primitives import move

    real = move.move_unit

    def stay(eng: Any, uid: str, **fields: Any) -> None:
        if eng.state["units"][uid]["at"] == "board" and "s" in fields and "at" not in fields:
            return
        real(eng, uid, **fields)

    return _patched(move, "move_unit", stay)


def die_shift() -> Any:
    from lastlight.interpreter.engine import combat

    def roll(eng: Any, roller: list[Any], size: str, sector: str) -> None:
        faces = eng.rules.die_faces
        forced = eng.state.get("dice")
        face = faces.index(forced.pop(0)) if forced else eng.below(len(eng.rules.die))
        face = (face + len(faces) // 2) % len(faces)  # miss, miss, activate <-> the hits
        eng.push(eng.rules.die[face], roller[0], src=None, sec=sector, size=size, lumos=roller[1])

    return _patched(combat, "roll_die", roll)


@contextmanager
def order_reversed() -> Iterator[None]:
    from lastlight.interpreter.engine import flow, machine

    real_flow, real_engine = flow.turn_order, machine.Engine.turn_order

    def flow_order(eng: Any) -> tuple[int, ...]:
        return tuple(reversed(real_flow(eng)))

    def engine_order(self: Any) -> tuple[int, ...]:
        return tuple(reversed(real_engine(self)))

    with (
        _patched(flow, "turn_order", flow_order),
        _patched(machine.Engine, "turn_order", engine_order),
    ):
        yield


@contextmanager
def costs_off() -> Iterator[None]:
    from lastlight.interpreter.engine.primitives import build, cards

    real = cards.pay

    def cheaper(eng: Any, p: int, cost: dict[str, int], src: Any, to: Any = None) -> None:
        real(eng, p, {k: max(0, n - 1) for k, n in cost.items()}, src, to)

    with _patched(cards, "pay", cheaper), _patched(build, "pay", cheaper):
        yield


def option_shift() -> Any:
    from lastlight.interpreter.engine.game import Game

    real = Game.apply

    def shifted(self: Any, decision: dict[str, Any]) -> None:
        options = self.legal()
        if len(options) > 1 and decision in options:
            decision = options[(options.index(decision) + 1) % len(options)]
        real(self, decision)

    return _patched(Game, "apply", shifted)


PLANTS: dict[str, Callable[[], Any]] = {
    "ships-stay": ships_stay,
    "die-shift": die_shift,
    "order-reversed": order_reversed,
    "costs-off": costs_off,
    "option-shift": option_shift,
}
#: The planted changes to rules a recorded step may use (not `option-shift`, which changes
#: every decision): a scenario should fail under at least one of them.
RULE_PLANTS = ("ships-stay", "die-shift", "order-reversed", "costs-off")


def passes(rules: Any, path: Path) -> bool:
    results, problems = run_file(rules, path)
    return not problems and all(r.ok for r in results)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    args = parser.parse_args()
    rules = load_rules("content")
    files = discover(args.folder)
    print(f"{'scenario':<24} {'unchanged':<10} " + " ".join(f"{p:<15}" for p in PLANTS))
    caught = dict.fromkeys(PLANTS, 0)
    by_rule = broken = 0
    for path in files:
        base = passes(rules, path)
        broken += not base
        row = []
        for name, plant in PLANTS.items():
            with plant():
                failed = not passes(rules, path)
            caught[name] += failed
            row.append("FAILS" if failed else "passes")
        by_rule += any(
            r == "FAILS" for name, r in zip(PLANTS, row, strict=True) if name in RULE_PLANTS
        )
        print(
            f"{path.stem:<24} {'PASS' if base else 'FAIL':<10} " + " ".join(f"{r:<15}" for r in row)
        )
    print(
        f"{len(files)} scenarios ({broken} fail unchanged); caught: "
        + ", ".join(f"{name} {n}/{len(files)}" for name, n in caught.items())
        + f"; caught by at least one rule change ({', '.join(RULE_PLANTS)}):"
        f" {by_rule}/{len(files)}"
    )
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
