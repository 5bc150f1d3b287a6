"""The board graph: networkx over the sectors, ring edges re-wired at every rotation.

`Board(spec)` builds one `nx.Graph` per rotation state (the board repeats after `period`
rotations) and derives plain lookups from them, so that a neighbour query during play is a dict
lookup. Pieces are kept by physical sector id, so whatever sits on a ring sector travels with it;
only edges change. All collections returned are sorted: no set order ever reaches game logic.
"""

from __future__ import annotations

from math import gcd
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.board.spec import BoardSpec

if TYPE_CHECKING:
    import networkx as nx

EPS = 1e-9


def _lcm(a: int, b: int) -> int:
    return a * b // gcd(a, b)


def _overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Do two arcs (degrees, clockwise, may wrap) share more than a point?"""

    def pieces(arc: tuple[float, float]) -> list[tuple[float, float]]:
        start, end = arc[0] % 360, arc[0] % 360 + (arc[1] - arc[0])
        if end <= 360 + EPS:
            return [(start, end)]
        return [(start, 360.0), (0.0, end - 360)]

    return any(min(e1, e2) - max(s1, s2) > EPS for s1, e1 in pieces(a) for s2, e2 in pieces(b))


class Board:
    """Adjacency, reach and range on the board, for any rotation count."""

    def __init__(self, spec: BoardSpec):
        self.spec = spec
        self.center = spec.center
        period = 1
        for ring in spec.rings.values():
            period = _lcm(period, 360 // gcd(360, ring.turn_degrees % 360 or 360))
        self.period = period
        self._kinds = {s.id: s.kind for s in spec.sectors.values()}
        self._graphs: list[nx.Graph] | None = [self._build(r) for r in range(period)]
        self._adj: list[dict[str, tuple[str, ...]]] = [
            {n: tuple(sorted(g.neighbors(n))) for n in sorted(g.nodes)} for g in self._graphs
        ]

    def __getstate__(self) -> dict[str, Any]:
        """A pickled board (the rules cache, `interpreter/rules_cache.py`) keeps the plain
        lookups and leaves the networkx graphs behind: play reads only the lookups, and loading
        them back then needs no networkx. `graph` builds them again when asked."""
        kept = dict(self.__dict__)
        kept["_graphs"] = None
        return kept

    # --- geometry ---------------------------------------------------------------------------
    def arc(self, sector: str, rotation: int) -> tuple[float, float] | None:
        """The arc a sector covers after `rotation` rotations (None for the center)."""
        s = self.spec.sectors[sector]
        ring = self.spec.rings.get(s.kind)
        if ring is not None and s.position is not None:
            start = s.position * ring.arc + ring.turn_degrees * rotation
            return (start % 360, start % 360 + ring.arc)
        if s.arc is not None:
            return (float(s.arc[0]), float(s.arc[1]))
        return None

    def position(self, sector: str, rotation: int) -> int | None:
        """Which ring position (0 at the top) a ring sector occupies after some rotations."""
        arc = self.arc(sector, rotation)
        ring = self.spec.rings.get(self.kind(sector))
        if arc is None or ring is None:
            return None
        return round(arc[0] / ring.arc) % ring.sectors

    def _build(self, rotation: int) -> nx.Graph:
        import networkx as nx  # here, not at the top: a board from the rules cache never builds

        g = nx.Graph()
        g.add_nodes_from(self.spec.sectors)
        g.add_edges_from(self.spec.edges)
        by_kind: dict[str, list[str]] = {}
        for sid, kind in self._kinds.items():
            by_kind.setdefault(kind, []).append(sid)
        for band_a, band_b in self.spec.contacts:
            for a in by_kind.get(band_a, []):
                arc_a = self.arc(a, rotation)
                for b in by_kind.get(band_b, []):
                    arc_b = self.arc(b, rotation)
                    if arc_a and arc_b and _overlap(arc_a, arc_b):
                        g.add_edge(a, b)
        return g

    # --- queries ----------------------------------------------------------------------------
    def graph(self, rotation: int) -> nx.Graph:
        """The networkx graph of the board after `rotation` rotations."""
        if self._graphs is None:
            self._graphs = [self._build(r) for r in range(self.period)]
        return self._graphs[rotation % self.period]

    def kind(self, sector: str) -> str:
        """center, inner, outer, distant or home."""
        return self._kinds[sector]

    def sectors(self) -> list[str]:
        return list(self.spec.sectors)

    def neighbours(self, sector: str, rotation: int) -> tuple[str, ...]:
        return self._adj[rotation % self.period][sector]

    def reachable(
        self, sector: str, steps: int, rotation: int, blocked: frozenset[str] = frozenset()
    ) -> dict[str, int]:
        """Sectors within `steps` moves and their distance; a blocked sector (an asteroid) can
        be neither entered nor crossed (R-CMD-03). The start is included at distance 0."""
        adj = self._adj[rotation % self.period]
        dist = {sector: 0}
        frontier = [sector]
        for d in range(1, steps + 1):
            nxt: list[str] = []
            for here in frontier:
                for there in adj[here]:
                    if there not in dist and there not in blocked:
                        dist[there] = d
                        nxt.append(there)
            frontier = nxt
        return dict(sorted(dist.items()))

    def distance(
        self, a: str, b: str, rotation: int, blocked: frozenset[str] = frozenset()
    ) -> int | None:
        """Moves from a to b, or None when b cannot be reached."""
        reach = self.reachable(a, len(self._kinds), rotation, blocked)
        return reach.get(b)

    def in_range(self, sector: str, rng: int, rotation: int) -> tuple[str, ...]:
        """Sectors a ship here may attack (R-CMD-15): its own; with range 2 also adjacent."""
        if rng <= 1:
            return (sector,)
        return tuple(sorted({sector, *self.neighbours(sector, rotation)}))
