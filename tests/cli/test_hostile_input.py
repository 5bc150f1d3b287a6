"""Hostile content and files, as issue 14 lists them: each gets exit 1 and one located message
within seconds: never a traceback, never exit 70, never a hang."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from lastlight.cli.main import main
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.fuzz.mutate import alias_bomb, deep_nesting


@pytest.fixture()
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped pack (without its scenarios) in tmp_path/pack; cwd is tmp_path."""
    root = tmp_path / "pack"
    shutil.copytree(content_dir(), root, ignore=shutil.ignore_patterns("scenarios"))
    monkeypatch.chdir(tmp_path)
    return root


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def failed(result: Result, pattern: str) -> None:
    """Exit 1 (not 70, not 0), no traceback, and the pattern (a located message) in the output."""
    out = result.output
    assert result.exit_code == 1, out
    assert "Traceback" not in out and "internal error" not in out, out
    assert re.search(pattern, out), out


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    return next(i for i, t in enumerate(path.read_text().splitlines(), 1) if needle in t)


# --- limits on what is read ---------------------------------------------------------------------


def test_an_alias_bomb_in_technologies(pack: Path) -> None:
    tech = pack / "technologies.yaml"
    tech.write_text(tech.read_text() + alias_bomb(8))
    line = line_of(tech, "bomb0:")
    for command in ("lint", "test", "play", "show"):
        args = [command, "pack"] if command in ("lint", "test") else [command, "--content", "pack"]
        if command == "show":
            args = ["show", "photon-harvester", "--content", "pack"]
        result = run(*args)
        failed(result, rf"pack/technologies.yaml:{line}:\d+: error Y008: .*alias bomb")


@pytest.mark.parametrize("command", ["lint", "show", "play", "board"])
def test_a_thousand_levels_of_nesting_in_yaml(pack: Path, command: str) -> None:
    game = pack / "game.yaml"
    game.write_text(game.read_text() + deep_nesting(1000))
    line = line_of(game, "deep:")
    args = {
        "lint": ["lint", "pack"],
        "show": ["show", "photon-harvester", "--content", "pack"],
        "play": ["play", "--content", "pack"],
        "board": ["board", "--content", "pack", "-o", "b.svg"],
    }[command]
    failed(run(*args), rf"pack/game.yaml:{line}:\d+: error Y007: the YAML nests more than 64")


def test_a_huge_trade_choices_and_cost_are_schema_errors(pack: Path) -> None:
    game, tech = pack / "game.yaml", pack / "technologies.yaml"
    edit(game, "trade_choices: 2 ", "trade_choices: 1000000000 ")
    edit(tech, "cost: {common: 1, uncommon: 1}", "cost: {common: 100000000000000000000000000000}")
    result = run("lint", "pack")
    failed(result, rf"pack/game.yaml:{line_of(game, 'trade_choices')}:\d+: error S001")
    failed(result, rf"pack/technologies.yaml:{line_of(tech, '10000000000')}:\d+: error S001")
    failed(run("play", "--content", "pack"), "error S001")


def test_a_number_too_big_in_an_effect(pack: Path) -> None:
    tech = pack / "technologies.yaml"
    edit(tech, '"exhaust: gain 1 rare"', '"exhaust: gain 1000000000 rare"')
    line = line_of(tech, "1000000000")
    failed(run("lint", "pack"), rf"technologies.yaml:{line}:\d+: error E106: the number 1000000000")


def test_a_folder_without_a_manifest_is_not_searched(tmp_path: Path, monkeypatch) -> None:
    junk = tmp_path / "junk"
    (junk / "deep" / "er").mkdir(parents=True)
    for i in range(30):
        (junk / "deep" / "er" / f"f{i}.yaml").write_text("kind: nonsense\n")
    monkeypatch.chdir(tmp_path)
    for args in (["lint", "junk"], ["play", "--content", "junk"]):
        result = run(*args)
        failed(result, r"junk: error X010: not a content pack: the folder has no pack.yaml")
        assert "nonsense" not in result.output and len(result.output.splitlines()) <= 3


# --- loops --------------------------------------------------------------------------------------


def _all_faces_reroll(pack: Path) -> None:
    game = pack / "game.yaml"
    for old in (
        "effect: nothing}",
        "effect: activate}",
        "effect: hit}",
        'effect: "hit; activate"}',
    ):
        edit(game, old, 'effect: "hit; roll another die"}')


def test_a_die_whose_faces_all_roll_again(pack: Path) -> None:
    _all_faces_reroll(pack)
    line = line_of(pack / "game.yaml", "faces:")
    located = rf"pack/game.yaml:{line}:\d+: error X025: every face of the die rolls another die"
    failed(run("lint", "pack"), located)
    failed(run("play", "--content", "pack", "--seed", "3"), located)
    failed(run("coverage", "--content", "pack", "--games", "2"), located)


def test_a_die_whose_faces_all_may_roll_again(pack: Path) -> None:
    game = pack / "game.yaml"
    edit(game, "effect: nothing}", 'effect: "may roll another die"}')
    for face in ("activate", "hit"):
        edit(game, f"effect: {face}}}", f'effect: "{face}; may roll another die"}}')
    edit(game, 'effect: "hit; activate"}', 'effect: "choose 1 of [hit | roll another die]"}')
    line = line_of(game, "faces:")
    failed(run("lint", "pack"), rf"game.yaml:{line}:\d+: error X025: every face of the die can")
    edit(game, 'effect: "may roll another die"}', "effect: nothing}")
    assert run("lint", "pack").exit_code == 0


def test_a_trigger_that_fires_itself(pack: Path) -> None:
    tech = pack / "technologies.yaml"
    edit(tech, '"when activated: deal 1 damage"', '"when activated: activate"')
    line = line_of(tech, "when activated: activate")
    failed(run("lint", "pack"), rf"technologies.yaml:{line}:\d+: error X026: this trigger fires")


def test_a_trigger_chain_bounded_by_the_box_is_a_warning(pack: Path) -> None:
    tech = pack / "technologies.yaml"
    looping = '"when you build a ship: build a small ship free"'
    edit(tech, '"after you mine: gain 1 common"', looping)
    line = line_of(tech, "build a small ship free")
    result = run("lint", "pack")
    assert result.exit_code == 0, result.output
    assert re.search(
        rf"technologies.yaml:{line}:\d+: warning W104: this trigger can fire itself again "
        r"\(deep-core-drills on 'build_ship' fires 'build_ship'\); it stops only when the pieces",
        result.output,
    ), result.output
    # a size that never matches the trigger's is no loop
    edit(tech, looping, looping.replace("a ship", "a large ship"))
    assert "W104" not in run("lint", "pack").output


def test_an_engine_guard_that_trips_names_the_item_and_its_line(pack: Path) -> None:
    """Content the static checks refuse, run anyway: the guard names the die face and line."""
    from lastlight.interpreter.agents import RandomBot, ask
    from lastlight.interpreter.engine.game import Game
    from lastlight.interpreter.engine.machine import EngineError
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.pipeline import load_pack

    _all_faces_reroll(pack)
    loaded, report = load_pack(pack)
    assert [d.code for d in report.errors] == ["X025"]
    rules = Rules.from_pack(loaded)
    game = Game.new(rules, 2, 0, log=False)
    bot = RandomBot(0)
    with pytest.raises(EngineError) as caught:
        while not game.over:
            game.apply(ask(bot, game))
    assert re.search(r"die face '[\w-]+' at pack/game.yaml:\d+:\d+", str(caught.value))


# --- names and letters --------------------------------------------------------------------------


def test_a_name_with_a_cyrillic_letter_beside_the_real_one(pack: Path) -> None:
    tech = pack / "technologies.yaml"
    edit(tech, "name: Deep Core Drills", "name: Ph\u043eton Harvester")
    line = line_of(tech, "Ph\u043eton")
    result = run("lint", "pack")
    assert result.exit_code == 0, result.output
    assert re.search(
        rf"technologies.yaml:{line}:\d+: warning W103: .*CYRILLIC SMALL LETTER O.*"
        r"did you mean 'Photon Harvester'\?",
        result.output,
    ), result.output
    failed(run("lint", "pack", "--strict"), "W103")


def test_a_cyrillic_letter_in_an_effect_says_which_letter(pack: Path) -> None:
    tech = pack / "technologies.yaml"
    edit(tech, '"exhaust: gain 1 rare"', '"exhaust: g\u0430in 1 rare"')
    line = line_of(tech, "g\u0430in")
    failed(
        run("lint", "pack"),
        rf"technologies.yaml:{line}:20: error E100: 'а' is not an ASCII letter: it is "
        r"CYRILLIC SMALL LETTER A \(U\+0430\), which looks like the Latin 'a' "
        r"\(type the Latin 'a'\)",
    )


def test_players_min_above_max_is_blamed_on_the_game_file(pack: Path) -> None:
    game = pack / "game.yaml"
    edit(game, "players: {min: 2, max: 4}", "players: {min: 4, max: 2}")
    result = run("lint", "pack")
    failed(result, rf"pack/game.yaml:{line_of(game, 'players:')}:\d+: error X024")
    assert "factions.yaml" not in result.output


def test_a_player_count_of_a_billion_is_the_schemas_error_not_a_hang(pack: Path) -> None:
    """Found by `lastlight fuzz` (mutated pack #143, seed 900000): the board step walked every
    count up to `max` looking for its setup, past the schema's bound of 6."""
    game = pack / "game.yaml"
    edit(game, "players: {min: 2, max: 4}", "players: {min: 2, max: 1000000000}")
    result = run("lint", "pack")
    failed(result, rf"pack/game.yaml:{line_of(game, 'players:')}:\d+: error")
    assert "B106" not in result.output


def test_a_rule_parameter_the_rules_read_is_required(pack: Path) -> None:
    """Found by `lastlight fuzz` (mutated pack #25, seed 910000): without `center_light` the
    pack linted clean and the first rotation failed in the engine (KeyError)."""
    game = pack / "game.yaml"
    text = game.read_text()
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("center_light:"))
    game.write_text(text.replace(line + "\n", ""))
    result = run("lint", "pack")
    failed(result, rf"pack/game.yaml:{line_of(game, 'parameters:')}:\d+: error X027")
    assert "center_light" in result.output


def test_a_ring_of_a_billion_sectors_is_the_schemas_error_not_a_hang(pack: Path) -> None:
    board = pack / "board.yaml"
    edit(board, "inner: {sectors: 4,", "inner: {sectors: 1000000000,")
    result = run("lint", "pack")
    failed(result, rf"pack/board.yaml:{line_of(board, 'inner:')}:\d+: error S001")


# --- replays ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict:
    path = tmp_path_factory.mktemp("replay") / "game.json"
    result = run("play", "-n", "2", "-s", "5", "--bots", "random", "--save", str(path))
    assert result.exit_code == 0, result.output
    return json.loads(path.read_text())


@pytest.mark.parametrize(
    ("change", "pattern"),
    [
        (lambda d: d.pop("result"), r"the replay's top level: 'result' is a required property"),
        (lambda d: d.update(result=None), r"a game in progress \(no result yet\)"),
        (lambda d: d.update(seats="x"), r"the replay's seats: 'x' is not of type 'array'"),
        (lambda d: d.update(seats=["random"]), r"the replay's seats: 1 seats for 2 players"),
        (lambda d: d["decisions"].insert(3, [1]), r"the replay's decisions\[3\]: \[1\] is not"),
        (lambda d: d["result"].pop("rounds"), r"the replay's result: 'rounds' is a required"),
        (lambda d: d.update(players=10**40), r"the replay's players: 1\d+…\(41 characters\) is"),
        (lambda d: d.update(players=10**20), r"the replay's players: \d+ is greater than"),
    ],
)
def test_a_replay_is_checked_field_by_field(tmp_path: Path, saved: dict, change, pattern) -> None:
    data = json.loads(json.dumps(saved))
    change(data)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    failed(run("replay", str(path)), rf"{re.escape(str(path))}: {pattern}")


def test_a_replay_nested_a_thousand_deep(tmp_path: Path, saved: dict) -> None:
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(saved)[:-1] + ', "x": ' + "[" * 200 + "]" * 200 + "}")
    failed(run("replay", str(path)), r"deep.json: not a replay \(it nests more than 8 deep\)")
    path.write_text(json.dumps(saved)[:-1] + ', "x": ' + "[" * 1000 + "]" * 1000 + "}")
    failed(run("replay", str(path)), r"deep.json: not a replay \(.*nests")
    path.write_text("[" * 100_000 + "]" * 100_000)
    failed(run("replay", str(path)), r"deep.json: not a replay \(the JSON nests far too deep\)")


def test_a_huge_replay_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as fh:
        fh.truncate(74 << 20)
    failed(run("replay", str(path)), r"huge.json: cannot read the replay: the replay is too large")
    failed(run("board", "--replay", str(path), "-o", str(tmp_path / "b.svg")), "too large")


def test_dev_zero_and_a_fifo_are_refused_in_a_real_process(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for target, what in (("/dev/zero", "a device"), (str(fifo), "a FIFO")):
        out = subprocess.run(
            [sys.executable, "-m", "lastlight.cli.main", "replay", target],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 1, out.stderr
        assert f"cannot read the replay: this is {what}" in out.stderr
        assert "Traceback" not in out.stderr


# --- writing files ------------------------------------------------------------------------------


def test_saves_svgs_and_schemas_follow_the_umask(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    old = os.umask(0o022)
    try:
        assert run("play", "-n", "2", "-s", "1", "--save", "g.json").exit_code == 0
        assert run("board", "-o", "b.svg").exit_code == 0
        assert run("schema", "--export", "schemas").exit_code == 0
    finally:
        os.umask(old)
    for path in (tmp_path / "g.json", tmp_path / "b.svg", tmp_path / "schemas/game.schema.json"):
        assert oct(path.stat().st_mode & 0o777) == oct(0o644), path


def test_a_symlink_at_the_target_is_not_replaced(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    real = tmp_path / "real.txt"
    real.write_text("precious")
    for name in ("g.json", "b.svg"):
        (tmp_path / name).symlink_to(real)
    result = run("play", "-n", "2", "-s", "1", "--save", "g.json")  # checked before the game
    assert result.exit_code == 2 and re.search(r"--save.*g.json is a symbolic link", result.output)
    result = run("board", "-o", "b.svg")  # checked before the picture is drawn
    assert result.exit_code == 2 and re.search(r"'-o'.*b.svg is a symbolic link", result.output)
    assert real.read_text() == "precious" and (tmp_path / "g.json").is_symlink()


def test_a_trigger_loop_run_anyway_names_the_card_and_its_line(pack: Path) -> None:
    from lastlight.interpreter.agents import RandomBot, ask
    from lastlight.interpreter.engine.game import Game
    from lastlight.interpreter.engine.machine import EngineError
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.pipeline import load_pack

    tech = pack / "technologies.yaml"
    for old in ('"when activated: deal 1 damage"', '"when activated: gain 1 common"'):
        edit(tech, old, '"when activated: activate"')
    loaded, report = load_pack(pack)
    assert [d.code for d in report.errors] == ["X026", "X026"]
    rules = Rules.from_pack(loaded)
    message = ""
    for seed in range(30):  # random games until one puts such a card in play and rolls
        game, bot = Game.new(rules, 4, seed, log=False), RandomBot(seed)
        try:
            while not game.over:
                game.apply(ask(bot, game))
        except EngineError as exc:
            message = str(exc)
            break
    assert re.search(r"trigger loop: .* on [\w#-]+ at pack/technologies.yaml:\d+:\d+", message), (
        message or "no game in 30 tripped the guard"
    )
