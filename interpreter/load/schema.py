"""JSON Schema validation of content documents, every violation reported with its place."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from lastlight.interpreter.load.errors import Diagnostic, Loc, did_you_mean
from lastlight.interpreter.load.paths import schemas_dir
from lastlight.interpreter.load.yamlload import loc_of


def schema_names() -> list[str]:
    """The content kinds that have a schema, sorted."""
    return sorted(p.name.removesuffix(".schema.json") for p in schemas_dir().glob("*.schema.json"))


@cache
def load_schema(kind: str) -> dict[str, Any]:
    path = schemas_dir() / f"{kind}.schema.json"
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def _validator(kind: str) -> Draft202012Validator:
    # The schemas themselves are checked against the metaschema by the test suite; doing it on
    # every load would cost more than all the content validation.
    return strict_validator(load_schema(kind))


def _is_integer(checker: Any, instance: Any) -> bool:
    """An integer is an int: JSON Schema's own rule takes 2.0 for an integer, and a count of
    `2.0` copies or a replay's `"players": 2.0` would then reach code that wants an int."""
    return isinstance(instance, int) and not isinstance(instance, bool)


#: Draft 2020-12 with integers that are ints (see `_is_integer`).
StrictValidator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)


def strict_validator(schema: dict[str, Any]) -> Any:
    """A validator for `schema` (local references inlined) in which integers are ints and an
    anchored pattern matches the whole text: `^...$` becomes `^...\\Z`, so an id ending in a
    newline does not pass (`$` also matches before a final newline)."""
    return StrictValidator(_inline_refs(schema))


def _inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """Replace local `#/$defs/...` references by the definitions themselves (our schemas are
    not recursive); resolving a `$ref` at every node is most of jsonschema's time."""
    defs = schema.get("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/") and len(node) == 1:
                return walk(defs[ref.removeprefix("#/$defs/")])
            return {k: _whole(v) if k == "pattern" else walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return walk(schema)


def _whole(pattern: Any) -> Any:
    """An anchored pattern that matches the whole text (`$` -> `\\Z`)."""
    if not isinstance(pattern, str):  # a property named "pattern": a schema, walk it
        return _inline_refs({"x": pattern})["x"]
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        return pattern[:-1] + "\\Z"
    return pattern


def _leaf_errors(error: ValidationError) -> list[ValidationError]:
    """For oneOf/anyOf failures report the most specific causes rather than the summary."""
    if error.context:
        best = min(error.context, key=lambda e: (-len(e.absolute_path), e.validator == "type"))
        deepest = [e for e in error.context if len(e.absolute_path) == len(best.absolute_path)]
        if len(best.absolute_path) > len(error.absolute_path):
            return [e for d in deepest for e in _leaf_errors(d)][:1]
    return [error]


def _describe(error: ValidationError, data: Any) -> tuple[Loc, str, str, str]:
    path = list(error.absolute_path)
    loc = loc_of(data, path)
    where = "/".join(str(p) for p in path) or "the document"
    if error.validator == "additionalProperties":
        instance = error.instance if isinstance(error.instance, dict) else {}
        allowed = list((error.schema.get("properties") or {}).keys())
        extra = [k for k in instance if k not in allowed]
        if extra:
            key = extra[0]
            return (
                loc_of(data, [*path, key], key=True),
                "S002",
                f"unknown key '{key}' in {where}",
                did_you_mean(key, allowed),
            )
    if error.validator == "required":
        return loc, "S003", f"{where}: {error.message}", ""
    if error.validator == "enum":
        hint = did_you_mean(str(error.instance), [str(v) for v in error.validator_value])
        choices = ", ".join(str(v) for v in error.validator_value)
        return loc, "S004", f"{where}: '{error.instance}' is not one of: {choices}", hint
    if error.validator == "type":
        return (
            loc,
            "S005",
            f"{where}: expected {_expected(error.validator_value)}, got " + (_what(error.instance)),
            "",
        )
    if error.validator in ("oneOf", "anyOf") and error.context:
        # every alternative wants another type here: say which types would do
        wanted = [e.validator_value for e in error.context if e.validator == "type" and
                  not e.relative_path]  # fmt: skip
        if wanted and len(wanted) == len({id(e.schema) for e in error.context}):
            types = " or ".join(_expected(w) for w in wanted)
            return loc, "S005", f"{where}: expected {types}, got {_what(error.instance)}", ""
    return loc, "S001", f"{where}: {error.message}", ""


_TYPE_NAMES = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "object": "a mapping (key: value)",
    "array": "a list",
    "null": "nothing",
}


def _expected(value: Any) -> str:
    names = value if isinstance(value, list) else [value]
    return " or ".join(_TYPE_NAMES.get(str(n), str(n)) for n in names)


def _what(instance: Any) -> str:
    """A loaded value as a designer wrote it: 'text 'twenty'', 'a mapping', 'a list'."""
    if isinstance(instance, bool):
        return f"{str(instance).lower()}"
    if isinstance(instance, dict):
        return "a mapping"
    if isinstance(instance, list):
        return "a list"
    if instance is None:
        return "nothing (an empty value)"
    if isinstance(instance, str):
        return f"text '{instance}'"
    return f"{instance!r}"


#: A schema message quotes the value it refuses; a longer message is cut.
MAX_MESSAGE = 240


def validate(kind: str, data: Any) -> list[Diagnostic]:
    """Validate one loaded document against its kind's schema; every violation, located."""
    if not (schemas_dir() / f"{kind}.schema.json").is_file():
        return [Diagnostic(loc_of(data, []), "S000", f"no schema is installed for kind '{kind}'")]
    out: list[Diagnostic] = []
    seen: set[tuple[Loc, str]] = set()
    for error in sorted(_validator(kind).iter_errors(data), key=lambda e: list(map(str, e.path))):
        for leaf in _leaf_errors(error):
            loc, code, message, hint = _describe(leaf, data)
            if len(message) > MAX_MESSAGE:  # jsonschema quotes the value, whatever its size
                message = message[: MAX_MESSAGE - 1] + "…"
            if (loc, message) in seen:
                continue
            seen.add((loc, message))
            out.append(Diagnostic(loc, code, message, hint=hint))
    return out
