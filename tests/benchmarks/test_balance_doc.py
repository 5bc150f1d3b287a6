"""benchmarks/balance_doc.py: the technology reasons section lists only the designs beyond the
gap in the sweep being documented, each with its reason (or a line saying none is recorded)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.spec import load_rules

from tests.benchmarks.scripts import load_script


def _doc() -> ModuleType:
    return load_script("balance_doc")


def _rows(design: str, held_wins: int, held: int, other_wins: int, others: int) -> list[Any]:
    rows = [{"winner": i < held_wins, "techs_in_play": [f"{design}#1", "shipyards#1"]}
            for i in range(held)]  # fmt: skip
    rows += [{"winner": i < other_wins, "techs_in_play": ["shipyards#2"]} for i in range(others)]
    return rows


def test_only_designs_beyond_the_gap_get_a_reason_line() -> None:
    doc = _doc()
    # fortress-worlds holders win 60% against 30%: listed; shipyards is held by everyone
    rows = _rows("fortress-worlds", 24, 40, 30, 100)
    listed = [g[0] for g in doc.listed_gaps(rows)]
    assert listed == ["fortress-worlds"]
    lines = doc.tech_reasons(doc.listed_gaps(rows))
    text = "\n".join(lines)
    assert "`fortress-worlds` (+30.0 points; holders 60.0% [" in text
    assert doc.TECH_REASONS["fortress-worlds"] in text
    # a small gap is not listed and prints nothing
    assert doc.tech_reasons(doc.listed_gaps(_rows("fortress-worlds", 13, 40, 30, 100))) == []


def test_too_few_holders_are_not_listed() -> None:
    doc = _doc()
    assert doc.listed_gaps(_rows("fortress-worlds", 20, 20, 30, 100)) == []


def test_a_design_without_a_reason_says_so() -> None:
    doc = _doc()
    gap = [("no-such-design", 0.6, 0.3, 0.3, 40)]
    assert "no reason recorded yet" in "\n".join(doc.tech_reasons(gap))


def test_every_reason_names_a_technology_of_the_pack() -> None:
    rules = load_rules(str(content_dir()))
    techs = {cid for cid, c in rules.cards.items() if c.kind == "technology"}
    reasons = _doc().TECH_REASONS
    assert reasons
    assert set(reasons) <= techs, set(reasons) - techs


def test_two_bots_on_the_same_pack_name_both_columns(tmp_path: Path) -> None:
    import argparse

    from lastlight.interpreter.tools.lab.rows import read_results, to_table, write_results
    from lastlight.interpreter.tools.lab.run import run_sweep
    from lastlight.interpreter.tools.lab.spec import SimSpec

    doc = _doc()
    args = argparse.Namespace(
        games=2000, seed=1, bot="sweep", before_bot="planner", before_games=2000, before_seed=1
    )
    header = "\n".join(doc._header(args))
    assert "two bots' sweeps: after, all-sweep sweeps `--games 2000 --seed 1`" in header
    assert "all-planner sweeps of the same pack" in header and "(the same seeds)" in header
    spec = SimSpec(str(content_dir().resolve()), (2,), ("random",), 4, 0, 4)
    path = tmp_path / "rows.parquet"
    write_results(to_table(run_sweep(spec, 1), {"content": spec.content}), path)
    rows, _ = read_results(path)
    lines = doc._section(2, rows, rows, ("planner", "sweep"))
    assert "| Figure | planner | sweep | sweep within target? |" in lines
    assert "| Source | planner | sweep |" in lines
    assert "Fair share 50.0%. Games: planner 4, sweep 4." in lines
