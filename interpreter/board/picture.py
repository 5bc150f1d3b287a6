"""The board picture of a game: its public view (board, scores) as SVG, and SVG to PNG.

PNG goes through CairoSVG (which needs the system cairo library, `libcairo2` on Debian); it is
imported only when a PNG is asked for, so SVG works without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lastlight.interpreter.board.svg import render, view_from_state

if TYPE_CHECKING:
    from lastlight.interpreter.engine.game import Game


class PictureError(Exception):
    """The picture cannot be made (e.g. PNG without the cairo library)."""


def public_view(game: Game) -> dict[str, Any]:
    """What anyone at the table sees: the board and every player's score and pieces."""
    rules = game.rules
    st = game.state
    piles = {phys: t.pile for phys, t in rules.tokens.items()}
    yields = {phys: list(t.yields) for phys, t in rules.tokens.items()}
    view = view_from_state(st, rules.planets, piles, yields)
    players = []
    for seat, pl in enumerate(st["players"]):
        faction = rules.cards.get(pl["faction"]) if pl["faction"] else None
        units = [u for u in st["units"].values() if u["o"] == seat]
        players.append(
            {
                "name": faction.name if faction else "",
                "light": pl["light"],
                "res": dict(pl["res"]),
                "ships": sum(1 for u in units if u["k"] == "s" and u["at"] == "board"),
                "extractors": sum(1 for u in units if u["k"] == "x" and u["at"] != "supply"),
                "techs": len(pl["civ"])
                + sum(1 for v in pl["ability"].values() if v)
                + sum(len(v) for v in pl["mods"].values()),
            }
        )
    view["players"] = players
    view["light_to_win"] = rules.light_to_win
    return view


def game_svg(game: Game, title: str, *, panel: bool = True) -> str:
    return render(game.board, public_view(game), title, panel=panel)


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    """Rasterise an SVG with CairoSVG."""
    try:
        import cairosvg
    except (ImportError, OSError) as exc:  # OSError: the cairo library itself is missing
        raise PictureError(
            f"PNG output needs CairoSVG and the cairo library ({exc}); on Debian: "
            "apt-get install libcairo2. SVG output works without them."
        ) from None
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    assert isinstance(png, bytes)
    return png
