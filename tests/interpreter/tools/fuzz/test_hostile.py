"""The fuzzer's hostile classes: each runs clean on today's code, leaves the pack as it was,
and finds the bug it is there for when that bug is planted back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.fuzz import hostile
from lastlight.interpreter.tools.fuzz import run as fuzz_run
from lastlight.interpreter.tools.fuzz.mutate import PackMutator, mutate_text


def _tree(root: Path) -> dict[str, bytes | str]:
    return {
        str(p.relative_to(root)): ("link" if p.is_symlink() else p.read_bytes())
        for p in sorted(root.rglob("*"))
    }


@pytest.mark.parametrize("index", range(len(hostile.FILE_CLASSES)))
def test_each_file_class_runs_clean_and_is_undone(tmp_path: Path, index: int, monkeypatch) -> None:
    mutator = PackMutator(content_dir(), tmp_path)
    before = _tree(mutator.root)
    monkeypatch.setattr(hostile, "FILE_CLASSES", (hostile.FILE_CLASSES[index],))
    for seed in range(2):
        assert hostile.fuzz_pack_files(mutator.root, mutator.files, Rng(seed_state(seed)),
                                       tmp_path) is None  # fmt: skip
        assert _tree(mutator.root) == before


def test_a_link_out_of_the_pack_is_found_if_the_check_is_lost(tmp_path: Path, monkeypatch) -> None:
    from lastlight.interpreter.load import pack as pack_module

    monkeypatch.setattr(pack_module, "escape_problem", lambda path, root, what="": None)
    monkeypatch.setattr(hostile, "FILE_CLASSES", (hostile._link_file,))
    mutator = PackMutator(content_dir(), tmp_path)
    finding = hostile.fuzz_pack_files(mutator.root, mutator.files, Rng(seed_state(1)), tmp_path)
    assert finding is not None and finding.kind == "invariant"
    assert "a file outside the pack was shown" in finding.message


def test_hostile_replays_are_refused_and_name_no_module(rules: Rules, tmp_path: Path) -> None:
    from lastlight.interpreter.engine.replay import ReplayError, load_replay

    text = json.dumps(fuzz_run._base_replay(rules, 1), indent=1)
    names = set()
    for seed in range(60):
        name, mutated = hostile.hostile_replay(Rng(seed_state(seed)), text)
        names.add(name.split()[0] if name.startswith("number") else name)
        path = tmp_path / "r.json"
        path.write_text(mutated)
        try:
            data = load_replay(path)
        except ReplayError:
            continue
        assert hostile.replay_seats_safe(data) is None
    assert names == {"number", "seat-reference"}


def test_a_seat_resolved_from_a_file_is_found_if_the_rule_is_lost(monkeypatch) -> None:
    from lastlight.interpreter import agents as bots

    real = bots.resolve_bot
    monkeypatch.setattr(hostile, "resolve_bot", lambda name, references=True: real(name))
    problem = hostile.replay_seats_safe({"seats": ["random", "builtins:print"]})
    assert problem == "seat 'builtins:print' resolved to a bot from a file"


def test_scenario_mutations_lint_and_run_without_findings(rules: Rules, tmp_path: Path) -> None:
    mutator = hostile.ScenarioMutator(content_dir(), tmp_path, mutate_text)
    before = {p: p.read_bytes() for p in mutator.files}
    for seed in range(8):
        rng = Rng(seed_state(seed))
        assert hostile.fuzz_scenario(rules, rules.pack, mutator, rng) is None
    assert {p: p.read_bytes() for p in mutator.files} == before


def test_a_scenario_crash_is_written_with_its_file(rules: Rules, tmp_path: Path, monkeypatch):
    def boom(*args: object) -> None:
        raise KeyError("planted")

    monkeypatch.setattr(hostile, "run_file", boom)
    mutator = hostile.ScenarioMutator(content_dir(), tmp_path, mutate_text)
    finding = hostile.fuzz_scenario(rules, rules.pack, mutator, Rng(seed_state(3)))
    assert finding is not None and finding.kind == "crash" and "KeyError" in finding.message
    assert [name[-5:] for name in finding.files] == [".yaml"]


def test_seat_class_puts_seats_out_of_range(rules: Rules) -> None:
    text = (content_dir() / "scenarios" / "table.yaml").read_text()
    changed = {hostile._seat(Rng(seed_state(s)), text)[0] for s in range(40)}
    assert {"seat 3", "seat 9", "seat -1"} <= changed
