"""An apply that cannot half-happen: when content makes the engine fail part-way through a
decision, the game is exactly as before the decision and the error names the content item."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine import triggers
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.machine import EngineError
from lastlight.interpreter.engine.primitives import PRIMITIVES
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.pack import Pack
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise

from . import table as t


def _pack_with(tmp_path: Path, old: str, new: str) -> Rules:
    root = tmp_path / "pack"
    shutil.copytree(content_dir(), root, ignore=shutil.ignore_patterns("scenarios"))
    path = root / "technologies.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return Rules.from_pack(load_pack_or_raise(root))


def _snapshot(game: Game) -> tuple[str, int, int]:
    return game.to_json(), len(game.log), len(game.history)


def test_a_trigger_loop_leaves_the_game_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a designer's card that feeds itself: every small ship built builds another
    rules = _pack_with(
        tmp_path,
        '"after you construct: build a small ship free"',
        '"when you build a small ship: build a small ship free"',
    )
    monkeypatch.setattr(triggers, "TRIGGER_LIMIT", 3)  # the supply would run out before 400
    game = t.start(rules, 2)
    t.tech_in_play(game, 0, "field-foundries")
    cost = rules.ships["small"]["cost"]
    t.give(game, 0, **{k: v * 2 for k, v in cost.items()})
    t.play(game, {0: "construct", 1: "mine"})
    build = next(d for d in game.legal() if d["kind"] == "build" and d["size"] == "small")
    before = _snapshot(game)
    with pytest.raises(EngineError) as info:
        game.apply(build)
    message = str(info.value)
    assert "trigger loop" in message
    assert "technologies.yaml:" in message and "field-foundries" in message
    assert _snapshot(game) == before
    # and the game goes on from there: the same decision is still open
    assert build in game.legal()


@pytest.mark.slow
def test_any_failure_part_way_is_rolled_back_and_the_game_goes_on(
    pack: Pack, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every primitive is made to fail after doing its work, one decision at a time, over a
    whole game; each failed decision must leave the state, log and history untouched, and
    the game must then go on exactly like a twin that never failed."""
    # loaded here: the machine looks each step's primitive up once per loaded content, so
    # rules that already ran games would keep the real primitives
    rules = Rules.from_pack(pack)
    armed = {"on": False}
    for form, fn in list(PRIMITIVES.items()):

        def failing(*args, _fn=fn, **kwargs):  # type: ignore[no-untyped-def]
            done = _fn(*args, **kwargs)
            if armed["on"]:
                armed["on"] = False  # once: the decisions re-applied on restore succeed
                raise KeyError("boom")
            return done

        monkeypatch.setitem(PRIMITIVES, form, failing)
    game, twin = Game.new(rules, 3, 4), Game.new(rules, 3, 4)
    bot = RandomBot(4)
    failures = 0
    while not game.over:
        decision = ask(bot, game)
        before = _snapshot(game)
        armed["on"] = True
        try:
            game.apply(decision)
        except EngineError as exc:
            failures += 1
            assert "KeyError" in str(exc) and "before this decision" in str(exc)
            assert _snapshot(game) == before
        finally:
            armed["on"] = False
        if game.to_json() == before[0]:
            game.apply(decision)
        twin.apply(decision)
        assert game.to_json() == twin.to_json()
    assert failures > 20, f"only {failures} decisions ran a primitive"
    assert game.log == twin.log and game.history == twin.history
