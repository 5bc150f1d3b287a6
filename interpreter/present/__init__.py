"""Words and pictures for people: a game's events and decisions as sentences (`describe.py`),
the table a player sees in the terminal (`table_view.py`) and the board picture's drawing model
(`picture.py`). Everything here reads a game through its typed door (`Game.view(seat)`); nothing
in the engine reads it."""
