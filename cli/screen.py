"""The player's screen at the terminal: one compact rich layout per decision, from one seat's
view (`interpreter/present/table_view.py`), the log since that seat last decided, and the menu.

Sections that did not change since the seat's last decision (the players, your cards, the
board) are not printed again; one line says so, and `v` at the prompt shows everything.
"""

from __future__ import annotations

import sys
from typing import Any

from lastlight.interpreter.present.table_view import PLAYER_COLUMNS, View
from rich import box
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

NUMERIC = ("light", "c/u/r", "act", "tech h/p")


def console() -> Console:
    """A console on the current stdout (click's runner swaps it in tests); colour only on a
    terminal, 100 columns when the output is not one."""
    return Console(highlight=False, soft_wrap=False, width=None if sys.stdout.isatty() else 100)


def _players(view: View) -> RenderableType:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    for col in PLAYER_COLUMNS:
        table.add_column(
            col,
            justify="right" if col in NUMERIC else "left",
            no_wrap=col != "played",
            overflow="fold",
        )
    table.caption = (
        "c/u/r: common/uncommon/rare · act: action cards in hand · tech h/p: in hand/in play"
    )
    table.caption_justify = "left"
    for row in view.players:
        table.add_row(*(escape(c) for c in row), style="bold" if row[0].endswith("you") else None)
    return table


def _mine(view: View, previous: View | None) -> tuple[RenderableType | None, int]:
    old = set(previous.mine) if previous is not None else set()
    rows = [row for row in view.mine if row not in old]
    if not rows:
        return None, len(view.mine)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column(overflow="fold")
    for label, text in rows:
        grid.add_row(escape(label), escape(text))
    return grid, len(view.mine) - len(rows)


def _board(view: View, previous: View | None) -> tuple[RenderableType | None, int]:
    old = {(r.name, r.contents, r.neighbours) for r in previous.near} if previous else set()
    rows = [r for r in view.near if (r.name, r.contents, r.neighbours) not in old]
    lines = [x for x in view.elsewhere if previous is None or x not in previous.elsewhere]
    if not rows and not lines:
        return None, len(view.near)
    parts: list[RenderableType] = []
    if rows:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
        table.add_column("sector", no_wrap=True, style="green")
        table.add_column("what is there", overflow="fold")
        table.add_column("next to (this rotation)", overflow="fold")
        for row in rows:
            table.add_row(escape(row.name), escape(row.contents), escape(row.neighbours))
        parts.append(table)
    parts.extend(Text("elsewhere, " + line, style="dim") for line in lines)
    return Group(*parts), len(view.near) - len(rows)


def _players_part(view: View, previous: View | None) -> tuple[RenderableType | None, int]:
    if previous is not None and previous.players == view.players:
        return None, len(view.players)
    return _players(view), 0


#: The view's sections: (name, what an omitted row is called, how to draw the changed part).
SECTIONS: tuple[tuple[str, str, Any], ...] = (
    ("players", "players", _players_part),
    ("your cards", "lines of your cards", _mine),
    ("board", "sectors", _board),
)


def render(
    view: View,
    log: list[str],
    prompt: str,
    choices: list[str],
    previous: View | None = None,
) -> Group:
    """The screen for one decision. Against `previous` (what this seat saw at its last
    decision, in the same round and rotation) only what changed is drawn, and one line says
    what was left out; `v` at the prompt draws everything."""
    if previous is not None and (previous.round, previous.rotation) != (
        view.round,
        view.rotation,
    ):
        previous = None  # a new round or a turned board: the whole table again
    parts: list[RenderableType] = [Text(view.header, style="bold reverse")]
    same: list[str] = []
    for name, unit, draw in SECTIONS:
        part, omitted = draw(view, previous)
        if part is None:
            same.append(name)
        else:
            parts.append(part)
            if omitted:
                same.append(f"{omitted} {unit}")
    if same:
        parts.append(Text(f"(unchanged: {', '.join(same)}; type v to see everything)", style="dim"))
    if log:
        parts.append(Text("Since your last decision:", style="bold"))
        parts.extend(Text("  " + line) for line in log)
    parts.append(Text(prompt, style="bold yellow"))
    menu = Table.grid(padding=(0, 1))
    menu.add_column(justify="right", style="bold")
    menu.add_column(overflow="fold")
    for i, choice in enumerate(choices, 1):
        menu.add_row(f"{i}.", escape(choice))
    parts.append(menu)
    return Group(*parts)
