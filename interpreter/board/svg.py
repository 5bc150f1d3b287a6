"""Draw the board as SVG: concentric rings cut into sectors, turned for the rotation.

`render(board, view)` draws from a plain view, so a dealt setup and a game in progress draw the
same way:

    view = {"rotation": 0, "homes": ["h0", ...],
            "sectors": {"o3": {"planet": ["blue", "red"], "token": "common", "token_up": False,
                               "deep": True, "asteroid": False,
                               "ships": [[0, "small"], ...], "extractor": 1}}}
"""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape

from .graph import Board

SIZE = 900
C = SIZE / 2
RADII = {
    "center": (0, 70),
    "inner": (70, 170),
    "outer": (170, 290),
    "distant": (290, 380),
    "home": (392, 438),
}
FILL = {
    "center": "#fff7d6",
    "inner": "#1d2a4a",
    "outer": "#15203a",
    "distant": "#0d1426",
    "home": "#24324f",
}
PLANET = {"blue": "#3b82f6", "green": "#22c55e", "red": "#ef4444", "yellow": "#facc15"}
TOKEN = {"common": "#9ca3af", "rare": "#f97316", "deep_space": "#a855f7"}
SEATS = ["#e11d48", "#0ea5e9", "#84cc16", "#f59e0b", "#d946ef"]
LUMOS_COLOR = "#f8fafc"


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


def _planet(x: float, y: float, colors: list[str], r: float = 17) -> list[str]:
    colors = colors or ["#888888"]
    if len(colors) == 1:
        return [
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{PLANET.get(colors[0], "#888")}"'
            ' stroke="#fff" stroke-width="1.5"/>'
        ]
    out = []
    step = 360 / len(colors)
    for i, col in enumerate(colors):
        a0, a1 = i * step - 90, (i + 1) * step - 90
        p0 = (x + r * math.cos(math.radians(a0)), y + r * math.sin(math.radians(a0)))
        p1 = (x + r * math.cos(math.radians(a1)), y + r * math.sin(math.radians(a1)))
        out.append(
            f'<path d="M{x:.1f},{y:.1f} L{p0[0]:.1f},{p0[1]:.1f} A{r},{r} 0 0 1 '
            f'{p1[0]:.1f},{p1[1]:.1f} Z" fill="{PLANET.get(col, "#888")}"/>'
        )
    out.append(
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="none" stroke="#fff" stroke-width="1.5"/>'
    )
    return out


def _ship(x: float, y: float, owner: int, size: str) -> str:
    s = {"small": 6, "medium": 8, "large": 10}.get(size, 6)
    color = LUMOS_COLOR if owner < 0 else SEATS[owner % len(SEATS)]
    return (
        f'<polygon points="{x:.1f},{y - s:.1f} {x - s * 0.8:.1f},{y + s * 0.7:.1f} '
        f'{x + s * 0.8:.1f},{y + s * 0.7:.1f}" fill="{color}" stroke="#000" '
        'stroke-width="0.8"/>'
    )


def render(board: Board, view: dict[str, Any], title: str = "") -> str:
    rotation = int(view.get("rotation", 0))
    sectors: dict[str, Any] = view.get("sectors", {})
    homes: list[str] = list(view.get("homes", []))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" '
        f'viewBox="0 0 {SIZE} {SIZE}" font-family="sans-serif">',
        f'<rect width="{SIZE}" height="{SIZE}" fill="#05070f"/>',
    ]
    if title:
        out.append(
            f'<text x="16" y="{SIZE - 38}" fill="#e5e7eb" font-size="16">{escape(title)}</text>'
        )
    out.append(
        f'<text x="16" y="{SIZE - 16}" fill="#9ca3af" font-size="13">rotation '
        f"{rotation % board.period} of {board.period}</text>"
    )
    live = set(sectors) | set(homes)
    centers: dict[str, tuple[float, float]] = {}
    for sid in board.sectors():
        kind = board.kind(sid)
        if kind == "home" and sid not in homes:
            continue
        r0, r1 = RADII[kind]
        if kind == "center":
            out.append(
                f'<circle cx="{C}" cy="{C}" r="{r1}" fill="#fde68a" stroke="#fff7d6" '
                'stroke-width="6"/>'
            )
            out.append(f'<circle cx="{C}" cy="{C}" r="{r1 * 0.45}" fill="#fffbeb"/>')
            centers[sid] = (C, C + r1 * 0.55)
            continue
        arc = board.arc(sid, rotation)
        assert arc is not None
        a0, a1 = arc
        opacity = "1" if sid in live else "0.35"
        out.append(
            f'<path d="{_wedge(a0, a1, r0, r1)}" fill="{FILL[kind]}" stroke="#475569" '
            f'stroke-width="1.5" opacity="{opacity}"/>'
        )
        mid = (a0 + a1) / 2
        lx, ly = _point(mid, r1 - 11)
        if kind != "home":
            out.append(
                f'<text x="{lx:.1f}" y="{ly:.1f}" fill="#94a3b8" font-size="10" '
                f'text-anchor="middle">{escape(sid)}</text>'
            )
        centers[sid] = _point(mid, (r0 + r1) / 2)
    for seat, home in enumerate(homes):
        if home in centers:
            x, y = centers[home]
            out.append(
                f'<text x="{x:.1f}" y="{y + 4:.1f}" fill="{SEATS[seat % len(SEATS)]}" '
                f'font-size="12" font-weight="bold" text-anchor="middle">P{seat}</text>'
            )
    for sid, info in sectors.items():
        if sid not in centers:
            continue
        x, y = centers[sid]
        if info.get("asteroid"):
            out.append(
                f'<polygon points="{x - 14:.1f},{y + 2:.1f} {x - 6:.1f},{y - 12:.1f} '
                f"{x + 10:.1f},{y - 9:.1f} {x + 15:.1f},{y + 5:.1f} {x + 2:.1f},"
                f'{y + 13:.1f}" fill="#78716c" stroke="#a8a29e"/>'
            )
        if info.get("planet") is not None:
            out.extend(_planet(x, y, list(info["planet"])))
            ext = info.get("extractor")
            if ext is not None:
                out.append(
                    f'<rect x="{x + 10:.1f}" y="{y + 8:.1f}" width="9" height="9" '
                    f'fill="{SEATS[ext % len(SEATS)]}" stroke="#fff"/>'
                )
        token = info.get("token")
        if token:
            face = "#fff" if info.get("token_up") else TOKEN.get(token, "#9ca3af")
            out.append(
                f'<rect x="{x - 22:.1f}" y="{y - 24:.1f}" width="11" height="11" '
                f'rx="2" fill="{face}" stroke="#000"/>'
            )
        if info.get("deep"):
            out.append(
                f'<circle cx="{x:.1f}" cy="{y - 2:.1f}" r="8" fill="'
                f'{TOKEN["deep_space"]}" stroke="#000"/>'
            )
        for i, (owner, size) in enumerate(info.get("ships", [])):
            out.append(_ship(x - 18 + (i % 5) * 9, y + 24 + (i // 5) * 10, int(owner), size))
    out.append("</svg>")
    return "\n".join(out) + "\n"


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


def view_from_state(
    state: dict[str, Any], planets: dict[str, dict[str, Any]], piles: dict[str, str]
) -> dict[str, Any]:
    """A view of a game in progress."""
    view = {"rotation": state["rot"], "homes": state["homes"], "sectors": {}}
    for sid, info in state["sectors"].items():
        view["sectors"][sid] = {
            "planet": list(planets[info["planet"]]["colors"]) if info.get("planet") else None,
            "token": piles.get(info["token"]) if info.get("token") else None,
            "token_up": info.get("up", False),
            "deep": bool(info.get("deep")),
            "asteroid": bool(info.get("ast")),
            "ships": [],
            "extractor": None,
        }
    for u in state["units"].values():
        if u["at"] == "board" and u["k"] == "s":
            view["sectors"][u["s"]]["ships"].append([u["o"], u["z"]])
        elif u["at"] == "planet":
            view["sectors"][u["s"]]["extractor"] = u["o"]
    return view
