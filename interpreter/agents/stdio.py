"""A bot that is another program: `--bots cmd:PROGRAM`, one JSON line per decision.

The protocol (`lastlight-bot`, version 1; docs/researchers.md has it in full):

1. lastlight starts PROGRAM (a shell-style command line, no shell) and writes a handshake line,
   `{"type": "hello", "protocol": "lastlight-bot", "version": 1, "seat": 0, "players": 3,
   "content": "<pack digest>", "actions": <catalogue size>}`; the program answers with one line,
   `{"type": "hello", "version": 1}` (a `name` may follow); another version is refused.
2. For each decision of its seat: `{"type": "decide", "seat": 0, "observation": {...},
   "legal": [{decision}, ...], "ids": [[catalogue ids of legal[0]], ...]}`; the program answers
   with one line: an index into `legal` (`2`) or the catalogue ids of one legal decision
   (`[14, 40, 112, 230, 236]`).
3. At the end lastlight writes `{"type": "bye"}` and closes the program's stdin.

stdout is the protocol; stderr is the program's log (it goes to lastlight's stderr). Each answer
must come within the time limit (`LASTLIGHT_BOT_TIME` seconds, default 10; the handshake gets
the same or 10 s, whichever is longer). A program that exits, answers garbage or is late gets
`BotFailed` naming the seat and what happened; with `on_error="random"`
(`--on-bot-error random`, `LASTLIGHT_BOT_ON_ERROR`) the decision is made at random among the
legal ones instead, and the failure is counted and reported on stderr when the bot closes. A
program that exited or was late is stopped and the rest of its decisions are random.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import subprocess
import sys
import time
import weakref
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.agents.base import Bot
from lastlight.interpreter.engine.catalogue import catalogue_for

if TYPE_CHECKING:
    from lastlight.interpreter.engine.game import Decision
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.engine.view import SeatView

PROTOCOL = "lastlight-bot"
PROTOCOL_VERSION = 1
PREFIX = "cmd:"
DEFAULT_TIME = 10.0
ON_ERROR = ("stop", "random")
#: The longest line a program may answer with (a guard against a runaway writer).
MAX_LINE = 1 << 20


class BotFailed(RuntimeError):
    """A program bot crashed, answered garbage or was late (the message names the seat)."""

    def __init__(self, message: str, what: str = ""):
        super().__init__(message)
        self.what = what or message


def settings() -> tuple[str, float]:
    """(on_error, time limit): from the environment, which the CLI sets from its options so that
    worker processes see them too."""
    on_error = os.environ.get("LASTLIGHT_BOT_ON_ERROR", "stop")
    if on_error not in ON_ERROR:
        raise ValueError(f"LASTLIGHT_BOT_ON_ERROR is {on_error!r}; give one of {ON_ERROR}")
    raw = os.environ.get("LASTLIGHT_BOT_TIME", str(DEFAULT_TIME))
    try:
        limit = float(raw)
    except ValueError:
        raise ValueError(f"LASTLIGHT_BOT_TIME is {raw!r}; give seconds (e.g. 2.5)") from None
    if not limit > 0:
        raise ValueError(f"LASTLIGHT_BOT_TIME is {raw!r}; give a positive number of seconds")
    return on_error, limit


#: The longest seat name a replay holds (schemas/replay.schema.json).
SEAT_NAME_MAX = 40


def seat_label(name: str) -> str:
    """How a saved game names a program bot's seat: `cmd:` and the command's words without their
    folders, cut to what a replay holds (`cmd:python first_bot.py`). A label, never run again."""
    if not name.strip().startswith(PREFIX):
        return name
    try:
        words = shlex.split(name.strip()[len(PREFIX) :])
    except ValueError:
        words = name.strip()[len(PREFIX) :].split()
    label = PREFIX + " ".join(w.rsplit("/", 1)[-1] for w in words)
    return label if len(label) <= SEAT_NAME_MAX else label[: SEAT_NAME_MAX - 3] + "..."


def program_factory(name: str) -> Any:
    """What the bot registry returns for `cmd:PROGRAM`: a `(seed, rules)` factory."""
    argv = shlex.split(name.strip()[len(PREFIX) :])
    if not argv:
        raise ValueError(f"bot '{name}': give a program after 'cmd:' (cmd:./mybot)")
    settings()  # a bad setting is reported before any game starts

    def make(seed: int = 0, rules: Rules | None = None) -> ProgramBot:
        on_error, limit = settings()
        return ProgramBot(argv, seed, rules, on_error=on_error, time_limit=limit, label=name)

    return make


class _Link:
    """The running program and what went wrong, kept apart from the bot so that a finalizer
    can stop the program and report when the bot is dropped."""

    def __init__(self, label: str):
        self.label = label
        self.proc: subprocess.Popen[bytes] | None = None
        self.buffer = b""
        self.failures: list[str] = []
        self.random_decisions = 0
        self.seat: int | None = None
        self.dead = False

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None:
            if proc.poll() is None and proc.stdin is not None:
                with contextlib.suppress(OSError):
                    os.write(proc.stdin.fileno(), b'{"type": "bye"}\n')
            _stop(proc, wait=1.0)
        if self.random_decisions:
            print(
                f"lastlight: seat {self.seat}'s bot {self.label}: {len(self.failures)} "
                f"failure(s), {self.random_decisions} decision(s) made at random "
                f"(first: {self.failures[0]})",
                file=sys.stderr,
            )
            self.random_decisions = 0


class ProgramBot(Bot):
    """A bot whose decisions come from a separate program over stdin/stdout."""

    name = "cmd"

    def __init__(
        self,
        argv: list[str],
        seed: int = 0,
        rules: Rules | None = None,
        *,
        on_error: str = "stop",
        time_limit: float = DEFAULT_TIME,
        label: str = "",
    ):
        super().__init__(seed, rules)
        self.argv = argv
        self.on_error = on_error
        self.time_limit = time_limit
        self.link = _Link(label or PREFIX + shlex.join(argv))
        self._finalizer = weakref.finalize(self, self.link.close)

    @property
    def failures(self) -> list[str]:
        return self.link.failures

    def close(self) -> None:
        """Stop the program (and report failures, if any)."""
        self._finalizer()

    def decide(self, view: SeatView | None, legal: list[Decision]) -> Decision:
        view = self.seat_view(view)
        assert self.rules is not None
        seat = view.seat
        assert seat is not None, "a program bot plays a seat"
        link = self.link
        link.seat = seat
        if link.dead:
            return self._random(legal)
        catalogue = catalogue_for(self.rules)
        frame = catalogue.view(seat, view.players_count, view.homes[seat], view.rotation)
        ids = [list(catalogue.ids(d, frame)) for d in legal]
        try:
            if link.proc is None:
                self._start(seat, view.players_count, len(catalogue))
            message = {
                "type": "decide",
                "seat": seat,
                "observation": view.to_json(),  # the seat's observation as JSON
                "legal": legal,
                "ids": ids,
            }
            self._send(message)
            answer = self._read(self.time_limit, "its decision")
            return legal[self._pick(answer, legal, ids)]
        except BotFailed as exc:
            if self.on_error != "random":
                self.close()
                raise
            link.failures.append(exc.what)
            return self._random(legal)

    def _random(self, legal: list[Decision]) -> Decision:
        self.link.random_decisions += 1
        return legal[self.rng.below(len(legal))]

    # --- the process -------------------------------------------------------------------------
    def _fail(self, what: str, *, stop: bool = True) -> BotFailed:
        link = self.link
        if stop:
            link.dead = True
            proc, link.proc = link.proc, None
            if proc is not None:
                _stop(proc, wait=0.0)
        return BotFailed(f"seat {link.seat}'s bot {link.label} {what}", what)

    def _start(self, seat: int, players: int, actions: int) -> None:
        try:
            self.link.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None
            )
            os.set_blocking(self.link.proc.stdin.fileno(), False)  # type: ignore[union-attr]
        except OSError as exc:
            raise self._fail(f"could not be started: {exc.strerror or exc}") from None
        assert self.rules is not None
        self._send(
            {
                "type": "hello",
                "protocol": PROTOCOL,
                "version": PROTOCOL_VERSION,
                "seat": seat,
                "players": players,
                "content": self.rules.pack.digest,
                "actions": actions,
            }
        )
        reply = self._read(max(self.time_limit, DEFAULT_TIME), "the handshake")
        try:
            hello = json.loads(reply)
        except ValueError:
            hello = None
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            raise self._fail(f"answered the handshake with {_shown(reply)}, not a hello line")
        if hello.get("version") != PROTOCOL_VERSION:
            raise self._fail(
                f"speaks protocol version {hello.get('version')!r}; lastlight speaks "
                f"{PROTOCOL_VERSION}"
            )

    def _send(self, message: dict[str, Any]) -> None:
        """One line to the program, within the time limit (a program that stops reading its
        input cannot make lastlight wait for ever)."""
        proc = self.link.proc
        assert proc is not None and proc.stdin is not None
        data = memoryview(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        fd = proc.stdin.fileno()
        deadline = time.monotonic() + self.time_limit
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_WRITE)
            while data:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    raise self._fail(f"did not read its input within {self.time_limit:g}s")
                try:
                    data = data[os.write(fd, data) :]
                except BlockingIOError:
                    continue
                except OSError:
                    raise self._fail(
                        f"exited ({_exit_text(proc)}) before reading its input"
                    ) from None

    def _read(self, limit: float, what: str) -> str:
        """One line from the program within `limit` seconds."""
        link = self.link
        proc = link.proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        deadline = time.monotonic() + limit
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in link.buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    raise self._fail(f"did not answer {what} within {limit:g}s")
                chunk = os.read(fd, 65536)
                if not chunk:
                    proc.wait()
                    raise self._fail(f"exited ({_exit_text(proc)}) without answering {what}")
                link.buffer += chunk
                if len(link.buffer) > MAX_LINE:
                    raise self._fail(f"wrote more than {MAX_LINE} bytes without a line end")
        line, _, link.buffer = link.buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace").strip()

    def _pick(self, answer: str, legal: list[Decision], ids: list[list[int]]) -> int:
        try:
            value = json.loads(answer)
        except ValueError:
            value = None
        if isinstance(value, int) and not isinstance(value, bool):
            if 0 <= value < len(legal):
                return value
            raise self._fail(
                f"answered index {value}, but there are {len(legal)} legal decisions "
                f"(0..{len(legal) - 1})",
                stop=False,
            )
        if isinstance(value, list) and value in ids:
            return ids.index(value)
        raise self._fail(
            f"answered {_shown(answer)}: not an index into the {len(legal)} legal decisions "
            "nor the ids of one of them",
            stop=False,
        )


def _stop(proc: subprocess.Popen[bytes], wait: float) -> None:
    """Close the program's pipes and let it end within `wait` seconds, else kill it."""
    for stream in (proc.stdin, proc.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
    try:
        proc.wait(timeout=wait)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _shown(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


def _exit_text(proc: subprocess.Popen[bytes]) -> str:
    code = proc.poll()
    if code is None:
        return "still running"
    return f"exit code {code}" if code >= 0 else f"killed by signal {-code}"
