"""Small shared sweeps for the balance-lab tests (played once per session)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.run import run_sweep
from lastlight.interpreter.tools.lab.spec import SimSpec


class First:
    """A stub bot for restricted play's tests: takes whatever is offered first and records
    what it was asked."""

    needs_observation = False
    rules = None

    def __init__(self) -> None:
        self.asked: list[list[dict[str, Any]]] = []

    def decide(self, obs: Any, legal: list[dict[str, Any]]) -> dict[str, Any]:
        self.asked.append(legal)
        return legal[0]


#: Paired games for the planted change. The shipped pack is balanced (issue 12), so the lab tests
#: play a copy in which Star Nomads have their old lopsided bonus back (small ships +1 movement;
#: ~85% of the Nomads' games) and plant its removal. At 120 games (~33 Star Nomads games) the
#: interval touched 0 once the seat setups moved; at 160 (41 games, -39 points, unadjusted
#: interval -59 to -15) it was no longer "moved" at the family-wise level once Verdant Choir and
#: Shard Mercantile changed; 240 games give the test the power it needs.
PAIRED_GAMES = 240
STRONG = '      - "your small ships get +1 movement"\n'
#: The shipped Star Nomads' effects, replaced whole by STRONG in the strong pack.
NOMADS = (
    '      - "your medium ships get +1 movement"\n'
    '      - "your large ships get +1 movement"\n'
    '      - "your medium ships get +1 attack"\n'
)


def spec_for(content: Path | str, games: int, **kw: object) -> SimSpec:
    return SimSpec(str(content), stop=games, **kw)  # type: ignore[arg-type]


def _copy_with(root: Path, old: str, new: str) -> Path:
    shutil.copytree(content_dir(), root)
    factions = root / "factions.yaml"
    text = factions.read_text()
    assert text.count(old) == 1, f"the planted change no longer applies to factions.yaml: {old!r}"
    factions.write_text(text.replace(old, new))
    return root


@pytest.fixture(scope="session")
def strong_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the shipped pack in which Star Nomads' ships all move one more."""
    root = tmp_path_factory.mktemp("strong") / "content"
    return _copy_with(root, NOMADS, STRONG)


@pytest.fixture(scope="session")
def planted_pack(strong_pack: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The strong pack with Star Nomads' movement bonus removed."""
    root = tmp_path_factory.mktemp("planted") / "content"
    shutil.copytree(strong_pack, root)
    factions = root / "factions.yaml"
    factions.write_text(factions.read_text().replace(STRONG, STRONG.replace("+1", "+0")))
    return root


@pytest.fixture(scope="session")
def base_rows(strong_pack: Path) -> list[dict]:
    return run_sweep(spec_for(strong_pack, PAIRED_GAMES, seed=11), 2)


@pytest.fixture(scope="session")
def planted_rows(planted_pack: Path) -> list[dict]:
    return run_sweep(spec_for(planted_pack, PAIRED_GAMES, seed=11), 2)
