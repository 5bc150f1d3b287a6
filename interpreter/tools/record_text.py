"""A recorded scenario as text: YAML written line by line in flow style (one line per player,
sector, step and event, so a scenario's length in lines is what a designer reads), and read back
with the project's located loader."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

from lastlight.interpreter.load.yamlload import YDict, load_yaml


class TextError(Exception):
    """A scenario text that does not read back (a bug in the writer, never the user's)."""


_PLAIN = re.compile(r"^[a-z][a-z0-9_-]*$")
_RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def flow(value: Any) -> str:
    """A value in YAML flow style (one line)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{flow(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    if _PLAIN.match(text) and text not in _RESERVED:
        return text
    return json.dumps(text)


def to_yaml(item: dict[str, Any], comment: str = "") -> str:
    """A scenario file holding one item, mappings in block style two levels deep."""
    lines = ["# yaml-language-server: $schema=../../schemas/scenarios.schema.json"]
    lines += [f"# {line}" for line in comment.splitlines()]
    lines += ["kind: scenarios", "items:"]
    first = True
    for key, value in item.items():
        lead = "- " if first else "  "
        first = False
        if key in ("setup", "expect") and isinstance(value, dict) and value:
            lines.append(f"{lead}{key}:")
            lines += _block(value, "    ")
        elif key == "steps":
            lines.append(f"{lead}steps:")
            lines += [f"  - {flow(k)}: {flow(v)}" for s in value for k, v in s.items()]
        else:
            lines.append(f"{lead}{key}: {flow(value)}")
    return "\n".join(lines) + "\n"


def _block(value: dict[str, Any], indent: str) -> list[str]:
    out = []
    for k, v in value.items():
        if k in ("players", "sectors") and isinstance(v, dict):
            out.append(f"{indent}{flow(k)}:")
            out += [f"{indent}  {flow(p)}: {flow(c)}" for p, c in v.items()]
        elif k in ("events", "pending") and isinstance(v, list):
            out.append(f"{indent}events:")
            out += [f"{indent}- {flow(e)}" for e in v]
        else:
            out.append(f"{indent}{flow(k)}: {flow(v)}")
    return out


def load_item(text: str) -> YDict:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "scenario.yaml"
        path.write_text(text, encoding="utf-8")
        data, problems = load_yaml(path, display="recorded scenario")
    if data is None or problems:
        raise TextError(f"the recorded scenario does not read back: {problems[:1]}")
    return data["items"][0]
