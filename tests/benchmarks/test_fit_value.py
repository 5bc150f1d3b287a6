"""benchmarks/fit_value.py: bad arguments are one usage message; a run writes a value file that
loads, with its provenance, and the same command and seed give the same weights for any number
of workers."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from lastlight.interpreter.agents.search.value import FEATURES, WEIGHTS_FILE, load_model

from tests.benchmarks.scripts import load_script


def _fit() -> ModuleType:
    return load_script("fit_value")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-o", "x.yaml", "--seed", "3", "--holdout", "3"], "--holdout must differ"),
        (["-o", "x.yaml", "--players", "2,5"], "counts from 2 to 4"),
        (["-o", "x.yaml", "--players", "two"], "player counts such as"),
        (["-o", "x.yaml", "--jobs", "0"], "--jobs >= 1"),
        (["-o", "x.yaml", "--drop", "light,colour"], "features are light"),
    ],
)
def test_bad_arguments_are_usage_errors(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        _fit().main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.slow
def test_same_seed_same_weights_for_any_workers(tmp_path: Path) -> None:
    fit = _fit()
    files = []
    for jobs in (1, 2):
        out = tmp_path / f"value-{jobs}.yaml"
        argv = ["--games", "4", "--players", "2,3", "--held-out", "2", "--jobs", str(jobs)]
        assert fit.main([*argv, "-o", str(out)]) == 0
        files.append(load_model(out))
    one, two = files
    assert one.weights == two.weights
    assert set(one.weights) == {2, 3}
    assert all(len(w) == len(FEATURES) for w in one.weights.values())
    assert "--games 4" in one.provenance[2]["command"]
    assert one.provenance[3]["judged"]["positions"] > 0


def test_merge_keeps_the_other_counts_weights_and_provenance(tmp_path: Path) -> None:
    fit = _fit()
    shipped = load_model()
    out = tmp_path / "merged.yaml"
    argv = ["--games", "1", "--players", "3", "--held-out", "1", "--seed", "7", "--holdout", "8"]
    argv += ["--drop", "staying_in_hand"]
    assert fit.main([*argv, "--merge", str(WEIGHTS_FILE), "-o", str(out)]) == 0
    merged = load_model(out)
    assert merged.weights[2] == shipped.weights[2]
    assert set(merged.weights) == set(shipped.weights) | {3}
    assert merged.provenance[2] == shipped.provenance[2]
    assert "--players 3" in merged.provenance[3]["command"]
    assert "seed 7" in merged.provenance[3]["fitted_on"]
    # a feature left out of the fit weighs nothing, and the provenance says so
    assert merged.weights[3][FEATURES.index("staying_in_hand")] == 0.0
    assert merged.weights[3][FEATURES.index("light")] != 0.0
    assert merged.provenance[3]["left_out"] == ["staying_in_hand"]


def test_merge_of_a_broken_file_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("features: [light\n")
    argv = ["--games", "1", "--players", "3", "--held-out", "0", "--merge", str(bad)]
    assert _fit().main([*argv, "-o", str(tmp_path / "x.yaml")]) == 1
    assert "bad.yaml:" in capsys.readouterr().err
