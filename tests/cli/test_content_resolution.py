"""Which pack a command uses: --content, else a pack in the current folder, else the installed
one; the README's designer walkthrough works after a non-editable `pip install .`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter.load.paths import content_dir

REPO = Path(__file__).resolve().parents[2]
TYPO = ("gain 1 rare", "gain 1 rair")


def _broken_copy(where: Path) -> Path:
    """A copy of the shipped content with one technology broken (Photon Harvester's effect)."""
    dest = where / "content"
    shutil.copytree(content_dir(), dest)
    techs = dest / "technologies.yaml"
    text = techs.read_text(encoding="utf-8")
    assert TYPO[0] in text
    techs.write_text(text.replace(TYPO[0], TYPO[1], 1), encoding="utf-8")
    return dest


def test_a_pack_in_the_current_folder_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _broken_copy(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["lint", "--format", "json"])
    assert result.exit_code == 1
    assert "using the content pack content (found in the current folder)" in result.stderr
    report = json.loads(result.stdout)  # the announcement stays off stdout
    assert any("technologies.yaml" in d["path"] for d in report["diagnostics"])
    # inside the pack folder itself (`.` holds pack.yaml) the same pack is found
    monkeypatch.chdir(tmp_path / "content")
    inside = CliRunner().invoke(main, ["lint"])
    assert inside.exit_code == 1 and "(found in the current folder)" in inside.stderr


def test_without_a_local_pack_the_installed_one_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["show", "photon-harvester"])
    assert result.exit_code == 0
    assert "(installed with lastlight)" in result.stderr
    assert result.stdout.startswith("Photon Harvester")


def test_content_option_beats_the_local_pack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _broken_copy(tmp_path)
    monkeypatch.chdir(tmp_path)
    for args in (["lint"], ["show", "photon-harvester"], ["test", "-k", "photon"]):
        result = CliRunner().invoke(main, [*args, "--content", str(content_dir())])
        assert result.exit_code == 0, (args, result.output)
        assert "(given by --content)" in result.stderr
    # and the game commands refuse the broken local pack with located diagnostics
    for args in (["play", "-n", "2"], ["board", "-o", str(tmp_path / "b.svg")], ["test"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1, (args, result.output)
        assert "technologies.yaml:" in result.stderr


def test_lint_refuses_both_path_and_content(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["lint", str(content_dir()), "--content", str(tmp_path)])
    assert result.exit_code == 2 and "not both" in result.output


@pytest.mark.slow
def test_non_editable_install_lints_the_pack_in_the_current_folder(tmp_path: Path) -> None:
    """The README's walkthrough: `pip install .` (no -e), edit content/, `lastlight lint`."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "setup.py", "MANIFEST.in"):
        shutil.copy(REPO / name, src / name)
    for name in ("interpreter", "cli", "content", "schemas", "build_support"):
        shutil.copytree(REPO / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    target = tmp_path / "site"
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(target),
            str(src),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        # a pure wheel: compiling the core (40 s) is tested by tests/test_setup.py and by
        # .ci/run's compiled stage; this test is about where lint finds the pack
        env={**os.environ, "LASTLIGHT_PURE": "1"},
    )
    assert install.returncode == 0, "needs setuptools>=70.1 (the dev extra): " + install.stderr
    installed_content = target / "lastlight" / "content" / "technologies.yaml"
    assert installed_content.is_file(), "the package ships its content"
    work = tmp_path / "clone"
    work.mkdir()
    _broken_copy(work)
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import lastlight.cli.main as m, sys; print(m.__file__, file=sys.stderr); m.main()",
            "lint",
        ],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert str(target) in run.stderr.splitlines()[0], "the installed copy ran, not the source"
    assert run.returncode == 1, run.stdout + run.stderr
    assert "content/technologies.yaml:" in run.stdout and "rair" in run.stdout
    assert "using the content pack content (found in the current folder)" in run.stderr
    # the installed copy itself is untouched and clean
    assert TYPO[1] not in installed_content.read_text(encoding="utf-8")
