"""Parquet with an explicit schema and provenance, CSV on request, safe writes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
from lastlight.interpreter.tools.lab.rows import (
    read_results,
    schema,
    to_table,
    write_results,
    write_rows_csv,
)


def test_parquet_round_trip_with_provenance(base_rows: list, tmp_path: Path) -> None:
    path = tmp_path / "r.parquet"
    write_results(to_table(base_rows[:40], {"seed": 11, "content_digest": "abc"}), path)
    assert pq.read_schema(path).remove_metadata() == schema()
    rows, meta = read_results(path)
    assert rows == base_rows[:40] and meta == {"seed": 11, "content_digest": "abc"}
    pandas = pytest.importorskip("pandas")
    frame = pandas.read_parquet(path)
    assert len(frame) == 40 and frame["light"].sum() == sum(r["light"] for r in base_rows[:40])


def test_csv_and_failed_write_keeps_the_old_file(base_rows: list, tmp_path: Path) -> None:
    path = tmp_path / "r.csv"
    write_results(to_table(base_rows[:8]), path)
    lines = path.read_text().splitlines()
    assert lines[0].startswith('"game","seed","players","seat"') and len(lines) == 9
    good = tmp_path / "good.parquet"
    write_results(to_table(base_rows[:4]), good)
    before = good.read_bytes()
    bad = [dict(base_rows[0], light="lots")]
    with pytest.raises(Exception):  # noqa: B017 (pyarrow raises its own conversion errors)
        write_results(to_table(bad), good)
    assert good.read_bytes() == before
    assert not list(tmp_path.glob("*.partial"))


def test_the_csv_writer_without_arrow_writes_arrow_s_bytes(base_rows: list, tmp_path: Path) -> None:
    """`lastlight sim -o x.csv` writes its rows without Arrow arrays (no pandas import): the
    file is byte for byte the one written from the Arrow table of the same rows, odd values
    included (the writer was checked against Arrow's own CSV writer when it replaced it)."""
    odd = dict(base_rows[0], first_action=None, faction='a "quoted", name', light_by_card=[])
    odd.update(techs_manufactured=[], actions_played=None, light_by_round=None, home="é")
    rows = [*base_rows[:30], odd]
    arrow, ours = tmp_path / "arrow.csv", tmp_path / "ours.csv"
    write_results(to_table(rows), arrow)
    write_rows_csv(rows, ours)
    assert ours.read_bytes() == arrow.read_bytes()
    assert b'""quoted""' in ours.read_bytes()


def test_a_csv_sweep_never_imports_pandas(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from lastlight.cli.main import main\n"
        "try:\n"
        f"    main(['sim', '--games', '2', '--bots', 'random', '-o', r'{tmp_path / 'r.csv'}'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('pandas' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip().splitlines()[-1] == "False", done.stderr
    assert (tmp_path / "r.csv").read_text().count("\n") == 9


def test_read_rejects_other_parquet(tmp_path: Path) -> None:
    import pyarrow as pa

    path = tmp_path / "other.parquet"
    pq.write_table(pa.table({"x": [1]}), path)
    with pytest.raises(ValueError, match="not a lastlight sim file"):
        read_results(path)


def _fake_game(rules: Any, log: list[dict]) -> object:
    """The little of a finished two-player game that `game_rows` reads (through its view)."""
    from types import SimpleNamespace

    from lastlight.interpreter.engine.view import SeatView

    player = {"faction": "", "ach": "", "civ": [], "ability": {}, "mods": {}}
    gains = [e for e in log if e["event"] == "gain"]
    light = [sum(e["n"] for e in gains if e["player"] == p) for p in (0, 1)]
    state = {
        "n": 2,
        "round": 5,
        "homes": ["h0", "h2"],
        "players": [dict(player, light=light[0]), dict(player, light=light[1])],
        "stalled": False,
    }
    setup = {"round": 1, "event": "setup", "first": 0}
    return SimpleNamespace(
        view=lambda seat, live=False: SeatView(rules, state), log=[setup, *log], winners=[]
    )


def test_claim_light_a_fight_let_through_is_blockade_light() -> None:
    """A claim for a planet whose sector saw another side's ship destroyed since the claimer's
    previous claim counts as `blockade`; the rest of the claim stays `claims`; once claimed, the
    fight no longer counts; a destroyed extractor or one's own ship is no broken blockade."""
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.load.paths import content_dir
    from lastlight.interpreter.pipeline import load_pack_or_raise
    from lastlight.interpreter.tools.lab.rows import SOURCES, game_rows

    rules = Rules.from_pack(load_pack_or_raise(content_dir()))
    claim = "action:refresh"
    log = [
        {"event": "destroyed", "player": 0, "unit": "p1-small-1", "owner": 1, "sector": "i0"},
        {"event": "destroyed", "player": 1, "unit": "p0-small-2", "owner": 0, "sector": "o2"},
        {"event": "destroyed", "player": 1, "unit": "p0-x-1", "owner": 0, "sector": "o3"},
        {"event": "gain", "player": 0, "what": "light", "n": 5, "source": claim,
         "sectors": {"i0": 2, "o2": 1, "o3": 1, "o4": 1}},
        {"event": "gain", "player": 1, "what": "light", "n": 1, "source": claim,
         "sectors": {"o2": 1}},
        {"event": "gain", "player": 0, "what": "light", "n": 2, "source": claim,
         "sectors": {"i0": 2}},
    ]  # fmt: skip
    rows = game_rows(rules, _fake_game(rules, log), 0, 1, ["planner", "planner"])  # type: ignore[arg-type]
    assert [r["light_blockade"] for r in rows] == [2, 1]
    assert [r["light_claims"] for r in rows] == [5, 0]
    for r in rows:
        assert sum(r[f"light_{s}"] for s in SOURCES) == r["light"]
    from lastlight.interpreter.tools.lab.figures import summarize

    decides = next(f for f in summarize(rows) if (f.group, f.key) == ("light", "combat decides"))
    assert decides.value == 1.5  # (2 + 1) blockade light over two players, no graveyard/combat


def test_files_without_the_blockade_column_still_read(base_rows: list, tmp_path: Path) -> None:
    path = tmp_path / "old.parquet"
    table = to_table(base_rows[:6])
    pq.write_table(table.drop_columns(["light_blockade"]), path)
    rows, _meta = read_results(path)
    assert [r["light_blockade"] for r in rows] == [0] * 6
    assert [r["light_claims"] for r in rows] == [r["light_claims"] for r in base_rows[:6]]
