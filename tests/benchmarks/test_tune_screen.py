"""benchmarks/tune_screen.py: bad arguments are one message, a run writes a weights file that
loads with its provenance (without the cache), and the cache and --jobs never change the file."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from lastlight.interpreter.agents.planner import weights as pw

from tests.benchmarks.scripts import load_script


def _tune() -> ModuleType:
    return load_script("tune_screen")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "4"], "the following arguments are required: -o"),
        (["-o", "x.yaml", "--share", "0"], "--share is in (0, 1]"),
        (["-o", "x.yaml", "--deals", "1"], "at least 2"),
        (["-o", "x.yaml", "--held-out", "1"], "--held-out 0 (no judging) or at least 2"),
        (["-o", "x.yaml", "--jobs", "0"], "--jobs is at least 1"),
        (["-o", "x.yaml", "--seed", "10", "--deals", "5", "--holdout", "12"], "overlap"),
    ],
)
def test_bad_arguments_are_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        _tune().main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_a_bad_start_file_or_name_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "start.yaml"
    bad.write_text("weights: {}\n")
    assert _tune().main(["-o", str(tmp_path / "o.yaml"), "--start", str(bad)]) == 2
    assert "start.yaml:1:1: a weights file holds" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="no tuned weight named 'NOPE'"):
        _tune().main(["-o", str(tmp_path / "o.yaml"), "--only", "NOPE", "--deals", "2"])


def test_a_run_writes_weights_with_provenance_and_the_same_file_again(tmp_path: Path) -> None:
    args = ["--players", "2", "--deals", "2", "--seed", "100", "--held-out", "2",
            "--holdout", "200", "--only", "FAR", "--share", "0.5"]  # fmt: skip
    first, second, third = (tmp_path / f"w{i}.yaml" for i in range(3))
    code = _tune().main(["-o", str(first), *args, "--cache", str(tmp_path / "c")])
    assert code in (0, 1)  # accepted or not: the file is written either way
    tuned = pw.load(first)
    assert tuned.provenance["command"] == "python benchmarks/tune_screen.py -o " + " ".join(
        [str(first), *args]
    )
    assert "tuning deals 100-101; held-out deals 200-201" in tuned.provenance["seeds"]
    assert ("accepted" if code == 0 else "not accepted") in tuned.provenance["result"]
    changed = {n for n, v in tuned.values().items() if v != pw.shipped().entries[n].value}
    assert changed <= {"FAR"}
    assert (tmp_path / "c.tuning.json").exists() and (tmp_path / "c.held-out.json").exists()
    # read back from the cache, and played again in two workers without it: the same weights
    assert _tune().main(["-o", str(second), *args, "--cache", str(tmp_path / "c")]) == code
    assert _tune().main(["-o", str(third), *args, "--jobs", "2"]) == code
    assert pw.load(second).values() == tuned.values() == pw.load(third).values()
