"""`lastlight serve` as a command: a broken pack refuses to start with `lint`'s located
diagnostics, a port in use or a file that is not a table database is one clear line (exit 1),
and a real process serves the lobby with the pack's name and content hash."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main

from .corpus import FAC, build_pack

MINE = '"after you mine: gain 1 common"'


def test_a_broken_pack_refuses_to_start_with_located_diagnostics(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = build_pack(tmp_path)
    path = root / FAC
    path.write_text(path.read_text().replace(MINE, '"after you mine: gain 1 comon"', 1))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        main, ["serve", "--content", "pack", "--port", "0", "--db", str(tmp_path / "t.db")]
    )
    assert result.exit_code == 1
    assert "pack/factions.yaml:20:33: error E103: 'comon' is not a resource" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "t.db").exists()


def test_a_port_in_use_and_a_bad_database_are_one_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = CliRunner().invoke(
            main, ["serve", "--port", str(port), "--db", str(tmp_path / "t.db")]
        )
    assert result.exit_code == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not sqlite at all" * 200)
    result = CliRunner().invoke(main, ["serve", "--port", "0", "--db", str(junk)])
    assert result.exit_code == 1
    assert "not a lastlight table database" in result.output
    assert "Traceback" not in result.output


def test_a_real_server_process_serves_the_lobby(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "lastlight.cli.main",
            "serve",
            "--port",
            "0",
            "--db",
            str(tmp_path / "t.db"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"serving on (http://127\.0\.0\.1:\d+/)", line)
        assert found, line
        with urllib.request.urlopen(found.group(1), timeout=10) as response:
            page = response.read().decode("utf-8")
        assert "Last Light, base game" in page and '"content":"' in page
    finally:
        proc.terminate()
        proc.wait(10)
