"""The broken-content corpus: each breakage gives the right code at the right file and line.

Each case copies the shipped pack into a temporary folder, breaks one thing, and runs
`lastlight lint` on it: exit 1, the expected code at the expected file:line, no traceback.
A case is (name, file, old text, new text, code, line): `line` is where the breakage lands,
found by searching the marker text in the broken file (the first line containing it).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from lastlight.cli.main import main
from lastlight.interpreter.paths import content_dir

TECH = "technologies.yaml"
GAME = "game.yaml"
ACT = "actions.yaml"
FAC = "factions.yaml"
EXP = "exploration.yaml"
BOARD = "board.yaml"
SETUPS = "setups.yaml"
PACK = "pack.yaml"

# (name, file, old, new, code, marker for the expected line)
CASES: list[tuple[str, str, str, str, str, str]] = [
    # --- YAML itself
    (
        "yaml-syntax",
        TECH,
        "    name: Photon Harvester",
        "    name: [Photon Harvester",
        "Y002",
        "name: [Photon",
    ),
    (
        "tab-indent",
        TECH,
        "    name: Photon Harvester",
        "\tname: Photon Harvester",
        "Y002",
        "\tname",
    ),
    ("unclosed-quote", FAC, '- "+1 $research_draw"', '- "+1 $research_draw', "Y002", ""),
    (
        "duplicate-key",
        TECH,
        "    type: civilization\n    copies: 2",
        "    type: civilization\n    type: civilization\n    copies: 2",
        "Y004",
        "    type: civilization\n    type",
    ),
    (
        "merge-key",
        GAME,
        "  small:\n    source: designed",
        "  small:\n    <<: {a: 1}\n    source: designed",
        "Y005",
        "<<:",
    ),
    ("undefined-alias", GAME, "light_to_win: 20", "light_to_win: *twenty", "Y002", ""),
    # --- schema
    ("wrong-type", GAME, "light_to_win: 20", "light_to_win: twenty", "S005", "light_to_win"),
    (
        "missing-key",
        TECH,
        "    type: civilization\n    copies: 2\n    cost: {common: 1, uncommon: 1}",
        "    type: civilization\n    copies: 2",
        "S003",
        "- id: photon-harvester",
    ),
    (
        "unknown-key",
        TECH,
        "    type: civilization\n    copies: 2",
        "    type: civilization\n    copise: 2",
        "S002",
        "copise",
    ),
    (
        "bad-enum",
        TECH,
        "    type: civilization\n    copies: 2",
        "    type: civilisation\n    copies: 2",
        "S004",
        "civilisation",
    ),
    (
        "bad-id",
        FAC,
        "  - id: loom-archivists",
        "  - id: Loom Archivists",
        "S001",
        "Loom Archivists",
    ),
    ("negative-cost", TECH, "cost: {common: 2}", "cost: {common: -2}", "S001", "-2"),
    (
        "list-for-mapping",
        GAME,
        "players: {min: 2, max: 4}",
        "players: [2, 4]",
        "S005",
        "players: [2",
    ),
    ("unknown-kind", FAC, "kind: factions", "kind: faction", "S007", "kind: faction"),
    ("no-kind", FAC, "kind: factions\n", "", "S007", ""),
    ("bad-ship-range", GAME, "    range: 2\n", "    range: 5\n", "S001", "range: 5"),
    ("bad-source", FAC, "    source: public\n", "    source: made-up\n", "S004", "made-up"),
    # --- cross references and counts
    (
        "duplicate-id",
        FAC,
        "  - id: quiet-lattice",
        "  - id: loom-archivists",
        "X001",
        "id: loom-archivists\n    name: The Quiet",
    ),
    ("count-mismatch", PACK, "  factions: 15", "  factions: 14", "X012", "factions: 14"),
    (
        "unknown-count",
        PACK,
        "  factions: 15",
        "  factions: 15\n  fractions: 3",
        "X011",
        "fractions",
    ),
    (
        "duplicate-name",
        FAC,
        "    name: The Quiet Lattice",
        "    name: Loom Archivists",
        "X003",
        'name: Loom Archivists\n    effects:\n      - "+1 $research_keep',
    ),
    ("action-numbers", ACT, "    number: 4", "    number: 7", "X004", "number: 7"),
    (
        "die-faces",
        GAME,
        "{id: miss, count: 2, effect: nothing}",
        "{id: miss, count: 3, effect: nothing}",
        "X020",
        "{id: miss, count: 3",
    ),
    # --- effect syntax
    (
        "effect-unbalanced",
        ACT,
        "effect: make $trade_choices trades;",
        "effect: choose 2 of [make 1 trade | gain 1 common;",
        "E100",
        "choose 2 of",
    ),
    (
        "effect-stray-char",
        FAC,
        "after you mine: gain 1 common",
        "after you mine: gain 1 common!",
        "E100",
        "common!",
    ),
    (
        "effect-missing-colon",
        FAC,
        "after you mine: gain 1 common",
        "after you mine gain 1 common",
        "E100",
        "after you mine gain",
    ),
    (
        "effect-empty-option",
        ACT,
        "effect: make $trade_choices trades;",
        "effect: choose 1 of [gain 1 common | ];",
        "E100",
        "choose 1 of",
    ),
    (
        "unknown-verb",
        FAC,
        "after you mine: gain 1 common",
        "after you mine: gian 1 common",
        "E101",
        "gian",
    ),
    (
        "unknown-trigger",
        FAC,
        "after you mine: gain 1 common",
        "afterwards: gain 1 common",
        "E100",
        "afterwards",
    ),
    (
        "unknown-event",
        FAC,
        "after you mine: gain 1 common",
        "when you mine: gain 1 common",
        "E101",
        "when you mine",
    ),
    (
        "wrong-arity",
        FAC,
        "after you mine: gain 1 common",
        "after you mine: gain common",
        "E102",
        "gain common",
    ),
    (
        "extra-word",
        FAC,
        "after you mine: gain 1 common",
        "after you mine: gain 1 common now",
        "E102",
        "common now",
    ),
    (
        "unknown-resource",
        FAC,
        "after you mine: gain 1 common",
        "after you mine: gain 1 comon",
        "E103",
        "comon",
    ),
    (
        "unknown-stat",
        TECH,
        "attached ships get +1 movement",
        "attached ships get +1 speed",
        "E103",
        "+1 speed",
    ),
    (
        "unknown-size",
        FAC,
        "your small ships get +1 movement",
        "your tiny ships get +1 movement",
        "E103",
        "tiny",
    ),
    (
        "per-on-pay",
        FAC,
        "after you mine: gain 1 common",
        "after you mine: pay 1 common per 2 technologies in play",
        "E104",
        "pay 1 common per",
    ),
    (
        "modifier-in-sequence",
        FAC,
        "      - your small ships get +1 movement",
        "      - your small ships get +1 movement; gain 1 common",
        "E105",
        "movement; gain",
    ),
    (
        "unknown-counter",
        ACT,
        "gain 1 light per 4 technologies in play",
        "gain 1 light per 4 wonders in play",
        "E101",
        "wonders",
    ),
    # --- static checks
    (
        "plain-on-civ",
        TECH,
        '      - "exhaust: gain 1 rare"',
        '      - "gain 1 rare"',
        "E201",
        '"gain 1 rare"',
    ),
    (
        "trigger-on-action",
        ACT,
        "        effect: mine",
        '        effect: "when you build a ship: mine"',
        "E201",
        "when you build",
    ),
    (
        "unknown-param",
        FAC,
        '- "+1 $research_draw"',
        '- "+1 $research_drew"',
        "E202",
        "research_drew",
    ),
    (
        "unknown-param-amount",
        ACT,
        "make $trade_choices trades",
        "make $trade_choicez trades",
        "E202",
        "trade_choicez",
    ),
    (
        "unknown-action",
        FAC,
        "after you mine: gain 1 common",
        "after you mien: gain 1 common",
        "E203",
        "after you mien",
    ),
    (
        "context-damage-on-faction",
        FAC,
        "after you mine: gain 1 common",
        "after you mine: deal 1 damage",
        "E204",
        "deal 1 damage",
    ),
    (
        "context-attached-on-faction",
        FAC,
        "your small ships get +1 movement",
        "attached ships get +1 movement",
        "E204",
        "attached ships",
    ),
    (
        "context-here-on-action",
        ACT,
        "        effect: mine",
        "        effect: build a small ship here",
        "E204",
        "ship here",
    ),
    (
        "activated-trigger-on-civ",
        TECH,
        '      - "exhaust: gain 1 rare"',
        '      - "when activated: gain 1 rare"',
        "E205",
        "when activated: gain 1 rare",
    ),
    # --- board and setups
    ("board-unknown-sector", BOARD, "  - [h3, d9]", "  - [h3, d99]", "B001", "[h3, d99]"),
    (
        "board-duplicate-edge",
        BOARD,
        "  - [h3, d9]",
        "  - [h3, d9]\n  - [h3, d9]",
        "B002",
        "  - [h3, d9]\n  - [h3, d9]",
    ),
    ("board-two-way-edge", BOARD, "  - [h3, d9]", "  - [h3, d9]\n  - [d9, h3]", "B003", "[d9, h3]"),
    ("board-self-loop", BOARD, "  - [h3, d9]", "  - [h3, d9]\n  - [c, c]", "B004", "[c, c]"),
    (
        "board-ring-open",
        BOARD,
        "  - {id: o7, kind: outer, position: 7}",
        "  - {id: o7, kind: outer, position: 6}",
        "B005",
        "  outer: {sectors: 8",
    ),
    ("board-unreachable", BOARD, "  - [h3, d9]\n", "", "B006", "{id: h3"),
    (
        "setup-unknown-sector",
        SETUPS,
        "asteroids: [d5, d11]",
        "asteroids: [d5, d12]",
        "B101",
        "asteroids: [d5, d12]",
    ),
    (
        "setup-counts",
        SETUPS,
        "planet_counts: {inner: 3, outer: 6, distant: 6}",
        "planet_counts: {inner: 3, outer: 6, distant: 5}",
        "B102",
        "distant: 5",
    ),
    (
        "setup-asymmetric",
        SETUPS,
        "      - {sector: d10, token: common}",
        "      - {sector: d9, token: common}",
        "B105",
        "homes: [h0, h1, h2, h3]",
    ),
    (
        "setup-too-many-asteroids",
        SETUPS,
        "asteroids: [d5, d11]",
        "asteroids: [d5, d11, d0, d3, d6, d9, d2, d8]",
        "B103",
        "asteroids: [d5, d11, d0",
    ),
]


#: Cases whose error is on a line after the one the marker starts on.
DELTAS = {"duplicate-key": 1, "board-duplicate-edge": 1}


def _broken_pack(tmp_path: Path, file: str, old: str, new: str) -> Path:
    root = tmp_path / "pack"
    shutil.copytree(content_dir(), root, ignore=shutil.ignore_patterns("scenarios"))
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"the case's text is not in {file}: {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return root


def _line_of(path: Path, marker: str) -> int | None:
    if not marker:
        return None
    text = path.read_text(encoding="utf-8")
    index = text.find(marker)
    assert index >= 0, f"marker {marker!r} not in {path}"
    return text.count("\n", 0, index) + 1


def test_the_corpus_is_large_and_covers_every_stage() -> None:
    assert len(CASES) >= 45
    stages = {code[0] for *_rest, code, _m in CASES}
    assert stages == {"Y", "S", "X", "E", "B"}


@pytest.mark.parametrize("name, file, old, new, code, marker", CASES, ids=[c[0] for c in CASES])
def test_broken_content(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    file: str,
    old: str,
    new: str,
    code: str,
    marker: str,
) -> None:
    root = _broken_pack(tmp_path, file, old, new)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["lint", str(root), "--format", "json"])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    data = json.loads(result.output)
    hits = [d for d in data["diagnostics"] if d["code"] == code]
    assert hits, f"no {code}; got {[(d['code'], d['message']) for d in data['diagnostics']]}"
    assert any(Path(d["path"]).name == file for d in hits), hits
    line = _line_of(root / file, marker)
    if line is not None:
        line += DELTAS.get(name, 0)
        assert any(d["line"] == line for d in hits if Path(d["path"]).name == file), (line, hits)


def test_empty_binary_and_non_utf8_files(tmp_path: Path) -> None:
    root = _broken_pack(tmp_path, FAC, "kind: factions", "kind: factions")
    (root / "empty.yaml").write_text("")
    (root / "binary.yaml").write_bytes(b"\x00\x01\x02kind")
    (root / "latin1.yaml").write_bytes("kind: factions\nname: caf\xe9\n".encode("latin-1"))
    (root / "truncated.yaml").write_text('kind: factions\nitems:\n  - id: x\n    name: "cut')
    result = CliRunner().invoke(main, ["lint", str(root), "--format", "json"])
    assert result.exit_code == 1
    diags = {Path(d["path"]).name: d for d in json.loads(result.output)["diagnostics"]}
    assert diags["empty.yaml"]["code"] == "Y003"
    assert diags["binary.yaml"]["code"] == "Y001"
    assert diags["latin1.yaml"]["code"] == "Y001" and diags["latin1.yaml"]["line"] == 2
    assert diags["truncated.yaml"]["code"] == "Y002"


def test_all_problems_in_one_run(tmp_path: Path) -> None:
    root = _broken_pack(
        tmp_path, FAC, "after you mine: gain 1 common", "after you mine: gian 1 common"
    )
    tech = root / TECH
    tech.write_text(
        tech.read_text().replace("attached ships get +1 movement", "attached ships get +1 speed", 1)
    )
    result = CliRunner().invoke(main, ["lint", str(root)])
    assert result.exit_code == 1
    assert "E101" in result.output and "E103" in result.output
    assert "2 errors" in result.output


def test_text_output_shows_the_line_and_a_caret(tmp_path: Path) -> None:
    root = _broken_pack(
        tmp_path, FAC, "after you mine: gain 1 common", "after you mine: gain 1 comon"
    )
    result = CliRunner().invoke(main, ["lint", str(root)])
    lines = result.output.splitlines()
    head = next(i for i, line in enumerate(lines) if "E103" in line)
    assert "did you mean 'common'?" in lines[head]
    assert "comon" in lines[head + 1]
    caret = lines[head + 2]
    assert caret.strip() == "^" and lines[head + 1][caret.index("^")] == "c"


def test_github_format(tmp_path: Path) -> None:
    root = _broken_pack(
        tmp_path, FAC, "after you mine: gain 1 common", "after you mine: gain 1 comon"
    )
    result = CliRunner().invoke(main, ["lint", str(root), "--format", "github"])
    assert result.exit_code == 1
    assert result.output.startswith("::error file=") and "title=E103::" in result.output


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert CliRunner().invoke(main, ["lint", str(tmp_path / "nope")]).exit_code == 2
    assert CliRunner().invoke(main, ["lint", "--format", "xml"]).exit_code == 2


def test_a_real_process_lints_broken_content(tmp_path: Path) -> None:
    root = _broken_pack(
        tmp_path, FAC, "after you mine: gain 1 common", "after you mine: gain 1 comon"
    )
    out = subprocess.run(
        [sys.executable, "-m", "lastlight.cli.main", "lint", str(root)],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 1
    assert "E103" in out.stdout and "Traceback" not in out.stdout + out.stderr
    clean = subprocess.run(
        [sys.executable, "-m", "lastlight.cli.main", "lint"], capture_output=True, text=True
    )
    assert clean.returncode == 0, clean.stdout + clean.stderr


def test_a_suppression_silences_a_warning_and_a_stale_one_is_reported(tmp_path: Path) -> None:
    root = _broken_pack(
        tmp_path,
        TECH,
        "      - attached ships get +1 movement\n",
        "      - your small ships get +1 movement\n    suppress:\n"
        "      - {code: W201, reason: this mod works on every small ship}\n",
    )
    result = CliRunner().invoke(main, ["lint", str(root), "--format", "json"])
    codes = [d["code"] for d in json.loads(result.output)["diagnostics"]]
    assert "W201" not in codes and "W900" not in codes
    assert result.exit_code == 0
    root2 = _broken_pack(
        tmp_path / "b",
        TECH,
        "      - attached ships get +1 movement\n",
        "      - attached ships get +1 movement\n    suppress:\n"
        "      - {code: W201, reason: stale}\n",
    )
    result2 = CliRunner().invoke(main, ["lint", str(root2), "--format", "json"])
    assert [d["code"] for d in json.loads(result2.output)["diagnostics"]] == ["W900"]
    assert CliRunner().invoke(main, ["lint", str(root2), "--strict"]).exit_code == 1


def test_scenario_files_are_linted_with_the_pack(tmp_path: Path) -> None:
    root = tmp_path / "pack"
    shutil.copytree(content_dir(), root)
    path = root / "scenarios" / "factions.yaml"
    text = path.read_text()
    path.write_text(
        text.replace("proves: [loom-archivists]", "proves: [loom-archivist]", 1).replace(
            "ships: {c: {small: 1}}", "ships: {cc: {small: 1}}", 1
        )
    )
    result = CliRunner().invoke(main, ["lint", str(root), "--format", "json"])
    assert result.exit_code == 1
    codes = {d["code"] for d in json.loads(result.output)["diagnostics"]}
    assert "X030" in codes
