"""What the server sends one seat (or a spectator): built from `game.view(seat)` only.

Everything a message says about the game comes from that view (hidden fields are None there),
from public content (card names and texts, the board) and from the log as that seat may read it
(`event_line(..., viewer=seat)`), so another seat's hand, kept achievement, offers or unrevealed
action card are absent from the data, not hidden by the page. The open decision's options and
prompt go only to the seat that decides. Once the game is over everything is public, and the
full replay is sent.
"""

from __future__ import annotations

import json
from typing import Any

from lastlight.interpreter.board.palette import seat_color
from lastlight.interpreter.board.svg import render
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.view import PlayerView, SeatView
from lastlight.interpreter.present.describe import card_name, card_text, decision_line, event_line
from lastlight.interpreter.present.picture import board_drawing
from lastlight.interpreter.present.table_view import table_view

#: Log lines sent with each view (the latest ones; the page keeps no older ones).
LOG_LINES = 60


def board_svg(game: Game, cache: dict[str, Any] | None = None) -> str:
    """The board (as the replay viewer draws it) from the spectator's view, the same for every
    seat (face-down tokens are only their pile there). Drawn again only when what it shows
    changed (`cache` keeps the last picture and what it showed)."""
    view = board_drawing(game.view(None))
    key = json.dumps(view, sort_keys=True)
    if cache is not None and cache.get("board", (None,))[0] == key:
        return str(cache["board"][1])
    svg = render(game.board, view, panel=False)
    if cache is not None:
        cache["board"] = (key, svg)
    return svg


def _in_play(view: SeatView, pl: PlayerView) -> list[dict[str, Any]]:
    exhausted = set(pl.exhausted)
    cards = [("civilization", c) for c in pl.civilization]
    cards += [(f"{size} ships", c) for size, c in pl.abilities.items() if c]
    cards += [(f"{size} ships", c) for size, mods in pl.mods.items() for c in mods]
    return [
        {
            "where": where,
            "name": card_name(view, c),
            "text": card_text(view, c),
            "exhausted": c in exhausted,
        }
        for where, c in cards
    ]


def _faction(view: SeatView, pl: PlayerView) -> str:
    if pl.faction:
        return card_name(view, pl.faction)
    return "(kept, secret)" if pl.faction_kept else "-"


def _player(view: SeatView, pl: PlayerView, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """A seat's public panel (what every seat may see of it)."""
    i = pl.seat
    units = [u for u in view.units.values() if u.owner == i]
    chosen = None
    if view.stage == "select" and pl.has_chosen:
        chosen = card_name(view, pl.chosen) if pl.chosen else "chosen (face down)"
    return {
        "seat": i,
        "label": f"P{i}",
        "who": seats[i]["label"],
        "faction": _faction(view, pl),
        "light": pl.light,
        "res": dict(pl.resources),
        "actions_in_hand": pl.hand_count,
        "played": [card_name(view, c) for c in pl.played],
        "chosen": chosen,
        "techs_in_play": _in_play(view, pl),
        "tech_hand_count": pl.tech_hand_count,
        "achievement": card_name(view, pl.achievement)
        if pl.achievement
        else ("(kept, secret)" if pl.achievement_kept else None),
        "ships_on_board": sum(1 for u in units if u.is_ship and u.place == "board"),
        "extractors": sum(1 for u in units if u.is_extractor and u.place != "supply"),
        "to_move": view.to_move == i,
        "winner": i in view.winners,
    }


def _log(
    game: Game, view: SeatView, seat: int | None, cache: dict[Any, str]
) -> list[dict[str, Any]]:
    """The latest log lines as `seat` may read them, pieces named from `view` (a line once
    written never changes, so `cache` keeps each one's words by (place in the log, reader))."""
    reader = ALL if game.over else seat
    log = game.log
    out = []
    for i in range(max(0, len(log) - LOG_LINES), len(log)):
        e = log[i]
        text = cache.get((i, reader))
        if text is None:
            # event_line leaves the seed out until the game is over (it decides every draw)
            text = cache[(i, reader)] = event_line(view, e, viewer=reader, where=False)
        out.append({"t": text, "p": e.get("player")})
    return out


def _decision(view: SeatView, seat: int | None) -> dict[str, Any] | None:
    """The open decision: for its seat, the prompt and every option in words; for others,
    only who decides."""
    pending = view.pending
    if pending is None:
        return None
    if pending.seat != seat:
        return {"p": pending.seat, "kind": pending.kind}
    return {
        "p": seat,
        "kind": pending.kind,
        "prompt": pending.prompt,
        "options": [
            {"i": i, "text": decision_line(view, dict(d), seat)}
            for i, d in enumerate(pending.options or ())
        ],
    }


def seat_view(
    game: Game, seat: int | None, table: dict[str, Any], cache: dict[Any, Any] | None = None
) -> dict[str, Any]:
    """The `state` message for `seat` (None: a spectator). `table` is the public table data
    (id, pack, seats and who sits in them, what undo allows for this seat...); `cache` (one
    per game, dropped when the game is rebuilt) keeps the board and the log's words."""
    cache = {} if cache is None else cache
    view = game.view(seat)
    seats = table["seats"]
    n = len(view.players)
    out: dict[str, Any] = {
        "type": "state",
        "table": table,
        "you": seat,
        "version": len(game.history),
        "round": view.round,
        "rotation": view.rotation % game.board.period,
        "period": game.board.period,
        "light_to_win": game.rules.light_to_win,
        "board": board_svg(game, cache),
        "players": [_player(view, pl, seats) for pl in view.players],
        "colors": [seat_color(i) for i in range(n)],  # as on the board
        "log": _log(game, view, seat, cache),
        "decision": _decision(view, seat),
        "over": game.over,
        "winners": list(view.winners),
    }
    if seat is not None:
        table_rows = table_view(view)
        out["header"] = table_rows.header
        out["mine"] = [{"label": label, "text": text} for label, text in table_rows.mine]
        out["sectors"] = [  # the board in words, as the terminal screen says it
            f"{row.name}: {row.contents}; next to {row.neighbours}" for row in table_rows.near
        ] + [f"Elsewhere, {line}" for line in table_rows.elsewhere]
    else:
        out["header"] = f"Round {view.round} · you are watching"
    return out
