"""benchmarks/tune_spsa.py: bad arguments are one message, a run writes a weights file that
loads with its provenance, and --replace never replaces the shipped file without a verdict."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from lastlight.interpreter.agents.planner import weights as pw

from tests.benchmarks.scripts import load_script


def _tune() -> ModuleType:
    return load_script("tune_spsa")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--iterations", "1"], "give -o FILE or --replace"),
        (["-o", "x.yaml", "--seed", "3", "--holdout", "3"], "--holdout must differ"),
        (["--replace", "--held-out", "0"], "--replace needs held-out games"),
        (["-o", "x.yaml", "--pairs", "0"], "at least 1"),
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
    assert _tune().main(["-o", str(tmp_path / "o.yaml"), "--start", str(bad)]) == 1
    assert "start.yaml:1:1: a weights file holds" in capsys.readouterr().err
    assert _tune().main(["-o", str(tmp_path / "o.yaml"), "--only", "NOPE"]) == 1
    assert "no weight named 'NOPE'" in capsys.readouterr().err


def test_a_run_writes_weights_with_provenance(tmp_path: Path) -> None:
    out = tmp_path / "tuned.yaml"
    before = pw.SHIPPED_PATH.read_bytes()
    argv = ["-o", str(out), "--iterations", "1", "--pairs", "1", "--held-out", "0",
            "--only", "FAR"]  # fmt: skip
    assert _tune().main(argv) == 0
    tuned = pw.load(out)
    assert tuned.provenance["command"] == "python benchmarks/tune_spsa.py " + " ".join(argv)
    assert "SeedSequence([1, k, j]) for k < 1, j < 1" in tuned.provenance["seeds"]
    assert tuned.provenance["result"] == "not judged on held-out seeds"
    changed = {n for n, v in tuned.values().items() if v != pw.shipped().entries[n].value}
    assert changed <= {"FAR"}
    assert pw.SHIPPED_PATH.read_bytes() == before
