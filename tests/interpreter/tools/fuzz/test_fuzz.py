"""The fuzzer: watched games, mutated packs and replays, and reproducers for what it finds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.replay import load_replay
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.fuzz import run as fuzz_run
from lastlight.interpreter.tools.fuzz.games import fuzz_game
from lastlight.interpreter.tools.fuzz.mutate import PackMutator, fuzz_pack, mutate_replay


@pytest.mark.parametrize("players", [2, 3, 4])
def test_watched_games_are_sound(rules: Rules, players: int) -> None:
    for seed in range(2):
        assert fuzz_game(rules, players, seed, replay_check=True) is None


def test_the_heuristic_bot_near_a_home_sector_not_in_play(rules: Rules) -> None:
    """Found by the fuzzer (2 players, seed 45368, random + heuristic): the bot looked up a
    sector the board reaches but the game does not use (KeyError 'h1', exit 70 in `play`)."""
    assert fuzz_game(rules, 2, 45368, replay_check=False) is None


def test_a_crash_in_a_game_comes_back_with_a_replay_that_reproduces_it(
    rules: Rules, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Game.apply
    calls = {"n": 0}

    def flaky(self: Game, decision: dict) -> None:
        calls["n"] += 1
        if calls["n"] == 40:
            raise ZeroDivisionError("planted")
        real(self, decision)

    monkeypatch.setattr(Game, "apply", flaky)
    finding = fuzz_game(rules, 3, 11, replay_check=False)
    assert finding is not None and finding.kind == "crash"
    assert "ZeroDivisionError: planted" in finding.message and "Traceback" in finding.detail
    assert "reproduce: lastlight play -n 3 -s 11 --bots " in finding.detail
    files = finding.write(tmp_path, 1)
    replay = next(p for p in files if p.name.endswith("replay.json"))
    data = load_replay(replay)  # a valid replay: its decisions lead up to the crash
    assert data["players"] == 3 and data["seed"] == 11 and len(data["decisions"]) == 39


def test_a_mutated_pack_file_is_put_back(tmp_path: Path) -> None:
    mutator = PackMutator(content_dir(), tmp_path)
    before = {p.name: p.read_bytes() for p in mutator.files}
    rng = Rng(seed_state(5))
    for seed in range(12):
        assert fuzz_pack(mutator, rng, seed) is None
    assert {p.name: p.read_bytes() for p in mutator.files} == before


def test_replay_mutations_are_deterministic_and_change_something(rules: Rules) -> None:
    base = fuzz_run._base_replay(rules, 1)
    first = [mutate_replay(Rng(seed_state(s)), base) for s in range(20)]
    again = [mutate_replay(Rng(seed_state(s)), base) for s in range(20)]
    assert first == again
    assert sum(text != json.dumps(base, indent=1) for _, text in first) >= 15


def test_the_fuzz_command_reports_its_figures(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        ["fuzz", "--minutes", "1", "--games", "4", "--packs", "4", "--replays", "4",
         "--scenarios", "4", "--out", str(tmp_path / "found")],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert re.search(
        r"4 games \(2p 2, 3p 1, 4p 1; 1 replayed\), 4 mutated packs, 4 mutated replays, "
        r"4 mutated scenario files in \d+s; findings: none",
        result.output,
    ), result.output
    assert not (tmp_path / "found").exists()


def test_a_finding_fails_the_run_and_names_its_reproducer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fuzz_run, "fuzz_replay", lambda *a: _crash())
    result = CliRunner().invoke(
        main,
        ["fuzz", "--minutes", "1", "--games", "0", "--packs", "0", "--replays", "2",
         "--scenarios", "0", "--out", str(tmp_path / "found")],
    )  # fmt: skip
    assert result.exit_code == 1, result.output
    assert "findings: crash 2" in result.output
    notes = sorted((tmp_path / "found").glob("*-crash.txt"))
    assert len(notes) == 2 and "planted" in notes[0].read_text()


def _crash():  # type: ignore[no-untyped-def]
    from lastlight.interpreter.tools.fuzz.games import Finding

    return Finding("crash", "replay", "KeyError: planted", "", {"replay.json": "{}"})


def _planted_game(rules: Rules, players: int, seed: int, *, replay_check: bool):  # type: ignore[no-untyped-def]
    from lastlight.interpreter.tools.fuzz.games import Finding

    if seed % 4 == 1:
        return Finding("crash", "game", f"planted at seed {seed}", "", {"replay.json": "{}"})
    return None


@pytest.mark.parametrize("jobs", [1, 3])
def test_a_seed_names_the_same_items_for_any_number_of_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    """Worker w plays items w, w + W, ...: the findings (named by kind and index) and the
    per-count tallies are those of one process (the workers are forked with the plant)."""
    monkeypatch.setattr(fuzz_run, "fuzz_game", _planted_game)
    out = tmp_path / f"found-{jobs}"
    tally = fuzz_run.run_parallel(
        content_dir(), jobs=jobs, seconds=60, games=10, packs=0, replays=3, seed=7, out=out
    )
    assert tally.total_games == 10 and tally.replays == 3
    assert dict(tally.games) == {2: 4, 3: 3, 4: 3}
    assert tally.findings == {"crash": 2}  # game n has seed 7 + n: planted at n = 2 and 6
    names = sorted(p.name for p in out.glob("*-crash.txt"))
    assert names == ["0002-game-crash.txt", "0006-game-crash.txt"]


def test_item_generators_differ_by_kind_and_index() -> None:
    draws = {
        (kind, n): fuzz_run.item_rng(5, kind, n).below(1 << 30)
        for kind in ("games", "packs", "replays", "scenarios")
        for n in range(20)
    }
    assert len(set(draws.values())) == len(draws)
    assert fuzz_run.item_rng(5, "packs", 3).below(1 << 30) == draws[("packs", 3)]


def test_a_pack_that_hangs_is_written_out_with_its_mutated_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hang is caught inside the item, before the mutated file is put back, so the finding
    carries the pack that hangs (the fuzzer's first hang had no reproducer)."""
    from lastlight.interpreter.tools.fuzz import mutate

    def forever(root: Path):  # type: ignore[no-untyped-def]
        while True:
            pass

    monkeypatch.setattr(mutate, "load_pack", forever)
    monkeypatch.setattr(fuzz_run, "HANG_SECONDS", 1)
    out = tmp_path / "found"
    tally = fuzz_run.run(content_dir(), seconds=30, games=0, packs=1, replays=0, seed=3, out=out)
    assert tally.findings == {"hang": 1}
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert "0000-pack-hang.txt" in files
    assert "0000-pack-pack/game.yaml" in files and "0000-pack-pack/pack.yaml" in files
