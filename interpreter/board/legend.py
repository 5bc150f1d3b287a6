"""The side panel of the board picture: the scores, then a legend of every marker on the board.

Drawn with the same marker functions as the board, so the legend cannot drift from the picture.
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from lastlight.interpreter.board.palette import seat_color
from lastlight.interpreter.board.pieces import (
    asteroid_svg,
    deep_svg,
    extractor_svg,
    planet_svg,
    ship_svg,
    token_svg,
)


def _text(
    x: float, y: float, text: str, size: int = 13, fill: str = "#e5e7eb", bold: bool = False
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return f'<text x="{x}" y="{y}" fill="{fill}" font-size="{size}"{weight}>{escape(text)}</text>'


def scores_svg(view: dict[str, Any], width: float, y: float) -> tuple[list[str], float]:
    """One block per player: colour, name, light (with a bar to the goal), resources, pieces."""
    players: list[dict[str, Any]] = view.get("players") or []
    if not players:
        return [], y
    goal = int(view.get("light_to_win") or 20)
    out = [_text(20, y, "Players", 16, "#f8fafc", True)]
    y += 12
    winners = set(view.get("winners") or [])
    for seat, pl in enumerate(players):
        y += 22
        color = seat_color(seat)
        out.append(f'<rect x="20" y="{y - 12}" width="14" height="14" rx="3" fill="{color}"/>')
        star = "  ★ winner" if seat in winners else ""
        out.append(_text(42, y, f"P{seat} {pl.get('name') or ''}{star}", 14, color, True))
        y += 20
        light = int(pl.get("light", 0))
        bar = width - 40 - 90
        out.append(
            f'<rect x="20" y="{y - 10}" width="{bar}" height="10" rx="3" fill="#1f2937"/>'
            f'<rect x="20" y="{y - 10}" width="{min(1.0, light / goal) * bar:.1f}" height="10" '
            f'rx="3" fill="#fde68a"/>'
        )
        out.append(_text(28 + bar, y, f"light {light}/{goal}", 12, "#fde68a"))
        res = pl.get("res") or {}
        if res:
            y += 18
            out.append(_text(20, y, " · ".join(f"{n} {k}" for k, n in res.items()), 12, "#cbd5e1"))
        bits = []
        if "ships" in pl:
            bits.append(f"ships out {pl['ships']}")
        if "extractors" in pl:
            bits.append(f"extractors {pl['extractors']}")
        if "techs" in pl:
            bits.append(f"technologies {pl['techs']}")
        if bits:
            y += 17
            out.append(_text(20, y, " · ".join(bits), 11, "#9ca3af"))
    return out, y + 14


def legend_svg(view: dict[str, Any], width: float, height: float) -> list[str]:
    out = [f'<rect width="{width}" height="{height}" fill="#0b1020"/>']
    scores, y = scores_svg(view, width, 34)
    out.extend(scores)
    y += 16
    out.append(_text(20, y, "Legend", 16, "#f8fafc", True))
    rows: list[tuple[list[str], str]] = []
    y += 14

    def row(draw: list[str], text: str) -> None:
        rows.append((draw, text))

    planets = [
        *planet_svg(0, 0, ["blue"], 9),
        *planet_svg(20, 0, ["green"], 9),
        *planet_svg(40, 0, ["red"], 9),
        *planet_svg(60, 0, ["yellow"], 9),
    ]
    row(planets, "planets: blue green red yellow")
    row(planet_svg(0, 0, ["red", "blue"], 9), "a planet of two colours")
    row(
        [token_svg(0, 0, "common", False, []), token_svg(22, 0, "rare", False, [])],
        "token face down: common, rare",
    )
    row([token_svg(4, 0, "rare", True, ["uncommon"])], "face up: yields C U R L(ight)")
    row([deep_svg(0, 0)], "deep space token, face down")
    row([asteroid_svg(0, 0)], "asteroids: no way through")
    row(
        [ship_svg(0, 0, 0, "small"), ship_svg(20, 0, 0, "medium"), ship_svg(42, 0, 0, "large")],
        "ships: small, medium, large",
    )
    row([ship_svg(0, 0, 1, "small", 3)], "3 small ships of one player")
    row([ship_svg(0, 0, -1, "large")], "a Lumos ship (white)")
    row([extractor_svg(0, 0, 2)], "extractor, owner's colour")
    row([_text(-8, 4, "o3", 11, "#cbd5e1")], "sector id: i/o/d ring")
    for draw, text in rows:
        y += 28
        out.append(f'<g transform="translate(34,{y - 4})">' + "".join(draw) + "</g>")
        out.append(_text(112, y, text, 12, "#cbd5e1"))
    return out
