"""The data of a replay page: one snapshot per decision, as one seat (or a spectator) sees it.

`build(rules, replay, viewpoint)` re-plays the saved game and, after every decision, takes a
snapshot with `observe` and the new log events with `event_entry`. Those two functions are the
only places that decide what a viewer may see; the rules (R-SET-06, R-RND-07) are:

- a spectator sees the board, the scores, the technologies in play and the action cards on the
  table; not the technology hands, the kept achievements, a kept faction before every player
  has kept both cards (R-SET-06) or the action card chosen and not yet revealed; nor which
  card a research `keep` or a `draw` took. Once the game is over, everything is shown.
- a seat sees that plus its own hidden cards; `everything` (for designers) sees all of it.

`observe` reads the viewpoint's `SeatView` (`game.view(seat)`, or `game.view(ALL)` for
`everything` and once the game is over), never the raw state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lastlight.interpreter.board.svg import board_layers
from lastlight.interpreter.engine.game import Decision, Game
from lastlight.interpreter.engine.observe import ALL, event_visible
from lastlight.interpreter.engine.replay import run_replay
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.engine.view import PlayerView, SeatView
from lastlight.interpreter.present.describe import decision_line, event_line, who
from lastlight.interpreter.present.picture import board_drawing
from lastlight.interpreter.tools.viewer.cards import CardTable, source_card

HIDDEN_KINDS = ("technologies", "achievements")  # cards that may sit in a hidden place


@dataclass(frozen=True)
class Viewpoint:
    """Whose view a page shows: a seat, a spectator (seat None), or everything."""

    seat: int | None = None
    everything: bool = False

    def sees(self, owner: int | None, over: bool) -> bool:
        """May this viewpoint see `owner`'s secret picks (in a game that is `over` or not)?"""
        return self.everything or over or (owner is not None and owner == self.seat)

    @property
    def label(self) -> str:
        if self.everything:
            return "everything (all hands shown)"
        return "spectator" if self.seat is None else f"P{self.seat}"


def _techs_in_play(pl: PlayerView) -> list[dict[str, Any]]:
    out = [{"card": c, "where": "civilization"} for c in pl.civilization]
    for size, card in pl.abilities.items():
        if card:
            out.append({"card": card, "where": f"{size} ships (ability)"})
    for size, cards in pl.mods.items():
        out.extend({"card": c, "where": f"{size} ships (mod)"} for c in cards)
    return out


def seen_by(game: Game, view: Viewpoint) -> SeatView:
    """The view a viewpoint reads: the seat's (or a spectator's) `game.view(seat)`; the whole
    state's for the designer's `everything`, and once the game is over."""
    return game.view(ALL if view.everything or game.over else view.seat)


def observe(game: Game, sv: SeatView, view: Viewpoint, cards: CardTable) -> dict[str, Any]:
    """What `view` sees of the game now: the players' panels (the board is drawn separately),
    read from its view `sv` (`seen_by(game, view)`: hidden fields are None there)."""
    full = view.everything or sv.over
    players = []
    for pl in sv.players:
        players.append(_panel(sv, pl, cards))
    to_move = sv.to_move
    pending = sv.pending
    return {
        "round": sv.round,
        "rotation": sv.rotation % game.board.period,
        "period": game.board.period,
        "to_move": to_move,
        "prompt": pending.prompt if pending is not None and (full or to_move == view.seat) else "",
        "over": sv.over,
        "winners": list(sv.winners),
        "players": players,
    }


def _panel(sv: SeatView, pl: PlayerView, cards: CardTable) -> dict[str, Any]:
    """One player's panel as the view shows it."""
    seat = pl.seat
    entry: dict[str, Any] = {
        "seat": seat,
        "faction": cards.ref(pl.faction) if pl.faction else None,
        # kept but not revealed to this viewer yet (R-SET-06: once all have kept both cards)
        "faction_secret": pl.faction is None and pl.faction_kept,
        "light": pl.light,
        "res": dict(pl.resources),
        "hand": [cards.ref(a) for a in pl.hand],
        "played": [cards.ref(a) for a in pl.played],
        "techs": [
            {
                "card": cards.ref(t["card"]),
                "where": t["where"],
                "exhausted": t["card"] in pl.exhausted,
            }
            for t in _techs_in_play(pl)
        ],
        "ships": _ships(sv, seat),
        "extractors": _extractors(sv, seat),
        "tech_hand_count": pl.tech_hand_count,
        "winner": seat in sv.winners,
    }
    if sv.stage == "select" and pl.has_chosen:
        entry["chosen"] = cards.ref(pl.chosen) if pl.chosen else "hidden"
    if pl.tech_hand is not None:
        entry["tech_hand"] = [cards.ref(c) for c in pl.tech_hand]
    if pl.achievement:
        entry["achievement"] = cards.ref(pl.achievement)
    else:
        entry["achievement"] = "secret" if pl.achievement_kept else None
    return entry


def _ships(sv: SeatView, seat: int) -> list[str]:
    where: dict[str, dict[str, int]] = {}
    for u in sv.units.values():
        if u.owner == seat and u.is_ship and u.place == "board":
            sizes = where.setdefault(str(u.sector), {})
            size = str(u.size)
            sizes[size] = sizes.get(size, 0) + 1
    return [
        f"{sector}: " + ", ".join(f"{n} {z}" for z, n in sizes.items())
        for sector, sizes in sorted(where.items())
    ]


def _extractors(sv: SeatView, seat: int) -> list[str]:
    out = []
    for u in sv.units.values():
        if u.owner != seat or not u.is_extractor:
            continue
        if u.place == "planet":
            out.append(str(u.sector))
        elif u.place == "colony":
            out.append(f"colony space {u.colony_space}")
    return sorted(out)


def _hidden_card(sv: SeatView, e: dict[str, Any], view: Viewpoint) -> bool:
    """Is this event one the viewer may not read (the engine marks who may: `see`)?"""
    return not (view.everything or sv.over) and not event_visible(e, view.seat)


def event_entry(
    sv: SeatView, e: dict[str, Any], view: Viewpoint, cards: CardTable
) -> dict[str, Any]:
    """One log line: the words (pieces named from the viewpoint's view `sv`), the player, and
    (if the viewer may know it) the card with its text and where in the YAML the effect that
    ran is written."""
    if _hidden_card(sv, e, view):
        what = {"keep": "keeps", "draw": "draws", "discard": "discards"}.get(e["event"], "uses")
        n = len(e.get("cards") or ()) or 1
        kind = cards.kind(e.get("card") or (e.get("cards") or [None])[0] or source_card(e))
        noun = {
            "achievements": "a secret planetary achievement",
            "factions": "a faction (revealed once all have kept both cards)",
            "technologies": "a technology" if n == 1 else f"{n} technologies",
        }.get(kind or "", "a secret card")
        return {"t": f"R{e['round']:>3} {who(e.get('player'))} {what} {noun}", "p": e.get("player")}
    seat = view.seat if not view.everything else None
    entry: dict[str, Any] = {
        "t": event_line(sv, e, viewer=ALL if view.everything else seat),
        "p": e.get("player"),
        "e": e["event"],
    }
    card = cards.ref(source_card(e))
    if card:
        entry["c"] = card
    if e.get("at"):
        entry["at"] = e["at"]
    return entry


def decision_entry(
    whole: SeatView, p: int | None, decision: Decision, view: Viewpoint, cards: CardTable
) -> dict[str, Any]:
    """The decision that led to a step, in words; secret picks stay secret. `whole` is the
    position it was taken in, whole (`game.view(ALL)`): the decision taken is shown to this
    viewpoint (a secret one is answered first), and a "choose one" option's words are read
    from the open prompt."""
    kind = decision["kind"]
    card = decision.get("card")
    if kind in ("play", "keep") and not view.sees(p, whole.over):
        words = {
            "play": "chooses an action card (face down)",
            "keep": "keeps a card (secret)",
        }[kind]
        return {"t": f"{who(p)} {words}", "p": p}
    entry: dict[str, Any] = {"t": f"{who(p)}: {decision_line(whole, decision)}", "p": p}
    ref = cards.ref(card) if card else None
    if ref:
        entry["c"] = ref
    return entry


def build(
    rules: Rules,
    data: dict[str, Any],
    view: Viewpoint,
    *,
    title: str,
    check_content: bool = True,
) -> dict[str, Any]:
    """Re-play a loaded replay and collect every step's snapshot; raises ReplayError if the
    replay does not reproduce (checked in full first, so no half-built page)."""
    run_replay(rules, data, check_content=check_content, log=False)
    cards = CardTable(rules)
    boards = _Boards()
    steps = _steps(rules, data, view, cards, boards)
    return {
        "title": title,
        "viewpoint": view.label,
        "players": data["players"],
        "seed": data["seed"],
        "seats": list(data.get("seats") or []),
        "light_to_win": rules.light_to_win,
        "colors": _colors(data["players"]),
        "cards": cards.used,
        "grounds": [list(pair) for pair in boards.grounds.items],
        "pieces": boards.pieces.items,
        "steps": steps,
        "legend": _legend(),
    }


def _steps(
    rules: Rules, data: dict[str, Any], view: Viewpoint, cards: CardTable, boards: _Boards
) -> list[dict[str, Any]]:
    """The game before any decision and after each one: what the viewpoint sees, the board,
    the decision taken (in the viewpoint's words) and the events it caused."""
    game = Game.new(rules, data["players"], data["seed"], log=True)
    steps = []
    seen = 0
    decision: dict[str, Any] | None = None
    sv: SeatView | None = None  # the view of the step before (the position a decision is in)
    for i in range(len(data["decisions"]) + 1):
        if i > 0:
            d = data["decisions"][i - 1]
            # the whole position the decision is taken in: the step before's view if it is the
            # whole state's (a copy), else the game's own, read only before the decision
            whole = sv if sv is not None and sv.reader == ALL else game.view(ALL, live=True)
            p = whole.to_move
            decision = decision_entry(whole, p, d, view, cards)
            scratch = CardTable(rules)  # the open version names cards only if it is used
            opened = decision_entry(whole, p, d, Viewpoint(everything=True), scratch)
            game.apply(d)
            if game.over:  # nothing is secret any more
                decision = opened
                cards.used.update(scratch.used)
        sv = seen_by(game, view)
        new = game.log[seen:]
        events = [event_entry(sv, e, view, cards) for e in new]
        seen = len(game.log)
        steps.append(
            {
                **observe(game, sv, view, cards),
                "board": boards.of(game, sv, new if i else []),
                "decision": decision,
                "events": events,
            }
        )
    return steps


class _Boards:
    """The board pictures of the steps, each distinct layer once: a ground (with its labels) per
    rotation, a piece layer per distinct position."""

    def __init__(self) -> None:
        self.grounds = _Interned()
        self.pieces = _Interned()

    def of(self, game: Game, sv: SeatView, events: list[dict[str, Any]]) -> dict[str, int]:
        """The step's ground and pieces (by index), the sectors of `events` outlined. The board
        is public: drawn the same from every view (`board_drawing`), so from the step's own."""
        picture = board_drawing(sv)
        picture["focus"] = sorted(
            {str(e[k]) for e in events for k in ("sector", "frm", "to") if e.get(k)}
        )
        ground, middle, labels = board_layers(game.board, picture)
        return {
            "ground": self.grounds.index((ground, labels)),
            "pieces": self.pieces.index(middle),
        }


class _Interned:
    """Each distinct value once; steps refer to them by index."""

    def __init__(self) -> None:
        self.items: list[Any] = []
        self._index: dict[Any, int] = {}

    def index(self, value: Any) -> int:
        if value not in self._index:
            self._index[value] = len(self.items)
            self.items.append(value)
        return self._index[value]


def _colors(n: int) -> list[str]:
    from lastlight.interpreter.board.palette import seat_color

    return [seat_color(s) for s in range(n)]


def _legend() -> str:
    """The board legend as a small SVG (the same markers the board uses)."""
    from lastlight.interpreter.board.legend import legend_svg

    body = legend_svg({}, 340, 380)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="340" height="380" viewBox="0 0 340 380" '
        'font-family="DejaVu Sans, sans-serif">' + "".join(body) + "</svg>"
    )
