"""The planner's weights as data: `weights.yaml`, read once, checked, with provenance.

Every number the planner scores with (light is the unit) is a named weight in the file:

    provenance: {command: ..., seeds: ..., games: ..., result: ..., date: ...}
    weights:
      FAR: {value: 0.55, range: [0.2, 0.9], note: "A target one move further away ..."}
      EVENT_RATE.draw: {value: 0.35, range: [0.0, 0.7]}

A dotted name is one entry of a table (`w.EVENT_RATE["draw"]`); the others are attributes
(`w.FAR`). `range` is where a tuner may move the weight (equal ends: never tuned); a weight
whose shipped value is an integer stays an integer. Any other weights file (a tuned candidate)
must hold exactly the shipped file's names; a test checks that the planner's modules read every
name of the shipped file and no other. A bad file is reported as `path:line:col: message`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.load.yamlload import YDict, load_yaml

#: The shipped weights, next to this module (package data).
SHIPPED_PATH = Path(__file__).with_name("weights.yaml")
#: What a provenance block holds.
PROVENANCE_KEYS = ("command", "seeds", "games", "result", "date")


class WeightsError(ValueError):
    """A weights file that cannot be used; the message names the place."""


@dataclass(frozen=True)
class Weight:
    name: str
    value: float
    lo: float
    hi: float
    integer: bool = False
    note: str = ""

    @property
    def tuned(self) -> bool:
        return self.hi > self.lo


class Weights:
    """The weights as attributes (`w.FAR`) and tables (`w.EVENT_RATE`), plus their ranges and
    notes (`entries`) and where they came from (`provenance`)."""

    def __init__(self, entries: dict[str, Weight], provenance: dict[str, Any]):
        self.entries = entries
        self.provenance = provenance
        tables: dict[str, dict[str, float]] = {}
        for name, weight in entries.items():
            table, dot, key = name.partition(".")
            if dot:
                tables.setdefault(table, {})[key] = weight.value
            else:
                setattr(self, name, weight.value)
        for table, values in tables.items():
            setattr(self, table, values)

    if TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any: ...

    def values(self) -> dict[str, float]:
        return {name: w.value for name, w in self.entries.items()}

    def with_values(
        self, values: dict[str, float], provenance: dict[str, Any], *, clip: bool = True
    ) -> Weights:
        """The same names and ranges with new values (each one of ours; in its range unless
        `clip` is False, for a hand trial)."""
        entries = dict(self.entries)
        for name, value in values.items():
            old = entries.get(name)
            if old is None:
                raise WeightsError(f"no weight named {name!r}")
            value = _checked_value(name, value, old.integer)
            if clip and not old.lo <= value <= old.hi:
                raise WeightsError(f"{name} = {value} is outside its range [{old.lo}, {old.hi}]")
            entries[name] = Weight(name, value, old.lo, old.hi, old.integer, old.note)
        return Weights(entries, provenance)


def _checked_value(name: str, value: Any, integer: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise WeightsError(f"{name}: {value!r} is not a number")
    if not math.isfinite(value):
        raise WeightsError(f"{name}: {value!r} is not a finite number")
    if integer:
        if int(value) != value:
            raise WeightsError(f"{name}: {value!r} is not a whole number")
        return int(value)
    return value


def _where(data: Any, key: Any, *, at_key: bool = False) -> str:
    loc: Any = getattr(data, "loc", None)
    if isinstance(data, YDict):
        loc = data.key_loc(key) if at_key else data.loc_of(key)
    return f"{loc.path}:{loc.line}:{loc.col}" if loc is not None else "?"


def _entry(name: str, raw: Any, where: str, integer: bool | None) -> Weight:
    if not isinstance(raw, dict) or "value" not in raw or "range" not in raw:
        raise WeightsError(f"{where}: {name} needs a mapping with 'value' and 'range'")
    unknown = sorted(set(raw) - {"value", "range", "note"})
    if unknown:
        raise WeightsError(f"{where}: {name}: unknown key {unknown[0]!r} (value, range, note)")
    rng = raw["range"]
    if not isinstance(rng, list) or len(rng) != 2:
        raise WeightsError(f"{where}: {name}: 'range' is [low, high]")
    try:
        if integer is None:
            integer = isinstance(raw["value"], int) and not isinstance(raw["value"], bool)
        value = _checked_value(name, raw["value"], integer)
        lo, hi = (_checked_value(name, x, integer) for x in rng)
    except WeightsError as exc:
        raise WeightsError(f"{where}: {exc}") from None
    if not lo <= value <= hi:
        raise WeightsError(f"{where}: {name} = {value} is outside its range [{lo}, {hi}]")
    note = raw.get("note", "")
    if not isinstance(note, str):
        raise WeightsError(f"{where}: {name}: 'note' is text")
    return Weight(name, value, lo, hi, integer, note)


def parse(path: Path, names: dict[str, bool] | None = None) -> Weights:
    """Read a weights file. `names` (name -> is an integer), if given, is the set the file
    must hold exactly (the shipped file's)."""
    data, problems = load_yaml(path)
    if problems:
        raise WeightsError(problems[0].headline())
    if not isinstance(data, dict) or set(data) != {"provenance", "weights"}:
        raise WeightsError(f"{path}:1:1: a weights file holds 'provenance' and 'weights'")
    prov, table = data["provenance"], data["weights"]
    if not isinstance(prov, dict) or not all(k in prov for k in PROVENANCE_KEYS):
        keys = ", ".join(PROVENANCE_KEYS)
        raise WeightsError(f"{_where(data, 'provenance')}: provenance needs {keys}")
    if not isinstance(table, dict) or not table:
        raise WeightsError(f"{_where(data, 'weights')}: 'weights' maps names to weights")
    entries: dict[str, Weight] = {}
    for name, raw in table.items():
        where = _where(table, name)
        if names is not None and name not in names:
            at = _where(table, name, at_key=True)
            raise WeightsError(f"{at}: unknown weight {name!r} (the planner reads no such name)")
        if not isinstance(name, str) or not name.replace(".", "_").replace("_", "a").isalnum():
            raise WeightsError(f"{where}: {name!r} is not a weight name")
        entries[name] = _entry(name, raw, where, None if names is None else names[name])
    if names is not None:
        missing = sorted(set(names) - set(entries))
        if missing:
            raise WeightsError(f"{_where(data, 'weights')}: weight {missing[0]!r} is missing")
    return Weights(entries, dict(prov))


@lru_cache(maxsize=1)
def shipped() -> Weights:
    """The shipped weights, read once per process."""
    return parse(SHIPPED_PATH)


def load(path: str | Path) -> Weights:
    """A weights file with exactly the shipped names (a tuned candidate, `--weights FILE`)."""
    names = {name: w.integer for name, w in shipped().entries.items()}
    return parse(Path(path), names)


def _number(value: float) -> str:
    if isinstance(value, int):
        return str(value)
    text = repr(float(value))
    mantissa, e, exponent = text.partition("e")
    if e and "." not in mantissa:  # YAML 1.1 reads 1e-05 as text; 1.0e-05 is a float
        text = f"{mantissa}.0e{exponent}"
    return text


def dump_text(weights: Weights) -> str:
    """The file's text: the provenance block, then every weight (values round-trip exactly)."""
    lines = [
        "# The planner's weights (light is the unit): read by"
        " interpreter/agents/planner/weights.py.",
        "# Written by hand once, then by benchmarks/tune_spsa.py; see docs/bot-tuning.md.",
        "provenance:",
    ]
    for key, value in weights.provenance.items():
        lines.append(f"  {key}: {json.dumps(value)}")
    lines.append("weights:")
    for name, w in weights.entries.items():
        body = f"value: {_number(w.value)}, range: [{_number(w.lo)}, {_number(w.hi)}]"
        if w.note:
            body += f", note: {json.dumps(w.note)}"
        lines.append(f"  {name}: {{{body}}}")
    return "\n".join(lines) + "\n"
