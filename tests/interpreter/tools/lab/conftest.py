"""Small shared sweeps for the balance-lab tests (played once per session)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.run import run_sweep
from lastlight.interpreter.tools.lab.spec import SimSpec

#: Paired games for the planted change: Star Nomads wins ~85% of its games in the shipped pack
#: and about a fair share without its movement bonus, so ~20 Star Nomads games already show it.
PAIRED_GAMES = 80


def spec_for(content: Path | str, games: int, **kw: object) -> SimSpec:
    return SimSpec(str(content), stop=games, **kw)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def planted_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the shipped pack with Star Nomads' movement bonus removed."""
    root = tmp_path_factory.mktemp("planted") / "content"
    shutil.copytree(content_dir(), root)
    factions = root / "factions.yaml"
    text = factions.read_text()
    old = "      - your small ships get +1 movement\n"
    assert text.count(old) == 1, "the planted change no longer applies to factions.yaml"
    factions.write_text(text.replace(old, "      - your small ships get +0 movement\n"))
    return root


@pytest.fixture(scope="session")
def base_rows() -> list[dict]:
    return run_sweep(spec_for(content_dir(), PAIRED_GAMES, seed=11), 2)


@pytest.fixture(scope="session")
def planted_rows(planted_pack: Path) -> list[dict]:
    return run_sweep(spec_for(planted_pack, PAIRED_GAMES, seed=11), 2)
