"""The rules cache: a pack loaded before is read back, not compiled again; any change to its
files is a new entry; a pack with errors, a broken entry or an unwritable folder never costs a
correct answer."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lastlight.interpreter import pipeline, rules_cache
from lastlight.interpreter.agents import RandomBot, ask
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load import user_cache
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.rules_cache import KEEP, load_rules, pack_key


@pytest.fixture
def pack_dir(tmp_path: Path) -> Path:
    root = tmp_path / "pack"
    shutil.copytree(content_dir(), root, ignore=shutil.ignore_patterns("scenarios", "balance"))
    return root


@pytest.fixture
def cache(user_caches: Path) -> Path:
    return user_caches / "rules"


def _no_pipeline(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(root: object) -> None:
        raise AssertionError("the pack was compiled again")

    monkeypatch.setattr(pipeline, "load_pack", refuse)


def _game_log(rules: Rules, seed: int = 3) -> list[dict]:
    game = Game.new(rules, 3, seed)
    bot = RandomBot(seed)
    while not game.over:
        game.apply(ask(bot, game))
    return game.log


def test_a_second_load_reads_the_kept_rules_and_plays_the_same_game(
    pack_dir: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, report = load_rules(pack_dir)
    assert report is None and first is not None
    assert len(list(cache.glob("*.pickle"))) == 1
    _no_pipeline(monkeypatch)
    again, report = load_rules(pack_dir)
    assert report is None and again is not None and again is not first
    assert again.pack.digest == first.pack.digest and again.tech_deck == first.tech_deck
    assert _game_log(again) == _game_log(first)
    # the board left its networkx graphs behind and builds them again when asked
    board = first.pack.models["board"]
    kept = again.pack.models["board"]
    assert kept._graphs is None
    assert sorted(kept.graph(1).edges) == sorted(board.graph(1).edges)


def test_a_changed_file_is_a_new_entry_with_the_change(pack_dir: Path, cache: Path) -> None:
    before, _ = load_rules(pack_dir)
    assert before is not None
    game = pack_dir / "game.yaml"
    text = game.read_text()
    assert "light_to_win: 20" in text
    game.write_text(text.replace("light_to_win: 20", "light_to_win: 25"))
    after, report = load_rules(pack_dir)
    assert report is None and after is not None
    assert (before.light_to_win, after.light_to_win) == (20, 25)
    assert len(list(cache.glob("*.pickle"))) == 2


def test_a_pack_with_errors_is_reported_every_time_and_never_kept(
    pack_dir: Path, cache: Path
) -> None:
    game = pack_dir / "game.yaml"
    game.write_text(game.read_text().replace("light_to_win: 20", "light_to_win: lots"))
    for _ in range(2):
        rules, report = load_rules(pack_dir)
        assert rules is None and report is not None and report.errors
    assert not list(cache.glob("*.pickle"))


def test_a_broken_or_foreign_entry_is_dropped_and_the_pack_loaded_again(
    pack_dir: Path, cache: Path
) -> None:
    load_rules(pack_dir)
    (entry,) = cache.glob("*.pickle")
    key = entry.name.removesuffix(".pickle")
    good = entry.read_bytes()
    for bad in (good[: len(good) // 2], b"not a pickle", b""):
        entry.write_bytes(bad)
        rules, report = load_rules(pack_dir)
        assert report is None and rules is not None and rules.light_to_win == 20
        assert rules_cache._read(entry, key) is not None  # written again, whole
    # an entry holding another key's rules (a renamed file) is not believed
    other = cache / ("0" * 64 + ".pickle")
    shutil.copy(entry, other)
    assert rules_cache._read(other, "0" * 64) is None and not other.exists()


def test_no_cache_and_an_unwritable_folder_still_load(
    pack_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.delenv("LASTLIGHT_NO_CACHE", raising=False)
    monkeypatch.setenv("LASTLIGHT_CACHE_DIR", str(blocker))
    assert user_cache.cache_folder("rules") == blocker / "rules"
    rules, report = load_rules(pack_dir)
    assert report is None and rules is not None
    monkeypatch.setenv("LASTLIGHT_NO_CACHE", "1")
    assert user_cache.cache_folder("rules") is None
    rules, report = load_rules(pack_dir)
    assert report is None and rules is not None


def test_a_folder_others_may_write_to_is_never_read(
    pack_dir: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_rules(pack_dir)
    assert len(list(cache.glob("*.pickle"))) == 1
    cache.chmod(0o777)  # a planted entry here could run code when read back
    _no_pipeline(monkeypatch)
    with pytest.raises(AssertionError, match="compiled again"):
        load_rules(pack_dir)
    cache.chmod(0o700)
    rules, _ = load_rules(pack_dir)
    assert rules is not None
    # a link to a folder is refused too, even one of this user's
    linked = cache.parent / "linked"
    linked.symlink_to(cache)
    assert not user_cache.private(linked) and user_cache.private(cache)


def test_the_folder_keeps_the_newest_entries(pack_dir: Path, cache: Path) -> None:
    game = pack_dir / "game.yaml"
    text = game.read_text()
    for n in range(KEEP + 2):
        game.write_text(text + f"\n# edit {n}\n")
        load_rules(pack_dir)
    assert len(list(cache.glob("*.pickle"))) == KEEP
    assert not list(cache.glob(".write-*"))
    assert oct(cache.stat().st_mode & 0o777) == "0o700"


def test_a_link_out_of_the_pack_is_never_kept(pack_dir: Path, cache: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.yaml"
    outside.write_text("kind: tokens\n")
    (pack_dir / "extra.yaml").symlink_to(outside)
    assert pack_key(pack_dir) is None
    rules, report = load_rules(pack_dir)
    assert rules is None and report is not None
    assert any(d.code == "X014" for d in report.errors)
    assert not list(cache.glob("*.pickle"))


def test_the_key_follows_the_folder_the_code_and_the_bytes(pack_dir: Path, tmp_path: Path) -> None:
    # (the key needs no cache folder: it is worked out the same with the cache off)
    key = pack_key(pack_dir)
    assert key is not None and key == pack_key(pack_dir)
    twin = tmp_path / "twin"
    shutil.copytree(pack_dir, twin)
    assert pack_key(twin) != key  # another folder: messages and scenarios name it
    (pack_dir / "game.yaml").write_bytes((pack_dir / "game.yaml").read_bytes() + b" ")
    assert pack_key(pack_dir) != key


def test_the_key_follows_the_schemas_and_the_load_libraries(
    pack_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    schemas = tmp_path / "schemas"
    shutil.copytree(user_cache.schemas_dir(), schemas)
    monkeypatch.setattr(user_cache, "schemas_dir", lambda: schemas)
    lib = tmp_path / "libs" / "fakeyaml"
    lib.mkdir(parents=True)
    (lib / "__init__.py").write_text("version = 1\n")
    monkeypatch.syspath_prepend(str(lib.parent))
    monkeypatch.setattr(user_cache, "LOADERS", (*user_cache.LOADERS, "fakeyaml"))
    keys = [pack_key(pack_dir)]
    (schemas / "game.schema.json").write_text((schemas / "game.schema.json").read_text() + " ")
    keys.append(pack_key(pack_dir))
    (lib / "__init__.py").write_text("version = 22\n")  # an upgrade rewrites the package
    keys.append(pack_key(pack_dir))
    assert len(set(keys)) == 3


LIGHT_START = """
import sys
from lastlight.cli.main import main
sys.argv = ["lastlight", "sim", "--games", "2", "--players", "4", "--bots", "random",
            "--jobs", "1", "-o", sys.argv[1]]
try:
    main()
except SystemExit:
    pass
heavy = ("networkx", "lark", "jsonschema", "numpy", "pyarrow", "pandas")
print(" ".join(sorted(m for m in heavy if m in sys.modules)) or "none")
"""


def test_a_sweep_from_the_cache_imports_none_of_the_load_libraries(
    tmp_path: Path, cache: Path
) -> None:
    env = {**os.environ, "LASTLIGHT_CACHE_DIR": str(cache.parent)}

    def heavy() -> str:
        out = subprocess.run(
            [sys.executable, "-c", LIGHT_START, str(tmp_path / "rows.csv")],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            check=True,
        )
        return out.stdout.split("\n")[-2]

    assert set(heavy().split()) >= {"networkx", "lark", "jsonschema"}  # the first load compiles
    assert heavy() == "none"


def test_without_a_home_folder_there_is_no_cache_and_no_error(
    pack_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LASTLIGHT_NO_CACHE", raising=False)
    monkeypatch.delenv("LASTLIGHT_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    assert user_cache.cache_folder("rules") is None
    rules, report = load_rules(pack_dir)
    assert report is None and rules is not None
