"""The engine and the registry agree on the whole vocabulary (effects/registry.py `vocabulary`):
every event is fired by the engine, every modifier is read by it, every decision kind is
offered by it, and nothing outside the registry is fired or read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lastlight.interpreter.agents import RandomBot
from lastlight.interpreter.effects.registry import vocabulary
from lastlight.interpreter.engine import machine as core
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.machine import Engine, EngineError
from lastlight.interpreter.engine.ruleset import Rules

from tests.engine_build import pure_core_only

ENGINE = Path(core.__file__).parent
SOURCES = {
    str(path.relative_to(ENGINE)): path.read_text()
    for path in [*ENGINE.glob("*.py"), *ENGINE.glob("primitives/*.py")]  # not the bots
}


@pure_core_only
def test_every_event_is_fired_by_the_engine(rules: Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    fired: set[str] = set()
    real = Engine.fire

    def spy(self: Engine, form: str, p: int, *args: object, **kw: object) -> int:
        fired.add(form)
        return real(self, form, p, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Engine, "fire", spy)
    events = set(vocabulary()["event"])
    for seed in range(40):
        players = 2 + seed % 3
        game = Game.new(rules, players, seed, log=False)
        bot = RandomBot(seed)
        while not game.over:
            game.apply(bot.decide(None, game.legal()))
        if events <= fired:
            break
    assert fired <= events, f"fired but not registered: {sorted(fired - events)}"
    assert events <= fired, f"registered but never fired in 40 games: {sorted(events - fired)}"


def test_an_unregistered_event_is_refused(rules: Rules) -> None:
    game = Game.new(rules, 2, 1, log=False)
    with pytest.raises(EngineError, match=r"not in effects/registry\.py"):
        game.eng.fire("destroy_planet", 0)


def _literals(text: str) -> set[str]:
    return set(re.findall(r'"([a-z_]+)"', text))


def test_every_modifier_is_read_by_the_engine() -> None:
    readers = {name: _literals(text) for name, text in SOURCES.items()}
    for modifier in vocabulary()["modifier"]:
        where = [name for name, words in readers.items() if modifier in words]
        assert where, f"modifier '{modifier}' is registered but no engine module reads it"


def test_the_engine_reads_only_registered_modifiers() -> None:
    modifiers = set(vocabulary()["modifier"])
    read = set()
    for text in SOURCES.values():
        read |= set(re.findall(r'has_flag\([^)]*?"([a-z_]+)"', text))
        read |= set(re.findall(r'phrase\.form == "([a-z_]+)"', text))
    assert read, "the patterns above no longer find modifier reads: update the test"
    assert read <= modifiers, f"read but not registered: {sorted(read - modifiers)}"


def test_every_decision_kind_is_offered_by_the_engine() -> None:
    words = set().union(*(_literals(text) for text in SOURCES.values()))
    missing = [kind for kind in vocabulary()["decision"] if kind not in words]
    assert not missing, f"decision kinds the engine never offers: {missing}"


def test_the_vocabulary_has_no_name_in_two_kinds_of_form() -> None:
    vocab = vocabulary()
    seen: dict[str, str] = {}
    for kind, names in vocab.items():
        if kind == "decision":
            continue
        for name in names:
            assert name not in seen, f"'{name}' is both a {seen[name]} and a {kind}"
            seen[name] = kind


def test_only_the_lumos_module_reads_the_lumos_state() -> None:
    """The two-player variant lives in lumos.py: no other engine module reads `state["lumos"]`
    (setup writes the initial value lumos.py gives; state.py documents it; state_copy.py copies
    it with the rest of the state)."""
    readers = [
        name
        for name, text in SOURCES.items()
        if name not in ("lumos.py", "state.py", "state_copy.py", "new_game.py")
        and re.search(r'(state|st)(\.get\("lumos"\)|\["lumos"\])', text)
    ]
    assert not readers, f"modules reading the Lumos state outside lumos.py: {readers}"
