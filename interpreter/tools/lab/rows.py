"""One row per player per game, its explicit Arrow schema, and Parquet/CSV files.

Light by source is read from the game's own event log (every `gain` of `light` names its
source), so it always adds up to the final light. Sources are grouped as:
claims (Refresh's claim), center (rotation), achievements, tokens (exploration), cards
(technologies and factions, also one by one in `light_by_card`), research, trade, graveyard,
mine, combat (die faces), blockade and other. A card that raises a base rule's amount (e.g. +1
center light) is counted under that rule, as the log names the rule as the source.

`blockade` is the claim light a fight let through: light Refresh's claim gives for a planet in
whose sector ships of another side were destroyed since the claimer's previous claim (R-REF-05:
the fight broke a blockade there, or kept an attacker from setting one). It is taken out of
`claims`, so the sources still add up to the final light; with `graveyard` and `combat` it is the
light combat decides.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.engine.view import PlayerView
from lastlight.interpreter.load.fileio import write_atomic

if TYPE_CHECKING:
    import pyarrow as pa

SOURCES = (
    "claims",
    "center",
    "achievements",
    "tokens",
    "cards",
    "research",
    "trade",
    "graveyard",
    "mine",
    "combat",
    "blockade",
    "other",
)
_ACTION_SOURCE = {"refresh": "claims", "research": "research", "trade": "trade", "mine": "mine"}

#: Each column and its type: i8/i16/i32/i64/u64 (whole numbers of that width), bool, str,
#: list[...] and map[str, ...]. Arrow's schema (`schema()`) is built from this only when a
#: table is made: a sweep writing CSV never imports pyarrow.
COLUMN_TYPES: tuple[tuple[str, str], ...] = (
    ("game", "i64"),
    ("seed", "u64"),
    ("players", "i8"),
    ("seat", "i8"),
    ("home", "str"),
    ("first_player", "i8"),
    ("is_first", "bool"),
    ("faction", "str"),
    ("achievement", "str"),
    ("bot", "str"),
    ("light", "i16"),
    ("rank", "i8"),
    ("winner", "bool"),
    ("winners", "i8"),
    ("rounds", "i16"),
    ("stalled", "bool"),
    *[(f"light_{s}", "i16") for s in SOURCES],
    ("light_by_card", "map[str, i16]"),
    ("techs_manufactured", "list[str]"),
    ("techs_in_play", "list[str]"),
    ("actions_played", "map[str, i16]"),
    # game quality (quality.py): the light held at the end of each round, the decisions
    # of the game, the player's first action card
    ("light_by_round", "list[i16]"),
    ("decisions", "i32"),
    ("first_action", "str"),
)
COLUMNS = tuple(name for name, _ in COLUMN_TYPES)
#: Columns added after files were written; an older file reads with this value (None: the
#: game-quality figures that need it are left out).
OPTIONAL: dict[str, Any] = {
    "light_blockade": 0,
    "light_by_round": None,
    "decisions": None,
    "first_action": None,
}


def light_source(rules: Rules, source: str | None) -> tuple[str, str | None]:
    """(group, card id or None) of a light gain's source."""
    src = source or ""
    if src.startswith("action:"):
        return _ACTION_SOURCE.get(src.split(":")[1], "other"), None
    if src == "rotation":
        return "center", None
    if src == "graveyard":
        return "graveyard", None
    if src.startswith("trade:"):
        return "trade", None
    if src.startswith("die:"):
        return "combat", None
    if src.startswith("token:") or src in rules.tokens:
        return "tokens", None
    cid = src.split(":")[1] if src.startswith("card:") else base_id(src)
    card = rules.cards.get(cid)
    if card is None:
        return "other", None
    if card.kind == "achievement":
        return "achievements", None
    return "cards", cid


def _in_play(player: PlayerView) -> list[str]:
    cards = list(player.civilization)
    cards += [c for c in player.abilities.values() if c]
    for mods in player.mods.values():
        cards += mods
    return sorted(base_id(c) for c in cards)


def game_rows(
    rules: Rules, game: Game, index: int, seed: int, bots: list[str]
) -> list[dict[str, Any]]:
    """One row per player of a finished game: who sat where with what, the result, and the
    tallies of the game's lab list (light by source and card, manufactures, cards played)."""
    view = game.view(ALL, live=True)  # the game is over: nothing changes it while we read
    n = view.players_count
    setup = next(e for e in game.log if e["event"] == "setup")
    tally = _Tally(rules, n)
    tally.read(game.log)
    winners = set(game.winners)
    lights = [pl.light for pl in view.players]
    rows = []
    for p, pl in enumerate(view.players):
        # competition rank: winners 1, then by light (ties share a rank)
        better = sum(1 for q in range(n) if q != p and _ahead(q, p, lights, winners))
        row: dict[str, Any] = {
            "game": index,
            "seed": seed,
            "players": n,
            "seat": p,
            "home": view.homes[p],
            "first_player": setup["first"],
            "is_first": setup["first"] == p,
            "faction": pl.faction or "",
            "achievement": base_id(pl.achievement) if pl.achievement else "",
            "bot": bots[p],
            "light": pl.light,
            "rank": 1 + better,
            "winner": p in winners,
            "winners": len(winners),
            "rounds": view.round,
            "stalled": view.stalled,
        }
        tally.fill(row, p)
        row["techs_in_play"] = _in_play(pl)
        row["light_by_round"] = tally.light_by_round(p, view.round)
        row["decisions"] = len(getattr(game, "history", ()))
        row["first_action"] = tally.first_action[p]
        rows.append(row)
    return rows


class _Tally:
    """Per-player counts read from a game's lab list (or full log)."""

    def __init__(self, rules: Rules, n: int) -> None:
        self.rules = rules
        self.n = n
        self.by_source: list[Counter[str]] = [Counter() for _ in range(n)]
        self.by_card: list[Counter[str]] = [Counter() for _ in range(n)]
        self.manufactured: list[list[str]] = [[] for _ in range(n)]
        self.played: list[Counter[str]] = [Counter() for _ in range(n)]
        self.sources = _sources(rules)
        #: sectors with a fight since each player's previous claim
        self.fought: list[set[str]] = [set() for _ in range(n)]
        #: light gained (+) and spent (-) by round, and the first action card played
        self.light_delta: list[Counter[int]] = [Counter() for _ in range(n)]
        self.first_action: list[str] = [""] * n

    def read(self, log: list[dict[str, Any]]) -> None:
        n = self.n
        for e in log:
            kind = e["event"]
            if kind == "play":  # most of the lab list: one per card played
                p = e.get("player")
                if p is not None and 0 <= p < n:
                    self.played[p][e["card"]] += 1
                    if not self.first_action[p]:
                        self.first_action[p] = e["card"]
                continue
            if kind == "destroyed" and e.get("sector") and "-x-" not in e.get("unit", ""):
                for p in range(n):
                    if e.get("owner") != p:
                        self.fought[p].add(e["sector"])
            p = e.get("player")
            if p is None or not 0 <= p < n:
                continue
            if kind == "gain" and e.get("what") == "light":
                self._light(p, e)
                self.light_delta[p][e.get("round", 1)] += e["n"]
            elif kind == "pay" and e.get("what") == "light":
                self.light_delta[p][e.get("round", 1)] -= e["n"]
            elif kind == "manufacture":
                self.manufactured[p].append(base_id(e["card"]))

    def _light(self, p: int, e: dict[str, Any]) -> None:
        src = e.get("source")
        found = self.sources.get(src)
        if found is None:
            found = self.sources[src] = light_source(self.rules, src)
        group, card = found
        if group == "claims" and "sectors" in e:
            fought = self.fought[p]
            freed = sum(v for s, v in e["sectors"].items() if s in fought)
            self.by_source[p]["blockade"] += freed
            self.by_source[p][group] += e["n"] - freed
            fought.clear()
            return
        self.by_source[p][group] += e["n"]
        if card:
            self.by_card[p][card] += e["n"]

    def light_by_round(self, p: int, rounds: int) -> list[int]:
        """The light player p held at the end of rounds 1..rounds."""
        out, held = [], 0
        for r in range(1, rounds + 1):
            held += self.light_delta[p][r]
            out.append(held)
        return out

    def fill(self, row: dict[str, Any], p: int) -> None:
        for s, column in _SOURCE_COLUMNS:
            row[column] = self.by_source[p][s]
        row["light_by_card"] = sorted(self.by_card[p].items())
        row["techs_manufactured"] = self.manufactured[p]
        row["actions_played"] = sorted(self.played[p].items())


_SOURCE_COLUMNS = tuple((s, f"light_{s}") for s in SOURCES)


def _sources(rules: Rules) -> dict[str | None, tuple[str, str | None]]:
    """A light gain's source -> `light_source`, kept with the loaded content (its sources are
    the content's programs, cards and rules: a bounded set)."""
    return rules.memo.light_sources


def _ahead(q: int, p: int, lights: list[int], winners: set[int]) -> bool:
    if q in winners and p not in winners:
        return True
    if p in winners:
        return False
    return lights[q] > lights[p]


def _arrow_type(word: str) -> pa.DataType:
    import pyarrow as pa

    simple = {
        "i8": pa.int8(),
        "i16": pa.int16(),
        "i32": pa.int32(),
        "i64": pa.int64(),
        "u64": pa.uint64(),
        "bool": pa.bool_(),
        "str": pa.string(),
    }
    if word.startswith("list["):
        return pa.list_(_arrow_type(word[5:-1]))
    if word.startswith("map[str, "):
        return pa.map_(pa.string(), _arrow_type(word[9:-1]))
    return simple[word]


@lru_cache(maxsize=1)
def schema() -> pa.Schema:
    """The rows' Arrow schema (pyarrow is imported here, by the Parquet side only)."""
    import pyarrow as pa

    return pa.schema([(name, _arrow_type(word)) for name, word in COLUMN_TYPES])


def to_table(rows: Iterable[dict[str, Any]], meta: dict[str, Any] | None = None) -> pa.Table:
    import pyarrow as pa

    table = pa.Table.from_pylist(list(rows), schema=schema())
    if meta:
        table = table.replace_schema_metadata({"lastlight": json.dumps(meta, sort_keys=True)})
    return table


def write_results(table: pa.Table, path: str | Path) -> None:
    """Parquet, or CSV when the name ends in .csv (map and list columns as JSON text), through
    the one atomic writer (`write_atomic`: an exclusive temporary file, never through a link)."""
    if Path(path).suffix.lower() == ".csv":
        write_rows_csv(table.to_pylist(), path)
    else:
        import pyarrow.parquet as pq

        write_atomic(path, lambda fh: pq.write_table(table, fh))


def write_rows_csv(rows: Iterable[dict[str, Any]], path: str | Path) -> None:
    """The rows as CSV (the one CSV writer: `write_results` hands it a table's rows), without
    Arrow arrays: building one makes pyarrow import pandas (about 0.2 s of a short `lastlight
    sim`'s start-up). Byte for byte what Arrow's CSV writer made before: strings and JSON text
    (map and list columns) quoted, whole numbers bare, booleans `true`/`false`, nulls empty."""
    columns = [(name, _csv_kind(word)) for name, word in COLUMN_TYPES]
    lines = [",".join(_quoted(name) for name in COLUMNS)]
    for row in rows:
        lines.append(",".join(_cell(kind, row.get(name)) for name, kind in columns))
    text = "\n".join(lines) + "\n"
    write_atomic(path, text.encode("utf-8"))


def _csv_kind(word: str) -> str:
    if word.startswith(("map[", "list[")):
        return word.split("[")[0]
    return "str" if word == "str" else "bool" if word == "bool" else "int"


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _cell(kind: str, value: Any) -> str:
    if kind == "map":
        return _quoted(json.dumps(dict(value or [])))
    if kind == "list":
        return _quoted(json.dumps(None if value is None else list(value)))
    if value is None:
        return ""
    if kind == "bool":
        return "true" if value else "false"
    if kind == "int":
        return str(int(value))
    return _quoted(str(value))


def read_results(path: str | Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Rows and provenance of a Parquet file written by `lastlight sim`."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    for name, fill in OPTIONAL.items():  # files from before the column: its light is in claims
        if name not in table.column_names:
            kind = schema().field(name).type
            table = table.append_column(name, pa.array([fill] * table.num_rows, kind))
    missing = [c for c in COLUMNS if c not in table.column_names]
    if missing:
        raise ValueError(f"{path}: not a lastlight sim file (no column {missing[0]!r})")
    meta = json.loads((table.schema.metadata or {}).get(b"lastlight", b"{}"))
    rows = table.select(list(COLUMNS)).to_pylist()
    for r in rows:
        r["light_by_card"] = list(r["light_by_card"] or [])
        r["actions_played"] = list(r["actions_played"] or [])
    return rows, meta
