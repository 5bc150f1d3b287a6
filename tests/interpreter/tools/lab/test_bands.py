"""`--check bands.yaml`: a band that holds passes, a broken one fails at the item's file:line."""

from __future__ import annotations

from pathlib import Path

import pytest
from lastlight.interpreter.load.errors import Loc
from lastlight.interpreter.tools.lab.bands import BandsError, check, load_bands, render
from lastlight.interpreter.tools.lab.figures import Figure


def _bands(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bands.yaml"
    path.write_text(text)
    return path


FIGS = [
    Figure("faction", "star-nomads", 0.82, 0.70, 0.90, 60, 49, 0.25),
    Figure("faction", "iron-tide", 0.20, 0.12, 0.31, 60, 12, 0.25),
    Figure("game", "rounds", 16.0, 15.5, 16.5, 100),
]
LOCS = {"star-nomads": Loc("content/factions.yaml", 50, 5)}


def test_broken_band_fails_at_the_item(tmp_path: Path) -> None:
    bands = load_bands(_bands(tmp_path, "bands:\n  - figure: faction\n    fair_within: 0.10\n"))
    breaches = check(bands, FIGS, LOCS)
    assert [b.figure.key for b in breaches] == ["star-nomads"]  # iron-tide's interval overlaps
    out = render(breaches, "github")
    assert out.startswith("::error file=content/factions.yaml,line=50,col=5,title=G001")
    assert "82.0%25" in out  # '%' escaped for the workflow command
    assert render(breaches, "text").startswith("content/factions.yaml:50:5: error G001:")


def test_band_that_holds_passes_and_game_bands(tmp_path: Path) -> None:
    text = "bands:\n  - figure: faction\n    keys: [iron-tide]\n    fair_within: 0.10\n"
    assert check(load_bands(_bands(tmp_path, text)), FIGS, LOCS) == []
    text = "bands:\n  - figure: game\n    keys: [rounds]\n    min: 5\n    max: 12\n"
    (breach,) = check(load_bands(_bands(tmp_path, text)), FIGS, LOCS)
    assert breach.loc == Loc(str(tmp_path / "bands.yaml"), 2, 5)  # no item: the band's line


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nothing: 1\n", "a list under 'bands:'"),
        ("bands:\n  - figure: factions\n    min: 0\n", ":2:13: figure must be one of"),
        ("bands:\n  - figure: faction\n", "needs min, max or fair_within"),
        ("bands:\n  - figure: game\n    fair_within: 0.1\n", "fair_within is for win shares"),
        ("bands:\n  - figure: seat\n    max: high\n", ":3:10: max must be a number"),
        ("bands:\n  - figure: seat\n    maxx: 1\n", "unknown band field 'maxx'"),
        ("bands: [\n", "error"),
    ],
)
def test_bad_bands_file_is_located(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(BandsError, match=message):
        load_bands(_bands(tmp_path, text))
