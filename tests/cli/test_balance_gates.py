"""`lastlight balance --restricted` and `--robust`: the tables, the gate's exit code and its
text / github / JSON output, and clean usage and file errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter.tools.lab import restricted_bands

TINY = ["balance", "-g", "2", "-n", "2", "--bots", "random", "--seed", "3", "-j", "1"]
RESTRICTED = """\
restricted:
  - kind: achievement
    keys: [achievement-red]
    within: 0.08
    games: 2
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def bands(tmp_path: Path) -> Path:
    path = tmp_path / "bands.yaml"
    path.write_text("bands:\n  - figure: seat\n    fair_within: 0.5\n" + RESTRICTED)
    return path


@pytest.mark.slow
def test_restricted_cases_are_played_and_hold(bands: Path) -> None:
    code, out, err = run(*TINY, "--check", str(bands), "--restricted")
    assert code == 0, err
    assert "restricted play (random in every seat" in out
    row = next(line for line in out.splitlines() if "achievement-red" in line)
    assert row.split()[:4] == ["achievement-red", "2p", "keep", "2"] and row.endswith("holds")
    assert "restricted play: 1 case(s), 2 pairs" in err
    assert "every figure is within its band (1 band(s), 1 restricted case(s))" in err
    code, out, err = run(*TINY, "--check", str(bands))  # not asked for: not played
    assert code == 0 and "restricted play" not in out


def _broken(cases: list[Any], *args: Any, **kw: Any) -> dict[Any, dict[str, Any]]:
    return {
        c: {"item": c.item, "players": c.players, "mode": "keep", "pairs": 40, "deals": 40,
            "forced_share": 0.1, "free_share": 0.4, "change": -0.3,
            "change_interval": [-0.45, -0.15]}
        for c in cases
    }  # fmt: skip


def test_a_broken_restricted_band_fails_at_the_item(
    bands: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(restricted_bands, "run_cases", _broken)
    code, out, err = run(*TINY, "--check", str(bands), "--restricted", "--format", "github")
    assert code == 1 and "1 figure(s) outside their band" in err
    (line,) = [x for x in out.splitlines() if x.startswith("::error")]
    assert line.startswith("::error file=content/achievements.yaml,line=24,col=5,title=G002")
    code, out, err = run(*TINY, "--check", str(bands), "--restricted", "--format", "json")
    assert code == 1
    data = json.loads(out)  # one document: the report, the cases and the breaches
    (case,) = data["restricted"]["cases"]
    assert case["broken"] and case["band"] == [-0.08, 0.08]
    assert data["breaches"][0]["code"] == "G002" and data["games"] == 2
    code, out, _ = run(*TINY, "--check", str(bands), "--restricted-games", "5")
    assert code == 1 and "content/achievements.yaml:24:5: error G002: achievement-red" in out


def test_robust_shows_both_verdicts_and_fails_on_a_band_broken_under_either(
    tmp_path: Path,
) -> None:
    three = ["balance", "-g", "3", *TINY[3:]]  # three games: intervals narrow enough
    code, out, err = run(*three, "--robust", "heuristic")
    assert code == 0, err
    assert "A = random and B = heuristic" in out and "verdict(s) flip" in out
    # heuristic games of these seeds last 19 rounds on average ([10.39, 27.61]), random ones
    # 59.33 ([44.36, 74.31]): a band "at least 30 rounds" breaks under heuristic only
    rounds = tmp_path / "rounds.yaml"
    rounds.write_text("bands:\n  - figure: game\n    keys: [rounds]\n    min: 30\n")
    code, out, err = run(*three, "--robust", "heuristic", "--check", str(rounds))
    assert code == 1 and "1 figure(s) outside their band" in err
    head = f"{rounds}:2:5: error G001: under heuristic (3 paired games):"
    assert f"{head} game of rounds (game) is 19.00" in out
    flip = next(line for line in out.splitlines() if line.lstrip().startswith("FLIP"))
    assert "inside" in flip and "outside" in flip and "MOVED" in flip
    code, out, err = run(*three, "--robust", "heuristic", "--check", str(rounds), "--format",
                         "json")  # fmt: skip
    assert code == 1 and json.loads(out)["robust"]["flipped"] == 1


def test_robust_results_must_be_paired(tmp_path: Path) -> None:
    other = tmp_path / "other.parquet"
    code, _, err = run("sim", "-g", "2", "-n", "2", "--bots", "heuristic", "--seed", "4",
                       "-j", "1", "-o", str(other))  # fmt: skip
    assert code == 0, err
    code, _, err = run(*TINY, "--robust-results", str(other))
    assert code == 1 and "not played on the same seed (4 here, 3 in the run)" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--robust", "nobody"], "unknown bot 'nobody'"),
        (["--robust-games", "0"], "--robust-games"),
        (["--robust-games", "3"], "needs --robust BOTS"),
        (["--robust", "heuristic", "--robust-games", "5"], "the first of the run's 2"),
        (["--restricted"], "needs --check BANDS"),
        (["--restricted-games", "-1"], "--restricted-games"),
        (["--restricted-players", "5"], "player counts are 2, 3 or 4, not 5"),
        (["--robust", "heuristic", "--robust-results", __file__], "not both"),
    ],
)
def test_usage_errors(args: list[str], message: str) -> None:
    code, out, err = run(*TINY, *args)
    assert code == 2 and message in err and "Traceback" not in out + err


def test_restricted_needs_one_bot_and_a_section(bands: Path, tmp_path: Path) -> None:
    args = ["balance", "-g", "2", "-n", "2", "--bots", "random,heuristic", "-j", "1"]
    code, _, err = run(*args, "--check", str(bands), "--restricted")
    assert code == 2 and "restricted play seats one bot in every seat" in err
    plain = tmp_path / "plain.yaml"
    plain.write_text("bands:\n  - figure: seat\n    fair_within: 0.5\n")
    code, _, err = run(*TINY, "--check", str(plain), "--restricted")
    assert code == 1 and "plain.yaml:1:1: --restricted: the file has no restricted: section" in err
    bad = tmp_path / "bad.yaml"
    bad.write_text(RESTRICTED.replace("[achievement-red]", "[nobody]"))
    code, _, err = run(*TINY, "--check", str(bad), "--restricted")
    assert code == 1 and "bad.yaml:3:11: 'nobody' is not a achievement of this pack" in err


@pytest.mark.slow
def test_diff_robust_shows_moved_under_both_populations() -> None:
    args = ["diff", "content", "content", "-g", "6", "-n", "2", "--bots", "random", "-j", "1"]
    code, out, err = run(*args, "--robust", "heuristic", "--robust-games", "5", "--all")
    assert code == 0, err
    assert "robustness: on the first 5 paired games, 0 of" in out
    assert "A = random, B = heuristic" in out and "A not moved" in out
    code, out, err = run(*args, "--robust", "heuristic", "--format", "json")
    data = json.loads(out)["robust"]
    assert code == 0 and data["games"] == 6 and data["population_b"] == ["heuristic"]
    assert data["figures"] and not any(f["flipped"] for f in data["figures"])  # a pack vs itself


def test_diff_robust_usage_errors() -> None:
    args = ["diff", "content", "content", "-g", "6", "-n", "2", "--bots", "random", "-j", "1"]
    code, _, err = run(*args, "--robust-games", "2")
    assert code == 2 and "needs --robust BOTS" in err
    code, _, err = run(*args, "--robust", "heuristic", "--robust-games", "9")
    assert code == 2 and "the first of the run's 6" in err


def test_the_section_is_checked_even_when_not_played(bands: Path, tmp_path: Path) -> None:
    code, out, err = run(*TINY, "--check", str(bands))
    assert code == 0 and "restricted play" not in out
    assert f"note: 1 restricted band(s) of {bands} not played (--restricted plays them)" in err
    bad = tmp_path / "bad.yaml"
    bad.write_text(RESTRICTED.replace("within: 0.08", "within: lots"))
    code, _, err = run(*TINY, "--check", str(bad))
    assert code == 1 and "bad.yaml:4:13: within is a share between 0 and 1" in err


def test_a_results_file_whose_pack_is_not_here_is_one_line(tmp_path: Path) -> None:
    """A results file records the folder of its pack; made on another machine, that folder is
    not here: one line asking for --content, never an internal error."""
    import pyarrow.parquet as pq

    made = tmp_path / "made.parquet"
    code, _, err = run("sim", "-g", "2", "-n", "2", "--bots", "random", "--seed", "3",
                       "-j", "1", "-o", str(made))  # fmt: skip
    assert code == 0, err
    table = pq.read_table(made)
    meta = dict(table.schema.metadata)
    info = json.loads(meta[b"lastlight"])
    info["content"] = str(tmp_path / "gone" / "content")
    meta[b"lastlight"] = json.dumps(info).encode()
    moved = tmp_path / "moved.parquet"
    pq.write_table(table.replace_schema_metadata(meta), moved)
    code, _, err = run("balance", str(moved), "--robust-results", str(made))
    assert code == 1
    assert "the run's content pack cannot be used" in err and "give --content" in err
    assert "internal error" not in err
    code, _, err = run("balance", str(moved), "--robust-results", str(made), "--content",
                       str(Path(__file__).resolve().parents[2] / "content"))  # fmt: skip
    assert code == 0, err
