"""Mutated content packs and replays: whatever a hostile or careless hand could write.

A mutation changes one file of a copy of a pack (a number pushed to an extreme, a line cut,
doubled or swapped, a stray or look-alike character, an alias bomb, deep nesting, a value of the
wrong type, an effect that loops, a flipped bit) or one field of a replay. The loader must answer
with diagnostics, the replay reader with a `ReplayError`; content that still loads clean must
play. Anything else (an exception, a hang) is a finding with the mutated files as reproducer.
"""

from __future__ import annotations

import json
import re
import shutil
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.errors import EngineError
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.replay import ReplayError, load_replay, run_replay
from lastlight.interpreter.engine.rng import Rng
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.pipeline import load_pack
from lastlight.interpreter.tools.fuzz.games import Finding, Hang
from lastlight.interpreter.tools.fuzz.hostile import hostile_replay, replay_seats_safe
from lastlight.interpreter.tools.lint_pack import apply_suppressions

_NUMBER = re.compile(r"(?<![\w$.-])\d+(?![\w.])")
_EXTREMES = [
    "0",
    "-1",
    "1000000000",
    "100000000000000000000000000000",
    "9" * 40,
    "9" * 5000,
    "1.5",
    "2.0",
    "1e400",
    '!!int "²"',
]
_STRAY = [
    "\t",
    "\x00",
    "\u00a0",
    "\u043e",
    "\u0430",
    "\u00b2",
    "{",
    "[",
    '"',
    "'",
    ":",
    "&a ",
    "*a",
    "\\",
    "\ufeff",
    "\x85",
    "#",
    "- ",
    "!!python/object:os.system ",
    "<<: ",
    "?",
    "|",
    "%",
]
_HOMOGLYPHS = {
    "a": "\u0430",
    "e": "\u0435",
    "o": "\u043e",
    "p": "\u0440",
    "c": "\u0441",
    "x": "\u0445",
    "i": "\u0456",
    "s": "\u0455",
}
_EFFECTS = [
    "roll another die",
    "nothing",
    "hit; roll another die",
    "gain 1 light",
    "when you gain light: gain 1 light",
    "draw 1000000000 technologies keep 1",
    "gain 1000000000 common",
    "choose 1000000000 of [gain 1 common | gain 1 rare]",
    "when you destroy a large ship: gain 1 light",
    "activate; roll another die",
]


def alias_bomb(levels: int, width: int = 9) -> str:
    """The 'billion laughs': each level lists the one before `width` times."""
    lines = ["bomb0: &b0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels):
        refs = ", ".join([f"*b{i - 1}"] * width)
        lines.append(f"bomb{i}: &b{i} [{refs}]")
    return "\n".join(lines) + "\n"


def deep_nesting(depth: int) -> str:
    return "deep: " + "[" * depth + "]" * depth + "\n"


class PackMutator:
    """Mutates one file of a working copy of a pack, then puts it back."""

    def __init__(self, source: Path, work: Path):
        self.root = work / "pack"
        if self.root.exists():
            shutil.rmtree(self.root)
        self.root.mkdir(parents=True)
        for path in sorted(source.glob("*.y*ml")):
            shutil.copy2(path, self.root / path.name)
        self.files = sorted(self.root.glob("*.y*ml"))
        self.texts = {p: p.read_bytes() for p in self.files}

    def mutate(self, rng: Rng) -> tuple[Path, str]:
        path = self.files[rng.below(len(self.files))]
        raw = self.texts[path]
        text = raw.decode("utf-8")
        name, new = mutate_text(rng, text)
        if isinstance(new, bytes):
            path.write_bytes(new)
        else:
            path.write_text(new, encoding="utf-8")
        return path, name

    def restore(self, path: Path) -> None:
        path.write_bytes(self.texts[path])


#: One kind of damage to a YAML file's text: (rng, text) -> (its name, the new text or bytes),
#: or None when the text offers no place for it.
Mutation = Callable[[Rng, str], "tuple[str, str | bytes] | None"]


def mutate_text(rng: Rng, text: str) -> tuple[str, str | bytes]:
    """One mutation drawn at random; a draw that finds no place for it swaps two values."""
    choice = rng.below(13)
    if choice < len(_MUTATIONS):
        done = _MUTATIONS[choice](rng, text)
        if done is not None:
            return done
    return _swap_value(rng, text)


def _number(rng: Rng, text: str) -> tuple[str, str] | None:
    spots = list(_NUMBER.finditer(text))
    if not spots:
        return None
    m = spots[rng.below(len(spots))]
    value = _EXTREMES[rng.below(len(_EXTREMES))]
    return "number", text[: m.start()] + value + text[m.end() :]


def _delete_line(rng: Rng, text: str) -> tuple[str, str]:
    lines = text.split("\n")
    del lines[rng.below(len(lines))]
    return "delete-line", "\n".join(lines)


def _double_line(rng: Rng, text: str) -> tuple[str, str]:
    lines = text.split("\n")
    i = rng.below(len(lines))
    lines.insert(i, lines[i])
    return "double-line", "\n".join(lines)


def _swap_lines(rng: Rng, text: str) -> tuple[str, str]:
    lines = text.split("\n")
    i, j = rng.below(len(lines)), rng.below(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "swap-lines", "\n".join(lines)


def _stray(rng: Rng, text: str) -> tuple[str, str]:
    at = rng.below(len(text) + 1)
    return "stray", text[:at] + _STRAY[rng.below(len(_STRAY))] + text[at:]


def _homoglyph(rng: Rng, text: str) -> tuple[str, str] | None:
    spots = [i for i, ch in enumerate(text) if ch in _HOMOGLYPHS]
    if not spots:
        return None
    at = spots[rng.below(len(spots))]
    return "homoglyph", text[:at] + _HOMOGLYPHS[text[at]] + text[at + 1 :]


def _effect(rng: Rng, text: str) -> tuple[str, str] | None:
    """An effect line (or a list item) replaced by a hostile effect text."""
    lines = text.split("\n")
    spots = [i for i, line in enumerate(lines) if "effect" in line or line.strip().startswith("- ")]
    if not spots:
        return None
    i = spots[rng.below(len(spots))]
    head = (
        lines[i].split(":", 1)[0]
        if "effect:" in lines[i]
        else lines[i][: len(lines[i]) - len(lines[i].lstrip()) + 2]
    )
    sep = ": " if "effect:" in lines[i] else ""
    lines[i] = head + sep + '"' + _EFFECTS[rng.below(len(_EFFECTS))] + '"'
    return "effect", "\n".join(lines)


def _bit_flip(rng: Rng, text: str) -> tuple[str, bytes]:
    raw = bytearray(text.encode("utf-8"))
    if raw:
        at = rng.below(len(raw))
        raw[at] ^= 1 << rng.below(8)
    return "bit-flip", bytes(raw)


def _swap_value(rng: Rng, text: str) -> tuple[str, str]:
    """A scalar swapped for another of the same file."""
    words = re.findall(r"(?<=: )[\w\-]+", text)
    if len(words) >= 2:
        a, b = words[rng.below(len(words))], words[rng.below(len(words))]
        return "swap-value", text.replace(a, b, 1)
    return "none", text


#: The mutations by the number drawn (a draw past the end swaps two values).
_MUTATIONS: tuple[Mutation, ...] = (
    _number,
    _delete_line,
    _double_line,
    _swap_lines,
    lambda rng, text: ("truncate", text[: rng.below(len(text) + 1)]),
    _stray,
    _homoglyph,
    lambda rng, text: ("alias-bomb", text + alias_bomb(4 + rng.below(8))),
    lambda rng, text: ("nesting", text + deep_nesting(50 + rng.below(5000))),
    lambda rng, text: ("wrong-type", _retype(rng, text)),
    _effect,
    _bit_flip,
)


def _retype(rng: Rng, text: str) -> str:
    """Load the YAML, give one node a value of another type, and write it back."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return text
    nodes: list[tuple[Any, Any]] = []

    def walk(node: Any, depth: int) -> None:
        if depth > 8:
            return
        if isinstance(node, dict):
            for k, v in node.items():
                nodes.append((node, k))
                walk(v, depth + 1)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                nodes.append((node, i))
                walk(v, depth + 1)

    walk(data, 0)
    if not nodes:
        return text
    parent, key = nodes[rng.below(len(nodes))]
    values: list[Any] = [None, 0, -5, 10**12, "x", [], {}, [1, 2], {"a": 1}, True, 2.5]
    if rng.below(4) == 0 and isinstance(parent, dict):
        del parent[key]
    else:
        parent[key] = values[rng.below(len(values))]
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def fuzz_pack(mutator: PackMutator, rng: Rng, seed: int) -> Finding | None:
    """Mutate one file, load the pack; content that loads clean must play a short game."""
    path, name = mutator.mutate(rng)
    try:
        pack, report = load_pack(mutator.root)
        apply_suppressions(pack, list(report.items))
        for diag in report.items:
            str(diag.render())
        if not report.errors:
            rules = Rules.from_pack(pack)
            players = rules.players_min + rng.below(rules.players_max - rules.players_min + 1)
            game = Game.new(rules, players, seed, log=False)
            bot = RandomBot(seed)
            steps = 0
            while not game.over and steps < 3000:
                game.apply(ask(bot, game))
                steps += 1
        return None
    except Hang as exc:  # written out before the file is put back: the pack is the reproducer
        return _pack_finding(mutator, path, name, "hang", str(exc), "")
    except EngineError as exc:
        return _pack_finding(mutator, path, name, "refused", f"engine guard: {exc}", "")
    except Exception as exc:
        return _pack_finding(
            mutator, path, name, "crash", f"{type(exc).__name__}: {exc}", traceback.format_exc()
        )
    finally:
        mutator.restore(path)


def _pack_finding(
    mutator: PackMutator, path: Path, name: str, kind: str, message: str, detail: str
) -> Finding:
    files = {}
    for p in mutator.files:
        files[f"pack/{p.name}"] = p.read_bytes().decode("utf-8", errors="replace")
    return Finding(
        kind,
        "pack",
        f"{name} mutation of {path.name}: {message}",
        detail + "\nreproduce: lastlight lint <this folder>/…-pack-pack",
        files,
    )


def mutate_replay(rng: Rng, data: dict[str, Any]) -> tuple[str, str]:
    """A replay's text with one thing changed."""
    data = json.loads(json.dumps(data))
    choice = rng.below(9)
    keys = list(data)
    junk: list[Any] = [None, 0, -1, 10**30, "x", [], {}, [[]], True, 1.5, {"kind": "play"}]
    if choice == 0:
        del data[keys[rng.below(len(keys))]]
        name = "delete-field"
    elif choice == 1:
        data[keys[rng.below(len(keys))]] = junk[rng.below(len(junk))]
        name = "retype-field"
    elif choice == 2 and data["decisions"]:
        i = rng.below(len(data["decisions"]))
        d = data["decisions"][i]
        if isinstance(d, dict) and d:
            k = list(d)[rng.below(len(d))]
            d[k] = junk[rng.below(len(junk))]
        name = "retype-decision"
    elif choice == 3:
        data["decisions"] = data["decisions"][: rng.below(len(data["decisions"]) + 1)]
        name = "cut-decisions"
    elif choice == 4:
        data["decisions"].insert(rng.below(len(data["decisions"]) + 1), junk[rng.below(len(junk))])
        name = "extra-decision"
    elif choice == 5:
        text = json.dumps(data)
        return "truncate", text[: rng.below(len(text) + 1)]
    elif choice == 6:
        depth = 100 + rng.below(5000)
        data["decisions"].append(json.loads("[" * 50 + "]" * 50))
        return "nesting", json.dumps(data)[:-1] + ', "deep": ' + "[" * depth + "]" * depth + "}"
    elif choice == 7:
        data["result"][list(data["result"])[rng.below(len(data["result"]))]] = junk[
            rng.below(len(junk))
        ]
        name = "retype-result"
    else:
        data[["players", "seed", "version"][rng.below(3)]] = junk[rng.below(len(junk))]
        name = "retype-header"
    return name, json.dumps(data, indent=1)


def fuzz_replay(rules: Rules, base: dict[str, Any], rng: Rng, work: Path) -> Finding | None:
    """One mutated replay (one in four with a hostile value: hostile.py), read and re-played;
    a replay that reads must not get a bot from its seats unless the bot is registered."""
    if rng.below(4) == 0:
        name, text = hostile_replay(rng, json.dumps(base, indent=1))
    else:
        name, text = mutate_replay(rng, base)
    path = work / "mutated.replay.json"
    path.write_text(text, encoding="utf-8")
    try:
        data = load_replay(path)
        unsafe = replay_seats_safe(data)
        if unsafe is not None:
            return Finding("invariant", "replay", f"{name}: {unsafe}", "", {"replay.json": text})
        run_replay(rules, data, check_content=rng.below(2) == 0, log=False)
    except Hang as exc:
        return Finding("hang", "replay", f"{name}: {exc}", "", {"replay.json": text})
    except ReplayError as exc:
        if not str(exc):
            return Finding(
                "crash",
                "replay",
                f"{name}: a ReplayError without a message",
                "",
                {"replay.json": text},
            )
        return None
    except Exception as exc:
        return Finding(
            "crash",
            "replay",
            f"{name}: {type(exc).__name__}: {exc}",
            traceback.format_exc()
            + "\nreproduce: lastlight replay <this folder>/…-replay-replay.json",
            {"replay.json": text},
        )
    return None
