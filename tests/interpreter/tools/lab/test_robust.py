"""The robustness report: each verdict under two bot populations on the same seeds, flips
flagged (a made-up band provokes one on a tiny real run), and the diff's moved / not moved."""

from __future__ import annotations

from pathlib import Path

import pytest
from lastlight.interpreter.load.errors import Loc
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.bands import Band, load_bands
from lastlight.interpreter.tools.lab.compare import Moved
from lastlight.interpreter.tools.lab.figures import Figure, summarize
from lastlight.interpreter.tools.lab.robust import (
    Verdict,
    diff_verdicts,
    first_games,
    render_github,
    render_text,
    robust_report,
)
from lastlight.interpreter.tools.lab.run import run_sweep
from lastlight.interpreter.tools.lab.stats import Change

from .conftest import spec_for

HERE = Loc("bands.yaml", 3, 5)


def _fig(value: float, lo: float, hi: float, flag: str = "") -> Figure:
    return Figure("faction", "star-nomads", value, lo, hi, 40, 10, 0.25, flag)


def test_verdicts_and_flips() -> None:
    band = Band("faction", None, None, None, 0.08, HERE)  # fair 25% +- 8: [17, 33]
    inside, straddles = _fig(0.25, 0.20, 0.30), _fig(0.30, 0.22, 0.40)
    outside = _fig(0.50, 0.40, 0.60, "above")
    assert Verdict("faction", "x", inside, straddles, band).flipped is False
    flip = Verdict("faction", "x", straddles, outside, band)
    assert (flip.verdict_of(flip.a), flip.verdict_of(flip.b)) == ("straddles", "outside")
    assert flip.flipped
    assert flip.limits == pytest.approx((0.17, 0.33))
    absent = Verdict("faction", "x", None, outside, band)
    assert absent.verdict_of(absent.a) == "absent" and not absent.flipped
    fair = Verdict("faction", "x", inside, outside, None)  # no bands: the fair-share flag
    assert (fair.verdict_of(fair.a), fair.verdict_of(fair.b)) == ("fair", "above")
    assert fair.flipped


@pytest.fixture(scope="module")
def two_populations() -> tuple[list[dict], list[dict]]:
    """4 two-player games each, same seeds: random in every seat, then heuristic."""
    a = run_sweep(spec_for(content_dir(), 4, players=(2,), bots=("random",), seed=3), 1)
    b = run_sweep(spec_for(content_dir(), 4, players=(2,), bots=("heuristic",), seed=3), 1)
    return a, b


def _disjoint(a: list[dict], b: list[dict]) -> Figure:
    """A light or game figure whose intervals under the two populations do not overlap."""
    figs_b = {(f.group, f.key): f for f in summarize(b)}
    for f in summarize(a):
        other = figs_b.get((f.group, f.key))
        if f.group in ("light", "game") and other and (other.lo > f.hi or other.hi < f.lo):
            return f
    raise AssertionError("random and heuristic play alike on every figure")


def test_a_made_up_band_flips_on_a_tiny_run(
    two_populations: tuple[list[dict], list[dict]], tmp_path: Path
) -> None:
    a, b = two_populations
    assert [r["seed"] for r in a] == [r["seed"] for r in b]  # paired: the same deals
    target = _disjoint(a, b)  # a band that is A's interval exactly: A inside, B outside
    path = tmp_path / "bands.yaml"
    path.write_text(
        "bands:\n  - figure: seat\n    fair_within: 0.5\n"
        f"  - figure: {target.group}\n    keys: [{target.key}]\n"
        f"    min: {target.lo!r}\n    max: {target.hi!r}\n"
    )
    rep = robust_report(a, b, ["random"], ["heuristic"], load_bands(path))
    assert rep.games == 4 and len(rep.verdicts) == 3  # two seats and the made-up band
    (flip,) = rep.flips
    assert (flip.group, flip.key) == (target.group, target.key)
    assert (flip.verdict_of(flip.a), flip.verdict_of(flip.b)) == ("inside", "outside")
    assert flip.loc == Loc(str(path), 4, 5) and flip.moved is not None
    seats = [v for v in rep.verdicts if v.group == "seat"]
    assert all(v.verdict_of(v.a) == v.verdict_of(v.b) == "inside" for v in seats)
    text = render_text(rep)
    assert "A = random and B = heuristic" in text and "1 of 3 verdict(s) flip" in text
    assert sum(line.lstrip().startswith("FLIP") for line in text.splitlines()) == 1
    assert render_github(rep).startswith(f"::warning file={path},line=4,col=5,title=G003")
    data = rep.to_json()
    assert data["flipped"] == 1 and data["verdicts_from"] == "bands"
    assert {v["verdict_a"] for v in data["verdicts"]} == {"inside"}


def test_without_bands_the_verdicts_are_the_fair_share_flags(
    two_populations: tuple[list[dict], list[dict]],
) -> None:
    a, b = two_populations
    rep = robust_report(a, first_games(b, 2), ["random"], ["heuristic"])
    assert rep.games == 2 and not rep.bands  # only the games both played
    groups = {v.group for v in rep.verdicts}
    assert "seat" in groups and "light" not in groups
    assert {v.verdict_of(v.a) for v in rep.verdicts} <= {"fair", "above", "below", "absent"}


def test_diff_verdicts_flag_a_figure_moved_under_one_population_only() -> None:
    def moved(key: str, yes: bool) -> Moved:
        return Moved("faction", key, Change(0.3, 0.2, -0.1, -0.2, 0.05), 40, 40, yes)

    out = diff_verdicts([moved("a", True), moved("b", False), moved("c", True)],
                        [moved("a", False), moved("b", False)])  # fmt: skip
    assert [(d["key"], d["flipped"]) for d in out] == [("a", True), ("b", False)]
