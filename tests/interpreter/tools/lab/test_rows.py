"""Parquet with an explicit schema and provenance, CSV on request, safe writes."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest
from lastlight.interpreter.tools.lab.rows import SCHEMA, read_results, to_table, write_results


def test_parquet_round_trip_with_provenance(base_rows: list, tmp_path: Path) -> None:
    path = tmp_path / "r.parquet"
    write_results(to_table(base_rows[:40], {"seed": 11, "content_digest": "abc"}), path)
    assert pq.read_schema(path).remove_metadata() == SCHEMA
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


def test_read_rejects_other_parquet(tmp_path: Path) -> None:
    import pyarrow as pa

    path = tmp_path / "other.parquet"
    pq.write_table(pa.table({"x": [1]}), path)
    with pytest.raises(ValueError, match="not a lastlight sim file"):
        read_results(path)
