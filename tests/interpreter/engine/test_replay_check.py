"""The hand-written decision check agrees with the replay schema, and refusing a big replay
takes time in proportion to its size."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from lastlight.interpreter.engine.replay import ReplayError, load_replay
from lastlight.interpreter.engine.replay_check import _decision_validator, decision_ok

VALUES = [
    "card",
    "x" * 200,
    "x" * 201,
    0,
    -3,
    10**20,
    True,
    False,
    None,
    2.0,
    [1],
    {},
    {"a": 1},
    {"a": True},
    {"a": "1"},
    {f"k{i}": 1 for i in range(64)},
    {f"k{i}": 1 for i in range(65)},
]


def _decisions() -> list[object]:
    rng = random.Random(28)
    out: list[object] = [None, 1, "kind", [], {}, {"kind": 1}, {"kind": "x" * 41}]
    for value in VALUES:
        out.append({"kind": "use", "v": value})
    for a, b in itertools.product(VALUES, repeat=2):
        out.append({"kind": "use", "a": a, "b": b})
    for n in (15, 16, 17):
        out.append({"kind": "k", **{f"p{i}": i for i in range(n)}})
    for _ in range(300):
        d = {"kind": rng.choice(["use", "x" * 40, "x" * 41, 3])}
        for i in range(rng.randrange(0, 18)):
            d[f"f{i}"] = rng.choice(VALUES)
        out.append(d)
    return out


def test_the_hand_check_accepts_what_the_schema_accepts() -> None:
    validator = _decision_validator()
    decisions = _decisions()
    verdicts = [(decision_ok(d), validator.is_valid(d)) for d in decisions]
    differ = [d for d, (fast, slow) in zip(decisions, verdicts, strict=True) if fast != slow]
    assert differ == []
    assert 50 < sum(fast for fast, _ in verdicts) < len(verdicts) - 50  # both verdicts met


@pytest.fixture()
def game_json(tmp_path: Path) -> dict:
    from click.testing import CliRunner
    from lastlight.cli.main import main

    path = tmp_path / "g.json"
    args = ["play", "-n", "2", "-s", "5", "--bots", "random", "--save", str(path)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0
    return json.loads(path.read_text())


@pytest.mark.slow
def test_an_8_mb_replay_is_checked_decision_by_decision(tmp_path: Path, game_json: dict) -> None:
    filler = {"kind": "x" * 40, "k0": "yy", "k1": "yy", "k2": "yy"}
    data = dict(game_json, decisions=game_json["decisions"] + [filler] * 99_000)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data, separators=(",", ":")))
    assert path.stat().st_size > 7 << 20
    # schema-valid (the game refuses it); benchmarks/bench_hostile.py times this
    assert load_replay(path)["decisions"][-1] == filler
    data["decisions"][50_000] = {"kind": "x", "bad": 2.5}
    path.write_text(json.dumps(data, separators=(",", ":")))
    with pytest.raises(ReplayError, match=r"decisions\[50000\].bad: 2.5 is not a whole number"):
        load_replay(path)
    data["decisions"][50_000] = {"kind": "x", "bad": [1]}
    path.write_text(json.dumps(data, separators=(",", ":")))
    with pytest.raises(ReplayError, match=r"the replay's decisions\[50000\].bad: \[1\] is not"):
        load_replay(path)
