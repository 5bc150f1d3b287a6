"""Draw the board as SVG: concentric rings cut into sectors, turned for the rotation.

`render(board, view)` draws from a plain view, so a dealt setup and a game in progress draw the
same way:

    view = {"rotation": 0, "homes": ["h0", ...],
            "sectors": {"o3": {"planet": ["blue", "red"], "token": "common", "token_up": False,
                               "yields": ["rare"], "deep": True, "asteroid": False,
                               "ships": [[0, "small"], ...], "extractor": 1}},
            "players": [{"name": "Star Nomads", "light": 4, "res": {...}, ...}],  # optional
            "light_to_win": 20, "focus": ["o3"]}  # focus: outlined (the viewer's last step)

The picture is a title bar, the board, and a side panel with the scores and a legend
(`legend.py`); `panel=False` draws the board alone (the HTML viewer puts its own panels beside
it). Inside a sector the id label sits at the outer rim, the planet or token in the middle and
the ships along the inner rim, so no marker ever covers a label; `layout()` returns those
placements so a test can check it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from lastlight.interpreter.board.graph import Board
from lastlight.interpreter.board.legend import legend_svg

# SEATS is re-exported for older callers.
from lastlight.interpreter.board.palette import FILL, LUMOS_COLOR, PLANET, SEATS, TOKEN, seat_color  # noqa: F401
from lastlight.interpreter.board.pieces import (
    asteroid_svg,
    deep_svg,
    extractor_svg,
    planet_svg,
    ship_size,
    ship_svg,
    token_svg,
)

BOARD = 940  # the square the rings are drawn in
C = BOARD / 2
TOP = 64  # the title bar above the board
PANEL = 340  # the side panel (scores and legend)
RADII = {
    "center": (0, 70),
    "inner": (70, 170),
    "outer": (170, 290),
    "distant": (290, 380),
    "home": (392, 452),
}
LABEL_FONT = 11
SHIP_STEP = 22  # arc length between two ship groups, in pixels


@dataclass(frozen=True)
class Box:
    """Where something was placed, for the overlap checks in the tests."""

    kind: str  # label, ship, planet, title, home
    sector: str
    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box) -> bool:
        return (
            self.x0 < other.x1
            and other.x0 < self.x1
            and self.y0 < other.y1
            and (other.y0 < self.y1)
        )


def _point(angle: float, r: float) -> tuple[float, float]:
    a = math.radians(angle - 90)  # 0° at the top, clockwise
    return C + r * math.cos(a), C + r * math.sin(a)


def _wedge(a0: float, a1: float, r0: float, r1: float) -> str:
    large = 1 if (a1 - a0) % 360 > 180 else 0
    x0, y0 = _point(a0, r1)
    x1, y1 = _point(a1, r1)
    x2, y2 = _point(a1, r0)
    x3, y3 = _point(a0, r0)
    return (
        f"M{x0:.1f},{y0:.1f} A{r1},{r1} 0 {large} 1 {x1:.1f},{y1:.1f} "
        f"L{x2:.1f},{y2:.1f} A{r0},{r0} 0 {large} 0 {x3:.1f},{y3:.1f} Z"
    )


def _groups(ships: list[Any]) -> list[tuple[int, str, int]]:
    """Ships of one owner and size drawn once, with a count: (owner, size, count)."""
    counts: dict[tuple[int, str], int] = {}
    for owner, size in ships:
        counts[(int(owner), str(size))] = counts.get((int(owner), str(size)), 0) + 1
    order = {"small": 0, "medium": 1, "large": 2}
    return [
        (o, z, n)
        for (o, z), n in sorted(
            counts.items(), key=lambda kv: (kv[0][0] < 0, kv[0][0], order.get(kv[0][1], 3))
        )
    ]


def _ship_slots(a0: float, a1: float, radii: list[float], n: int) -> list[tuple[float, float]]:
    """n positions along an arc, row by row at the given radii; the last row takes whatever is
    left, closer together when it must (ships may crowd each other, never a label)."""
    slots: list[tuple[float, float]] = []
    mid = (a0 + a1) / 2
    for index, radius in enumerate(radii):
        left = n - len(slots)
        if left <= 0:
            break
        width = math.radians(a1 - a0) * radius - 16
        per_row = max(1, int(width // SHIP_STEP))
        k = left if index == len(radii) - 1 else min(per_row, left)
        pitch = min(SHIP_STEP, width / k) if k > 1 else SHIP_STEP
        step = math.degrees(pitch / radius)
        slots.extend(_point(mid + (i - (k - 1) / 2) * step, radius) for i in range(k))
    return slots


def layout(board: Board, view: dict[str, Any]) -> tuple[list[str], list[Box]]:
    """The board's SVG elements (in board coordinates, 0..BOARD) and the boxes they occupy."""
    (ground, pieces, labels), boxes = layers(board, view)
    return ground + pieces + labels, boxes


def layers(board: Board, view: dict[str, Any]) -> tuple[tuple[list[str], ...], list[Box]]:
    """The board in three layers: the ground and the labels depend only on the rotation (and
    which homes are in play), the pieces between them on the game, so a viewer can keep one
    ground per rotation and one piece layer per position."""
    rotation = int(view.get("rotation", 0))
    sectors: dict[str, Any] = view.get("sectors", {})
    homes: list[str] = list(view.get("homes", []))
    ground = _Ground([], [], [], {})
    for sid in board.sectors():
        _draw_sector(ground, board, sid, rotation, homes, live=sid in sectors or sid in homes)
    boxes = ground.boxes
    pieces: list[str] = []
    for sid, info in sectors.items():
        place = ground.places.get(sid)
        if place is None:
            continue
        pieces.extend(_features(sid, info, place, boxes))
        pieces.extend(_ships(sid, info, place, boxes))
    return (ground.out, pieces + _focus(board, view, rotation), ground.labels), boxes


@dataclass
class _Ground:
    """The ground layer being drawn: its elements, the labels above the pieces, the boxes they
    take, and where each sector's pieces go (`feature`, `side`, ship `arc` and `rows`, or the
    center's fixed `ships` points)."""

    out: list[str]
    labels: list[str]
    boxes: list[Box]
    places: dict[str, dict[str, Any]]


def _draw_sector(
    ground: _Ground, board: Board, sid: str, rotation: int, homes: list[str], *, live: bool
) -> None:
    """One sector's wedge (or the center's disc), its label and where its pieces go."""
    kind = board.kind(sid)
    if kind == "home" and sid not in homes:
        return
    r0, r1 = RADII[kind]
    if kind == "center":
        _draw_center(ground, sid, r1)
        return
    arc = board.arc(sid, rotation)
    assert arc is not None
    a0, a1 = arc
    opacity = "1" if live else "0.35"
    ground.out.append(
        f'<path d="{_wedge(a0, a1, r0, r1)}" fill="{FILL[kind]}" stroke="#475569" '
        f'stroke-width="1.5" opacity="{opacity}"/>'
    )
    if kind == "home":
        _draw_home(ground, sid, homes.index(sid), a0, a1, r0, r1)
    else:
        _draw_ring_sector(ground, sid, kind, a0, a1, r0, r1)


def _draw_center(ground: _Ground, sid: str, r1: float) -> None:
    ground.out.append(
        f'<circle cx="{C}" cy="{C}" r="{r1}" fill="#fde68a" stroke="#fff7d6" stroke-width="6"/>'
    )
    ground.out.append(f'<circle cx="{C}" cy="{C - 14}" r="{r1 * 0.42:.1f}" fill="#fffbeb"/>')
    ground.places[sid] = {
        "feature": (C, C - 14),
        "ships": [(C + dx, C + 40) for dx in (0, -20, 20, -40, 40, -10, 10, -30, 30)],
    }


def _draw_home(
    ground: _Ground, sid: str, seat: int, a0: float, a1: float, r0: float, r1: float
) -> None:
    """A home tab: the seat's label along the tab, ships in one row."""
    mid = (a0 + a1) / 2
    lx, ly = _point(mid, r1 - 11)
    text = f"P{seat} home"
    turn = mid if mid % 360 <= 90 or mid % 360 >= 270 else mid - 180  # along the tab
    ground.labels.append(
        f'<text x="{lx:.1f}" y="{ly + 5:.1f}" fill="{seat_color(seat)}" font-size="13" '
        f'font-weight="bold" text-anchor="middle" '
        f'transform="rotate({turn:.1f} {lx:.1f} {ly:.1f})">{text}</text>'
    )
    ground.boxes.append(_turned(_text_box("label", sid, lx, ly + 5, text, 13), turn, lx, ly))
    pts = [_point(a0 + (a1 - a0) * t / 8, r) for t in range(9) for r in (r0, r1)]
    ground.boxes.append(
        Box(
            "home",
            sid,
            min(p[0] for p in pts),
            min(p[1] for p in pts),
            max(p[0] for p in pts),
            max(p[1] for p in pts),
        )
    )
    ground.places[sid] = {"arc": (a0, a1), "rows": [r0 + 11]}


def _draw_ring_sector(
    ground: _Ground, sid: str, kind: str, a0: float, a1: float, r0: float, r1: float
) -> None:
    """A sector of a ring: its id at the outer rim, the planet or token in the middle, ships in
    two rows along the inner rim."""
    mid = (a0 + a1) / 2
    lx, ly = _point(mid, r1 - 9)
    ground.labels.append(
        f'<text x="{lx:.1f}" y="{ly + 4:.1f}" fill="#cbd5e1" font-size="{LABEL_FONT}" '
        f'text-anchor="middle">{escape(sid)}</text>'
    )
    ground.boxes.append(_text_box("label", sid, lx, ly + 4, sid, LABEL_FONT))
    feature_r = {"inner": 124, "outer": 234, "distant": 337}[kind]
    ground.places[sid] = {
        "feature": _point(mid, feature_r),
        "side": (
            _point(mid - math.degrees(30 / feature_r), feature_r),
            _point(mid + math.degrees(30 / feature_r), feature_r),
        ),
        "arc": (a0, a1),
        "rows": [r0 + 17, r0 + 35],
    }


def _features(sid: str, info: dict[str, Any], place: dict[str, Any], boxes: list[Box]) -> list[str]:
    """A sector's asteroid, planet or deep-space mark, its token and its extractor."""
    out: list[str] = []
    feature = place.get("feature")
    if feature is None:
        return out
    x, y = feature
    if info.get("asteroid"):
        out.append(asteroid_svg(x, y))
    if info.get("planet") is not None:
        out.extend(planet_svg(x, y, list(info["planet"])))
        boxes.append(Box("planet", sid, x - 17, y - 17, x + 17, y + 17))
    elif info.get("deep"):
        out.append(deep_svg(x, y))
    side = place.get("side")
    if not side:
        return out
    token = info.get("token")
    if token:
        tx, ty = side[0]
        up = bool(info.get("token_up"))
        out.append(token_svg(tx, ty, token, up, list(info.get("yields") or ())))
    if info.get("planet") is not None and info.get("deep"):
        out.append(deep_svg(*side[0]))
    ext = info.get("extractor")
    if ext is not None:
        ex, ey = side[1]
        out.append(extractor_svg(ex, ey, int(ext)))
    return out


def _ships(sid: str, info: dict[str, Any], place: dict[str, Any], boxes: list[Box]) -> list[str]:
    """A sector's ships, one marker per owner and size with a count, in the sector's slots."""
    groups = _groups(info.get("ships", []))
    if not groups:
        return []
    if "arc" in place:
        a0, a1 = place["arc"]
        slots = _ship_slots(a0, a1, place["rows"], len(groups))
    else:
        slots = list(place["ships"])
        while len(slots) < len(groups):  # more groups than places: a second row
            slots.append((slots[len(slots) % 9][0], slots[len(slots) % 9][1] + 18))
    out = []
    for (owner, size, count), (x, y) in zip(groups, slots, strict=False):
        out.append(ship_svg(x, y, owner, size, count))
        s = ship_size(size)
        right = x + s * 0.85 + (7 * len(str(count)) + 1 if count > 1 else 0)
        boxes.append(Box("ship", sid, x - s * 0.85, y - s, right, y + s * 0.7))
    return out


def _focus(board: Board, view: dict[str, Any], rotation: int) -> list[str]:
    """A gold outline round the sectors `view["focus"]` names (where the last step happened)."""
    out = []
    for sid in view.get("focus") or ():
        if sid not in board.spec.sectors:
            continue
        kind = board.kind(sid)
        r0, r1 = RADII[kind]
        arc = board.arc(sid, rotation)
        if arc is None:
            out.append(
                f'<circle cx="{C}" cy="{C}" r="{r1 + 1}" fill="none" stroke="#fbbf24" '
                'stroke-width="3"/>'
            )
        else:
            out.append(
                f'<path d="{_wedge(arc[0], arc[1], r0 + 1.5, r1 - 1.5)}" fill="none" '
                'stroke="#fbbf24" stroke-width="3" stroke-dasharray="7 4"/>'
            )
    return out


def _turned(box: Box, degrees: float, cx: float, cy: float) -> Box:
    """The upright bounding box of a box turned about (cx, cy)."""
    a = math.radians(degrees)
    xs, ys = [], []
    for x, y in ((box.x0, box.y0), (box.x1, box.y0), (box.x0, box.y1), (box.x1, box.y1)):
        dx, dy = x - cx, y - cy
        xs.append(cx + dx * math.cos(a) - dy * math.sin(a))
        ys.append(cy + dx * math.sin(a) + dy * math.cos(a))
    return Box(box.kind, box.sector, min(xs), min(ys), max(xs), max(ys))


def _text_box(kind: str, sector: str, x: float, baseline: float, text: str, font: float) -> Box:
    w = len(text) * font * 0.62
    return Box(kind, sector, x - w / 2, baseline - font * 0.8, x + w / 2, baseline + font * 0.2)


def svg_open(width: float, height: float) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif">'
    )


def board_layers(board: Board, view: dict[str, Any]) -> tuple[str, str, str]:
    """The board alone as three SVG fragments; joined, they are `render(..., panel=False)`."""
    (ground, pieces, labels), _boxes = layers(board, view)
    head = [svg_open(BOARD, BOARD), f'<rect width="{BOARD}" height="{BOARD}" fill="#05070f"/>']
    return (
        "\n".join([*head, *ground]) + "\n",
        "\n".join(pieces) + "\n",
        "\n".join([*labels, "</svg>"]) + "\n",
    )


def render(board: Board, view: dict[str, Any], title: str = "", *, panel: bool = True) -> str:
    """The SVG picture: title bar, board and side panel, or (`panel=False`) the board alone."""
    if not panel:
        return "".join(board_layers(board, view))
    elements, _boxes = layout(board, view)
    rotation = int(view.get("rotation", 0)) % board.period
    width, height = BOARD + PANEL, TOP + BOARD
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#05070f"/>',
        f'<rect width="{width}" height="{TOP}" fill="#111827"/>',
        f'<text x="20" y="30" fill="#f8fafc" font-size="20" font-weight="bold">'
        f"{escape(title or 'Last Light')}</text>",
        f'<text x="20" y="52" fill="#9ca3af" font-size="13">'
        f"{escape(_subtitle(view, rotation, board))}</text>",
        f'<g transform="translate(0,{TOP})">',
        *elements,
        "</g>",
        f'<g transform="translate({BOARD},{TOP})">',
        *legend_svg(view, PANEL, BOARD),
        "</g>",
        "</svg>",
    ]
    return "\n".join(out) + "\n"


def _subtitle(view: dict[str, Any], rotation: int, board: Board) -> str:
    bits = []
    if view.get("round"):
        bits.append(f"round {view['round']}")
    bits.append(f"rotation {rotation} of {board.period} (the rings turn clockwise)")
    if view.get("winners"):
        bits.append("game over: " + ", ".join(f"P{w}" for w in view["winners"]) + " won")
    return " · ".join(bits)


def view_from_layout(
    layout: dict[str, Any], planets: dict[str, dict[str, Any]], piles: dict[str, str]
) -> dict[str, Any]:
    """A view of a freshly dealt setup (tokens face down)."""
    sectors = {}
    for sid, info in layout["sectors"].items():
        sectors[sid] = {
            "planet": list(planets[info["planet"]]["colors"]) if info.get("planet") else None,
            "token": piles.get(info["token"]) if info.get("token") else None,
            "deep": bool(info.get("deep")),
            "asteroid": bool(info.get("ast")),
            "ships": [],
        }
    return {"rotation": 0, "homes": layout["homes"], "sectors": sectors}
