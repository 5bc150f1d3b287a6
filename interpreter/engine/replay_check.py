"""Checking a replay file's data before it is played: numbers, depth, the schema, in time
bounded by the file's size.

A replay holds whole numbers only, of at most MAX_DIGITS digits: JSON's `2.0`, `5e0`, `NaN` or a
4,300-digit integer is refused with the field that holds it named (Python refuses to build an
int of more than 4,300 digits, and a float where the game wants an int ended in an internal
error). The schema (schemas/replay.schema.json) checks everything but the decisions with
jsonschema; the up to 100,000 decisions are checked by `_decision_ok`, the same rules written
out by hand (jsonschema took ~45 s to refuse a schema-valid 8 MB replay), and only a decision
that fails goes to jsonschema, for its message.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from jsonschema.exceptions import best_match
from lastlight.interpreter.load.paths import schemas_dir
from lastlight.interpreter.load.schema import strict_validator

#: A replay's numbers are whole numbers of at most this many digits (a seed has 20).
MAX_DIGITS = 24


class _Number(str):
    """A JSON number a replay may not hold (a fraction, an exponent, too many digits), kept as
    its text so the field that holds it can be named."""


def _parse_int(text: str) -> int | _Number:
    return int(text) if len(text.lstrip("-")) <= MAX_DIGITS else _Number(text)


def parse_json(text: str) -> Any:
    """The JSON text's data, with every number that is not a short whole number kept as a
    `_Number` (raises json.JSONDecodeError, RecursionError)."""
    return json.loads(text, parse_int=_parse_int, parse_float=_Number, parse_constant=_Number)


def _bad_number(data: Any) -> tuple[list[Any], _Number] | None:
    """The path to the first `_Number` in `data`, and the number."""
    todo: list[tuple[Any, list[Any]]] = [(data, [])]
    while todo:
        node, path = todo.pop()
        if isinstance(node, _Number):
            return path, node
        if isinstance(node, dict):
            todo.extend((v, [*path, k]) for k, v in reversed(node.items()))
        elif isinstance(node, list):
            todo.extend((v, [*path, i]) for i, v in reversed(list(enumerate(node))))
    return None


def _depth(data: Any, limit: int) -> int:
    """How deep `data` nests, up to just past `limit` (iteratively: the data may be hostile)."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(data, 1)]
    while todo:
        node, depth = todo.pop()
        deepest = max(deepest, depth)
        if depth > limit:
            return depth
        if isinstance(node, dict):
            todo.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            todo.extend((v, depth + 1) for v in node)
    return deepest


def where(path: Any) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out or "top level"


@cache
def _schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(
        (schemas_dir() / "replay.schema.json").read_text(encoding="utf-8")
    )
    return schema


@cache
def _validator() -> Any:
    return strict_validator(_schema())


@cache
def _decision_validator() -> Any:
    return strict_validator({**_schema()["$defs"]["decision"], "$defs": _schema()["$defs"]})


@cache
def _limits() -> tuple[int, int, int, int]:
    """(properties, kind length, text length, counts per key) of a decision, from the schema."""
    decision = _schema()["$defs"]["decision"]
    value, counts = decision["additionalProperties"]["oneOf"]
    return (
        decision["maxProperties"],
        decision["properties"]["kind"]["maxLength"],
        value["maxLength"],
        counts["maxProperties"],
    )


def decision_ok(d: Any) -> bool:
    """What `$defs/decision` of the replay schema accepts, checked in plain Python: a mapping
    with a short text `kind`; every other value a short text, an integer, true/false, null, or a
    mapping of integers (test_replay_check holds it to the schema)."""
    props, kind_len, text_len, counts = _limits()
    if type(d) is not dict or len(d) > props:
        return False
    kind = d.get("kind")
    if type(kind) is not str or len(kind) > kind_len:
        return False
    for key, value in d.items():
        t = type(value)
        if key == "kind" or t is int or t is bool or value is None:
            continue
        if t is str:
            ok = len(value) <= text_len
        else:
            ok = t is dict and len(value) <= counts
            ok = ok and all(type(n) is int for n in value.values())
        if not ok:
            return False
    return True


def _schema_problem(data: dict[str, Any]) -> str | None:
    decisions = data.get("decisions")
    if not isinstance(decisions, list):
        return _message(_validator().iter_errors(data), [])
    problem = _message(_validator().iter_errors({**data, "decisions": []}), [])
    if problem is not None:
        return problem
    most = _schema()["properties"]["decisions"]["maxItems"]
    if len(decisions) > most:
        return f"the replay's decisions: {len(decisions):,} decisions (at most {most:,})"
    for i, d in enumerate(decisions):
        if not decision_ok(d):
            return _message(_decision_validator().iter_errors(d), ["decisions", i])
    return None


def _message(errors: Any, prefix: list[Any]) -> str | None:
    error = best_match(errors)
    if error is None:
        return None
    message = error.message
    if len(message) > 160:
        message = message[:160] + "…"
    return f"the replay's {where([*prefix, *error.absolute_path])}: {message}"


def replay_problem(data: dict[str, Any], max_depth: int) -> str | None:
    """What is wrong with a replay's data (None: nothing): nesting, numbers, the schema, seats."""
    if _depth(data, max_depth) > max_depth:
        return f"not a replay (it nests more than {max_depth} deep)"
    bad = _bad_number(data)
    if bad is not None:
        shown = bad[1] if len(bad[1]) <= 30 else f"{bad[1][:12]}…({len(bad[1])} characters)"
        return (
            f"the replay's {where(bad[0])}: {shown} is not a whole number of at most "
            f"{MAX_DIGITS} digits (a replay holds no other numbers)"
        )
    problem = _schema_problem(data)
    if problem is None and len(data["seats"]) != data["players"]:
        problem = f"the replay's seats: {len(data['seats'])} seats for {data['players']} players"
    return problem
