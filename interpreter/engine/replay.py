"""Replays: the content hash, the seed and every decision, enough to reproduce a game exactly.

A replay file is JSON:
`{"format": "lastlight-replay", "version": 1, "content": HASH, "players": N, "seed": S,
  "seats": [...], "decisions": [...], "result": {"winners": [...], "light": [...], "rounds": R}}`.
`verify` re-plays it and checks every decision was legal and the result is the same.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lastlight.interpreter.engine.game import Game, IllegalDecision
from lastlight.interpreter.engine.replay_check import parse_json, replay_problem
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.fileio import read_bounded, write_atomic

FORMAT = "lastlight-replay"
VERSION = 1
#: A replay larger than this is refused before it is read (a 4-player game saves ~40 kB; the
#: longest possible game, at the round cap, well under 2 MB).
MAX_REPLAY_BYTES = 8 << 20
#: A replay nests 3 levels (file, decisions, a decision); deeper is not a replay.
MAX_REPLAY_DEPTH = 8


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


def save_replay(path: str | Path, data: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(data, indent=1) + "\n")


def load_replay(path: str | Path) -> dict[str, Any]:
    """Read and validate a replay file; every problem is a ReplayError naming the file and the
    field. Only a regular file of at most MAX_REPLAY_BYTES is read (not a FIFO or a device)."""
    try:
        raw = read_bounded(path, MAX_REPLAY_BYTES, "replay")
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read the replay: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayError(f"{path}: not a replay (not UTF-8 text)") from None
    try:
        data = parse_json(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(
            f"{path}:{exc.lineno}:{exc.colno}: the replay is not valid JSON "
            f"({exc.msg}); is the file cut short?"
        ) from None
    except RecursionError:
        raise ReplayError(f"{path}: not a replay (the JSON nests far too deep)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f'{path}: not a lastlight replay (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise ReplayError(
            f"{path}: replay version {data.get('version')!r} is not supported "
            f"(this lastlight reads version {VERSION})"
        )
    problem = replay_problem(data, MAX_REPLAY_DEPTH)
    if problem is not None:
        raise ReplayError(f"{path}: {problem}")
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
        if not game.over:
            raise ReplayError(
                f"the replay ends after {len(data['decisions'])} decisions, before the game "
                f"does (recorded result {expected})"
            )
        actual = result_of(game)
        if actual != expected:
            raise ReplayError(
                f"the replay does not reproduce: recorded {expected}, replayed {actual}"
            )
    return game
