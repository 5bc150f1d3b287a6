"""benchmarks/keep_shares.py: the deal re-made from a row's game seed offers the seat what it
kept, so kept <= offered for every item, and the seats add up."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.rows import to_table, write_results
from lastlight.interpreter.tools.lab.run import run_sweep
from lastlight.interpreter.tools.lab.spec import SimSpec

from tests.benchmarks.scripts import load_script


def _module() -> ModuleType:
    return load_script("keep_shares")


@pytest.mark.slow
def test_kept_items_were_offered(tmp_path: Path) -> None:
    spec = SimSpec(str(content_dir().resolve()), (2, 4), ("random",), 3, 0, 6)
    path = tmp_path / "rows.parquet"
    write_results(to_table(run_sweep(spec, 1), {"content": spec.content}), path)
    out = _module().shares(path, "random")
    assert out
    for _n, _kind, item, _seats, offered, kept in out:
        assert 0 <= kept <= offered, item
    for n, seats in ((2, 6), (4, 12)):  # 3 games at each count
        for kind in ("faction", "achievement"):
            rows = [r for r in out if r[0] == n and r[1] == kind]
            assert sum(r[5] for r in rows) == seats  # every seat kept one, and it was offered
            assert all(r[3] == seats for r in rows)


def test_a_missing_recorded_pack_asks_for_content(tmp_path: Path) -> None:
    """Rows whose recorded content folder is gone get one line naming --content, no traceback;
    with --content the same rows are read."""
    played = SimSpec(str(content_dir().resolve()), (2,), ("random",), 1, 0, 1)
    path = tmp_path / "rows.parquet"
    write_results(to_table(run_sweep(played, 1), {"content": str(tmp_path / "gone")}), path)
    mod = _module()
    with pytest.raises(SystemExit) as err:
        mod.main([str(path), "--bot", "random"])
    assert "--content" in str(err.value) and "gone" in str(err.value)
    assert mod.main([str(path), "--bot", "random", "--content", str(content_dir())]) == 0
