"""benchmarks/calibrate_keeps.py: saved restrict summaries make a calibration file that loads,
with its provenance, and `--sharpness auto` keeps every item worth its fair share in at least
10% of its offers (exactly, from the deals); benchmarks/keep_shares.py --check flags a worthy
item kept too seldom."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from lastlight.interpreter.agents.planner import keeps

from tests.benchmarks.scripts import load_script

ACHIEVEMENTS = ["achievement-blue", "achievement-green", "achievement-red", "achievement-yellow"]


def _module(name: str) -> ModuleType:
    return load_script(name)


def _summary(item: str, forced: float, lo: float, hi: float) -> dict[str, object]:
    return {"item": item, "players": 2, "mode": "keep", "pairs": 100, "deals": 100,
            "forced_share": forced, "forced_interval": [lo, hi], "change": 0.0,
            "change_interval": [-0.05, 0.05]}  # fmt: skip


def test_saved_summaries_make_a_file_with_an_auto_sharpness(tmp_path: Path) -> None:
    runs = tmp_path / "runs.json"
    worth = [(0.60, 0.50, 0.69), (0.45, 0.35, 0.55), (0.30, 0.22, 0.40), (0.44, 0.34, 0.54)]
    runs.write_text(json.dumps([_summary(i, *w) for i, w in zip(ACHIEVEMENTS, worth, strict=True)]))
    out = tmp_path / "keeps.yaml"
    mod = _module("calibrate_keeps")
    argv = ["--from-json", str(runs), "-o", str(out), "--players", "2", "--scan", "5"]
    assert mod.main(argv) == 0
    cal = keeps.parse(out)
    assert cal.provenance["command"].endswith(" ".join(argv))
    assert "largest" in cal.provenance["result"]
    assert 0 < cal.sharpness < 20
    # red (30% [22, 40]) is not worth its fair share of 50%: it may be starved, the others not
    offers = {2: mod.deal_offers(str(mod.content_dir()), 2, 1, 5)}
    expected, _ = mod.expected(cal, offers)
    assert min(expected[(2, a)] for a in ACHIEVEMENTS if a != "achievement-red") >= mod.FLOOR
    sharper, _ = mod.expected(cal.with_sharpness(cal.sharpness + 0.25), offers)
    assert min(sharper[(2, a)] for a in ACHIEVEMENTS if a != "achievement-red") < mod.FLOOR
    assert expected[(2, "achievement-blue")] > 0.5


@pytest.mark.slow  # imports pyarrow and statsmodels (7 s on a busy machine)
def test_the_check_flags_a_worthy_item_kept_too_seldom(tmp_path: Path) -> None:
    path = tmp_path / "keeps.yaml"
    cal = keeps.from_summaries(
        [_summary("achievement-green", 0.45, 0.35, 0.55), _summary("star-nomads", 0.3, 0.2, 0.4)],
        {k: "t" for k in keeps.PROVENANCE_KEYS},
        1.0,
    )
    path.write_text(keeps.dump_text(cal))
    out = [(2, "achievement", "achievement-green", 100, 100, 4),  # worthy, 4% of offers
           (2, "faction", "star-nomads", 100, 20, 0),  # not worthy: not checked
           (2, "faction", "iron-tide", 100, 20, 0)]  # not in the file: not checked  # fmt: skip
    bad = _module("keep_shares").check(out, path)
    assert len(bad) == 1 and "achievement-green" in bad[0] and "4/100" in bad[0]
    out[0] = (2, "achievement", "achievement-green", 100, 100, 5)
    assert _module("keep_shares").check(out, path) == []


def test_a_given_sharpness_reports_the_floor_it_leaves_and_what_auto_would_choose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs.json"
    worth = [(0.60, 0.50, 0.69), (0.45, 0.35, 0.55), (0.30, 0.22, 0.40), (0.44, 0.34, 0.54)]
    runs.write_text(json.dumps([_summary(i, *w) for i, w in zip(ACHIEVEMENTS, worth, strict=True)]))
    mod = _module("calibrate_keeps")
    base = ["--from-json", str(runs), "--players", "2", "--scan", "5"]
    assert mod.main([*base, "-o", str(tmp_path / "auto.yaml")]) == 0
    auto = keeps.parse(tmp_path / "auto.yaml").sharpness
    for given, verdict in ((0.0, "meets"), (20.0, "misses")):
        out = tmp_path / f"given-{given}.yaml"
        assert mod.main([*base, "-o", str(out), "--sharpness", str(given)]) == 0
        cal = keeps.parse(out)
        assert cal.sharpness == given
        result = cal.provenance["result"]
        assert f"auto would choose {auto}" in result and f"it {verdict} the 10% floor" in result
    assert mod.main([*base, "-o", str(tmp_path / "bad.yaml"), "--sharpness", "-1"]) == 2
    assert "--sharpness is a number >= 0" in capsys.readouterr().err
    assert not (tmp_path / "bad.yaml").exists()
