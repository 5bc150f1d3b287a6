"""The action catalogue: every legal decision numbered, distinct within its position, the same
ids for the same decision in two games and two processes, derived from the pack."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from lastlight.interpreter.engine.bots import RandomBot
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.envs.catalogue import Catalogue, CatalogueError, catalogue_for


def _ids_of_position(rules: Rules, players: int, seed: int, steps: int) -> list[list[int]]:
    game = Game.new(rules, players, seed, log=False)
    bot = RandomBot(seed)
    for _ in range(steps):
        game.apply(bot.decide(None, game.legal()))
    cat = catalogue_for(rules)
    p = game.to_move
    assert p is not None
    view = cat.view_of(game.state, p)
    return [list(cat.ids(d, view)) for d in game.legal()]


def test_every_legal_decision_has_distinct_ids(rules: Rules) -> None:
    cat = catalogue_for(rules)
    kinds: set[str] = set()
    for seed in range(12):
        game = Game.new(rules, 2 + seed % 3, seed, log=False)
        bot = RandomBot(seed)
        while not game.over:
            legal = game.legal()
            p = game.to_move
            assert p is not None
            view = cat.view_of(game.state, p)
            seqs = [cat.ids(d, view) for d in legal]
            assert len(set(seqs)) == len(seqs), legal
            assert all(0 <= i < len(cat) for s in seqs for i in s)
            kinds.update(d["kind"] for d in legal)
            game.apply(bot.decide(None, legal))
    assert {"play", "move", "attack", "manufacture", "trade"} <= kinds


def test_the_same_decision_has_the_same_ids_in_two_games(rules: Rules) -> None:
    cat = catalogue_for(rules)
    seen: dict[str, tuple[int, ...]] = {}
    for seed in (1, 2):
        game = Game.new(rules, 3, seed, log=False)
        while game.state["stage"] != "select":
            game.apply(game.legal()[0])
        p = game.to_move
        assert p is not None
        for d in game.legal():
            if d["kind"] == "play":
                ids = cat.ids(d, cat.view_of(game.state, p))
                assert seen.setdefault(d["card"], ids) == ids
                assert cat.name(ids[-1]) == f"play.card={d['card']}"
    assert len(seen) >= 3


def test_places_and_players_are_relative_to_the_seat(rules: Rules) -> None:
    cat = catalogue_for(rules)
    game = Game.new(rules, 4, 3, log=False)
    homes = game.state["homes"]
    ids = {
        cat.ids(
            {"kind": "move", "from": homes[p], "size": "small", "to": homes[(p + 1) % 4]},
            cat.view(p, 4, homes[p], 0),
        )
        for p in range(4)
    }
    assert len(ids) == 1  # each seat's own home to the next seat's home: one numbering
    name = [cat.name(i) for i in next(iter(ids))]
    assert name[1] == "move.from=home@0"
    built = {
        cat.ids(
            {"kind": "build", "size": "small", "from": (p + 1) % 4}, cat.view(p, 4, homes[p], 0)
        )
        for p in range(4)
    }
    assert len(built) == 1 and cat.name(next(iter(built))[-1]) == "build.from=+1"


def test_the_same_ids_in_another_process(rules: Rules) -> None:
    script = (
        "import json\n"
        "from lastlight.interpreter.pipeline import load_pack_or_raise\n"
        "from lastlight.interpreter.engine.ruleset import Rules\n"
        "from tests.interpreter.envs.test_catalogue import _ids_of_position\n"
        "from lastlight.interpreter.envs.catalogue import catalogue_for\n"
        f"rules = Rules.from_pack(load_pack_or_raise({str(rules.pack.root)!r}))\n"
        "print(json.dumps([catalogue_for(rules).to_json(), _ids_of_position(rules, 3, 5, 90)]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "123", "PATH": "/usr/bin:/bin"},
        cwd=Path(__file__).resolve().parents[3],
    )
    there, ids_there = json.loads(out.stdout)
    assert there == catalogue_for(rules).to_json()
    assert ids_there == _ids_of_position(rules, 3, 5, 90)


def test_a_new_card_gets_ids_without_code(rules: Rules) -> None:
    more = replace(rules, tech_deck=(*rules.tech_deck, "brand-new-engine#1"))
    cat = Catalogue(more)
    names = {cat.name(i) for i in range(len(cat))}
    assert "manufacture.card=brand-new-engine#1" in names
    assert len(cat) > len(catalogue_for(rules))


def test_a_value_outside_the_pack_is_refused_by_name(rules: Rules) -> None:
    cat = catalogue_for(rules)
    view = cat.view(0, 3, "h0", 0)
    with pytest.raises(CatalogueError, match=r"play\.card value 'no-such-card'"):
        cat.ids({"kind": "play", "card": "no-such-card"}, view)
    with pytest.raises(CatalogueError, match="unknown kind"):
        cat.ids({"kind": "dance"}, view)
