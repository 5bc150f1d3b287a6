"""Bots found by name, by `module:Class` and through the `lastlight.bots` entry-point group."""

from __future__ import annotations

import importlib.metadata
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter import agents as registry
from lastlight.interpreter.agents import (
    BotNotFound,
    HeuristicBot,
    RandomBot,
    bot_names,
    make_bot,
    parse_bot_list,
    play_game,
    resolve_bot,
)
from lastlight.interpreter.agents.planner.bot import PlannerBot
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules

PLUGIN = '''
from lastlight.interpreter.agents import Bot
from lastlight.interpreter.engine.view import SeatView


class FirstLegalBot(Bot):
    """Always the first legal decision (a plugin for the tests)."""

    name = "first"

    def decide(self, view, legal):
        # a plugin gets its seat's typed view, as the shipped bots do
        assert isinstance(view, SeatView) and view.seat is not None
        assert view.me.tech_hand is not None  # its own hand; the others' are hidden
        return legal[0]


def not_a_bot():
    return 42
'''


@pytest.fixture
def plugin_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "ll_test_plugin.py").write_text(textwrap.dedent(PLUGIN))
    monkeypatch.syspath_prepend(str(tmp_path))
    return "ll_test_plugin"


def test_shipped_bots_by_name(rules: Rules) -> None:
    assert isinstance(make_bot("random", 1, rules), RandomBot)
    assert isinstance(make_bot("heuristic", 1, rules), HeuristicBot)
    planner = make_bot("planner", 1, rules)
    assert isinstance(planner, PlannerBot)
    assert planner.rules is rules
    assert {"random", "heuristic", "planner"} <= set(bot_names())


def test_module_class_reference_plays_a_game(rules: Rules, plugin_module: str) -> None:
    ref = f"{plugin_module}:FirstLegalBot"
    bot = make_bot(ref, 3, rules)
    assert type(bot).__name__ == "FirstLegalBot"
    game = play_game(Game.new(rules, 2, 5, log=False), [bot, make_bot("random", 4, rules)])
    assert game.over


def test_entry_point_plugin(
    rules: Rules, plugin_module: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    eps = importlib.metadata.EntryPoints(
        [
            importlib.metadata.EntryPoint(
                name="first", value=f"{plugin_module}:FirstLegalBot", group="lastlight.bots"
            )
        ]
    )

    def fake_entry_points(**kw):  # type: ignore[no-untyped-def]
        assert kw == {"group": registry.ENTRY_POINT_GROUP}
        return eps

    monkeypatch.setattr(importlib.metadata, "entry_points", fake_entry_points)
    assert "first" in bot_names()
    assert type(make_bot("first", 1, rules)).__name__ == "FirstLegalBot"
    assert parse_bot_list("first,planner", 2) == ["first", "planner"]


def test_broken_entry_point_names_the_group(monkeypatch: pytest.MonkeyPatch) -> None:
    eps = importlib.metadata.EntryPoints(
        [
            importlib.metadata.EntryPoint(
                name="broken", value="no_such_pkg_x:Bot", group="lastlight.bots"
            )
        ]
    )
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda **kw: eps)
    with pytest.raises(BotNotFound, match=r"bot 'broken'.*lastlight\.bots.*failed to load"):
        resolve_bot("broken")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("genius", r"unknown bot 'genius' \(known: random, heuristic, planner"),
        ("no_such_module_x:Bot", r"cannot import module 'no_such_module_x'"),
        ("{plugin}:Missing", r"has no attribute 'Missing'"),
        ("{plugin}:not_a_bot", r"not_a_bot.*cannot be built as \(seed, rules\)"),
        ("{plugin}:", r"a bot reference is 'module:Class'"),
    ],
)
def test_clear_errors(name: str, message: str, plugin_module: str) -> None:
    with pytest.raises(BotNotFound, match=message):
        make_bot(name.format(plugin=plugin_module), 1)


def test_bot_list_counts_seats() -> None:
    assert parse_bot_list("planner", 3) == ["planner"] * 3
    with pytest.raises(BotNotFound, match=r"one per seat \(3\); got 2"):
        parse_bot_list("planner,random", 3)


def test_cli_refuses_an_unknown_bot() -> None:
    for args in (["play", "--bots", "genius"], ["ladder", "--bots", "planner,genius"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2, result.output
        assert "unknown bot 'genius'" in result.output
        assert "Traceback" not in result.output


def test_cli_plays_a_plugin_by_reference(plugin_module: str) -> None:
    result = CliRunner().invoke(
        main, ["play", "-n", "2", "--bots", f"{plugin_module}:FirstLegalBot,planner"]
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


@pytest.mark.parametrize("name", ["planner", "heuristic", "random"])
def test_same_seeds_same_game(rules: Rules, name: str) -> None:
    def history() -> list[dict]:
        bots = [make_bot(name, 10 + p, rules) for p in range(3)]
        return play_game(Game.new(rules, 3, 9, log=False), bots).history

    first = history()
    assert len(first) > 20
    assert first == history()


def test_a_bot_of_ones_own_may_subclass_each_shipped_bot(rules: Rules) -> None:
    """The bot classes stay Python in a compiled wheel (setup.py compiles only their inner
    workings: Python cannot subclass a compiled class), so a researcher's bot may build on any
    of them; `.ci/run` runs this on the compiled wheel too."""
    from lastlight.interpreter.agents.planner.calibrated import CalibratedPlannerBot
    from lastlight.interpreter.agents.search.bot import SearchBot
    from lastlight.interpreter.agents.search.ismcts import IsmctsBot
    from lastlight.interpreter.agents.search.sweep import SweepBot

    game = Game.new(rules, 3, 5, log=False)
    seat = game.to_move
    assert seat is not None
    bots = {}
    for base in (PlannerBot, CalibratedPlannerBot, SearchBot, SweepBot, IsmctsBot):
        mine = type(f"My{base.__name__}", (base,), {})
        bots[base] = mine(1, rules)  # as make_bot builds a bot named by module:Class
        assert isinstance(bots[base], base)
    assert bots[PlannerBot].decide(game.view(seat), game.legal()) in game.legal()
