"""The board phase of loading a pack: build the board and the setups, and check them."""

from __future__ import annotations

from typing import Any

import networkx as nx
from lastlight.interpreter.board.graph import Board
from lastlight.interpreter.board.setups import Setup, read_setups
from lastlight.interpreter.board.spec import BoardSpec, read_board
from lastlight.interpreter.load.errors import Report
from lastlight.interpreter.load.pack import Document, Pack

#: The most players a game may name (schemas/game.schema.json bounds `players` the same way).
MAX_PLAYERS = 6


def _is_count(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and 2 <= n <= MAX_PLAYERS


def build_board(pack: Pack, report: Report) -> None:
    """Build the board (if it reads cleanly and every sector is reachable) and the setups, and
    check the setups against the game's player counts and the box."""
    doc = pack.doc("board")
    if doc is None:
        return
    before = len(report.errors)
    spec = read_board(doc.data, report)
    if spec is None or len(report.errors) > before:
        return
    board = Board(spec)
    if not _all_reachable(board, spec, report):
        return
    pack.models["board"] = board
    setups_doc = pack.doc("setups")
    if setups_doc is None:
        return
    setups = read_setups(setups_doc.data, board, report)
    game = pack.doc("game")
    if game is not None:
        _check_player_counts(game.data.get("players") or {}, setups, setups_doc, report)
    _check_box(pack, setups, report)
    pack.models["setups"] = setups


def _all_reachable(board: Board, spec: BoardSpec, report: Report) -> bool:
    """B006: every sector reachable from the center in every rotation state."""
    for r in range(board.period):
        g = board.graph(r)
        if spec.center in g:
            lost = sorted(set(g.nodes) - nx.node_connected_component(g, spec.center))
            for sid in lost:
                report.error(
                    spec.locs[sid],
                    "B006",
                    f"sector '{sid}' cannot be reached from the center after {r} rotation(s)",
                )
            if lost:
                return False
    return True


def _check_player_counts(
    players: dict[str, Any], setups: dict[int, Setup], setups_doc: Document, report: Report
) -> None:
    """B106: a setup for every player count the game allows."""
    lo, hi = players.get("min", 2), players.get("max", 4)
    # only a range the schema accepts: a count past it (say 10^9) is the schema's error,
    # and walking up to it here would not end (found by `lastlight fuzz`, pack #143)
    counts = range(lo, hi + 1) if _is_count(lo) and _is_count(hi) else range(0)
    for n in counts:
        if n not in setups:
            report.error(
                setups_doc.data.loc_of("items"),
                "B106",
                f"no setup for {n} players (the game allows {lo} to {hi})",
            )


def _check_box(pack: Pack, setups: dict[int, Setup], report: Report) -> None:
    """B108: the box holds the planets and exploration tokens each setup needs."""
    planets = sum(int(p.get("copies", 1)) for p in pack.items_of("planets"))
    piles: dict[str, int] = {}
    for t in pack.items_of("exploration"):
        piles[str(t.get("pile"))] = piles.get(str(t.get("pile")), 0) + int(t.get("copies", 1))
    for setup in setups.values():
        wants = {
            "planets": len(setup.planets),
            "deep_space": len(setup.deep_space),
            "common": sum(1 for _s, p in setup.planets if p == "common"),
            "rare": sum(1 for _s, p in setup.planets if p == "rare"),
        }
        have = {"planets": planets, **piles}
        for what, n in wants.items():
            if n > have.get(what, 0):
                report.error(
                    setup.loc,
                    "B108",
                    f"the {setup.players}-player setup needs {n} "
                    f"{what.replace('_', ' ')} but the box has {have.get(what, 0)}",
                )
