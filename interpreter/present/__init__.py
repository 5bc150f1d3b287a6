"""Words for people: a game's events and decisions as sentences (`describe.py`) and the table a
player sees in the terminal (`table_view.py`). Everything here reads the engine; nothing in the
engine reads it."""
