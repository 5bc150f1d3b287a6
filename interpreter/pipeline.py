"""Loading a pack, step by step, in the order the steps run.

1. `load.pack.read_pack`: every YAML file with positions, each checked against its JSON Schema,
   the items indexed, the manifest's counts compared (stage 1, `load/`);
2. the steps below, each `step(pack, report)`, adding models (the board, the compiled effects)
   or diagnostics. A step may not cope with content that already failed its schema: those
   errors are reported, and the step is listed in `pack.models["skipped"]`. On content that
   passed, a crash is a bug and surfaces.

Nothing registers itself on import: this list is the order.
"""

from __future__ import annotations

from pathlib import Path

from lastlight.interpreter.board.checks import build_board
from lastlight.interpreter.effects.compile import compile_effects
from lastlight.interpreter.effects.loopcheck import check_loops
from lastlight.interpreter.effects.parser import _parse_clause_cached
from lastlight.interpreter.load import pack as pack_stage
from lastlight.interpreter.load.crossref import check_references
from lastlight.interpreter.load.errors import ContentError, Report
from lastlight.interpreter.load.gc_pause import gc_paused
from lastlight.interpreter.load.pack import Pack, Phase, read_pack

#: The load steps after reading, in the order they run.
STEPS: tuple[tuple[str, Phase], ...] = (
    ("board", build_board),  # the board graph per rotation, the setups, their checks
    ("effects", compile_effects),  # parse, check and compile every effect; card texts
    ("loops", check_loops),  # dice and triggers that could repeat without end
    ("crossref", check_references),  # ids, names, action numbers, parameters, scenarios
)


def load_pack(root: str | Path) -> tuple[Pack, Report]:
    """Load, validate and compile a content pack folder. Never raises on bad content."""
    with gc_paused():  # loading builds trees, not cycles: see load/gc_pause.py
        return _load_pack(root)


def _load_pack(root: str | Path) -> tuple[Pack, Report]:
    pack, report = read_pack(root)
    if not pack.docs:  # not a pack, or nothing in it: already reported
        return pack, report
    for name, step in STEPS:
        try:
            step(pack, report)
        except Exception:
            if not report.errors:
                raise
            pack.models.setdefault("skipped", []).append(name)
    return pack, report


def load_pack_or_raise(root: str | Path) -> Pack:
    pack, report = load_pack(root)
    if report.errors:
        raise ContentError(report.sorted())
    return pack


def clear_caches() -> None:
    """Forget cached YAML, schema results and parsed effect texts (the parser and the validators
    stay built): the next load does all the work again, as for content never seen before."""
    pack_stage.clear_caches()
    _parse_clause_cached.cache_clear()
