"""Calibrated keeps (agents/planner/keeps.py): a Luce draw on what restricted play measured, on
the bot's own generator; the planner's own choice for an item the file does not know; a bad
file is one located message; the planner without the option plays exactly as before."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from lastlight.interpreter.agents import bot_names, make_bot, play_game
from lastlight.interpreter.agents.planner import keeps
from lastlight.interpreter.agents.planner.bot import PlannerBot
from lastlight.interpreter.agents.planner.calibrated import CalibratedPlannerBot
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.ruleset import Rules

ACHIEVEMENTS = ["achievement-blue", "achievement-green", "achievement-red", "achievement-yellow"]
PROV = {k: "test" for k in keeps.PROVENANCE_KEYS}


def _around(share: float) -> tuple[float, float]:
    return max(0.0, share - 0.1), min(1.0, share + 0.1)


def _cal(forced: dict[str, float], players: int = 2, sharpness: float = 1.0) -> Any:
    worths = {
        item: keeps.Worth(item, players, share, _around(share), 0.0, (-0.1, 0.1), 100, 100)
        for item, share in forced.items()
    }
    return keeps.KeepCalibration({players: worths}, PROV, sharpness)


def _offer(items: list[str]) -> list[dict[str, Any]]:
    return [{"kind": "keep", "card": item} for item in items]


def test_the_draw_is_deterministic_from_the_generator() -> None:
    cal = _cal(dict(zip(ACHIEVEMENTS, [0.55, 0.46, 0.44, 0.43], strict=True)))
    legal = _offer(ACHIEVEMENTS)

    def draws(seed: int) -> list[str]:
        rng = Rng(seed_state(seed))
        return [cal.choose(2, legal, [0.0] * 4, rng)["card"] for _ in range(200)]

    assert draws(7) == draws(7)
    assert draws(7) != draws(8)
    assert set(draws(7)) == set(ACHIEVEMENTS)  # sharpness 1: each is kept now and then


def test_shares_follow_the_measured_worth_and_sharpness() -> None:
    cal = _cal({"a": 0.6, "b": 0.3})
    assert cal.shares(2, ["a", "b"]) == pytest.approx([2 / 3, 1 / 3])
    assert cal.with_sharpness(2).shares(2, ["a", "b"]) == pytest.approx([0.8, 0.2])
    assert cal.with_sharpness(0).shares(2, ["a", "b"]) == pytest.approx([0.5, 0.5])
    # an id with a copy suffix is the card's id
    assert cal.shares(2, ["a#2", "b"]) == pytest.approx([2 / 3, 1 / 3])


def test_an_item_worth_much_more_is_kept_much_more() -> None:
    cal = _cal({"good": 0.8, "poor": 0.2}, sharpness=2)
    rng = Rng(seed_state(3))
    kept = [cal.choose(2, _offer(["poor", "good"]), [5.0, 0.0], rng)["card"] for _ in range(2000)]
    share = kept.count("good") / len(kept)
    assert 0.9 < share < 0.97  # 16 / 17 = 0.94, whatever the planner's scores say


def test_an_item_the_file_does_not_know_falls_back_to_the_planner() -> None:
    cal = _cal({"a": 0.9, "b": 0.1})
    rng = Rng(seed_state(1))
    # a new card in a designer's pack: the planner's best, every time
    for _ in range(50):
        assert cal.choose(2, _offer(["a", "new-card"]), [0.0, 1.0], rng)["card"] == "new-card"
    # a count the file never measured: the planner's best too
    assert cal.shares(3, ["a", "b"]) is None
    assert cal.choose(3, _offer(["a", "b"]), [0.0, 1.0], rng)["card"] == "b"
    # a tie of the planner's scores breaks on the generator, both ways
    seen = {cal.choose(2, _offer(["x", "y"]), [1.0, 1.0], rng)["card"] for _ in range(50)}
    assert seen == {"x", "y"}


def _setup_keeps(game: Game, bots: list[Any]) -> list[str]:
    """Play the setup's keep decisions; the cards kept."""
    kept = []
    while not game.over:
        legal = game.legal()
        if not all(d["kind"] == "keep" for d in legal):
            break
        seat = game.to_move
        choice = bots[seat].decide(game.view(seat), legal)
        kept.append(choice["card"])
        game.apply(choice)
    return kept


def test_the_calibrated_planner_keeps_what_its_file_says(rules: Rules) -> None:
    """A pack whose green achievement is measured worth far more than the others: the bot keeps
    green far more often than the planner (which never keeps it), and the same seeds keep the
    same cards."""
    cal = _cal(dict(zip(ACHIEVEMENTS, [0.1, 0.9, 0.1, 0.1], strict=True)), sharpness=2)

    def green(seed: int) -> tuple[int, list[str]]:
        game = Game.new(rules, 2, seed, log=False)
        bots = [CalibratedPlannerBot(seed * 10 + p, rules, keeps_file=cal) for p in range(2)]
        kept = _setup_keeps(game, bots)
        return sum(k.startswith("achievement-green") for k in kept), kept

    runs = [green(seed) for seed in range(12)]
    assert sum(n for n, _ in runs) >= 18  # 81 / 84 of 24 seats in expectation
    assert green(5) == runs[5]
    planner = [_setup_keeps(Game.new(rules, 2, s, log=False), [PlannerBot(s, rules)] * 2)
               for s in range(12)]  # fmt: skip
    assert sum(k.startswith("achievement-green") for kept in planner for k in kept) == 0


def test_planner_calibrated_is_a_registered_bot_with_the_shipped_file(rules: Rules) -> None:
    assert "planner_calibrated" in bot_names()
    bot = make_bot("planner_calibrated", 1, rules, references=False)
    assert isinstance(bot, CalibratedPlannerBot)
    assert bot.keeps is keeps.shipped()
    assert make_bot("planner", 1, rules).keeps is None


def test_the_shipped_file_reads_and_round_trips() -> None:
    cal = keeps.shipped()
    assert set(keeps.PROVENANCE_KEYS) <= set(cal.provenance)
    assert sorted(cal.worths) == [2, 3, 4]
    assert {"achievement-blue", "star-nomads"} <= set(cal.worths[2])
    assert "corona-brokers" not in cal.worths[2]  # not dealt at 2 players: absent
    assert keeps.dump_text(cal) == keeps.SHIPPED_PATH.read_text(encoding="utf-8")


def test_the_planner_without_the_option_plays_as_before(rules: Rules) -> None:
    """All-planner games pinned from the code before the option existed (the same digests as
    `PlannerBot` at commit 5b20a09): `keeps=None` changes nothing. The 4-player game was
    pinned again when Field Repairs' cost changed (the content, not the bot: it manufactured
    Field Repairs at one common), and again when the 4-player setup put a deep space token on
    h2's door (d6), and again when Shard Mercantile (dealt in it) lost a second common at 4
    players and the planner learned to value `lose`; the 2-player game kept its digest through
    all three."""
    pinned = {
        (2, 5): ("e0d371b3254c79c85116aae09e22dbe27be90c3d398ff7f930caecb89e825768", 203),
        (4, 6): ("540c3aeee20beeb4ac167726aae5e0f9b5bf0eb64f7ec1ac0816eeaab582f875", 303),
    }
    for (n, seed), (digest, moves) in pinned.items():
        bots = [PlannerBot(seed * 10 + p, rules) for p in range(n)]
        game = play_game(Game.new(rules, n, seed, log=False), bots)
        assert (hashlib.sha256(game.to_json().encode()).hexdigest(), len(game.history)) == (
            digest,
            moves,
        )


GOOD = """provenance: {command: c, seeds: s, games: g, date: d}
sharpness: 2
counts:
  2:
    star-nomads: {forced: 0.47, forced_interval: [0.375, 0.567], change: 0.0, change_interval: [0.0, 0.0], pairs: 100, deals: 524}
"""  # noqa: E501


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("forced: 0.47", "forced: 1.47", r"k\.yaml:5:27: forced is a share .*, got 1\.47"),
        ("forced: 0.47", "forced: high", r"k\.yaml:5:27: forced is a share .*, got 'high'"),
        ("[0.375, 0.567]", "[0.567, 0.375]", r"k\.yaml:5:50: forced_interval is \[low, high\]"),
        ("pairs: 100", "pairs: -1", r"k\.yaml:5:\d+: pairs is a whole number"),
        ("pairs: 100, ", "", r"k\.yaml:5:18: star-nomads: 'pairs' is missing"),
        ("deals: 524", "deals: 524, luck: 1", r"k\.yaml:5:\d+: star-nomads: unknown key 'luck'"),
        ("date: d", "dated: d", r"k\.yaml:1:\d+: provenance needs command, seeds, games, date"),
        ("sharpness: 2", "sharpness: -1", r"k\.yaml:2:12: sharpness .* >= 0"),
        ("sharpness: 2", "sharpnes: 2", r"k\.yaml:2:1: unknown key 'sharpnes'"),
        ("  2:", "  two:", r"k\.yaml:4:3: 'two' is not a player count"),
        ("  2:", "  2: []\n  3:", r"k\.yaml:4:6: 2 players: map item ids"),
        ("sharpness: 2\n", "sharpness: 2\n\tbad: 1\n", r"k\.yaml:3:1: .*tab"),
    ],
)
def test_a_bad_file_is_one_located_message(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    assert old in GOOD
    path = tmp_path / "k.yaml"
    path.write_text(GOOD.replace(old, new, 1))
    with pytest.raises(keeps.KeepsError, match=message):
        keeps.parse(path)


def test_a_good_file_reads(tmp_path: Path) -> None:
    path = tmp_path / "k.yaml"
    path.write_text(GOOD)
    cal = keeps.parse(path)
    w = cal.worth(2, "star-nomads")
    assert w is not None and w.forced == 0.47 and w.worth_fair_share
    assert cal.sharpness == 2.0 and cal.worth(3, "star-nomads") is None


def test_a_missing_file_is_a_clear_message(tmp_path: Path) -> None:
    with pytest.raises(keeps.KeepsError, match=r"nope\.yaml.*cannot read"):
        keeps.parse(tmp_path / "nope.yaml")


def test_restrict_summaries_make_a_calibration() -> None:
    """`lastlight restrict --format json` summaries: an item with no pairs (not dealt) and a
    `--never` run are left out; a t interval past +-1 on few pairs is clipped."""
    base = {"players": 2, "mode": "keep", "pairs": 2, "deals": 9, "forced_share": 0.5,
            "forced_interval": [0.0945, 0.9055], "change": 0.5,
            "change_interval": [-5.8531, 6.8531]}  # fmt: skip
    summaries = [
        {**base, "item": "a"},
        {**base, "item": "b", "pairs": 0},
        {**base, "item": "c", "mode": "never"},
    ]
    cal = keeps.from_summaries(summaries, PROV, 3.0)
    assert list(cal.worths[2]) == ["a"]
    w = cal.worth(2, "a")
    assert w is not None and w.change_interval == (-1.0, 1.0) and w.forced == 0.5
    assert cal.sharpness == 3.0
