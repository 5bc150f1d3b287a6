"""The balance-lab commands end to end (small N): sim, balance (reports and --check), diff,
ablate, and their usage and input errors."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from lastlight.cli.main import main


def run(*args: str) -> tuple[int, str]:
    """Exit code and what was printed: stdout, then stderr (which pack was used goes there)."""
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout + result.stderr


def run_json(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sim") / "r.parquet"
    code, out = run("sim", "--games", "30", "--players", "4", "--seed", "2", "-o", str(path))
    assert code == 0, out
    assert "30 games, 120 rows" in out and "games/s" in out
    return path


def test_sim_same_rows_for_jobs_1_and_2(results: Path, tmp_path: Path) -> None:
    other = tmp_path / "j1.parquet"
    code, out = run("sim", "-g", "30", "-n", "4", "--seed", "2", "-j", "1", "-o", str(other))
    assert code == 0, out
    assert pq.read_table(other).equals(pq.read_table(results))
    meta = json.loads(pq.read_schema(results).metadata[b"lastlight"])
    assert meta["seed"] == 2 and meta["bots"] == ["heuristic"] and meta["content_digest"]


def test_sim_csv(tmp_path: Path) -> None:
    path = tmp_path / "r.csv"
    code, out = run("sim", "-g", "2", "-n", "2,3", "--bots", "random", "-j", "1", "-o", str(path))
    assert code == 0, out
    assert len(path.read_text().splitlines()) == 1 + 2 + 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "player counts are 2, 3 or 4"),
        (["--bots", "nobody"], "unknown bot 'nobody'"),
        (["--games", "0"], "--games"),
    ],
)
def test_sim_usage_errors(args: list[str], message: str) -> None:
    code, out = run("sim", *args)
    assert code == 2 and message in out and "Traceback" not in out


def test_sim_broken_content_exits_1(tmp_path: Path) -> None:
    (tmp_path / "pack.yaml").write_text("kind: pack\n")
    code, out = run("sim", "-g", "1", "--content", str(tmp_path), "-o", str(tmp_path / "x.pq"))
    assert code == 1 and "error" in out and not (tmp_path / "x.pq").exists()


@pytest.mark.slow
def test_balance_reports(results: Path, tmp_path: Path) -> None:
    html, md, js = (tmp_path / f"report.{s}" for s in ("html", "md", "json"))
    code, out = run(
        "balance", str(results), "-o", str(html), "-o", str(md), "-o", str(js),
        "--plots", str(tmp_path / "plots"),
    )  # fmt: skip
    assert code == 0, out
    assert (tmp_path / "plots" / "win-share-by-faction.svg").read_text().startswith("<?xml")
    assert out.startswith("30 games; players [4]") and "win share by faction:" in out
    assert html.read_text().count("data:image/svg+xml;base64,") >= 5
    assert md.read_text().startswith("# Balance report")
    assert json.loads(js.read_text())["games"] == 30
    code, out = run("balance", str(results), "-o", str(tmp_path / "report.pdf"))
    assert code == 2 and ".html, .md or .json" in out


def test_balance_check_passes_and_fails(results: Path, tmp_path: Path) -> None:
    holds = tmp_path / "holds.yaml"
    holds.write_text("bands:\n  - figure: game\n    keys: [rounds]\n    min: 3\n    max: 60\n")
    code, out = run("balance", str(results), "--check", str(holds))
    assert code == 0 and "within its band" in out
    broken = tmp_path / "broken.yaml"
    broken.write_text("bands:\n  - figure: game\n    keys: [rounds]\n    max: 5\n")
    code, out = run("balance", str(results), "--check", str(broken), "--format", "github")
    assert code == 1
    assert out.startswith("::error file=") and ",line=2,col=5,title=G001" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("bands:\n  - figure: nope\n    max: 1\n")
    code, out = run("balance", str(results), "--check", str(bad))
    assert code == 1 and "bad.yaml:2:13: figure must be one of" in out


def test_balance_rejects_other_files(tmp_path: Path) -> None:
    junk = tmp_path / "junk.parquet"
    junk.write_text("not parquet")
    code, out = run("balance", str(junk))
    assert code == 1 and "cannot read results" in out and "Traceback" not in out


def test_diff_same_pack_and_bad_revision() -> None:
    code, out = run("diff", "HEAD", "HEAD", "-g", "6", "-j", "1")
    assert code == 0, out
    assert "no item differs" in out and "nothing moved beyond its interval" in out
    code, out = run("diff", "no-such-rev-xyz", "HEAD", "-g", "2")
    assert code == 1 and "neither a pack folder nor a git revision" in out


def test_ablate_command() -> None:
    code, out = run_json("ablate", "star-nomads", "-g", "16", "-j", "1", "--format", "json")
    assert code == 0, out
    data = json.loads(out, parse_constant=lambda c: pytest.fail(f"{c} is not JSON"))
    assert data["item"] == "star-nomads" and data["figure"] == "faction" and data["pairs"] > 0
    code, out = run("ablate", "no-such-card", "-g", "2")
    assert code == 2 and "'no-such-card' is not" in out


def test_balance_plays_when_given_no_results() -> None:
    code, out = run_json("balance", "-g", "4", "-n", "2", "-j", "1", "--format", "json")
    assert code == 0, out
    data = json.loads(out)
    assert data["games"] == 4 and data["meta"]["players"] == [2]


def test_sim_unwritable_output_exits_1(tmp_path: Path) -> None:
    code, out = run("sim", "-g", "1", "-j", "1", "-o", str(tmp_path / "no" / "such" / "r.parquet"))
    assert code == 1 and "cannot write" in out and "Traceback" not in out
