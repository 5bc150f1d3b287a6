"""`lastlight play` with a person at the table, through piped input: a bad --save path fails
before the first decision, quitting (q, end of input, Ctrl-C) saves, --resume continues, odd
input re-asks, and the screen never shows another player's secrets or internal ids."""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter.engine.replay import load_replay, run_replay
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.present.describe import card_name

PROMPT = "your choice ("
INTERNAL_ID = re.compile(r"\b(p\d+|lumos)-(x|small|medium|large)-\d+\b|#\d")


def _play(args: list[str], answers: list[str] | str) -> object:
    text = answers if isinstance(answers, str) else "".join(a + "\n" for a in answers)
    return CliRunner().invoke(main, ["play", *args], input=text)


@pytest.mark.parametrize(
    ("where", "why"),
    [("missing-folder/game.json", "does not exist"), (".", "is a folder")],
)
def test_a_bad_save_path_fails_before_the_first_decision(
    tmp_path: Path, where: str, why: str
) -> None:
    target = tmp_path / where
    result = _play(["--human", "0", "-n", "2", "--save", str(target)], ["1"] * 5)
    assert result.exit_code == 2
    assert why in result.output and "--save" in result.output
    assert PROMPT not in result.output and "Round 1" not in result.output
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_quit_saves_and_resume_continues_to_the_end(tmp_path: Path, rules: Rules) -> None:
    save = tmp_path / "game.json"
    first = _play(["--human", "0", "-n", "2", "-s", "4", "--save", str(save)], ["1", "1", "q"])
    assert first.exit_code == 0, first.output
    assert first.output.count(PROMPT) == 3
    assert f"lastlight play --resume {save}" in first.output
    data = load_replay(save)
    assert data["result"] is None and data["seats"] == ["human", "heuristic"]
    decided = len(data["decisions"])
    assert decided >= 2
    run_replay(rules, data)  # the saved game is a valid game in progress

    again = _play(["--resume", str(save)], ["1", "q"])
    assert again.exit_code == 0, again.output
    assert f"{decided} decisions so far" in again.output
    assert len(load_replay(save)["decisions"]) > decided

    # and to the end: the finished game is a replay that verifies
    done = _play(["--resume", str(save)], ["1"] * 400)
    assert done.exit_code == 0, done.output
    assert "Game over" in done.output
    final = load_replay(save)
    assert final["result"] is not None
    verified = CliRunner().invoke(main, ["replay", str(save)])
    assert verified.exit_code == 0, verified.output
    over = _play(["--resume", str(save)], ["1"])
    assert over.exit_code == 1 and "this game is over" in over.output


def test_the_game_is_saved_after_every_decision(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    counts = []
    for n in (1, 2, 3):
        save.unlink(missing_ok=True)
        _play(["--human", "0", "-n", "2", "-s", "4", "--save", str(save)], ["1"] * n)  # then EOF
        counts.append(len(load_replay(save)["decisions"]))
    assert counts[0] < counts[1] < counts[2]


def test_end_of_input_saves_and_exits_130(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = _play(["--human", "0", "-n", "2", "--save", str(save)], ["1"])
    assert result.exit_code == 130
    assert "Game saved to" in result.output
    assert load_replay(save)["result"] is None


def test_ctrl_c_while_bots_think_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import lastlight.cli.play as play

    calls = {"n": 0}
    real_ask = play.ask

    def interrupted(bot, game):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 6:
            raise KeyboardInterrupt
        return real_ask(bot, game)

    monkeypatch.setattr(play, "ask", interrupted)
    save = tmp_path / "game.json"
    result = _play(["--human", "0", "-n", "3", "--save", str(save)], ["1"] * 20)
    assert result.exit_code == 130
    assert "Game saved to" in result.output
    assert load_replay(save)["decisions"]


def test_without_save_quitting_offers_to_save(tmp_path: Path) -> None:
    target = tmp_path / "later.json"
    offered = _play(["--human", "0", "-n", "2"], ["1", "q", str(target)])
    assert offered.exit_code == 0, offered.output
    assert "Save the game?" in offered.output and f"Game saved to {target}" in offered.output
    assert len(load_replay(target)["decisions"]) >= 1
    # a bad name is refused and asked again; end of input: not saved
    refused = _play(["--human", "0", "-n", "2"], ["q", str(tmp_path / "no" / "x.json")])
    assert "cannot save there" in refused.output and "The game was not saved." in refused.output
    eof = _play(["--human", "0", "-n", "2"], ["1"])
    assert eof.exit_code == 130 and "The game was not saved." in eof.output


def test_odd_input_re_asks_and_never_crashes() -> None:
    odd = ["²", "-1", "0", "999", "1.5", "abc", "", " ", "١", "1e3", "v"]
    result = _play(["--human", "0", "-n", "2"], [*odd, "q"])
    assert result.exit_code == 0, result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert result.output.count("please type a number from 1 to") == len(odd) - 1  # v redraws
    assert result.output.count(PROMPT) == len(odd) + 1


def test_the_screen_keeps_other_players_secrets_and_names_things(
    tmp_path: Path, rules: Rules
) -> None:
    save = tmp_path / "game.json"
    result = _play(["--human", "0", "-n", "3", "-s", "7", "--save", str(save)], ["1"] * 40)
    assert result.output.count(PROMPT) >= 40
    out = result.output
    # the log lines name things, never internal ids
    log = [line for line in out.splitlines() if re.match(r"\s+R\s*\d+ ", line)]
    assert len(log) > 30
    for line in log:
        assert not INTERNAL_ID.search(line), line
    assert not INTERNAL_ID.search(out)
    # rebuild the game: what the others hold in secret never shows
    game = run_replay(rules, load_replay(save))
    public = " ".join(
        card_name(game, c)
        for pl in game.state["players"]
        for c in [
            *pl["civ"],
            *(m for ms in pl["mods"].values() for m in ms),
            *(a for a in pl["ability"].values() if a),  # ship abilities in play are public
        ]
    ) + " ".join(card_name(game, c) for c in game.state["discard"])
    mine = {card_name(game, c) for c in game.state["players"][0]["tech_hand"]}
    secret = set()
    for other in (1, 2):
        pl = game.state["players"][other]
        secret |= {card_name(game, c) for c in pl["tech_hand"]}
    secret = {n for n in secret if n not in public and n not in mine}
    assert secret, "the others hold secret technologies the screen could leak"
    for name in secret:
        assert name not in out, name
    # my achievement is on my screen; the others' kept ones are never named as theirs
    me = game.state["players"][0]
    assert f"achievement  {card_name(game, me['ach'])}" in re.sub(r" +", "  ", out) or (
        card_name(game, me["ach"]) in out
    )
    for other in (1, 2):
        theirs = card_name(game, game.state["players"][other]["ach"])
        assert f"P{other} keeps {theirs}" not in out
    assert "P1 keeps a card in secret" in out
    json.loads(save.read_text())  # the save is whole JSON


def test_r_set_06_the_screen_at_my_achievement_shows_no_other_faction(
    tmp_path: Path, rules: Rules
) -> None:
    """R-SET-06: at a 4-player table a person keeps a faction (prompt 1), then an achievement
    (prompt 2) after every bot has kept its faction: the screens up to that decision name none
    of the others' kept factions; they are revealed, to everyone, after the draft."""
    save = tmp_path / "game.json"
    result = _play(["--human", "0", "-n", "4", "-s", "303", "--save", str(save)], ["1", "1", "q"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count(PROMPT) == 3
    at_achievement = out[: [m.start() for m in re.finditer(re.escape(PROMPT), out)][1]]
    assert "Keep one planetary achievement" in at_achievement.split(PROMPT)[-1]
    game = run_replay(rules, load_replay(save))
    others = [card_name(game, game.state["players"][o]["faction"]) for o in (1, 2, 3)]
    assert all(others)
    for name in others:
        assert name not in at_achievement, name
        assert name in out[len(at_achievement) :]  # revealed once the draft is over
    assert "factions revealed" in out[len(at_achievement) :]


def _until(proc: subprocess.Popen, marker: str, seconds: float = 60) -> str:
    """Read the process's stdout until `marker` shows (a prompt has no newline)."""
    assert proc.stdout is not None
    seen = ""
    deadline = time.monotonic() + seconds
    while marker not in seen:
        assert time.monotonic() < deadline, f"no {marker!r} in time; got {seen[-300:]!r}"
        ready, _, _ = select.select([proc.stdout], [], [], 1.0)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 4096).decode("utf-8", "replace")
            assert chunk, f"the process ended before {marker!r}: {seen[-300:]!r}"
            seen += chunk
    return seen


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_at_the_prompt_of_a_real_process_saves(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    cmd = [
        sys.executable,
        "-m",
        "lastlight.cli.main",
        "play",
        "--human",
        "0",
        "-n",
        "2",
        "--save",
        str(save),
    ]
    proc = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path
    )
    try:
        _until(proc, PROMPT)
        assert proc.stdin is not None
        proc.stdin.write(b"1\n")
        proc.stdin.flush()
        _until(proc, PROMPT)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert b"Game saved to" in out and b"Traceback" not in err
    assert len(load_replay(save)["decisions"]) >= 1


def test_end_of_input_in_a_real_process(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "lastlight.cli.main",
            "play",
            "--human",
            "0",
            "-n",
            "2",
            "--save",
            str(save),
        ],
        input="1\n1\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert run.returncode == 130, run.stderr
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr
    assert "Game saved to" in run.stdout
    assert load_replay(save)["result"] is None


def test_resume_with_other_content_says_so(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    _play(["--human", "0", "-n", "2", "--save", str(save)], ["1", "q"])
    other = tmp_path / "other"
    shutil.copytree(content_dir(), other)
    game_yaml = other / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8") + "\n# edited\n", "utf-8")
    result = _play(["--resume", str(save), "--content", str(other)], ["q"])
    assert result.exit_code == 1
    assert "was played with other content" in result.output and "--content" in result.output
    assert PROMPT not in result.output
