"""The board as content: sectors, rings, fixed edges, read from YAML with located checks.

`read_board(doc, report)` builds a `BoardSpec` and reports, each at its file:line:col:
B001 unknown sector in an edge, B002 duplicate edge, B003 an edge listed both ways,
B004 a self-loop, B005 a ring whose positions do not close, B006 a sector unreachable in some
rotation state, B007 a sector without the geometry its kind needs, B008 a duplicate sector id,
B009 a ring sector on a ring the board does not declare.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lastlight.interpreter.load.errors import Loc, Report, did_you_mean
from lastlight.interpreter.load.yamlload import YDict, YList

KINDS = ("center", "inner", "outer", "distant", "home")
RINGS = ("inner", "outer")


@dataclass(frozen=True)
class Sector:
    id: str
    kind: str
    position: int | None = None  # ring sectors
    arc: tuple[int, int] | None = None  # fixed sectors (distant, home)
    name: str = ""


@dataclass(frozen=True)
class Ring:
    name: str
    sectors: int
    turn_degrees: int

    @property
    def arc(self) -> float:
        return 360 / self.sectors


@dataclass
class BoardSpec:
    center: str
    sectors: dict[str, Sector]
    rings: dict[str, Ring]
    contacts: list[tuple[str, str]]
    edges: list[tuple[str, str]]
    locs: dict[str, Loc] = field(default_factory=dict)

    def ids(self) -> list[str]:
        return list(self.sectors)


#: The most sectors a ring may have (schemas/board.schema.json bounds `sectors` the same way).
MAX_RING_SECTORS = 64


def read_board(data: YDict, report: Report) -> BoardSpec | None:
    """Build the spec from a schema-valid board document; None when it cannot be built."""
    sectors: dict[str, Sector] = {}
    locs: dict[str, Loc] = {}
    items = data.get("sectors")
    if not isinstance(items, YList):
        return None
    for i, item in enumerate(items):
        if not isinstance(item, YDict) or "id" not in item:
            continue
        sid = str(item["id"])
        if sid in sectors:
            report.error(
                item.loc_of("id"),
                "B008",
                f"sector '{sid}' is defined twice (first at line {locs[sid].line})",
            )
            continue
        arc = item.get("arc")
        sectors[sid] = Sector(
            sid,
            str(item.get("kind")),
            item.get("position"),
            (int(arc[0]), int(arc[1])) if isinstance(arc, list) and len(arc) == 2 else None,
            str(item.get("name", "")),
        )
        locs[sid] = items.loc_of(i)
    rings = {
        str(k): Ring(str(k), int(v["sectors"]), int(v["turn_degrees"]))
        for k, v in (data.get("rings") or {}).items()
    }
    if any(not 2 <= ring.sectors <= MAX_RING_SECTORS for ring in rings.values()):
        # the schema reports it, located; a ring of 10^9 sectors would not fit in memory here
        # (found by the fuzzer's sibling case, players.max = 10^9)
        return None
    spec = BoardSpec(
        str(data.get("center")),
        sectors,
        rings,
        [(str(a), str(b)) for a, b in (data.get("contacts") or [])],
        [],
        locs,
    )
    _check_sectors(spec, data, report)
    _read_edges(spec, data, report)
    return spec


def _check_sectors(spec: BoardSpec, data: YDict, report: Report) -> None:
    if spec.center not in spec.sectors:
        report.error(
            data.loc_of("center"),
            "B001",
            f"the center '{spec.center}' is not a sector",
            did_you_mean(spec.center, spec.sectors),
        )
    for sid, s in spec.sectors.items():
        loc = spec.locs[sid]
        if s.kind in RINGS:
            ring = spec.rings.get(s.kind)
            if ring is None:
                report.error(
                    loc,
                    "B009",
                    f"sector '{sid}' is on the {s.kind} ring, but the "
                    f"board declares no {s.kind} ring under `rings`",
                )
            elif s.position is None or not 0 <= s.position < ring.sectors:
                report.error(
                    loc,
                    "B007",
                    f"ring sector '{sid}' needs a position from 0 to {ring.sectors - 1}",
                )
        elif s.kind in ("distant", "home") and (s.arc is None or not s.arc[0] < s.arc[1]):
            report.error(
                loc,
                "B007",
                f"{s.kind} sector '{sid}' needs an arc [from, to] with "
                "from < to (degrees clockwise from the top)",
            )
    for name, ring in spec.rings.items():
        positions = [s.position for s in spec.sectors.values() if s.kind == name]
        expected = list(range(ring.sectors))
        if sorted(p for p in positions if p is not None) != expected:
            dup = sorted({p for p in positions if positions.count(p) > 1 and p is not None})
            missing = sorted(set(expected) - set(positions))
            what = []
            if missing:
                what.append(f"missing position(s) {missing}")
            if dup:
                what.append(f"position(s) {dup} used twice")
            if len(positions) != ring.sectors:
                what.append(f"{len(positions)} sectors for a ring of {ring.sectors}")
            report.error(
                data["rings"].key_loc(name),
                "B005",
                f"the {name} ring does not close: {'; '.join(what)}",
            )


def _read_edges(spec: BoardSpec, data: YDict, report: Report) -> None:
    edges = data.get("edges")
    if not isinstance(edges, YList):
        return
    seen: dict[tuple[str, str], Loc] = {}
    for i, pair in enumerate(edges):
        loc = edges.loc_of(i)
        if not isinstance(pair, list) or len(pair) != 2:
            continue
        a, b = str(pair[0]), str(pair[1])
        bad = [x for x in (a, b) if x not in spec.sectors]
        for x in bad:
            report.error(
                loc,
                "B001",
                f"edge [{a}, {b}] names an unknown sector '{x}'",
                did_you_mean(x, spec.sectors),
            )
        if bad:
            continue
        if a == b:
            report.error(loc, "B004", f"edge [{a}, {b}] joins a sector to itself")
            continue
        if (a, b) in seen:
            report.error(
                loc, "B002", f"edge [{a}, {b}] is listed twice (also at line {seen[(a, b)].line})"
            )
            continue
        if (b, a) in seen:
            report.error(
                loc,
                "B003",
                f"edge [{a}, {b}] is also listed as [{b}, {a}] at line "
                f"{seen[(b, a)].line}; edges go both ways, list each once",
            )
            continue
        seen[(a, b)] = loc
        spec.edges.append((a, b))
