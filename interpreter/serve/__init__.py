"""`lastlight serve`: the playtest table in the browser.

- `store.py`: the SQLite file (tables, seats, every decision), written before anything is sent;
- `tables.py`: one `Table` per game, the only authority over it (seat, token and version are
  checked before the engine runs; bots move in a worker thread under the table's lock);
- `views.py`: what one seat (or a spectator) is sent, built from its view only (`game.view(seat)`);
- `app.py`: the Starlette application (pages, assets, the WebSocket protocol, the safety checks);
- `assets/`: the lobby and play pages (HTML, CSS, JS; package data).
"""
