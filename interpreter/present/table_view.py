"""One seat's view of the table, built from `game.observation(seat)` only (hidden fields are
None there), so another player's technology hand, kept achievement, offers or unrevealed choice
can never reach the screen. Plain strings; `cli/screen.py` lays them out with rich.

Sectors: the ones that matter (your home, every sector with ships or extractors, and the
neighbours of yours) get a row each with their neighbours at the current rotation (they change
every time the board turns); the rest (unexplored planets and deep space, empty homes) are
grouped on a few short lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import base_id
from lastlight.interpreter.present.describe import (
    card_name,
    card_text,
    cost_text,
    sector_name,
    who,
)

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


def table_view(game: Game, seat: int) -> View:
    obs = game.observation(seat)
    rules = game.rules
    view = View(
        seat=seat,
        round=obs["round"],
        rotation=obs["rot"],
        header=(
            f"Round {obs['round']} · rotation {obs['rot']} · first player {who(obs['first'])} · "
            f"{rules.light_to_win} light wins · you are {who(seat)}"
        ),
    )
    lumos = obs.get("lumos")
    if lumos is not None:  # two players: the Lumos ally with the one behind on light
        ally = lumos.get("ally")
        view.header += f" · Lumos allied with {who(ally) if ally is not None else 'nobody'}"
    for i, pl in enumerate(obs["players"]):
        view.players.append(_player_row(game, obs, i, pl, seat))
    view.mine = _mine(game, obs, seat)
    view.near, view.elsewhere = _sectors(game, obs, seat)
    return view


def _player_row(
    game: Game, obs: dict[str, Any], i: int, pl: dict[str, Any], seat: int
) -> list[str]:
    if pl["faction"]:
        faction = card_name(game, pl["faction"])
    else:
        faction = "(kept, secret)" if pl["faction_kept"] else "-"
    in_play = len(pl["civ"]) + sum(1 for a in pl["ability"].values() if a)
    in_play += sum(len(m) for m in pl["mods"].values())
    played = ", ".join(card_name(game, c) for c in pl["played"]) or "-"
    if obs["stage"] == "select" and pl["has_chosen"] and pl["chosen"] is None:  # not revealed
        played += " +chosen"
    mark = f"{who(i)} you" if i == seat else who(i)
    res = pl["res"]
    return [
        mark,
        faction,
        str(pl["light"]),
        "/".join(str(res.get(r, 0)) for r in RESOURCES),
        str(pl["hand_count"]),
        f"{pl['tech_hand_count']}/{in_play}",
        played,
    ]


def _mine(game: Game, obs: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """The seat's own rows: its cards, its hand and offers, then its pieces."""
    pl = obs["players"][seat]
    return [*_my_cards(game, pl), *_my_hand(game, pl), *_my_pieces(game, obs, seat)]


def _card_line(game: Game, cid: str, exhausted: set[str], *, cost: bool = False) -> str:
    """`Name [exhausted] (cost ...): text`."""
    mark = " [exhausted]" if cid in exhausted else ""
    price = ""
    if cost:
        tech = game.rules.cards.get(base_id(cid))
        price = f" (cost {cost_text(tech.cost if tech else None)})"
    return f"{card_name(game, cid)}{mark}{price}: {card_text(game, cid)}"


def _my_cards(game: Game, pl: dict[str, Any]) -> list[tuple[str, str]]:
    """Faction, achievement, technologies in play (by ship size) and in hand, with their text."""
    exhausted = set(pl["exhausted"])
    out: list[tuple[str, str]] = []
    if pl["faction"]:
        out.append(("faction", _card_line(game, pl["faction"], exhausted)))
    out.append(
        ("achievement", _card_line(game, pl["ach"], exhausted) if pl["ach"] else "none kept yet")
    )
    for cid in pl["civ"]:
        out.append(("in play", _card_line(game, cid, exhausted)))
    for size in game.rules.sizes:
        ability = pl["ability"].get(size)
        if ability:
            out.append((f"{size} ships", _card_line(game, ability, exhausted)))
        for mod in pl["mods"].get(size, ()):
            out.append((f"{size} ships", _card_line(game, mod, exhausted)))
    for cid in pl["tech_hand"] or ():
        out.append(("tech in hand", _card_line(game, cid, exhausted, cost=True)))
    return out


def _my_hand(game: Game, pl: dict[str, Any]) -> list[tuple[str, str]]:
    """The action cards in hand (and the one chosen), and any faction or achievement offer."""
    hand = ", ".join(card_name(game, c) for c in pl["hand"]) or "none"
    chosen = f"; chosen this round: {card_name(game, pl['chosen'])}" if pl["chosen"] else ""
    out = [("action cards", hand + chosen)]
    for label, offer in (
        ("faction offer", pl.get("offer_f")),
        ("achievement offer", pl.get("offer_a")),
    ):
        if offer:
            out.append((label, ", ".join(card_name(game, c) for c in offer)))
    return out


def _my_pieces(game: Game, obs: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """The colony ship's spaces, the extractors and the ships in supply and graveyards."""
    mine = [u for u in obs["units"].values() if u["o"] == seat]
    on_space = {u["c"] for u in mine if u["k"] == "x" and u["at"] == "colony"}
    colony = " · ".join(
        f"{i + 1} {res}: {'your extractor' if i in on_space else 'empty'}"
        for i, res in enumerate(game.rules.colony_spaces)
    )
    planets = [
        sector_name(game, u["s"], obs) for u in mine if u["k"] == "x" and u["at"] == "planet"
    ]
    supply: dict[str, int] = {}
    grave: dict[str, int] = {}
    for u in mine:
        if u["k"] == "s" and u["at"] in ("supply", "grave"):
            bucket = supply if u["at"] == "supply" else grave
            bucket[u["z"]] = bucket.get(u["z"], 0) + 1
    supply_x = sum(1 for u in mine if u["k"] == "x" and u["at"] == "supply")
    ships = ", ".join(f"{n} {z}" for z, n in supply.items()) or "no"
    dead = ", ".join(f"{n} {z}" for z, n in grave.items())
    return [
        ("colony ship", colony),
        ("extractors", f"on planets: {', '.join(planets) or 'none'} · {supply_x} left to build"),
        ("ship supply", ships + " ships" + (f" · in graveyards: {dead}" if dead else "")),
    ]


def _contents(game: Game, obs: dict[str, Any], sector: str) -> str:
    info = obs["sectors"][sector]
    bits: list[str] = []
    if info["planet"]:
        planet = game.rules.planets.get(info["planet"], {})
        bits.append("/".join(planet.get("colors", ())) + " planet")
        if info["token"] and info["up"]:
            token = game.rules.tokens.get(info["token"])
            if token and token.yields:
                bits[-1] += f" yielding {', '.join(token.yields)}"
        elif info["token"]:
            bits[-1] += f", unexplored {info['token']}"
    if info["deep"]:
        bits.append("unexplored deep space")
    ships: dict[tuple[int, str], list[int]] = {}
    extractors: list[int] = []
    for u in obs["units"].values():
        if u["at"] == "board" and u["s"] == sector and u["k"] == "s":
            ships.setdefault((u["o"], u["z"]), []).append(u["d"])
        elif u["at"] == "planet" and u["s"] == sector:
            extractors.append(u["o"])
    fleets: dict[int, list[str]] = {}
    sizes = {z: i for i, z in enumerate(game.rules.sizes)}
    for (owner, size), damage in sorted(
        ships.items(), key=lambda kv: (kv[0][0], sizes.get(kv[0][1], 9))
    ):
        hurt = sum(1 for d in damage if d)
        dmg = f" ({hurt} damaged)" if hurt else ""
        fleets.setdefault(owner, []).append(f"{len(damage)} {size}{dmg}")
    bits.extend(f"{who(owner)}: {', '.join(parts)}" for owner, parts in fleets.items())
    bits.extend(f"{who(o)} extractor" for o in extractors)
    return "; ".join(bits)


def _sectors(game: Game, obs: dict[str, Any], seat: int) -> tuple[list[SectorRow], list[str]]:
    board = game.eng.board
    rot = obs["rot"]
    sectors = obs["sectors"]
    home = obs["homes"][seat] if seat < len(obs["homes"]) else None
    mine = {
        u["s"] for u in obs["units"].values() if u["o"] == seat and u["at"] in ("board", "planet")
    }
    if home:
        mine.add(home)
    near_set = set(mine)
    for s in mine:
        near_set.update(n for n in board.neighbours(s, rot) if n in sectors)
    # any sector with pieces matters too (another player's fleet, the Lumos, an extractor)
    near_set.update(u["s"] for u in obs["units"].values() if u["at"] in ("board", "planet"))
    near: list[SectorRow] = []
    deep: list[str] = []
    planets: list[str] = []
    other: list[str] = []
    for sector in sectors:  # board order
        contents = _contents(game, obs, sector)
        if sector in near_set:
            nbrs = [n for n in board.neighbours(sector, rot) if n in sectors]
            near.append(
                SectorRow(sector_name(game, sector, obs), contents or "empty", " ".join(nbrs))
            )
        elif contents == "unexplored deep space":
            deep.append(sector)
        elif sectors[sector]["planet"] and contents.count(";") == 0:
            planets.append(f"{sector_name(game, sector, obs)} ({contents.replace(' planet', '')})")
        elif contents or board.kind(sector) in ("home", "center"):
            other.append(sector_name(game, sector, obs) + (f": {contents}" if contents else ""))
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
    for row in view.near:
        lines.append(f"  {row.name}: {row.contents}; next to {row.neighbours}")
    if view.elsewhere:
        lines.extend(f"Elsewhere, {line}" for line in view.elsewhere)
    return "\n".join(lines)


def player_view(game: Game, p: int) -> str:
    """What a player at the table sees, as plain text (the terminal screen renders the same
    view with rich)."""
    return view_text(table_view(game, p))
