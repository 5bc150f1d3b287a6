"""A game's board picture: what turns a position into the drawing model of `board/svg.py`.

The picture is public (the board, the scores, the pieces): it is built from a spectator's view
(`game.view(None)`), so a face-down token shows only its pile and a kept faction is named only
once the factions are revealed (R-SET-06). `board/svg.py` draws from the plain data built here
and knows nothing of games; `board/picture.py` turns the SVG into PNG.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lastlight.interpreter.board.svg import render
from lastlight.interpreter.engine.view import SeatView

if TYPE_CHECKING:
    from lastlight.interpreter.engine.game import Game


def board_drawing(view: SeatView) -> dict[str, Any]:
    """The board of a position as `board/svg.py` draws it (see its docstring): face-down tokens
    show only their pile; a token's yields once it is face up. Any view works: a seat's or a
    spectator's holds a face-down token as its pile already, the whole state's as its id."""
    rules = view.rules
    piles = dict(rules.token_piles_by_id)
    piles.update({pile: pile for pile in set(piles.values())})  # a face-down token's pile
    yields = rules.tokens
    drawing: dict[str, Any] = {
        "rotation": view.rotation,
        "homes": view.homes,
        "sectors": {},
        "round": view.round,
        "winners": list(view.winners),
    }
    sectors: dict[str, dict[str, Any]] = drawing["sectors"]
    for sid, info in view.sectors.items():
        token = info.token
        up = info.token_face_up
        tile = yields.get(token) if token and up else None
        sectors[sid] = {
            "planet": list(rules.planets[info.planet]["colors"]) if info.planet else None,
            "token": piles.get(token) if token else None,
            "token_up": up,
            "yields": list(tile.yields) if tile is not None else [],
            "deep": info.deep_space,
            "asteroid": info.asteroid,
            "ships": [],
            "extractor": None,
        }
    for u in view.units.values():
        if u.place == "board" and u.is_ship:
            sectors[str(u.sector)]["ships"].append([u.owner, u.size])
        elif u.place == "planet":
            sectors[str(u.sector)]["extractor"] = u.owner
    return drawing


def public_view(game: Game) -> dict[str, Any]:
    """What anyone at the table sees (a spectator's view): the board and every player's score
    and pieces, with the faction's name once the factions are revealed."""
    view = game.view(None)
    rules = view.rules
    drawing = board_drawing(view)
    players = []
    for pl in view.players:
        faction = rules.cards.get(pl.faction) if pl.faction else None
        units = [u for u in view.units.values() if u.owner == pl.seat]
        players.append(
            {
                "name": faction.name if faction else "",
                "light": pl.light,
                "res": dict(pl.resources),
                "ships": sum(1 for u in units if u.is_ship and u.place == "board"),
                "extractors": sum(1 for u in units if u.is_extractor and u.place != "supply"),
                "techs": len(pl.civilization)
                + sum(1 for v in pl.abilities.values() if v)
                + sum(len(v) for v in pl.mods.values()),
            }
        )
    drawing["players"] = players
    drawing["light_to_win"] = rules.light_to_win
    return drawing


def game_svg(game: Game, title: str, *, panel: bool = True) -> str:
    """The picture of the game now (`public_view`) as SVG, with the scores' panel or without."""
    return render(game.board, public_view(game), title, panel=panel)
