"""What the replay page holds at each step, and what it keeps from each viewer."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lastlight.interpreter.agents import HeuristicBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.replay import make_replay
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.tools.viewer.steps import Viewpoint, build


@pytest.fixture(scope="module")
def replay(rules: Rules) -> dict[str, Any]:
    """A finished 4-player bot game with technology draws (seed 1 has them)."""
    game = Game.new(rules, 4, 1)
    bots = [HeuristicBot(s) for s in range(4)]
    while not game.over:
        p = game.to_move
        assert p is not None
        game.apply(ask(bots[p], game))
    return make_replay(game, rules, ["heuristic"] * 4)


def _hands_over_time(rules: Rules, replay: dict[str, Any]) -> list[list[list[str]]]:
    """Every player's technology hand after every decision (the truth the page must hide)."""
    game = Game.new(rules, replay["players"], replay["seed"])
    out = [[list(pl["tech_hand"]) for pl in game.state["players"]]]
    for d in replay["decisions"]:
        game.apply(d)
        out.append([list(pl["tech_hand"]) for pl in game.state["players"]])
    return out


def test_one_step_per_decision_and_the_board_changes(rules: Rules, replay: dict) -> None:
    data = build(rules, replay, Viewpoint(), title="t")
    assert len(data["steps"]) == len(replay["decisions"]) + 1
    assert len({s["board"]["pieces"] for s in data["steps"]}) > 5  # ships move, extractors appear
    assert len(data["grounds"]) == len({s["rotation"] for s in data["steps"]})
    assert data["steps"][-1]["over"] and data["steps"][-1]["winners"] == replay["result"]["winners"]
    light = [[pl["light"] for pl in s["players"]] for s in data["steps"]]
    assert light[-1] == replay["result"]["light"]


def test_a_spectator_never_sees_a_hand_or_an_achievement_before_the_end(
    rules: Rules, replay: dict
) -> None:
    data = build(rules, replay, Viewpoint(), title="t")
    hands = _hands_over_time(rules, replay)
    assert any(any(h) for step in hands[:-1] for h in step)  # there were hands to hide
    for step, truth in zip(data["steps"][:-1], hands[:-1], strict=True):
        for pl, hand in zip(step["players"], truth, strict=True):
            assert "tech_hand" not in pl
            assert pl["tech_hand_count"] == len(hand)
            assert pl["achievement"] in ("secret", None)
            assert pl.get("chosen") in (None, "hidden")
    # no draw or keep of a technology or achievement names its card
    for step in data["steps"][:-1]:
        for e in step["events"]:
            if e.get("e") in ("draw", "keep") or "draws" in e["t"]:
                assert "c" not in e or data["cards"][e["c"]]["kind"] == "factions", e
    # a technology is named in the page only once it was in play, discarded face up
    # (R-RES-02), or at the end
    last = data["steps"][-1]
    assert all("tech_hand" in pl for pl in last["players"])  # the game is over: all shown
    public = (
        {base_id(t["card"]) for s in data["steps"] for pl in s["players"] for t in pl["techs"]}
        | {c for pl in last["players"] for c in pl["tech_hand"]}
        | {e["c"] for s in data["steps"] for e in s["events"] if e.get("e") == "discard"}
    )
    techs = {i for i, c in data["cards"].items() if c["kind"] == "technologies"}
    assert techs <= public


def test_r_set_06_no_seat_sees_another_faction_before_every_card_is_kept(
    rules: Rules, replay: dict
) -> None:
    """R-SET-06: the page of each seat (and a spectator's) names no other seat's kept faction
    until every player has kept a faction and an achievement; then all of them at once."""
    game = Game.new(rules, replay["players"], replay["seed"])
    for d in replay["decisions"]:
        if game.state["stage"] not in ("faction", "achievement"):
            break
        game.apply(d)
    factions = [pl["faction"] for pl in game.state["players"]]
    assert all(factions) and game.state["stage"] == "select"
    draft = {**replay, "decisions": replay["decisions"][:12], "result": None}  # the draft on
    for seat in (0, 1, 2, 3, None):
        steps = build(rules, draft, Viewpoint(seat=seat), title="t")["steps"]
        reveal = next(
            i
            for i, s in enumerate(steps)
            if any(e.get("e") == "factions_revealed" for e in s["events"])
        )
        assert reveal == 8  # 4 factions and 4 achievements kept, then the reveal
        for step in steps[:reveal]:
            text = json.dumps(step)
            for o, faction in enumerate(factions):
                if o != seat:
                    assert step["players"][o]["faction"] is None
                    assert base_id(faction) not in text, (seat, o, faction)
        # the achievement decisions: every faction kept, the others' shown as kept and secret
        assert all(pl["faction_secret"] != (pl["seat"] == seat) for pl in steps[4]["players"])
        assert [pl["faction"] for pl in steps[reveal]["players"]] == [base_id(f) for f in factions]


def test_a_seat_sees_its_own_hand_only(rules: Rules, replay: dict) -> None:
    data = build(rules, replay, Viewpoint(seat=0), title="t")
    hands = _hands_over_time(rules, replay)
    for step, truth in zip(data["steps"][:-1], hands[:-1], strict=True):
        mine, *others = step["players"]
        assert mine["tech_hand"] == [base_id(c) for c in truth[0]]
        assert all("tech_hand" not in pl for pl in others)
    assert data["steps"][-1]["players"][0]["achievement"] not in (None, "secret")


def test_secret_choices_read_as_secret(rules: Rules, replay: dict) -> None:
    spectator = build(rules, replay, Viewpoint(), title="t")
    everything = build(rules, replay, Viewpoint(everything=True), title="t")
    plays = [
        (a["decision"]["t"], b["decision"]["t"])
        for a, b in zip(spectator["steps"][1:-1], everything["steps"][1:-1], strict=True)
        if "chooses an action card" in a["decision"]["t"]
    ]
    assert plays and all(" plays " not in a and "play " in b for a, b in plays)
    assert "tech_hand" in everything["steps"][3]["players"][1]


def test_each_event_names_its_card_text_and_yaml_line(rules: Rules, replay: dict) -> None:
    data = build(rules, replay, Viewpoint(everything=True), title="t")
    carded = [e for s in data["steps"] for e in s["events"] if "c" in e]
    assert len(carded) > 20
    for e in carded:
        card = data["cards"][e["c"]]
        assert card["name"] and card["at"].split(":")[0].endswith(".yaml")
        assert int(card["at"].split(":")[1]) > 0
    plays = [e for e in carded if e["e"] == "play"]
    assert plays and all(data["cards"][e["c"]]["kind"] == "actions" for e in plays)
    assert all(data["cards"][e["c"]]["text"] for e in plays)
    json.dumps(data)  # plain data, ready for the page


def test_an_unfinished_game_keeps_its_secrets_to_the_last_step(rules: Rules, replay: dict) -> None:
    cut = {**replay, "decisions": replay["decisions"][:40], "result": None}
    data = build(rules, cut, Viewpoint(), title="t")
    assert len(data["steps"]) == 41 and not data["steps"][-1]["over"]
    assert all("tech_hand" not in pl for pl in data["steps"][-1]["players"])
