"""The fuzzer's hostile classes (issue 28): what a file handed to you may hold beyond damaged
text. Links and devices in a pack, folders nested past any limit, floats where integers
belong, integers of thousands of digits, seats a game does not have, and bots named by a
`module:Class` reference in a replay.

- `fuzz_pack_files`: a pack's working copy gets a link out of the pack (to a file, a folder or
  /dev/zero), a FIFO, or a chain of hundreds of folders, then is linted with its scenarios.
  Invariants: no exception, no hang, nothing of the file outside the pack in any diagnostic.
- `hostile_replay`: a replay's text with `2.0` for an integer, a 5,000-digit integer, `NaN`,
  `1e400`, or a seat naming a module; `replay_seats_safe` checks a replay's seats never
  import anything.
- `ScenarioMutator` / `fuzz_scenario`: one scenario file of the pack damaged (seats out of
  range, floats for integers, huge integers, or any of the text mutations), then linted and
  run. Invariants: no exception (a failing scenario is fine), no hang.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lastlight.interpreter.agents import BotNotFound, bot_names, resolve_bot
from lastlight.interpreter.engine.rng import Rng
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.pack import SCENARIO_DIR, Pack
from lastlight.interpreter.tools.fuzz.games import Finding, Hang
from lastlight.interpreter.tools.lint_pack import lint_path, lint_scenarios
from lastlight.interpreter.tools.scenario import run_file

#: A line no pack may ever show: it stands in a file outside the pack the fuzzer links to.
SECRET = "fuzz-secret:x:0:0:outside-the-pack"


def _outside(work: Path) -> Path:
    """A folder beside the pack holding files a pack must never read."""
    folder = work / "outside"
    if not folder.exists():
        folder.mkdir()
        (folder / "passwd").write_text(f"{SECRET}\nkind: [{SECRET}\n", encoding="utf-8")
        (folder / "t.yaml").write_text(f"kind: technologies\nitems: [{SECRET}\n", "utf-8")
    return folder


def _pick(rng: Rng, files: list[Path]) -> Path:
    return files[rng.below(len(files))]


def _link_file(rng: Rng, root: Path, work: Path, files: list[Path]) -> tuple[str, list[Path]]:
    target = _pick(rng, files)
    moved = target.with_name(f".{target.name}.kept")
    target.rename(moved)
    target.symlink_to(_outside(work) / "passwd")
    return f"link-out {target.name}", [target, moved]


def _link_device(rng: Rng, root: Path, work: Path, files: list[Path]) -> tuple[str, list[Path]]:
    link = root / "zero.yaml"
    link.symlink_to("/dev/zero")
    return "link-device", [link]


def _fifo(rng: Rng, root: Path, work: Path, files: list[Path]) -> tuple[str, list[Path]]:
    fifo = root / "pipe.yaml"
    os.mkfifo(fifo)
    return "fifo", [fifo]


def _link_folder(rng: Rng, root: Path, work: Path, files: list[Path]) -> tuple[str, list[Path]]:
    name = SCENARIO_DIR if rng.below(2) else "more"
    link = root / name
    link.symlink_to(_outside(work), target_is_directory=True)
    return f"link-folder {name}", [link]


def _deep(rng: Rng, root: Path, work: Path, files: list[Path]) -> tuple[str, list[Path]]:
    depth = 5 + rng.below(1200)
    base = root / (SCENARIO_DIR if rng.below(2) else "deep")
    chain = [base]
    for _ in range(depth):
        chain.append(chain[-1] / "d")
    for folder in chain:
        folder.mkdir()
    (chain[-1] / "x.yaml").write_text(f"kind: scenarios\nitems: [{SECRET}\n", "utf-8")
    return f"deep-folders {depth}", [chain[-1] / "x.yaml", *reversed(chain)]


#: The file-system classes: (rng, pack root, scratch folder, the pack's files) -> (name, what
#: to remove afterwards, deepest first).
FILE_CLASSES: tuple[Callable[[Rng, Path, Path, list[Path]], tuple[str, list[Path]]], ...] = (
    _link_file,
    _link_device,
    _fifo,
    _link_folder,
    _deep,
)


def _undo(made: list[Path]) -> None:
    for path in made:
        if path.name.endswith(".kept"):
            path.rename(path.with_name(path.name[1:].removesuffix(".kept")))
        elif path.is_symlink() or path.is_fifo() or path.is_file():
            path.unlink()
        elif path.is_dir():
            path.rmdir()


def fuzz_pack_files(root: Path, files: list[Path], rng: Rng, work: Path) -> Finding | None:
    """One file-system class applied to the pack at `root`, then lint (pack and scenarios)."""
    name = ""
    made: list[Path] = []
    try:
        name, made = FILE_CLASSES[rng.below(len(FILE_CLASSES))](rng, root, work, files)
        shown = "\n".join(d.render() for d in lint_path(root).diagnostics)
        if SECRET in shown or "outside-the-pack" in shown:
            return Finding("invariant", "pack", f"{name}: a file outside the pack was shown")
        return None
    except Hang as exc:
        return Finding("hang", "pack", f"{name}: {exc}")
    except Exception as exc:
        return Finding("crash", "pack", f"{name}: {type(exc).__name__}: {exc}",
                       traceback.format_exc())  # fmt: skip
    finally:
        _undo(made)


# --- replays ------------------------------------------------------------------------------------


def hostile_replay(rng: Rng, text: str) -> tuple[str, str]:
    """A saved replay's JSON text (indent=1) with one hostile value put in by text: a float
    for an integer, a huge integer, NaN, 1e400, or a seat naming a module to import."""
    numbers = list(re.finditer(r"(?<=[\s:\[,])-?\d+(?=[\s,\]}])", text))
    choice = rng.below(6)
    if choice == 5 or not numbers:
        seats = ["builtins:print", "os:system", "this:s", "random ", "planner\n", "x" * 40]
        seat = seats[rng.below(len(seats))]
        new = re.sub(r'"seats": \[\s*"[^"]*"', f'"seats": ["{seat}"', text, count=1)
        return "seat-reference", new.replace("\n\n", "\n")
    m = numbers[rng.below(len(numbers))]
    value = ["2.0", "9" * 5000, "NaN", "1e400", "-0.0"][choice]
    return "number " + value[:8], text[: m.start()] + value + text[m.end() :]


def replay_seats_safe(data: dict[str, Any]) -> str | None:
    """None when resolving a replay's seats as a resumed game does imports nothing a name in
    the file chose (only registered bots resolve); else what went wrong."""
    for seat in data.get("seats") or []:
        if not isinstance(seat, str) or seat == "human" or seat.strip() in bot_names():
            continue
        before = set(sys.modules)
        try:
            resolve_bot(seat, references=False)
            return f"seat {seat!r} resolved to a bot from a file"
        except BotNotFound:
            pass
        if set(sys.modules) - before:
            return f"seat {seat!r} imported {sorted(set(sys.modules) - before)[:3]}"
    return None


# --- scenario files -----------------------------------------------------------------------------


#: A text mutation: (rng, text) -> (its name, the new text or bytes).
TextDamage = Callable[[Rng, str], "tuple[str, str | bytes]"]


class ScenarioMutator:
    """Mutates one scenario file of a working copy of the pack's scenarios, then puts it back."""

    def __init__(self, source: Path, work: Path, damage: TextDamage):
        self.damage = damage  # the text mutations of mutate.py (passed in: no import circle)
        self.root = work / "scenarios"
        if self.root.exists():
            shutil.rmtree(self.root)
        self.root.mkdir(parents=True)
        for path in sorted((source / SCENARIO_DIR).glob("*.yaml")):
            shutil.copy2(path, self.root / path.name)
        self.files = sorted(self.root.glob("*.yaml"))
        self.texts = {p: p.read_bytes() for p in self.files}

    def mutate(self, rng: Rng) -> tuple[Path, str]:
        path = _pick(rng, self.files)
        text = self.texts[path].decode("utf-8")
        choice = rng.below(4)
        new: str | bytes
        if choice == 0:
            name, new = _seat(rng, text)
        elif choice == 1:
            name, new = _typed_number(rng, text)
        else:
            name, new = self.damage(rng, text)
        if isinstance(new, bytes):
            path.write_bytes(new)
        else:
            path.write_text(new, encoding="utf-8")
        return path, name

    def restore(self, path: Path) -> None:
        path.write_bytes(self.texts[path])


_SEAT_KEY = re.compile(r"(?m)(?<=[\s{,])([0-3])(?=: )")
_PLAYERS = re.compile(r"(?m)(?<=players: )[234](?=\s)")


def _seat(rng: Rng, text: str) -> tuple[str, str]:
    """A seat out of range: a seat key, a player count or a winner changed."""
    spots = list(_SEAT_KEY.finditer(text)) + list(_PLAYERS.finditer(text))
    if not spots:
        return "none", text
    m = spots[rng.below(len(spots))]
    value = ["3", "4", "9", "-1", "1", "2", "0"][rng.below(7)]
    return f"seat {value}", text[: m.start()] + value + text[m.end() :]


def _typed_number(rng: Rng, text: str) -> tuple[str, str]:
    """A float for an integer, an integer of thousands of digits, a superscript digit."""
    spots = list(re.finditer(r"(?<![\w$.-])\d+(?![\w.])", text))
    if not spots:
        return "none", text
    m = spots[rng.below(len(spots))]
    value = ["2.0", "3.0", "9" * 5000, '!!int "²"', "1e400", ".nan"][rng.below(6)]
    return f"number {value[:8]}", text[: m.start()] + value + text[m.end() :]


def fuzz_scenario(rules: Rules, pack: Pack, mutator: ScenarioMutator, rng: Rng) -> Finding | None:
    """Mutate one scenario file, lint it against the pack and run it: failures and
    diagnostics are fine, an exception or a hang is a finding."""
    path, name = mutator.mutate(rng)
    try:
        for diag in lint_scenarios(path, pack):
            diag.render()
        results, problems = run_file(rules, path)
        for diag in [*problems, *(f for r in results for f in r.failures)]:
            diag.render()
        return None
    except Hang as exc:
        return _scenario_finding(path, name, "hang", str(exc), "")
    except Exception as exc:
        detail = traceback.format_exc() + "\nreproduce: lastlight test <this folder>/…"
        return _scenario_finding(path, name, "crash", f"{type(exc).__name__}: {exc}", detail)
    finally:
        mutator.restore(path)


def _scenario_finding(path: Path, name: str, kind: str, message: str, detail: str) -> Finding:
    text = path.read_bytes().decode("utf-8", errors="replace")
    return Finding(kind, "scenario", f"{name} mutation of {path.name}: {message}", detail,
                   {path.name: text})  # fmt: skip
