"""The pieces drawn on the board and in the legend: planets, ships, tokens, deep space,
asteroids and extractors, each as SVG at a point (svg.py places them, legend.py shows them)."""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from lastlight.interpreter.board.palette import LUMOS_COLOR, PLANET, TOKEN, seat_color


def planet_svg(x: float, y: float, colors: list[str], r: float = 17) -> list[str]:
    colors = colors or ["grey"]
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


def ship_size(size: str) -> float:
    return {"small": 7, "medium": 9, "large": 11}.get(size, 7)


def ship_svg(x: float, y: float, owner: int, size: str, count: int = 1) -> str:
    s = ship_size(size)
    color = LUMOS_COLOR if owner < 0 else seat_color(owner)
    out = (
        f'<polygon points="{x:.1f},{y - s:.1f} {x - s * 0.85:.1f},{y + s * 0.7:.1f} '
        f'{x + s * 0.85:.1f},{y + s * 0.7:.1f}" fill="{color}" stroke="#000" '
        'stroke-width="1"/>'
    )
    if count > 1:
        out += (
            f'<text x="{x + s * 0.85 + 1:.1f}" y="{y + s * 0.7:.1f}" fill="#f8fafc" '
            f'font-size="10" font-weight="bold">{count}</text>'
        )
    return out


def token_svg(x: float, y: float, pile: str, up: bool, yields: list[str]) -> str:
    """A planetary exploration token: face down, a coloured tile with its pile's letter; face
    up, a white tile with what the planet yields (C common, U uncommon, R rare)."""
    if up:
        text = "".join(y[:1].upper() for y in yields) or "-"
        w = 6 + 7 * len(text)
        return (
            f'<rect x="{x - w / 2:.1f}" y="{y - 6.5:.1f}" width="{w}" height="13" rx="2" '
            f'fill="#f8fafc" stroke="#000"/><text x="{x:.1f}" y="{y + 4:.1f}" fill="#0f172a" '
            f'font-size="10" font-weight="bold" text-anchor="middle">{escape(text)}</text>'
        )
    face = TOKEN.get(pile, "#9ca3af")
    return (
        f'<rect x="{x - 6.5:.1f}" y="{y - 6.5:.1f}" width="13" height="13" rx="2" fill="{face}" '
        f'stroke="#000"/><text x="{x:.1f}" y="{y + 4:.1f}" fill="#0f172a" font-size="10" '
        f'font-weight="bold" text-anchor="middle">{escape(pile[:1].upper())}</text>'
    )


def deep_svg(x: float, y: float) -> str:
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="10" fill="#1e1b4b" stroke="{TOKEN["deep_space"]}" '
        f'stroke-width="3"/><text x="{x:.1f}" y="{y + 4:.1f}" fill="#e9d5ff" font-size="11" '
        'font-weight="bold" text-anchor="middle">?</text>'
    )


def asteroid_svg(x: float, y: float) -> str:
    return (
        f'<polygon points="{x - 14:.1f},{y + 2:.1f} {x - 6:.1f},{y - 12:.1f} '
        f"{x + 10:.1f},{y - 9:.1f} {x + 15:.1f},{y + 5:.1f} {x + 2:.1f},"
        f'{y + 13:.1f}" fill="#78716c" stroke="#d6d3d1"/>'
    )


def extractor_svg(x: float, y: float, owner: int) -> str:
    return (
        f'<rect x="{x - 5:.1f}" y="{y - 5:.1f}" width="10" height="10" '
        f'fill="{seat_color(owner)}" stroke="#fff" stroke-width="1.5"/>'
    )
