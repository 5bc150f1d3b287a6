"""What the server sends one seat (or a spectator): built from `game.observation(seat)` only.

Everything a message says about the game comes from that observation (hidden fields are None
there), from public content (card names and texts, the board) and from the log as that seat may
read it (`event_line(..., viewer=seat)`), so another seat's hand, kept achievement, offers or
unrevealed action card are absent from the data, not hidden by the page. The open decision's
options and prompt go only to the seat that decides. Once the game is over everything is
public, and the full replay is sent.
"""

from __future__ import annotations

import json
from typing import Any

from lastlight.interpreter.board.palette import seat_color
from lastlight.interpreter.board.svg import render, view_from_state
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL, Observation
from lastlight.interpreter.present.describe import card_name, card_text, decision_line, event_line
from lastlight.interpreter.present.table_view import table_view

#: Log lines sent with each view (the latest ones; the page keeps no older ones).
LOG_LINES = 60



def board_svg(game: Game, cache: dict[str, Any] | None = None) -> str:
    """The board (as the replay viewer draws it) from the spectator's observation, the same
    for every seat (face-down tokens are only their pile there). Drawn again only when what it
    shows changed (`cache` keeps the last picture and what it showed)."""
    obs = game.observation(None)
    rules = game.rules
    piles = dict(rules.token_piles_by_id)
    piles.update({pile: pile for pile in set(piles.values())})  # a face-down token's pile
    yields = {phys: list(t.yields) for phys, t in rules.tokens.items()}
    view = view_from_state(obs, rules.planets, piles, yields)
    key = json.dumps(view, sort_keys=True)
    if cache is not None and cache.get("board", (None,))[0] == key:
        return str(cache["board"][1])
    svg = render(game.board, view, panel=False)
    if cache is not None:
        cache["board"] = (key, svg)
    return svg


def _in_play(game: Game, pl: dict[str, Any]) -> list[dict[str, str]]:
    exhausted = set(pl["exhausted"])
    cards = [("civilization", c) for c in pl["civ"]]
    cards += [(f"{size} ships", c) for size, c in pl["ability"].items() if c]
    cards += [(f"{size} ships", c) for size, mods in pl["mods"].items() for c in mods]
    return [
        {"where": where, "name": card_name(game, c), "text": card_text(game, c),
         "exhausted": c in exhausted}
        for where, c in cards
    ]


def _faction(game: Game, pl: dict[str, Any]) -> str:
    if pl["faction"]:
        return card_name(game, pl["faction"])
    return "(kept, secret)" if pl["faction_kept"] else "-"


def _player(game: Game, obs: Observation, i: int, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """Seat i's public panel (what every seat may see of it)."""
    pl = obs["players"][i]
    units = [u for u in obs["units"].values() if u["o"] == i]
    chosen = None
    if obs["stage"] == "select" and pl["has_chosen"]:
        chosen = card_name(game, pl["chosen"]) if pl["chosen"] else "chosen (face down)"
    return {
        "seat": i,
        "label": f"P{i}",
        "who": seats[i]["label"],
        "faction": _faction(game, pl),
        "light": pl["light"],
        "res": dict(pl["res"]),
        "actions_in_hand": pl["hand_count"],
        "played": [card_name(game, c) for c in pl["played"]],
        "chosen": chosen,
        "techs_in_play": _in_play(game, pl),
        "tech_hand_count": pl["tech_hand_count"],
        "achievement": card_name(game, pl["ach"]) if pl["ach"] else (
            "(kept, secret)" if pl["achievement_kept"] else None
        ),
        "ships_on_board": sum(1 for u in units if u["k"] == "s" and u["at"] == "board"),
        "extractors": sum(1 for u in units if u["k"] == "x" and u["at"] != "supply"),
        "to_move": obs["pending"] is not None and obs["pending"]["p"] == i,
        "winner": i in obs["winners"],
    }


def _log(game: Game, seat: int | None, cache: dict[Any, str]) -> list[dict[str, Any]]:
    """The latest log lines as `seat` may read them (a line once written never changes, so
    `cache` keeps each one's words by (place in the log, reader))."""
    reader = ALL if game.over else seat
    log = game.log
    out = []
    for i in range(max(0, len(log) - LOG_LINES), len(log)):
        e = log[i]
        text = cache.get((i, reader))
        if text is None:
            # event_line leaves the seed out until the game is over (it decides every draw)
            text = cache[(i, reader)] = event_line(game, e, viewer=reader, where=False)
        out.append({"t": text, "p": e.get("player")})
    return out


def _decision(game: Game, obs: Observation, seat: int | None) -> dict[str, Any] | None:
    """The open decision: for its seat, the prompt and every option in words; for others,
    only who decides."""
    pending = obs["pending"]
    if pending is None:
        return None
    if pending["p"] != seat:
        return {"p": pending["p"], "kind": pending["kind"]}
    return {
        "p": seat,
        "kind": pending["kind"],
        "prompt": pending["prompt"],
        "options": [
            {"i": i, "text": decision_line(game, d, seat)}
            for i, d in enumerate(pending["options"])
        ],
    }


def seat_view(
    game: Game, seat: int | None, table: dict[str, Any], cache: dict[Any, Any] | None = None
) -> dict[str, Any]:
    """The `state` message for `seat` (None: a spectator). `table` is the public table data
    (id, pack, seats and who sits in them, what undo allows for this seat...); `cache` (one
    per game, dropped when the game is rebuilt) keeps the board and the log's words."""
    cache = {} if cache is None else cache
    obs = game.observation(seat)
    seats = table["seats"]
    out: dict[str, Any] = {
        "type": "state",
        "table": table,
        "you": seat,
        "version": len(game.history),
        "round": obs["round"],
        "rotation": obs["rot"] % game.board.period,
        "period": game.board.period,
        "light_to_win": game.rules.light_to_win,
        "board": board_svg(game, cache),
        "players": [_player(game, obs, i, seats) for i in range(len(obs["players"]))],
        "colors": [seat_color(i) for i in range(len(obs["players"]))],  # as on the board
        "log": _log(game, seat, cache),
        "decision": _decision(game, obs, seat),
        "over": game.over,
        "winners": list(obs["winners"]),
    }
    if seat is not None:
        view = table_view(game, seat)
        out["header"] = view.header
        out["mine"] = [{"label": label, "text": text} for label, text in view.mine]
        out["sectors"] = [  # the board in words, as the terminal screen says it
            f"{row.name}: {row.contents}; next to {row.neighbours}" for row in view.near
        ] + [f"Elsewhere, {line}" for line in view.elsewhere]
    else:
        out["header"] = f"Round {obs['round']} · you are watching"
    return out
