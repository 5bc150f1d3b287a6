"""weights.yaml: every number the planner scores with, read once and checked; the
planner's modules read exactly its names; a bad file is one located message; a file written by
`dump_text` reads back the same weights."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lastlight.interpreter.agents.planner import weights as pw
from lastlight.interpreter.agents.planner.bot import PlannerBot
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules

BOTS = Path(pw.__file__).parent
READERS = ("bot.py", "seat.py", "fleet.py", "valuation.py")


def test_the_planner_reads_every_weight_and_no_other() -> None:
    """Names read as `w.NAME` (or `s.w.NAME`, `ctx.w.NAME`, `SHIPPED.NAME`), tables as
    `w.TABLE` or `w.TABLE["key"]`/`.get(key`: each is in the file, and each file name is read."""
    text = "\n".join((BOTS / name).read_text() for name in READERS)
    read = set(re.findall(r"\b(?:w|SHIPPED)\.([A-Z][A-Z0-9_]*)", text))
    shipped = pw.shipped()
    tables = {name.partition(".")[0] for name in shipped.entries if "." in name}
    scalars = {name for name in shipped.entries if "." not in name}
    assert read - scalars - tables == set(), "read by the planner, missing from the file"
    assert scalars - read == set(), "in the file, never read"
    assert tables - read == set(), "tables in the file, never read"


def test_the_shipped_file_round_trips_and_is_in_range() -> None:
    shipped = pw.shipped()
    for w in shipped.entries.values():
        assert w.lo <= w.value <= w.hi, w.name
    assert set(pw.PROVENANCE_KEYS) <= set(shipped.provenance)
    assert pw.dump_text(shipped) == pw.SHIPPED_PATH.read_text(encoding="utf-8")


def test_a_written_file_reads_back_the_same_numbers(tmp_path: Path) -> None:
    shipped = pw.shipped()
    tiny = {"FAR": 0.2 + 1e-13, "TARGET_MIN": 1e-05, "REACH": 5, "EVENT_RATE.draw": 1 / 3}
    new = shipped.with_values(tiny, {k: "x" for k in pw.PROVENANCE_KEYS})
    path = tmp_path / "w.yaml"
    path.write_text(pw.dump_text(new))
    back = pw.load(path)
    assert back.values() == new.values()
    assert back.REACH == 5 and isinstance(back.REACH, int)
    assert back.EVENT_RATE["draw"] == 1 / 3


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = pw.SHIPPED_PATH.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("  FAR: {value: 0.55", "  FARR: {value: 0.55", r"bad\.yaml:11:3: unknown weight 'FARR'"),
        ("  FAR: {value: 0.55", "  FAR: {value: .nan", r"bad\.yaml:11:\d+: FAR: .* not a finite"),
        ("  FAR: {value: 0.55", "  FAR: {value: 0.95", r"FAR = 0\.95 is outside its range"),
        ("  FAR: {value: 0.55", "  FAR: {value: high", r"FAR: 'high' is not a number"),
        ("  REACH: {value: 4,", "  REACH: {value: 4.5,", r"REACH: 4\.5 is not a whole number"),
        ("  date: ", "  dated: ", r"bad\.yaml:4:3: provenance needs"),
    ],
)
def test_a_bad_file_is_one_located_message(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    with pytest.raises(pw.WeightsError, match=message):
        pw.load(_broken(tmp_path, old, new))


def test_a_missing_weight_is_named(tmp_path: Path) -> None:
    text = pw.SHIPPED_PATH.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.startswith("  FAR:")]
    path = tmp_path / "short.yaml"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(pw.WeightsError, match="weight 'FAR' is missing"):
        pw.load(path)


def test_two_planners_with_different_weights_share_a_game(rules: Rules) -> None:
    """Weights belong to a bot, not to a module: a planner that values neither Refresh nor
    Research plays other decisions than the shipped one on the same seed, and the shipped
    planner's decisions are unchanged by sitting beside it."""
    low = pw.shipped().with_values(
        {"CLAIM_WEIGHT": 0.5, "RESEARCH_WEIGHT": 0.6}, {"command": "test"}
    )

    def decisions(weights: pw.Weights) -> list[object]:
        game = Game.new(rules, 2, 7, log=False)
        bots = [PlannerBot(1, rules, weights), PlannerBot(2, rules)]
        out = []
        while not game.over and len(out) < 60:
            seat = game.to_move
            choice = bots[seat].decide(game.view(seat), game.legal())
            out.append(choice)
            game.apply(choice)
        return out

    assert decisions(pw.shipped()) != decisions(low)
    assert decisions(pw.shipped()) == decisions(pw.shipped())
