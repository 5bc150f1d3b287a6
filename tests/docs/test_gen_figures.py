"""docs/gen_figures.py: docs/figures.md is what docs/figures.yaml generates (a stale page fails),
and a figure without its command or conditions is refused with its place."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


def _gen() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_figures", ROOT / "docs/gen_figures.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_figures_md_is_generated_from_figures_yaml() -> None:
    gen = _gen()
    data = yaml.safe_load((ROOT / "docs/figures.yaml").read_text(encoding="utf-8"))
    committed = (ROOT / "docs/figures.md").read_text(encoding="utf-8")
    assert committed == gen.render(data), "stale: run python docs/gen_figures.py"


def test_check_mode_passes_on_the_committed_page() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "docs/gen_figures.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_every_figure_has_a_command_and_each_cell_one_line() -> None:
    gen = _gen()
    data = yaml.safe_load((ROOT / "docs/figures.yaml").read_text(encoding="utf-8"))
    page = gen.render(data)
    rows = [line for line in page.splitlines() if line.startswith("| ") and "---" not in line]
    figures = sum(len(s["figures"]) for s in data["sections"])
    assert len(rows) == figures + len(data["sections"])  # a header row per section
    assert all(line.count(" | ") == 3 for line in rows)


@pytest.mark.parametrize("drop", ["command", "conditions", "figure"])
def test_a_figure_without_a_key_is_refused_with_its_place(drop: str) -> None:
    gen = _gen()
    figure = {"what": "w", "figure": "1", "command": "c", "conditions": "x"}
    del figure[drop]
    data = {"intro": "i", "sections": [{"title": "Speed", "figures": [figure]}]}
    with pytest.raises(gen.FiguresError, match=rf"section 1 \(Speed\), figure 1: missing {drop}"):
        gen.render(data)


def test_a_pipe_in_a_figure_does_not_break_the_table() -> None:
    gen = _gen()
    figure = {"what": "a | b", "figure": "1", "command": "c", "conditions": "x"}
    page = gen.render({"intro": "i", "sections": [{"title": "T", "figures": [figure]}]})
    assert "| a \\| b | 1 | `c` | x |" in page
