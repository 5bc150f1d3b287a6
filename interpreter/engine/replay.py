"""Replays: the content hash, the seed and every decision, enough to reproduce a game exactly.

A replay file is JSON:
`{"format": "lastlight-replay", "version": 1, "content": HASH, "players": N, "seed": S,
  "seats": [...], "decisions": [...], "result": {"winners": [...], "light": [...], "rounds": R}}`.
`verify` re-plays it and checks every decision was legal and the result is the same.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from lastlight.interpreter.engine.game import Game, IllegalDecision
from lastlight.interpreter.engine.ruleset import Rules

FORMAT = "lastlight-replay"
VERSION = 1


class ReplayError(Exception):
    """A replay that cannot be read, belongs to other content, or does not reproduce."""


def result_of(game: Game) -> dict[str, Any]:
    st = game.state
    return {
        "winners": list(st["winners"]),
        "light": [pl["light"] for pl in st["players"]],
        "rounds": st["round"],
        "stalled": bool(st.get("stalled")),
    }


def make_replay(game: Game, rules: Rules, seats: list[str]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "content": rules.pack.digest,
        "players": game.state["n"],
        "seed": game.state["seed"],
        "seats": list(seats),
        "decisions": list(game.history),
        "result": result_of(game) if game.over else None,
    }


def write_atomic(path: str | Path, text: str) -> None:
    """Write through a temporary file and rename, so a failed save never spoils a good file."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=str(path.parent or "."))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_replay(path: str | Path, data: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(data, indent=1) + "\n")


def load_replay(path: str | Path) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read the replay: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ReplayError(f"{path}: not a replay (not UTF-8 text)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(
            f"{path}:{exc.lineno}:{exc.colno}: the replay is not valid JSON "
            f"({exc.msg}); is the file cut short?"
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f'{path}: not a lastlight replay (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise ReplayError(
            f"{path}: replay version {data.get('version')!r} is not supported "
            f"(this lastlight reads version {VERSION})"
        )
    for key, kind in (("players", int), ("seed", int), ("decisions", list), ("content", str)):
        if not isinstance(data.get(key), kind):
            raise ReplayError(f"{path}: the replay's '{key}' is missing or not a {kind.__name__}")
    return data


def run_replay(
    rules: Rules, data: dict[str, Any], *, check_content: bool = True, log: bool = True
) -> Game:
    """Re-play a replay's decisions; raises ReplayError on any mismatch."""
    if check_content and data["content"] != rules.pack.digest:
        raise ReplayError(
            f"the replay was recorded with content {data['content']}, but this "
            f"content is {rules.pack.digest}; pass the same content folder "
            "(or --ignore-content to try anyway)"
        )
    try:
        game = Game.new(rules, data["players"], data["seed"], log=log)
    except ValueError as exc:
        raise ReplayError(str(exc)) from None
    for i, decision in enumerate(data["decisions"]):
        if game.over:
            raise ReplayError(f"decision {i + 1} comes after the game ended")
        try:
            game.apply(decision)
        except IllegalDecision as exc:
            raise ReplayError(
                f"decision {i + 1} of {len(data['decisions'])} is not legal here: {exc}"
            ) from None
    expected = data.get("result")
    if expected is not None:
        actual = result_of(game) if game.over else None
        if actual != expected:
            raise ReplayError(
                f"the replay does not reproduce: recorded {expected}, replayed {actual}"
            )
    return game
