"""The sweep bot and its learned value: the value file's errors, the model's chances, the
features of a real position, and the bot (searches only action cards, same seeds same game)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.agents.search.rollout import PlannerPolicy, rollout, values
from lastlight.interpreter.agents.search.sweep import COUNTS, SweepBot, parse_counts, parse_kinds
from lastlight.interpreter.agents.search.value import (
    FEATURES,
    ValueFileError,
    ValueModel,
    features,
    load_model,
)
from lastlight.interpreter.engine.errors import EngineError
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.ruleset import Rules

from tests.engine_build import pure_core_only


def test_shipped_model_has_the_counts_the_bot_searches_and_its_provenance() -> None:
    model = load_model()
    assert model.features == FEATURES
    assert set(model.weights) >= COUNTS
    for n in model.weights:  # one provenance record per count
        assert "fit_value.py" in model.provenance[n]["command"]
        assert model.provenance[n]["judged"]["positions"] > 0


def test_win_chances_are_a_distribution_that_rewards_light() -> None:
    w = [0.0] * len(FEATURES)
    w[FEATURES.index("light")] = 0.5
    model = ValueModel(FEATURES, {3: tuple(w)}, {})
    base = [0.0] * len(FEATURES)
    ahead = list(base)
    ahead[FEATURES.index("light")] = 4.0
    chances = model.win_chances([ahead, base, base])
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1] == pytest.approx(chances[2])
    with pytest.raises(ValueFileError, match="no weights for 2 players"):
        model.win_chances([base, base])


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "value.yaml"
    path.write_text(text)
    return path


def test_a_file_missing_a_feature_names_its_line(tmp_path: Path) -> None:
    rows = "\n".join(f"    {f}: 0.1" for f in FEATURES[:-1])
    feats = "\n".join(f"- {f}" for f in FEATURES)
    path = _write(tmp_path, f"features:\n{feats}\nweights:\n  2:\n{rows}\n")
    with pytest.raises(ValueFileError, match=r"value\.yaml:\d+:\d+: weights for 2 players"):
        load_model(path)


def test_a_file_of_other_features_asks_for_a_refit(tmp_path: Path) -> None:
    path = _write(tmp_path, "features: [light]\nweights:\n  2: {light: 1.0}\n")
    with pytest.raises(ValueFileError, match=r"refit with benchmarks/fit_value\.py"):
        load_model(path)


def test_broken_yaml_names_the_place(tmp_path: Path) -> None:
    path = _write(tmp_path, "features: [light\n")
    with pytest.raises(ValueFileError, match=r"value\.yaml:\d+:\d+"):
        load_model(path)


def test_features_and_learned_values_of_a_real_position(rules: Rules) -> None:
    game = Game.new(rules, 2, 5, log=False)
    bots = [make_bot("planner", p, rules) for p in range(2)]
    for _ in range(80):  # into the game, past the keeps
        p = game.to_move
        assert p is not None
        game.apply(bots[p].decide(game.view(p), game.legal()))
    view = game.view(ALL, live=True)
    rows = [features(view, p) for p in range(2)]
    assert all(len(r) == len(FEATURES) for r in rows)
    assert [r[FEATURES.index("light")] for r in rows] == [pl.light for pl in view.players]
    chances = values(game, "learned")
    assert sum(chances) == pytest.approx(1.0)
    assert all(0.0 < c < 1.0 for c in chances)


def _seat0_decisions(
    rules: Rules, bot: Any, players: int, seed: int, steps: int, others_seed: int
) -> Iterator[tuple[list[dict], dict]]:
    """Play `bot` in seat 0 against planners for `steps` decisions; yield seat 0's legal
    options and its choice at each of its decisions."""
    others = [make_bot("planner", others_seed + p, rules) for p in range(players)]
    game = Game.new(rules, players, seed, log=False)
    while not game.over and len(game.history) < steps:
        seat = game.to_move
        assert seat is not None
        legal = game.legal()
        if seat == 0:
            decision = bot.decide(game.view(0), legal)
            yield legal, decision
        else:
            decision = others[seat].decide(game.view(seat), legal)
        assert decision in legal
        game.apply(decision)


def test_sweep_bot_searches_only_action_cards(rules: Rules) -> None:
    bot = make_bot("sweep", 3, rules)
    assert isinstance(bot, SweepBot)
    searched_kinds = set()
    for legal, _decision in _seat0_decisions(rules, bot, 2, 11, 150, 3):
        if bot.last.get("searched"):
            searched_kinds.add(legal[0]["kind"])
    assert searched_kinds == {"play"}


def test_sweep_same_seeds_same_game(rules: Rules) -> None:
    def history() -> list[dict]:
        bots = [make_bot("sweep", 20 + p, rules) for p in range(2)]
        return play_game(Game.new(rules, 2, 8, log=False), bots).history

    first = history()
    assert len(first) > 20
    assert first == history()


@pytest.mark.parametrize("players", [3, 4])
def test_sweep_bot_searches_at_two_players_only(rules: Rules, players: int) -> None:
    bots = [make_bot("sweep", 30 + p, rules) for p in range(players)]
    game = Game.new(rules, players, 12, log=False)
    while not game.over and len(game.history) < 120:
        seat = game.to_move
        assert seat is not None
        game.apply(bots[seat].decide(game.view(seat), game.legal()))
        assert not bots[seat].last.get("searched")


def _kept_achievements(rules: Rules, keeps: str) -> set[str]:
    """The achievements the sweep bot's seats keep over 12 four-player setups."""
    kept: set[str] = set()
    for seed in range(12):
        game = Game.new(rules, 4, seed, log=False)
        bots = [SweepBot(100 + 4 * seed + p, rules, keeps=keeps) for p in range(4)]
        while not game.over and len(game.history) < 60:
            seat = game.to_move
            assert seat is not None
            legal = game.legal()
            decision = bots[seat].decide(game.view(seat), legal)
            if legal[0]["kind"] == "keep" and str(decision["card"]).startswith("achievement-"):
                kept.add(str(decision["card"]).split("#")[0])
            game.apply(decision)
    return kept


def test_sweep_bot_keeps_by_the_calibrated_rule(rules: Rules) -> None:
    # The planner keeps Azure Dominion (blue) in every 4-player seat; the calibrated rule keeps
    # the others in proportion to what restricted play measured (docs/keeps.md).
    assert _kept_achievements(rules, "planner") == {"achievement-blue"}
    assert len(_kept_achievements(rules, "calibrated")) >= 3
    with pytest.raises(ValueError, match="keeps must be one of"):
        SweepBot(1, rules, keeps="argmax")


@pytest.mark.parametrize(
    ("text", "counts"),
    [("2,4", {2, 4}), (" 3 ", {3}), (4, {4}), ("none", set()), ((2, 3), {2, 3})],
)
def test_counts_have_a_text_form(text: object, counts: set[int]) -> None:
    assert parse_counts(text) == counts  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["2;4", "two", "5", "1,2"])
def test_bad_counts_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="counts must be player counts"):
        parse_counts(text)


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("play,ability", {"play", "ability"}),
        (" keep ", {"keep"}),
        ({"play"}, {"play"}),
        ("", set()),
    ],
)
def test_kinds_have_a_text_form(text: object, kinds: set[str]) -> None:
    assert parse_kinds(text) == kinds  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["play;ability", "move", "play,trade"])
def test_bad_kinds_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="kinds must be among"):
        parse_kinds(text)


def _searched(rules: Rules, players: int, **opts: object) -> tuple[int, int]:
    """(play decisions searched, play decisions with a choice) of one sweep seat against
    planners over the first 100 decisions of a game."""
    bot = SweepBot(7, rules, **opts)  # type: ignore[arg-type]
    searched = plays = 0
    for legal, _decision in _seat0_decisions(rules, bot, players, 13, 100, 40):
        if legal[0]["kind"] == "play" and len(legal) > 1:
            plays += 1
            searched += bool(bot.last.get("searched"))
    return searched, plays


def test_sweep_bot_searches_at_the_counts_it_is_given(rules: Rules) -> None:
    searched, plays = _searched(rules, 4, counts="2,4", playouts=2)
    assert plays > 0 and searched == plays
    assert _searched(rules, 4, counts="2", playouts=2)[0] == 0


def test_close_gate_searches_only_near_ties(rules: Rules) -> None:
    every, plays = _searched(rules, 4, counts="4", playouts=2)
    gated, _ = _searched(rules, 4, counts="4", playouts=2, close=0.5)
    assert 0 < gated < every == plays
    late, _ = _searched(rules, 4, counts="4", playouts=2, late=2.0)  # never that late
    assert late == 0


@pure_core_only
def test_a_rollout_stops_where_the_engine_refuses_a_decision(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    # e.g. a trigger loop in a sampled world: the rollout ends there instead of failing the bot
    game = Game.new(rules, 4, 3, log=False)
    calls = []

    def refuse(decision: dict) -> None:
        calls.append(decision)
        raise EngineError("trigger loop: more than 400 triggers fired within one action")

    monkeypatch.setattr(game, "apply", refuse)
    rollout(game, PlannerPolicy(rules), Rng(seed_state(1)), rounds=1)
    assert len(calls) == 1


def test_sweep_bot_plays_its_own_weights_at_a_count_that_has_them(rules: Rules) -> None:
    from lastlight.interpreter.agents.planner import weights as pw
    from lastlight.interpreter.agents.search import sweep

    own = sweep.count_weights(4)
    assert own is not None, "the sweep bot ships weights of its own at 4 players"
    assert set(own.entries) == set(pw.shipped().entries)
    assert "tune_screen.py" in own.provenance["command"]
    moved = {n for n, w in own.entries.items() if w.value != pw.shipped().entries[n].value}
    assert moved, "the 4-player file is the planner's own weights"
    for players, expected in ((4, own), (2, pw.shipped()), (3, pw.shipped())):
        bot = SweepBot(5, rules)
        for _legal, _decision in _seat0_decisions(rules, bot, players, 17, 40, 9):
            assert bot.tactics.weights is expected
    plain = SweepBot(5, rules, weights="planner")
    for _legal, _decision in _seat0_decisions(rules, plain, 4, 17, 40, 9):
        assert plain.tactics.weights is pw.shipped()
    with pytest.raises(ValueError, match="weights must be one of"):
        SweepBot(1, rules, weights="mine")


def test_the_count_weights_change_the_4_player_game_only(rules: Rules) -> None:
    """With the planner's weights everywhere the sweep bot plays the planner's 4-player game,
    and its own weights play another one (the file moves weights that matter)."""

    def moves(players: int, **opts: object) -> list[dict]:
        bot = SweepBot(5, rules, keeps="planner", **opts)  # type: ignore[arg-type]
        return [d for _l, d in _seat0_decisions(rules, bot, players, 23, 400, 9)]

    planner = make_bot("planner", 5 ^ 0x7AC7, rules)
    assert moves(4, weights="planner") == [
        d for _l, d in _seat0_decisions(rules, planner, 4, 23, 400, 9)
    ]
    assert moves(4) != moves(4, weights="planner")
    assert moves(3) == moves(3, weights="planner")
