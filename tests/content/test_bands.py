"""The shipped pack's balance bands (content/balance/bands.yaml): they load, lint leaves them out
of the pack, and they catch the outliers issue 12 measured (and pass a fair figure)."""

from __future__ import annotations

from lastlight.interpreter.load.pack import discover
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.bands import check, load_bands
from lastlight.interpreter.tools.lab.figures import Figure
from lastlight.interpreter.tools.lab.stats import wilson

BANDS = content_dir() / "balance" / "bands.yaml"


def _share(group: str, key: str, wins: int, n: int, fair: float) -> Figure:
    lo, hi = wilson(wins, n)
    return Figure(group, key, wins / n, lo, hi, n, wins, fair)


def test_bands_load_and_stay_out_of_the_pack() -> None:
    bands = load_bands(BANDS)
    assert {b.figure for b in bands} >= {"seat", "first player", "faction", "achievement"}
    assert BANDS not in discover(content_dir())


def test_bands_catch_an_outlier_and_pass_a_fair_figure() -> None:
    bands = load_bands(BANDS)
    nomads = _share("faction", "star-nomads", 462, 550, 0.25)  # 84% at 4 players, before
    fair = _share("faction", "iron-tide", 140, 550, 0.25)
    seat = _share("seat", "seat 0 (2p)", 1160, 2000, 0.5)  # 58%: outside fair ± 4
    breaches = check(bands, [nomads, fair, seat], {})
    assert {b.figure.key for b in breaches} == {"star-nomads", "seat 0 (2p)"}


def test_seat_bands_catch_the_seats_measured_before_the_seat_work() -> None:
    """Every seat at ± 4. 3 players: seat 2 at 41.2% (before the first seat work) and seat 0 at
    41.0% (the first setup under the retuned planner) breach; today's lowest (30.4%, with i2 rare)
    and highest (35.3%) hold, and so does 29.1% (h0 before i2 took a rare token: under the target,
    but its interval 27.2-31.1% reaches the band). 4 players: seat 3 at 39.4% (before) and the
    first seat work's seat 2 at 19.1% breach; seat 3 at 30.0% (the pack before the fourth factions
    pass: over the target, but its interval 28.0-32.0% still reaches the band, and a band fails
    only on a whole interval outside) holds, as do today's seat 3 at 26.9% and seat 2 at 24.2%."""
    bands = load_bands(BANDS)
    before3 = _share("seat", "seat 2 (3p)", 824, 2000, 1 / 3)
    retuned3 = _share("seat", "seat 0 (3p)", 820, 2000, 1 / 3)
    low3 = _share("seat", "seat 0 (3p)", 609, 2000, 1 / 3)
    high3 = _share("seat", "seat 1 (3p)", 706, 2000, 1 / 3)
    under3 = _share("seat", "seat 0 (3p)", 582, 2000, 1 / 3)
    before4 = _share("seat", "seat 3 (4p)", 788, 2000, 0.25)
    third4 = _share("seat", "seat 3 (4p)", 600, 2000, 0.25)
    loose4 = _share("seat", "seat 2 (4p)", 382, 2000, 0.25)
    high4 = _share("seat", "seat 3 (4p)", 537, 2000, 0.25)
    low4 = _share("seat", "seat 2 (4p)", 484, 2000, 0.25)
    figures = [before3, retuned3, low3, high3, under3, before4, third4, loose4, high4, low4]
    breaches = check(bands, figures, {})
    assert [b.figure for b in breaches] == [before3, retuned3, before4, loose4]
