"""The broken-content corpus: a minimal valid pack, and cases that each break one thing.

`build_pack` copies `tests/content_cases/minimal/` (a small valid pack owned by these tests, so
the cases do not move when the shipped deck changes) into a temporary folder; a case states only
its breakage and where lint must report it.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from lastlight.interpreter.load.paths import content_dir

MINIMAL = Path(__file__).resolve().parents[1] / "content_cases" / "minimal"

TECH = "technologies.yaml"
GAME = "game.yaml"
ACT = "actions.yaml"
FAC = "factions.yaml"
EXP = "exploration.yaml"
ACH = "achievements.yaml"
PACK = "pack.yaml"
BOARD = "board.yaml"
SETUPS = "setups.yaml"
PLANETS = "planets.yaml"

#: Replace a file's whole text (or create it) instead of editing it.
WHOLE = None
#: As the new text of a WHOLE edit: delete the file.
DELETE = b"<delete>"


@dataclass(frozen=True)
class Case:
    """One breakage. `edits` are (file, old, new): `old` replaced once by `new`, or `old=WHOLE`
    to write `new` (text or bytes) as the whole file. The code must be reported in `file` at
    line `at`: a number, or a marker whose first line in the broken file is the line (a
    (marker, n) pair for the n-th occurrence)."""

    name: str
    code: str
    file: str
    at: int | str | tuple[str, int]
    edits: tuple[tuple[str, str | None, str | bytes], ...]
    board: bool = False  # add the shipped board, setups, planets and exploration tokens
    strict: bool = False  # a warning: lint --strict must fail on it
    hint: str = ""  # a text the diagnostic's hint must contain
    also: tuple[str, ...] = ()  # other codes this breakage rightly brings with it


def edit(
    name: str,
    file: str,
    old: str,
    new: str,
    code: str,
    at: int | str | tuple[str, int] = "",
    **kw: object,
) -> Case:
    """Replace `old` by `new` in `file`; by default the error is on the first line of `new`."""
    marker = at or new.strip().splitlines()[0]
    return Case(name, code, file, marker, ((file, old, new),), **kw)  # type: ignore[arg-type]


def whole(name: str, file: str, text: str | bytes, code: str, at: int, **kw: object) -> Case:
    return Case(name, code, file, at, ((file, WHOLE, text),), **kw)  # type: ignore[arg-type]


def build_pack(tmp_path: Path, *, board: bool = False) -> Path:
    """A minimal valid pack in `tmp_path/pack`; with `board`, the shipped board, setups and
    planets too (and the shipped exploration tokens the setups deal)."""
    root = tmp_path / "pack"
    shutil.copytree(MINIMAL, root)
    if board:
        for name in (BOARD, SETUPS, PLANETS, EXP):
            shutil.copy(content_dir() / name, root / name)
        manifest = root / PACK
        lines = manifest.read_text(encoding="utf-8").splitlines(keepends=True)
        manifest.write_text("".join(x for x in lines if "_tokens:" not in x), encoding="utf-8")
    return root


def apply(root: Path, case: Case) -> None:
    for file, old, new in case.edits:
        path = root / file
        if old is WHOLE:
            if new == DELETE:
                path.unlink()
            elif isinstance(new, bytes):
                path.write_bytes(new)
            else:
                path.write_text(new, encoding="utf-8")
            continue
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{case.name}: the text to break is not in {file}: {old!r}"
        assert isinstance(new, str)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")


def expected_line(root: Path, case: Case) -> int:
    if isinstance(case.at, int):
        return case.at
    marker, nth = case.at if isinstance(case.at, tuple) else (case.at, 1)
    text = (root / case.file).read_text(encoding="utf-8")
    index = -1
    for _ in range(nth):
        index = text.find(marker, index + 1)
        assert index >= 0, f"{case.name}: marker {marker!r} not in {case.file}"
    return text.count("\n", 0, index) + 1


_BLUE_PLANETS = """kind: planets
items:
  - {id: vesper, name: Vesper, colors: [blue], size: medium, source: designed}
"""

MINE = '"after you mine: gain 1 common"'


def _fac(name: str, new: str, code: str, at: str = "", **kw: object) -> Case:
    """A faction ability broken: the Deep Drill Union's `after you mine: gain 1 common`."""
    return edit(name, FAC, MINE, new, code, at or new, **kw)


CASES: list[Case] = [
    # --- the file itself (Y)
    edit("yaml-syntax", TECH, "    name: Beacon Array", "    name: [Beacon Array", "Y002"),
    edit("tab-indent", TECH, "    name: Ion Thrusters", "\tname: Ion Thrusters", "Y002"),
    edit("unclosed-quote", FAC, '- "+1 $research_draw"', '- "+1 $research_draw', "Y002"),
    whole("truncated-file", FAC, 'kind: factions\nitems:\n  - id: x\n    name: "cu', "Y002", 4),
    whole("truncated-flow", "extra.yaml", "kind: factions\nitems: [{id: a, name: b", "Y002", 2),
    whole("empty-file", "empty.yaml", "", "Y003", 1),
    whole("comment-only-file", "notes.yaml", "# nothing here yet\n", "Y003", 1),
    whole("binary-file", "logo.yaml", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "Y001", 1),
    whole(
        "non-utf8", "latin1.yaml", "kind: factions\nname: caf\xe9\n".encode("latin-1"), "Y001", 2
    ),
    edit(
        "duplicate-key",
        TECH,
        "    type: ship_mod\n",
        "    type: ship_mod\n    type: ship_mod\n",
        "Y004",
        ("type: ship_mod", 2),
    ),
    edit(
        "merge-key",
        GAME,
        "  small:\n    source: designed",
        "  small:\n    <<: {a: 1}\n    source: designed",
        "Y005",
        "<<:",
    ),
    edit("undefined-alias", GAME, "light_to_win: 20", "light_to_win: *twenty", "Y002"),
    whole(
        "mapping-as-key", "odd.yaml", "kind: factions\n? {a: 1}\n: x\n", "Y006", 2, also=("S003",)
    ),
    # --- schemas (S)
    whole("list-at-top", "list.yaml", "- kind: factions\n- items: []\n", "S006", 1),
    edit("list-for-mapping", GAME, "players: {min: 2, max: 4}", "players: [2, 4]", "S005"),
    edit(
        "mapping-for-list",
        TECH,
        '      - "exhaust: gain 1 rare"\n',
        "        first: x\n",
        "S005",
        "first: x",
    ),
    edit("wrong-type", GAME, "light_to_win: 20", "light_to_win: twenty", "S005"),
    edit("wrong-type-nested", TECH, "cost: {common: 2}", "cost: {common: two}", "S005"),
    edit("missing-key", TECH, "    cost: {common: 1}\n", "", "S003", "- id: ion-thrusters"),
    edit("missing-name", FAC, "    name: Star Nomads\n", "", "S003", "- id: star-nomads"),
    edit("unknown-key", TECH, "    copies: 2", "    copise: 2", "S002", hint="'copies'"),
    edit("bad-enum", TECH, "type: ship_mod", "type: shipmod", "S004", hint="'ship_mod'"),
    edit("bad-id", FAC, "  - id: loom-archivists", "  - id: Loom Archivists", "S001"),
    edit("negative-cost", TECH, "cost: {common: 2}", "cost: {common: -2}", "S001"),
    edit("unknown-kind", FAC, "kind: factions", "kind: faction", "S007", hint="'factions'"),
    edit("no-kind", FAC, "kind: factions\n", "", "S007", "items:"),
    edit("bad-source", FAC, "    source: public", "    source: made-up", "S004"),
    edit("unknown-colour", ACH, "color: red", "color: purple", "S004"),
    edit("bad-ship-range", GAME, "    range: 2\n", "    range: 5\n", "S001"),
    edit("min-players-too-low", FAC, "min_players: 3", "min_players: 1", "S001"),
    edit(
        "suppression-without-reason",
        TECH,
        "      - attached ships get +1 movement\n",
        "      - attached ships get +1 movement\n    suppress:\n      - {code: W201}\n",
        "S003",
        "{code: W201}",
    ),
    edit(
        "suppressing-an-error",
        TECH,
        "      - attached ships get +1 movement\n",
        "      - attached ships get +1 movement\n    suppress:\n"
        "      - {code: E101, reason: it is fine}\n",
        "S001",
        "E101",
    ),
    # --- the pack as a whole (X)
    edit(
        "duplicate-id",
        FAC,
        "  - id: star-nomads",
        "  - id: loom-archivists",
        "X001",
        ("id: loom-archivists", 2),
    ),
    edit(
        "duplicate-id-across-files", ACH, "  - id: achievement-red", "  - id: star-nomads", "X001"
    ),
    whole("second-game-file", "game2.yaml", "kind: game\n", "X002", 1, also=("S003",)),
    edit(
        "duplicate-name",
        FAC,
        "    name: Star Nomads",
        "    name: Loom Archivists",
        "X003",
        ("name: Loom Archivists", 2),
    ),
    edit("action-number-out-of-range", ACT, "    number: 4", "    number: 7", "X004"),
    edit("action-number-twice", ACT, "    number: 4", "    number: 2", "X004", ("number: 2", 2)),
    edit(
        "die-face-id-twice",
        GAME,
        "{id: hit, count: 1, effect: hit}",
        "{id: miss, count: 1, effect: hit}",
        "X005",
    ),
    edit(
        "die-faces-not-six",
        GAME,
        "{id: miss, count: 2, effect: nothing}",
        "{id: miss, count: 3, effect: nothing}",
        "X020",
        "faces:",
    ),
    edit("faction-for-too-many-players", FAC, "min_players: 3", "min_players: 5", "X021"),
    edit(
        "override-unknown-parameter",
        GAME,
        "{graveyard_light: 2,",
        "{graveyard_lite: 2,",
        "X023",
        hint="'graveyard_light'",
    ),
    edit("count-mismatch", PACK, "  factions: 4", "  factions: 3", "X012"),
    Case("no-manifest", "X010", "", 0, ((PACK, WHOLE, DELETE),)),
    # --- warnings, fatal under --strict (W)
    edit(
        "unused-parameter",
        GAME,
        "parameters:\n",
        "parameters:\n  unused_knob: 3\n",
        "W101",
        "unused_knob",
        strict=True,
    ),
    edit("free-technology", TECH, "cost: {common: 1}", "cost: {common: 0}", "W102", strict=True),
    edit(
        "ship-mod-not-attached",
        TECH,
        "      - attached ships get +1 movement",
        "      - your small ships get +1 movement",
        "W201",
        strict=True,
    ),
    edit(
        "stale-suppression",
        TECH,
        "      - attached ships get +1 movement\n",
        "      - attached ships get +1 movement\n    suppress:\n"
        "      - {code: W201, reason: kept from an old version}\n",
        "W900",
        "{code: W201",
        strict=True,
    ),
    # --- effect syntax (E100) and vocabulary (E101-E105)
    _fac(
        "unbalanced-bracket", '"after you mine: choose 1 of [gain 1 common | gain 1 rare"', "E100"
    ),
    _fac(
        "unbalanced-paren", '"after you mine: gain 1 common if (you control a blue planet"', "E100"
    ),
    _fac("stray-character", '"after you mine: gain 1 common!"', "E100"),
    _fac("missing-colon", '"after you mine gain 1 common"', "E100"),
    _fac("two-colons", '"after you mine: gain 1 common: gain 1 rare"', "E100"),
    _fac("empty-option", '"after you mine: choose 1 of [gain 1 common | ]"', "E100"),
    _fac("unknown-verb", '"after you mine: gian 1 common"', "E101", hint="'gain'"),
    _fac("unknown-event", '"when you mine: gain 1 common"', "E101"),
    _fac("wrong-arity", '"after you mine: gain common"', "E102"),
    _fac("extra-word", '"after you mine: gain 1 common now"', "E102"),
    _fac("unknown-resource", '"after you mine: gain 1 comon"', "E103", hint="'common'"),
    edit(
        "unknown-stat",
        TECH,
        "attached ships get +1 movement",
        "attached ships get +1 speed",
        "E103",
    ),
    edit(
        "unknown-size",
        FAC,
        "your small ships get +1 movement",
        "your tiny ships get +1 movement",
        "E103",
    ),
    edit(
        "unknown-payment",
        TECH,
        '"exhaust: gain 1 rare"',
        '"exhaust, pay 2 comon: gain 1 rare"',
        "E103",
    ),
    _fac("per-on-pay", '"after you mine: pay 1 common per 2 technologies in play"', "E104"),
    edit(
        "modifier-in-sequence",
        FAC,
        "      - your small ships get +1 movement",
        "      - your small ships get +1 movement; gain 1 common",
        "E105",
    ),
    _fac("modifier-in-trigger", '"after you mine: your small ships get +1 movement"', "E105"),
    edit(
        "unknown-counter-in-folded-text",
        TECH,
        "gain 1 light per 2 ships in the center",
        "gain 1 light per 2 wonders in the center",
        "E101",
    ),
    # --- static checks (E201-E205)
    edit("plain-effect-on-civilization", TECH, '"exhaust: gain 1 rare"', '"gain 1 rare"', "E201"),
    edit(
        "trigger-on-action-card",
        ACT,
        "        effect: mine",
        '        effect: "when you build a ship: mine"',
        "E201",
    ),
    edit(
        "unknown-parameter",
        FAC,
        '"+1 $research_draw"',
        '"+1 $research_drew"',
        "E202",
        hint="'research_draw'",
    ),
    edit(
        "unknown-parameter-amount",
        ACT,
        "make $trade_choices trades",
        "make $trade_choicez trades",
        "E202",
        "effect: make",
    ),
    _fac("unknown-action-in-trigger", '"after you mien: gain 1 common"', "E203"),
    edit(
        "unknown-action-in-cost",
        TECH,
        '"exhaust: gain 1 rare"',
        '"during mien, exhaust: gain 1 rare"',
        "E203",
    ),
    _fac("damage-on-a-faction", '"after you mine: deal 1 damage"', "E204"),
    _fac("here-on-a-faction", '"after you mine: build a small ship here"', "E204"),
    edit(
        "attached-on-a-faction",
        FAC,
        "your small ships get +1 movement",
        "attached ships get +1 movement",
        "E204",
    ),
    edit(
        "when-activated-on-civilization",
        TECH,
        '"exhaust: gain 1 rare"',
        '"when activated: gain 1 rare"',
        "E205",
    ),
    # --- board and setups (B), on the shipped board
    edit("board-unknown-sector", BOARD, "  - [h3, d9]", "  - [h3, d99]", "B001", board=True),
    edit(
        "board-self-loop",
        BOARD,
        "  - [h3, d9]",
        "  - [h3, d9]\n  - [c, c]",
        "B004",
        "[c, c]",
        board=True,
    ),
    edit(
        "board-duplicate-edge",
        BOARD,
        "  - [h3, d9]",
        "  - [h3, d9]\n  - [h3, d9]",
        "B002",
        ("[h3, d9]", 2),
        board=True,
    ),
    edit(
        "board-two-way-edge",
        BOARD,
        "  - [h3, d9]",
        "  - [h3, d9]\n  - [d9, h3]",
        "B003",
        "[d9, h3]",
        board=True,
    ),
    edit(
        "board-ring-open",
        BOARD,
        "  - {id: o7, kind: outer, position: 7}",
        "  - {id: o7, kind: outer, position: 6}",
        "B005",
        "  outer: {sectors: 8",
        board=True,
    ),
    edit("board-unreachable", BOARD, "  - [h3, d9]\n", "", "B006", "{id: h3", board=True),
    edit(
        "setup-planet-counts",
        SETUPS,
        "planet_counts: {inner: 3, outer: 6, distant: 6}",
        "planet_counts: {inner: 3, outer: 6, distant: 5}",
        "B102",
        "distant: 5",
        board=True,
    ),
    edit(
        "setup-asymmetric",
        SETUPS,
        "      - {sector: d10, token: common}",
        "      - {sector: d9, token: common}",
        "B105",
        "homes: [h0, h1, h2, h3]",
        board=True,
    ),
    edit(
        "setup-too-many-asteroids",
        SETUPS,
        "asteroids: [d5, d11]",
        "asteroids: [d5, d11, d0, d3, d6, d9, d2, d8]",
        "B103",
        board=True,
        also=("B104",),  # two of the eight land on planets
    ),
    edit(
        "setup-unknown-sector",
        SETUPS,
        "asteroids: [d5, d11]",
        "asteroids: [d5, d12]",
        "B101",
        board=True,
    ),
    Case(
        "achievement-colour-no-planet-has",
        "X022",
        ACH,
        ("color:", 2),
        ((PLANETS, WHOLE, _BLUE_PLANETS),),
    ),
]
