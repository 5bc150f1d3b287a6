"""One seat's view of the table, built from that seat's `SeatView` (`game.view(seat)`) only
(hidden fields are None there), so another player's technology hand, kept achievement, offers or
unrevealed choice can never reach the screen. Plain strings; `cli/screen.py` lays them out with
rich.

Sectors: the ones that matter (your home, every sector with ships or extractors, and the
neighbours of yours) get a row each with their neighbours at the current rotation (they change
every time the board turns); the rest (unexplored planets and deep space, empty homes) are
grouped on a few short lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lastlight.interpreter.engine.ruleset import base_id
from lastlight.interpreter.engine.view import PlayerView, SeatView, UnitView
from lastlight.interpreter.present.describe import (
    card_name,
    card_text,
    cost_text,
    sector_name,
    who,
)

if TYPE_CHECKING:
    from lastlight.interpreter.engine.game import Game

RESOURCES = ("common", "uncommon", "rare")


@dataclass
class SectorRow:
    name: str
    contents: str
    neighbours: str


@dataclass
class View:
    seat: int
    header: str
    round: int = 0
    rotation: int = 0
    players: list[list[str]] = field(default_factory=list)  # rows under PLAYER_COLUMNS
    mine: list[tuple[str, str]] = field(default_factory=list)  # (label, text)
    near: list[SectorRow] = field(default_factory=list)
    elsewhere: list[str] = field(default_factory=list)


#: Resources as common/uncommon/rare; technologies as in hand/in play.
PLAYER_COLUMNS = ("", "faction", "light", "c/u/r", "act", "tech h/p", "played")


def table_view(sv: SeatView) -> View:
    """The table as the view's seat sees it (`game.view(seat)`; a spectator has no seat)."""
    seat = sv.seat
    if seat is None:
        raise ValueError("the table view is a seat's: a spectator has no cards or pieces")
    view = View(
        seat=seat,
        round=sv.round,
        rotation=sv.rotation,
        header=(
            f"Round {sv.round} · rotation {sv.rotation} · first player {who(sv.first)} · "
            f"{sv.rules.light_to_win} light wins · you are {who(seat)}"
        ),
    )
    if sv.lumos_in_play:  # two players: the Lumos ally with the one behind on light
        ally = sv.lumos_ally
        view.header += f" · Lumos allied with {who(ally) if ally is not None else 'nobody'}"
    for pl in sv.players:
        view.players.append(_player_row(sv, pl, seat))
    view.mine = _mine(sv, seat)
    view.near, view.elsewhere = _sectors(sv, seat)
    return view


def _player_row(sv: SeatView, pl: PlayerView, seat: int) -> list[str]:
    if pl.faction:
        faction = card_name(sv, pl.faction)
    else:
        faction = "(kept, secret)" if pl.faction_kept else "-"
    in_play = len(pl.civilization) + sum(1 for a in pl.abilities.values() if a)
    in_play += sum(len(m) for m in pl.mods.values())
    played = ", ".join(card_name(sv, c) for c in pl.played) or "-"
    if sv.stage == "select" and pl.has_chosen and pl.chosen is None:  # not revealed
        played += " +chosen"
    i = pl.seat
    mark = f"{who(i)} you" if i == seat else who(i)
    res = pl.resources
    return [
        mark,
        faction,
        str(pl.light),
        "/".join(str(res.get(r, 0)) for r in RESOURCES),
        str(pl.hand_count),
        f"{pl.tech_hand_count}/{in_play}",
        played,
    ]


def _mine(sv: SeatView, seat: int) -> list[tuple[str, str]]:
    """The seat's own rows: its cards, its hand and offers, then its pieces."""
    pl = sv.players[seat]
    return [*_my_cards(sv, pl), *_my_hand(sv, pl), *_my_pieces(sv, seat)]


def _card_line(sv: SeatView, cid: str, exhausted: set[str], *, cost: bool = False) -> str:
    """`Name [exhausted] (cost ...): text`."""
    mark = " [exhausted]" if cid in exhausted else ""
    price = ""
    if cost:
        tech = sv.rules.cards.get(base_id(cid))
        price = f" (cost {cost_text(tech.cost if tech else None)})"
    return f"{card_name(sv, cid)}{mark}{price}: {card_text(sv, cid)}"


def _my_cards(sv: SeatView, pl: PlayerView) -> list[tuple[str, str]]:
    """Faction, achievement, technologies in play (by ship size) and in hand, with their text."""
    exhausted = set(pl.exhausted)
    out: list[tuple[str, str]] = []
    if pl.faction:
        out.append(("faction", _card_line(sv, pl.faction, exhausted)))
    out.append(
        (
            "achievement",
            _card_line(sv, pl.achievement, exhausted) if pl.achievement else "none kept yet",
        )
    )
    for cid in pl.civilization:
        out.append(("in play", _card_line(sv, cid, exhausted)))
    for size in sv.rules.sizes:
        ability = pl.abilities.get(size)
        if ability:
            out.append((f"{size} ships", _card_line(sv, ability, exhausted)))
        for mod in pl.mods.get(size, ()):
            out.append((f"{size} ships", _card_line(sv, mod, exhausted)))
    for cid in pl.tech_hand or ():
        out.append(("tech in hand", _card_line(sv, cid, exhausted, cost=True)))
    return out


def _my_hand(sv: SeatView, pl: PlayerView) -> list[tuple[str, str]]:
    """The action cards in hand (and the one chosen), and any faction or achievement offer."""
    hand = ", ".join(card_name(sv, c) for c in pl.hand) or "none"
    chosen = f"; chosen this round: {card_name(sv, pl.chosen)}" if pl.chosen else ""
    out = [("action cards", hand + chosen)]
    for label, offer in (
        ("faction offer", pl.faction_offer),
        ("achievement offer", pl.achievement_offer),
    ):
        if offer:
            out.append((label, ", ".join(card_name(sv, c) for c in offer)))
    return out


def _my_pieces(sv: SeatView, seat: int) -> list[tuple[str, str]]:
    """The colony ship's spaces, the extractors and the ships in supply and graveyards."""
    mine = [u for u in sv.units.values() if u.owner == seat]
    on_space = {u.colony_space for u in mine if u.is_extractor and u.place == "colony"}
    colony = " · ".join(
        f"{i + 1} {res}: {'your extractor' if i in on_space else 'empty'}"
        for i, res in enumerate(sv.rules.colony_spaces)
    )
    planets = [
        sector_name(sv, str(u.sector)) for u in mine if u.is_extractor and u.place == "planet"
    ]
    supply: dict[str, int] = {}
    grave: dict[str, int] = {}
    for u in mine:
        if u.is_ship and u.place in ("supply", "grave"):
            bucket = supply if u.place == "supply" else grave
            size = str(u.size)
            bucket[size] = bucket.get(size, 0) + 1
    supply_x = sum(1 for u in mine if u.is_extractor and u.place == "supply")
    ships = ", ".join(f"{n} {z}" for z, n in supply.items()) or "no"
    dead = ", ".join(f"{n} {z}" for z, n in grave.items())
    return [
        ("colony ship", colony),
        ("extractors", f"on planets: {', '.join(planets) or 'none'} · {supply_x} left to build"),
        ("ship supply", ships + " ships" + (f" · in graveyards: {dead}" if dead else "")),
    ]


def _contents(sv: SeatView, sector: str, here: list[UnitView]) -> str:
    """What is in `sector`: its planet or token, and the pieces `here` (on the board or on the
    planet there, in id order)."""
    info = sv.sectors[sector]
    bits: list[str] = []
    if info.planet:
        planet = sv.rules.planets.get(info.planet, {})
        bits.append("/".join(planet.get("colors", ())) + " planet")
        if info.token and info.token_face_up:
            token = sv.rules.tokens.get(info.token)
            if token and token.yields:
                bits[-1] += f" yielding {', '.join(token.yields)}"
        elif info.token:
            bits[-1] += f", unexplored {info.token}"
    if info.deep_space:
        bits.append("unexplored deep space")
    ships: dict[tuple[int, str], list[int]] = {}
    extractors: list[int] = []
    for u in here:
        if u.place == "board" and u.is_ship:
            ships.setdefault((u.owner, str(u.size)), []).append(u.damage)
        elif u.place == "planet":
            extractors.append(u.owner)
    fleets: dict[int, list[str]] = {}
    sizes = {z: i for i, z in enumerate(sv.rules.sizes)}
    for (owner, size), damage in sorted(
        ships.items(), key=lambda kv: (kv[0][0], sizes.get(kv[0][1], 9))
    ):
        hurt = sum(1 for d in damage if d)
        dmg = f" ({hurt} damaged)" if hurt else ""
        fleets.setdefault(owner, []).append(f"{len(damage)} {size}{dmg}")
    bits.extend(f"{who(owner)}: {', '.join(parts)}" for owner, parts in fleets.items())
    bits.extend(f"{who(o)} extractor" for o in extractors)
    return "; ".join(bits)


def _sectors(sv: SeatView, seat: int) -> tuple[list[SectorRow], list[str]]:
    sectors = sv.sectors
    homes = sv.homes
    home = homes[seat] if seat < len(homes) else None
    placed = [u for u in sv.units.values() if u.place in ("board", "planet")]
    by_sector: dict[str, list[UnitView]] = {}
    for u in placed:
        by_sector.setdefault(str(u.sector), []).append(u)
    mine = {str(u.sector) for u in placed if u.owner == seat}
    if home:
        mine.add(home)
    near_set = set(mine)
    for s in mine:
        near_set.update(n for n in sv.neighbours(s) if n in sectors)
    # any sector with pieces matters too (another player's fleet, the Lumos, an extractor)
    near_set.update(str(u.sector) for u in placed)
    near: list[SectorRow] = []
    deep: list[str] = []
    planets: list[str] = []
    other: list[str] = []
    for sector, info in sectors.items():  # board order
        contents = _contents(sv, sector, by_sector.get(sector, []))
        if sector in near_set:
            nbrs = [n for n in sv.neighbours(sector) if n in sectors]
            near.append(SectorRow(sector_name(sv, sector), contents or "empty", " ".join(nbrs)))
        elif contents == "unexplored deep space":
            deep.append(sector)
        elif info.planet and contents.count(";") == 0:
            planets.append(f"{sector_name(sv, sector)} ({contents.replace(' planet', '')})")
        elif contents or sv.kind(sector) in ("home", "center"):
            other.append(sector_name(sv, sector) + (f": {contents}" if contents else ""))
    elsewhere = []
    if other:
        elsewhere.append("also: " + " · ".join(other))
    if planets:
        elsewhere.append("planets: " + " · ".join(planets))
    if deep:
        elsewhere.append("unexplored deep space: " + " ".join(deep))
    return near, elsewhere


def view_text(view: View) -> str:
    """The view as plain text (for tests and a terminal without rich's layout)."""
    lines = [view.header]
    for row in view.players:
        lines.append(
            "  "
            + " | ".join(f"{c}: {v}" if c else v for c, v in zip(PLAYER_COLUMNS, row, strict=True))
        )
    for label, text in view.mine:
        lines.append(f"  {label}: {text}")
    lines.append("Sectors (what is there; next to, this rotation):")
    for near in view.near:
        lines.append(f"  {near.name}: {near.contents}; next to {near.neighbours}")
    if view.elsewhere:
        lines.extend(f"Elsewhere, {line}" for line in view.elsewhere)
    return "\n".join(lines)


def player_view(game: Game, p: int) -> str:
    """What a player at the table sees, as plain text (the terminal screen renders the same
    view with rich), from `game.view(p)`."""
    return view_text(table_view(game.view(p)))
