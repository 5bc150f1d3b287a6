"""Hostile input, second round (issue 28): a file someone hands you never runs code, never makes
us read outside its pack, never makes us write through a link or over a device; every input is
typed and bounded. Each case: exit 1 (content, files) or 2 (usage) with a located message, in
seconds, no traceback, no exit 70."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from lastlight.cli.main import main
from lastlight.interpreter.load.paths import content_dir

SECRET = "root:x:0:0:secret-line-outside-the-pack"


@pytest.fixture()
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped pack (scenarios included) in tmp_path/pack; cwd is tmp_path."""
    root = tmp_path / "pack"
    shutil.copytree(content_dir(), root)
    monkeypatch.chdir(tmp_path)
    return root


@pytest.fixture()
def outside(tmp_path: Path) -> Path:
    """A folder beside the pack holding a file no pack may show."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "passwd").write_text(f"{SECRET}\nkind: [broken\n")
    (folder / "sc.yaml").write_text(f"kind: scenarios\n{SECRET}: [\n")
    return folder


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def refused(result: Result, pattern: str, code: int = 1) -> str:
    """The exit code (1 content/files, 2 usage), no traceback, and the located message."""
    out = result.output
    assert result.exit_code == code, out
    assert "Traceback" not in out and "internal error" not in out, out
    assert re.search(pattern, out), out
    return out


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    return next(i for i, t in enumerate(path.read_text().splitlines(), 1) if needle in t)


# --- nothing in a file chooses code -------------------------------------------------------------


def _unfinished_save(path: Path, seats: list[str]) -> None:
    from lastlight.interpreter.agents import RandomBot, ask
    from lastlight.interpreter.engine.game import Game
    from lastlight.interpreter.engine.replay import make_replay, save_replay
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.pipeline import load_pack

    rules = Rules.from_pack(load_pack(content_dir())[0])
    game = Game.new(rules, 2, 7)
    bot = RandomBot(1, rules)
    for _ in range(5):
        game.apply(ask(bot, game))
    save_replay(path, make_replay(game, rules, seats))


@pytest.mark.parametrize("seat", ["builtins:print", "this:s", "evilmod:Bot", "os:system"])
def test_a_save_cannot_name_a_module_to_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seat: str
) -> None:
    monkeypatch.chdir(tmp_path)
    marker = tmp_path / "imported"
    (tmp_path / "evilmod.py").write_text(f"open({str(marker)!r}, 'w').close()\nBot = print\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    save = tmp_path / "g.json"
    _unfinished_save(save, ["random", seat])
    out = refused(run("play", "--resume", str(save)), rf"g.json: seat '{re.escape(seat)}': ")
    assert "not a registered bot" in out and "command line only" in out
    assert not marker.exists(), "a module named by the file was imported"


def test_the_command_line_may_still_name_a_module(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    ref = "lastlight.interpreter.agents.random_bot:RandomBot"
    assert run("play", "-n", "2", "-s", "3", "--bots", ref).exit_code == 0


def test_no_grammar_pickle_is_read_or_written_in_the_temp_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    from lastlight.interpreter.effects import parser as parser_module

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    # a pickle planted under every name Lark's cache could use: never opened
    for name in (".lark_cache_x.tmp", ".lark_cache_root_0_3_11.tmp"):
        (tmp_path / name).write_bytes(b"not a pickle")
    parser_module.parser.cache_clear()
    try:
        built = parser_module.parser()
        assert built.parse("gain 1 rare", start="start") is not None
    finally:
        parser_module.parser.cache_clear()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".lark_cache_root_0_3_11.tmp",
        ".lark_cache_x.tmp",
    ]


# --- a pack is a closed world -------------------------------------------------------------------


def test_a_content_file_linked_out_of_the_pack_is_not_read(pack: Path, outside: Path) -> None:
    (pack / "p.yaml").symlink_to(outside / "passwd")
    show = ["show", "photon-harvester", "--content", "pack"]
    for args in (["lint", "pack"], ["play", "--content", "pack"], show):
        out = refused(run(*args), r"pack/p.yaml: error X014: this file is not read: it is a link")
        assert SECRET not in out and "secret" not in out


def test_a_linked_subfolder_is_not_entered(pack: Path, outside: Path) -> None:
    (pack / "more").symlink_to(outside, target_is_directory=True)
    (outside / "t.yaml").write_text(f"kind: technologies\nitems: [{SECRET}\n")
    result = run("lint", "pack")
    assert result.exit_code == 0 and SECRET not in result.output, result.output


def test_a_scenarios_folder_linked_out_of_the_pack(pack: Path, outside: Path) -> None:
    shutil.rmtree(pack / "scenarios")
    (pack / "scenarios").symlink_to(outside, target_is_directory=True)
    out = refused(run("lint", "pack"), r"pack/scenarios: error X014: .*leading out of the pack")
    assert SECRET not in out
    out = refused(run("test", "pack"), r"pack/scenarios: error X014: .*leading out of the pack")
    assert SECRET not in out


def test_a_scenario_file_linked_out_of_the_pack(pack: Path, outside: Path) -> None:
    (pack / "scenarios" / "x.yaml").symlink_to(outside / "sc.yaml")
    out = refused(run("lint", "pack"), r"pack/scenarios/x.yaml: error X014")
    assert SECRET not in out
    out = refused(run("test", "pack"), r"scenarios/x.yaml: error X014")
    assert SECRET not in out


@pytest.mark.slow
def test_eleven_hundred_nested_folders_under_scenarios(pack: Path) -> None:
    for shipped in (pack / "scenarios").glob("*.yaml"):
        shipped.unlink()  # only the deep one: this test is about the walk, not the scenarios
    (pack / "scenarios" / "top.yaml").write_text("kind: scenarios\nitems: [{id: top, steps: []}]\n")
    chain = [pack / "scenarios" / "d"]
    for _ in range(1099):  # pathlib's mkdir(parents=True) and rmtree recurse once per level
        chain.append(chain[-1] / "d")
    try:
        for folder in chain:
            os.mkdir(folder)
        (chain[-1] / "s.yaml").write_text("kind: scenarios\nitems: [{id: deep}]\n")
        assert run("lint", "pack").exit_code == 0
        result = run("test", "pack")
        assert result.exit_code == 0 and "internal error" not in result.output, result.output
        assert "1 passed, 0 failed" in result.output  # top.yaml; the deep one is not reached
    finally:
        (chain[-1] / "s.yaml").unlink(missing_ok=True)
        for folder in reversed(chain):
            if folder.exists():
                folder.rmdir()


# --- writes never follow or replace what they should not -------------------------------------


@pytest.fixture()
def replay_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("saved") / "game.json"
    assert run("play", "-n", "2", "-s", "5", "--bots", "random", "--save", str(path)).exit_code == 0
    return path


def _writers(replay: Path) -> dict[str, list[str]]:
    """Every command that writes an output file, writing to `OUT` (replaced per case)."""
    return {
        "save": ["play", "-n", "2", "-s", "1", "--bots", "random", "--save", "OUT"],
        "svg": ["board", "-n", "2", "-o", "OUT.svg"],
        "png": ["board", "-n", "2", "-o", "OUT.png"],
        "html": ["view", str(replay), "-o", "OUT.html"],
        "parquet": ["sim", "-g", "1", "-n", "2", "-j", "1", "--bots", "random", "-o", "OUT.pq"],
        "csv": ["sim", "-g", "1", "-n", "2", "-j", "1", "--bots", "random", "-o", "OUT.csv"],
        "report": ["balance", "-g", "2", "-n", "2", "-j", "1", "--bots", "random", "-o", "OUT.md"],
    }


def _target(args: list[str]) -> str:
    return next(a for a in args if a.startswith("OUT"))


@pytest.mark.slow
@pytest.mark.parametrize("writer", ["save", "svg", "png", "html", "parquet", "csv", "report"])
def test_no_writer_follows_a_link_at_its_target(
    tmp_path: Path, monkeypatch, replay_file: Path, writer: str
) -> None:
    monkeypatch.chdir(tmp_path)
    args = _writers(replay_file)[writer]
    name = _target(args)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (tmp_path / name).symlink_to(victim)
    # a usage error naming the option, before any game is played
    refused(run(*args), rf"('-o'|--save).*: {re.escape(name)} is a symbolic link", 2)
    assert victim.read_text() == "precious" and (tmp_path / name).is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, "victim.txt"])


@pytest.mark.slow
@pytest.mark.parametrize("writer", ["save", "svg", "html", "csv", "report"])
def test_no_writer_replaces_a_fifo(tmp_path: Path, monkeypatch, replay_file, writer) -> None:
    monkeypatch.chdir(tmp_path)
    args = _writers(replay_file)[writer]
    name = _target(args)
    os.mkfifo(tmp_path / name)
    refused(run(*args), rf"Invalid value for .*{re.escape(name)} is a FIFO \(named pipe\)", 2)
    assert (tmp_path / name).is_fifo()
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


@pytest.mark.slow
@pytest.mark.parametrize("writer", ["parquet", "report"])
def test_a_link_planted_at_the_old_partial_name_is_not_followed(
    tmp_path: Path, monkeypatch, replay_file, writer
) -> None:
    monkeypatch.chdir(tmp_path)
    args = _writers(replay_file)[writer]
    name = _target(args)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (tmp_path / f"{name}.partial").symlink_to(victim)
    assert run(*args).exit_code == 0
    assert victim.read_text() == "precious" and (tmp_path / f"{name}.partial").is_symlink()
    assert (tmp_path / name).is_file() and not (tmp_path / name).is_symlink()


def test_a_device_is_never_a_target() -> None:
    # only the checks: a broken writer run as root would replace /dev/null on the machine
    from lastlight.cli.play import save_problem
    from lastlight.interpreter.load.fileio import target_problem

    assert target_problem("/dev/null") == "/dev/null is a device; give the name of a regular file"
    assert save_problem("/dev/null") == "/dev/null is a device; give the name of a regular file"


def test_schema_export_refuses_a_link_in_the_folder(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s").mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (tmp_path / "s" / "game.schema.json").symlink_to(victim)
    refused(run("schema", "--export", "s"), r"game.schema.json is a symbolic link")
    assert victim.read_text() == "precious"


def test_the_writer_itself_refuses_links_fifos_and_folders(tmp_path: Path) -> None:
    # what a link planted between the command's check and the write meets
    from lastlight.interpreter.load.fileio import FileRefused, write_atomic

    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (tmp_path / "link").symlink_to(victim)
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    for name, what in (("link", "a symbolic link"), ("fifo", "a FIFO"), ("folder", "a folder")):
        with pytest.raises(FileRefused, match=f"{name} is {what}"):
            write_atomic(tmp_path / name, "x")
    assert victim.read_text() == "precious" and (tmp_path / "fifo").is_fifo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "folder", "link", "victim.txt"]


def test_the_writer_leaves_no_temporary_file_and_keeps_the_mode(tmp_path: Path) -> None:
    from lastlight.interpreter.load.fileio import write_atomic

    target = tmp_path / "t.bin"
    write_atomic(target, b"\x00\x01")
    target.chmod(0o640)
    write_atomic(target, lambda fh: fh.write(b"new"))
    assert target.read_bytes() == b"new" and (target.stat().st_mode & 0o777) == 0o640
    with pytest.raises(ZeroDivisionError):
        write_atomic(target, lambda fh: 1 / 0)
    assert target.read_bytes() == b"new" and [p.name for p in tmp_path.iterdir()] == ["t.bin"]


# --- every input typed and bounded --------------------------------------------------------------


def test_int_tag_on_a_superscript_digit(pack: Path) -> None:
    game = pack / "game.yaml"
    edit(game, "research_draw: 3 ", 'research_draw: !!int "²" ')
    line = line_of(game, "research_draw")
    refused(run("lint", "pack"), rf"pack/game.yaml:{line}:\d+: error Y002: invalid value")


@pytest.mark.parametrize(
    ("file", "old", "new", "needle"),
    [
        ("game.yaml", "research_draw: 3 ", "research_draw: 3.0 ", "research_draw"),
        ("technologies.yaml", "copies: 2\n", "copies: 2.0\n", "copies: 2.0"),
    ],
)
def test_a_float_where_an_integer_belongs(pack: Path, file, old, new, needle) -> None:
    path = pack / file
    edit(path, old, new)
    line = line_of(path, needle)
    pattern = rf"pack/{file}:{line}:\d+: error S005: .*expected a whole number, got 2?3?\.0"
    refused(run("lint", "pack"), pattern)
    refused(run("play", "--content", "pack"), pattern)


def test_an_id_ending_in_a_newline(pack: Path) -> None:
    tech = pack / "technologies.yaml"
    edit(tech, "- id: photon-harvester\n", '- id: "photon-harvester\\n"\n')
    line = line_of(tech, 'id: "photon-harvester')
    refused(run("lint", "pack"), rf"technologies.yaml:{line}:\d+: error S001: .*does not match")


def test_nested_may_is_bounded_like_brackets(pack: Path) -> None:
    tech = pack / "technologies.yaml"
    edit(tech, '"exhaust: gain 1 rare"', '"exhaust: ' + "may " * 490 + 'gain 1 rare"')
    line = line_of(tech, "may may")
    refused(run("lint", "pack"), rf"technologies.yaml:{line}:\d+: error E106: .*nests more than 8")


def test_one_error_on_a_3_mb_line_prints_little(pack: Path) -> None:
    tech = pack / "technologies.yaml"
    huge = "x" * (3 << 20)  # a 3 MB line holding a key no item has
    edit(tech, "    name: Photon Harvester\n", f"    name: Photon Harvester\n    bogus: {huge}\n")
    line = line_of(tech, "bogus: xxx")
    out = refused(run("lint", "pack"), rf"technologies.yaml:{line}:5: error S002: unknown key")
    assert len(out) < 5_000 and "…" in out


@pytest.fixture()
def saved(replay_file: Path) -> dict:
    return json.loads(replay_file.read_text())


@pytest.mark.parametrize(
    ("field", "value", "pattern"),
    [
        ("players", "2.0", r"the replay's players: 2.0 is not a whole number"),
        ("seed", "5.0", r"the replay's seed: 5.0 is not a whole number"),
        ("seed", "5e0", r"the replay's seed: 5e0 is not a whole number"),
        ("seed", "1" * 5000, r"the replay's seed: 111111111111…\(5000 characters\) is not"),
        ("players", "NaN", r"the replay's players: NaN is not a whole number"),
    ],
)
def test_a_replay_number_that_is_no_whole_number(
    tmp_path: Path, saved: dict, field: str, value: str, pattern: str
) -> None:
    text = json.dumps(saved, indent=1)
    text = re.sub(rf'"{field}": \d+', f'"{field}": {value}', text, count=1)
    path = tmp_path / "bad.json"
    path.write_text(text)
    for args in (["replay", str(path)], ["view", str(path), "-o", str(tmp_path / "v.html")]):
        refused(run(*args), rf"bad.json: {pattern}")
    refused(run("play", "--resume", str(path)), rf"bad.json: {pattern}")


def test_a_scenario_naming_a_seat_the_game_does_not_have(pack: Path) -> None:
    sc = pack / "scenarios" / "seats.yaml"
    sc.write_text(
        "kind: scenarios\nitems:\n- id: seat-three\n  players: 2\n  setup:\n    players:\n"
        "      3: {light: 5}\n  steps:\n  - play: {0: mine, 1: mine}\n  expect:\n"
        "    winners: [2]\n"
    )
    out = refused(run("lint", "pack"), r"pack/scenarios/seats.yaml:7:7: error X036: .*seat 3")
    assert re.search(r"seats.yaml:11:\d+: error X036: .*winners names seat 2", out)
    refused(run("test", "pack"), r"seats.yaml:7:7: error X036: scenario 'seat-three': setup")


def test_a_count_of_5000_digits_in_a_scenario_expectation(pack: Path) -> None:
    """Found by the fuzzer (seed 280000, scenario 44): `graveyard: 999…9 units` passed the
    schema's pattern and ended in int() (exit 70)."""
    table = pack / "scenarios" / "table.yaml"
    edit(table, "graveyard: 0 units", "graveyard: " + "9" * 5000 + " units")
    line = line_of(table, "graveyard: 999")
    for command in ("lint", "test"):
        out = refused(run(command, "pack"), rf"table.yaml:{line}:\d+: error S001: .*graveyard")
        assert max(len(t) for t in out.splitlines()) < 400  # the value is cut in the message


def test_an_unknown_card_in_a_scenario_setup_fails_the_scenario(pack: Path) -> None:
    """Found by the fuzzer (seed 281000, scenario 766, a flipped bit): `lastlight test` runs
    scenarios without lint, and an unknown faction in a setup ended in a KeyError (exit 70)."""
    sc = pack / "scenarios" / "achievements.yaml"
    edit(sc, "faction: ''", "faction: moom-archivists")
    line = line_of(sc, "moom-archivists")
    out = refused(run("test", "pack"), rf"achievements.yaml:{line}:\d+: error X031: unknown card")
    assert re.search(r"\d+ passed, 1 failed", out)


@pytest.mark.parametrize("place", ["colony:3.0", "colony:99", "colony:" + "9" * 5000])
def test_an_extractor_on_a_colony_space_that_does_not_exist(pack: Path, place: str) -> None:
    """Found by the fuzzer (seed 282000, scenario 4240): `colony:3.0` reached int() (exit 70);
    a space past the last one would have reached the engine."""
    sc = pack / "scenarios" / "factions.yaml"
    edit(sc, "extractors: ['colony:0']", f"extractors: ['{place}']")
    line = line_of(sc, "extractors: ['colony:")
    refused(run("lint", "pack"), rf"factions.yaml:{line}:\d+: error X032: unknown colony space")
    refused(run("test", "pack"), rf"factions.yaml:{line}:\d+: error X032: unknown colony space")


def test_an_expected_sector_with_a_look_alike_letter(pack: Path) -> None:
    """Found by the fuzzer (seed 283000, scenario 2931): a Cyrillic 'о1' in a scenario's
    expected sectors ended in a KeyError (exit 70)."""
    sc = pack / "scenarios" / "exploration.yaml"
    edit(sc, "      o1: {token_up: true}", "      \u043e1: {token_up: true}")
    line = line_of(sc, "\u043e1: {token_up")
    out = refused(run("test", "pack"), rf"exploration.yaml:{line}:7: error \w+: .*sector '\u043e1'")
    assert "internal error" not in out


def test_expected_damage_on_a_look_alike_unit(pack: Path) -> None:
    """Found by the fuzzer (seed 283000, scenario 3113): a Cyrillic 'р1-large-1' in a
    scenario's expected damage ended in a KeyError (exit 70)."""
    sc = pack / "scenarios" / "technologies.yaml"
    edit(sc, "damage: {p1-large-1: 1}", "damage: {\u04401-large-1: 1}")
    refused(run("test", "pack"), r"technologies.yaml:\d+:\d+: error T001: .*unknown unit")


# --- usage errors name the option -----------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--seed", "-1"],
        ["play", "--seed", str(10**100)],
        ["board", "--seed", "-5", "-o", "b.svg"],
        ["sim", "--seed", "-3"],
        ["balance", "--seed", str(2**64)],
        ["coverage", "--seed", "-1"],
        ["ladder", "--seed", "-1"],
        ["fuzz", "--seed", "-1"],
    ],
)
def test_a_seed_that_cannot_be_replayed_is_a_usage_error(tmp_path, monkeypatch, args) -> None:
    monkeypatch.chdir(tmp_path)
    refused(run(*args), r"Invalid value for '--seed'", code=2)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "NaN"])
def test_fuzz_minutes_must_be_finite(tmp_path, monkeypatch, value: str) -> None:
    monkeypatch.chdir(tmp_path)
    refused(run("fuzz", "--minutes", value), r"Invalid value for '--minutes'", code=2)


@pytest.mark.parametrize(
    "args",
    [
        ["fuzz", "--games", str(10**30)],
        ["ladder", "--games", str(10**30)],
        ["board", "--rotations", str(10**30), "-o", "b.svg"],
    ],
)
def test_out_of_range_counts_are_usage_errors(tmp_path, monkeypatch, args) -> None:
    monkeypatch.chdir(tmp_path)
    refused(run(*args), rf"Invalid value for '{args[1]}'", code=2)


def test_diff_revision_path_must_stay_in_the_revision(monkeypatch) -> None:
    repo = Path(__file__).resolve().parents[2]
    if not (repo / ".git").exists():
        pytest.skip("not a git checkout")
    from lastlight.interpreter.tools.lab.packsrc import PackSourceError, pack_folder

    monkeypatch.chdir(repo)
    absolute = f"HEAD:{repo / 'content'}"
    refused(run("diff", "-g", "1", absolute, "HEAD"), rf"lastlight: '{absolute}': the path after")
    for spec in ("HEAD:../content", "-x:content", "HEAD:~/content"):
        match = r"is not a git revision|the path after ':'"
        with pytest.raises(PackSourceError, match=match), pack_folder(spec, repo):
            pass


# --- work bounded by the input's size ---------------------------------------------------------

TECH = """  - id: gen-tech-{i}
    name: Generated Tech {i}
    type: civilization
    copies: 2
    cost: {{common: 1, uncommon: 1}}
    effects:
      - "exhaust: gain 1 rare"
    source: designed
"""


def test_a_4_mb_file_of_valid_items_is_refused_unparsed(pack: Path) -> None:
    tech = pack / "technologies.yaml"
    tech.write_text(tech.read_text() + "".join(TECH.format(i=i) for i in range(20_000)))
    assert tech.stat().st_size > 3 << 20
    out = refused(run("lint", "pack"), r"technologies.yaml:\d+:1: error X015: the pack's files")
    assert "X012" not in out  # the counts are not checked against a file that was not read


def _nevers(count: int, trap: str) -> str:
    """A fight after a command: `count` never steps that never match, then `trap` (before the
    attack is offered), then the attack."""
    steps = "".join(f"  - never: {{kind: use, card: no-such-card-{i}}}\n" for i in range(count))
    return (
        "kind: scenarios\nitems:\n- id: many-nevers\n  players: 2\n  setup:\n    players:\n"
        "      0: {faction: '', achievement: '', ships: {c: {large: 1}}}\n"
        "      1: {faction: '', achievement: '', ships: {c: {small: 1}}}\n"
        "    lumos: {ships: {}}\n    dice: [hit, miss, miss]\n  steps:\n"
        f"  - play: {{0: command, 1: mine}}\n{steps}{trap}  - choose: done\n"
        "  - choose: {kind: attack, size: large, attack: true}\n  - finish: round\n"
    )


def test_thousands_of_never_steps_and_one_that_trips_later(pack: Path) -> None:
    for shipped in (pack / "scenarios").glob("*.yaml"):
        shipped.unlink()
    sc = pack / "scenarios" / "n.yaml"
    sc.write_text(_nevers(3000, ""))
    assert "1 passed, 0 failed" in run("test", "pack").output
    # a `never` is still checked at every later decision: the attack comes two steps on
    sc.write_text(_nevers(3000, "  - never: {kind: attack, size: large}\n"))
    out = run("test", "pack").output
    assert "0 passed, 1 failed" in out
    line = line_of(sc, "never: {kind: attack")
    assert re.search(rf"n.yaml:{line}:\d+: .*expected never to be offered", out), out
