"""The player's screen at the terminal: one compact rich layout per decision, from one seat's
view (`interpreter/engine/table_view.py`), the log since that seat last decided, and the menu.

Sections that did not change since the seat's last decision (the players, your cards, the
board) are not printed again; one line says so, and `v` at the prompt shows everything.
"""

from __future__ import annotations

import sys
from typing import Any

from lastlight.interpreter.engine.table_view import PLAYER_COLUMNS, View
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


def _mine(view: View) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column(overflow="fold")
    for label, text in view.mine:
        grid.add_row(escape(label), escape(text))
    return grid


def _board(view: View) -> RenderableType:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, padding=(0, 1))
    table.add_column("sector", no_wrap=True, style="green")
    table.add_column("what is there", overflow="fold")
    table.add_column("next to (this rotation)", overflow="fold")
    for row in view.near:
        table.add_row(escape(row.name), escape(row.contents), escape(row.neighbours))
    parts: list[RenderableType] = [table]
    parts.extend(Text("elsewhere, " + line, style="dim") for line in view.elsewhere)
    return Group(*parts)


#: The view's sections: (name, the view's fields it shows, how to draw it).
SECTIONS: tuple[tuple[str, tuple[str, ...], Any], ...] = (
    ("players", ("players",), _players),
    ("your cards", ("mine",), _mine),
    ("board", ("near", "elsewhere"), _board),
)


def _key(view: View, fields: tuple[str, ...]) -> tuple:
    return tuple(repr(getattr(view, f)) for f in fields)


def render(
    view: View,
    log: list[str],
    prompt: str,
    choices: list[str],
    previous: View | None = None,
) -> Group:
    """The screen for one decision; sections equal to `previous` are left out (one line says
    which)."""
    parts: list[RenderableType] = [Text(view.header, style="bold reverse")]
    same = []
    for name, fields, draw in SECTIONS:
        if previous is not None and _key(view, fields) == _key(previous, fields):
            same.append(name)
        else:
            parts.append(draw(view))
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
