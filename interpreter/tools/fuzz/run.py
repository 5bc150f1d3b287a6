"""The fuzz run: random games, mutated packs, mutated replays and mutated scenario files,
interleaved, until the targets are met or the time is up (one pack item in five gets a
file-system class instead of damaged text: a link out, a FIFO, a device, deep folders; see
hostile.py). Every finding is written to the output folder as a reproducer.

Every item has an index per kind (game 0, 1, 2, ...; pack 0, 1, ...) and its own generator drawn
from the seed, the kind and the index, so a seed names the same games and mutations whether one
process plays them all or `run_parallel` deals them out (worker w takes indices w, w + W, ...)."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.replay import make_replay
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.pipeline import load_pack_or_raise
from lastlight.interpreter.tools.fuzz.games import Finding, Hang, fuzz_game
from lastlight.interpreter.tools.fuzz.hostile import (
    ScenarioMutator,
    fuzz_pack_files,
    fuzz_scenario,
)
from lastlight.interpreter.tools.fuzz.mutate import (
    PackMutator,
    fuzz_pack,
    fuzz_replay,
    mutate_text,
)

#: Seconds one game, pack or replay may take before it counts as a hang.
HANG_SECONDS = 60


@dataclass
class Tally:
    games: Counter[int] = field(default_factory=Counter)  # by player count
    replays_checked: int = 0
    packs: int = 0
    replays: int = 0
    scenarios: int = 0
    findings: Counter[str] = field(default_factory=Counter)  # kind -> count
    files: list[Path] = field(default_factory=list)
    seconds: float = 0.0
    stopped: bool = False  # stopped early by a signal

    @property
    def total_games(self) -> int:
        return sum(self.games.values())

    def line(self) -> str:
        per = ", ".join(f"{n}p {c}" for n, c in sorted(self.games.items()))
        games = f"{self.total_games} games"
        if per:
            games += f" ({per}; {self.replays_checked} replayed)"
        found = ", ".join(f"{k} {c}" for k, c in sorted(self.findings.items())) or "none"
        return (
            f"{games}, {self.packs} mutated packs, {self.replays} mutated replays, "
            f"{self.scenarios} mutated scenario files in "
            f"{self.seconds:.0f}s; findings: {found}" + (" (stopped early)" if self.stopped else "")
        )

    def add(self, other: Tally) -> None:
        """Fold another worker's tally into this one (the run's time is the longest worker's)."""
        self.games.update(other.games)
        self.replays_checked += other.replays_checked
        self.packs += other.packs
        self.replays += other.replays
        self.scenarios += other.scenarios
        self.findings.update(other.findings)
        self.files += other.files
        self.seconds = max(self.seconds, other.seconds)
        self.stopped = self.stopped or other.stopped

    @property
    def bad(self) -> int:
        # "refused": content that lints clean tripped an engine guard, a loop the static
        # checks missed; as much a finding as a crash
        return sum(self.findings.values())


_STOP: list[bool] = []


def stop_requested() -> bool:
    return bool(_STOP)


def request_stop(signum: int = 0, frame: object = None) -> None:
    """Finish the game, pack or replay at hand, then stop and report (SIGTERM, SIGINT)."""
    _STOP.append(True)


@contextmanager
def _time_limit(seconds: int) -> Iterator[None]:
    def on_alarm(signum: int, frame: object) -> None:
        raise Hang(f"no answer within {seconds}s")

    try:
        old = signal.signal(signal.SIGALRM, on_alarm)
    except ValueError:  # not the main thread: no alarm
        yield
        return
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run(
    content: Path,
    *,
    seconds: float,
    games: int,
    packs: int,
    replays: int,
    seed: int,
    out: Path,
    scenarios: int = 0,
    players: tuple[int, ...] = (2, 3, 4),
    replay_every: int = 10,
    progress: Callable[[Tally], None] | None = None,
    progress_every: float = 30.0,
    worker: int = 0,
    workers: int = 1,
) -> Tally:
    """Fuzz until each target is met or `seconds` pass; returns the tally. With `workers` > 1
    this call plays only the indices `worker`, `worker + workers`, ... of each kind."""
    rules = Rules.from_pack(load_pack_or_raise(content))
    players = tuple(n for n in players if rules.players_min <= n <= rules.players_max)
    tally = Tally()
    started = last = time.monotonic()
    base_replay = _base_replay(rules, seed)
    with tempfile.TemporaryDirectory(prefix="lastlight-fuzz-") as tmp:
        work = Path(tmp)
        mutator = PackMutator(content, work) if packs else None
        scenario_mutator = ScenarioMutator(content, work, mutate_text) if scenarios else None
        items = _Items(rules, players, seed, replay_every, mutator, base_replay, work)
        items.scenario_mutator = scenario_mutator
        if scenario_mutator is None or not scenario_mutator.files:
            scenarios = 0  # a pack without scenario files has none to damage
        wanted = {"games": games, "packs": packs, "replays": replays, "scenarios": scenarios}
        done = dict.fromkeys(wanted, 0)
        targets = {kind: len(range(worker, total, workers)) for kind, total in wanted.items()}
        while True:
            now = time.monotonic()
            tally.seconds = now - started
            if now - started >= seconds:
                break
            open_kinds = [k for k in targets if done[k] < targets[k]]
            if not open_kinds:
                break
            kind = min(open_kinds, key=lambda k: done[k] / targets[k])
            n = worker + done[kind] * workers  # the item's index among all workers' items
            rng = item_rng(seed, kind, n)
            if stop_requested():
                tally.stopped = True
                break
            finding = items.fuzz(kind, n, rng, tally)
            done[kind] += 1
            if finding is not None:
                tally.findings[finding.kind] += 1
                tally.files += finding.write(out, n)  # names carry the kind and the index
            if progress and now - last >= progress_every:
                last = now
                progress(tally)
        tally.seconds = time.monotonic() - started
    return tally


@dataclass
class _Items:
    """What playing, loading or replaying one item needs: the rules and player counts of the
    games, the pack mutator, the replay to mutate and the scratch folder."""

    rules: Rules
    players: tuple[int, ...]
    seed: int
    replay_every: int
    mutator: PackMutator | None
    base_replay: dict[str, Any]
    work: Path
    scenario_mutator: ScenarioMutator | None = None

    def fuzz(self, kind: str, n: int, rng: Rng, tally: Tally) -> Finding | None:
        """Play, load or replay item `n` of `kind` within the hang limit, counting it in
        `tally`; returns what went wrong, if anything."""
        try:
            with _time_limit(HANG_SECONDS):
                if kind == "games":
                    count = self.players[n % len(self.players)]
                    check = self.replay_every > 0 and n % self.replay_every == 0
                    finding = fuzz_game(self.rules, count, self.seed + n, replay_check=check)
                    tally.games[count] += 1
                    tally.replays_checked += check
                elif kind == "packs":
                    assert self.mutator is not None
                    if n % 5 == 4:
                        m = self.mutator
                        finding = fuzz_pack_files(m.root, m.files, rng, self.work)
                    else:
                        finding = fuzz_pack(self.mutator, rng, self.seed + n)
                    tally.packs += 1
                elif kind == "scenarios":
                    assert self.scenario_mutator is not None
                    pack = self.rules.pack
                    finding = fuzz_scenario(self.rules, pack, self.scenario_mutator, rng)
                    tally.scenarios += 1
                else:
                    finding = fuzz_replay(self.rules, self.base_replay, rng, self.work)
                    tally.replays += 1
        except Hang as exc:
            finding = Finding("hang", kind.rstrip("s"), f"#{n}: {exc}")
        return finding


_KINDS = {"games": 1, "packs": 2, "replays": 3, "scenarios": 0}


def item_rng(seed: int, kind: str, n: int) -> Rng:
    """The generator of item `n` of `kind`: the same whichever worker plays it."""
    return Rng(seed_state((seed * 4 + _KINDS[kind]) * 1_000_003 + n))


def run_parallel(content: Path, *, jobs: int, **kwargs: object) -> Tally:
    """`run` dealt out over `jobs` processes; the tallies are folded together. A stop request
    (SIGTERM, SIGINT) is passed on to the workers, which finish the item at hand and report."""
    if jobs <= 1:
        return run(content, **kwargs)  # type: ignore[arg-type]
    progress = kwargs.pop("progress", None)
    total = Tally()
    with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init) as pool:
        futures: set[Future[Tally]] = {
            pool.submit(
                run,
                content,
                worker=w,
                workers=jobs,
                progress=partial(_worker_progress, w) if progress else None,
                **kwargs,  # type: ignore[arg-type]
            )
            for w in range(jobs)
        }
        passed_on = False
        while futures:
            finished, futures = wait(futures, timeout=0.5, return_when=FIRST_COMPLETED)
            for future in finished:
                total.add(future.result())
            if stop_requested() and not passed_on:
                passed_on = True
                for child in multiprocessing.active_children():
                    if child.pid:
                        os.kill(child.pid, signal.SIGTERM)
    total.stopped = total.stopped or stop_requested()
    return total


def _worker_init() -> None:
    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)


def _worker_progress(worker: int, tally: Tally) -> None:
    print(f"  … worker {worker}: {tally.line()}", file=sys.stderr, flush=True)


def _base_replay(rules: Rules, seed: int) -> dict:
    game = Game.new(rules, rules.players_min, seed, log=False)
    bot = RandomBot(seed)
    while not game.over:
        game.apply(ask(bot, game))
    return json.loads(json.dumps(make_replay(game, rules, ["random"] * rules.players_min)))
