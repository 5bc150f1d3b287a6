"""The colours of the board picture and the HTML viewer, chosen so no two things a reader must
tell apart look alike: the four seats differ from each other, from the planet colours' tokens
and from the exploration tokens (a test measures the distances)."""

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
#: Seat colours: rose, sky, lime, orchid (no amber: it read as a rare token).
SEATS = ["#fb3b6a", "#38bdf8", "#a3e635", "#e879f9"]
LUMOS_COLOR = "#f8fafc"


def seat_color(seat: int) -> str:
    return SEATS[seat % len(SEATS)]
