"""The colours of the board picture and the HTML viewer, chosen so no two things a reader must
tell apart look alike: the four seats differ from each other, from the planets, from the
exploration tokens and from the Lumos (tests/interpreter/board/test_palette.py measures it)."""

from __future__ import annotations

FILL = {
    "center": "#fff7d6",
    "inner": "#1d2a4a",
    "outer": "#15203a",
    "distant": "#0d1426",
    "home": "#2a3656",
}
PLANET = {"blue": "#3b82f6", "green": "#22c55e", "red": "#ef4444", "yellow": "#facc15"}
#: Face-down exploration tokens by pile (deep space is drawn as a ringed "?").
TOKEN = {"common": "#cbd5e1", "rare": "#f97316", "deep_space": "#a855f7"}
#: Seat colours: pink, aqua, chartreuse, sand. None is a planet colour, a token colour or the
#: Lumos white (the old amber read as a rare token): CIE76 distances >= 35 to all of them.
SEATS = ["#ff2e93", "#00e5ff", "#c6ff00", "#d6b88c"]
LUMOS_COLOR = "#f8fafc"


def seat_color(seat: int) -> str:
    return SEATS[seat % len(SEATS)]
