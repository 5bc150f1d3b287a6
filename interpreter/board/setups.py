"""Setups by player count: where planets, tokens, asteroids and homes go, checked and dealt.

Checks (located): B101 unknown sector, B102 planet counts that disagree with the places,
B103 more than 7 asteroids, B104 a piece where it cannot be (two things on one place, a planet on
a home or the center, an asteroid on a home or its only way out), B105 asymmetric seats (over all
rotations, or at the opening: which seat differs, and how), B106 a setup for a player count the
game does not have or given twice, B107 the wrong number of homes, B108 not enough planets or
tokens in the box.

`deal(setup, board, planets, piles, rng)` deals one from a seeded generator (R-SET-03).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lastlight.interpreter.board.graph import Board
from lastlight.interpreter.load.errors import Loc, Report, did_you_mean
from lastlight.interpreter.load.yamlload import YDict, YList

MAX_ASTEROIDS = 7


@dataclass
class Setup:
    players: int
    homes: list[str]
    planets: list[tuple[str, str]]  # (sector, pile)
    deep_space: list[str]
    asteroids: list[str]
    lumos_start: str | None
    planet_counts: dict[str, int]
    loc: Loc
    locs: dict[str, Loc] = field(default_factory=dict)


def read_setups(data: YDict, board: Board, report: Report) -> dict[int, Setup]:
    out: dict[int, Setup] = {}
    items = data.get("items")
    if not isinstance(items, YList):
        return out
    for i, item in enumerate(items):
        if not isinstance(item, YDict):
            continue
        players = int(item["players"])
        loc = items.loc_of(i)
        if players in out:
            report.error(
                item.loc_of("players"),
                "B106",
                f"a second setup for {players} players (first at line {out[players].loc.line})",
            )
            continue
        setup = Setup(
            players,
            [str(h) for h in item.get("homes") or []],
            [(str(p["sector"]), str(p["token"])) for p in item.get("planets") or []],
            [str(s) for s in item.get("deep_space") or []],
            [str(s) for s in item.get("asteroids") or []],
            str(item["lumos_start"]) if item.get("lumos_start") else None,
            {str(k): int(v) for k, v in (item.get("planet_counts") or {}).items()},
            loc,
            {k: item.loc_of(k) for k in item},
        )
        if _check(setup, board, report):
            _check_symmetry(setup, board, report)
        out[players] = setup
    return out


def _check(setup: Setup, board: Board, report: Report) -> bool:
    """Report every error of one setup; True if there is none."""
    ok = _check_places(setup, board, report)
    ok = _check_counts(setup, board, report) and ok
    if ok:  # an asteroid must never shut a home in
        for home in setup.homes:
            if all(n in setup.asteroids for n in board.neighbours(home, 0)):
                report.error(
                    setup.locs["asteroids"], "B104", f"asteroids close every way out of home {home}"
                )
                ok = False
    return ok


def _check_places(setup: Setup, board: Board, report: Report) -> bool:
    """Homes, planets, deep space tokens, asteroids and the Lumos start name known sectors, at
    most one thing per sector, each on a sector that may hold it."""
    ok = True
    known = board.sectors()
    places: dict[str, str] = {}

    def place(sector: str, what: str, key: str) -> None:
        nonlocal ok
        loc = setup.locs.get(key, setup.loc)
        if sector not in known:
            report.error(
                loc, "B101", f"{what} on unknown sector '{sector}'", did_you_mean(sector, known)
            )
            ok = False
            return
        if sector in places:
            report.error(loc, "B104", f"{what} on {sector}, which already holds {places[sector]}")
            ok = False
            return
        places[sector] = what
        kind = board.kind(sector)
        if what in ("a planet", "a deep space token", "an asteroid") and kind in ("home", "center"):
            report.error(loc, "B104", f"{what} cannot go on the {kind} sector {sector}")
            ok = False

    for h in setup.homes:
        if h in known and board.kind(h) != "home":
            report.error(
                setup.locs["homes"],
                "B104",
                f"seat home '{h}' is a {board.kind(h)} sector, not a colony ship area",
            )
            ok = False
        place(h, "a home", "homes")
    for sector, _pile in setup.planets:
        place(sector, "a planet", "planets")
    for sector in setup.deep_space:
        place(sector, "a deep space token", "deep_space")
    for sector in setup.asteroids:
        place(sector, "an asteroid", "asteroids")
    if setup.lumos_start and setup.lumos_start not in known:
        report.error(
            setup.locs["lumos_start"],
            "B101",
            f"unknown Lumos start '{setup.lumos_start}'",
            did_you_mean(setup.lumos_start, known),
        )
        ok = False
    return ok


def _check_counts(setup: Setup, board: Board, report: Report) -> bool:
    """One home per seat, no more asteroids than the box holds, planets per ring as declared."""
    ok = True
    if len(setup.homes) != setup.players:
        report.error(
            setup.locs.get("homes", setup.loc),
            "B107",
            f"{setup.players} players need {setup.players} homes, not {len(setup.homes)}",
        )
        ok = False
    if len(setup.asteroids) > MAX_ASTEROIDS:
        report.error(
            setup.locs["asteroids"],
            "B103",
            f"{len(setup.asteroids)} asteroids; the box has {MAX_ASTEROIDS}",
        )
        ok = False
    known = board.sectors()
    counts = {k: 0 for k in ("inner", "outer", "distant")}
    for sector, _pile in setup.planets:
        if sector in known and board.kind(sector) in counts:
            counts[board.kind(sector)] += 1
    for ring, want in setup.planet_counts.items():
        if counts.get(ring, 0) != want:
            report.error(
                setup.locs["planet_counts"],
                "B102",
                f"{setup.players} players: {want} {ring} planets declared, but the "
                f"places hold {counts.get(ring, 0)}",
            )
            ok = False
    return ok


def seat_profile(setup: Setup, board: Board, home: str) -> tuple[int | None, int, int]:
    """(moves to the center, planet places within 2 moves, within 3), the planet counts summed
    over every rotation state so that ring planets, which travel, are weighed fairly."""
    blocked = frozenset(setup.asteroids)
    planets = {s for s, _ in setup.planets}
    within2 = within3 = 0
    dist_center = None
    for r in range(board.period):
        reach = board.reachable(home, 3, r, blocked)
        within2 += sum(1 for s, d in reach.items() if d <= 2 and s in planets)
        within3 += sum(1 for s, d in reach.items() if d <= 3 and s in planets)
        d = board.distance(home, board.center, r, blocked)
        dist_center = d if dist_center is None else min(dist_center, d or 0)
    return dist_center, within2, within3


def opening_profile(setup: Setup, board: Board, home: str) -> tuple[int | None, int, int]:
    """The first round's view of a seat: (moves to the center, planet places within 1 move,
    within 2) with the board as it starts (rotation 0). A seat whose nearest planet is a move
    further than its neighbour's starts behind, whatever the sum over rotations says. (Within 3
    is not compared: four seats around three inner planets cannot all see one at rotation 0.)"""
    blocked = frozenset(setup.asteroids)
    planets = {s for s, _ in setup.planets}
    reach = board.reachable(home, 2, 0, blocked)
    within1 = sum(1 for s, d in reach.items() if d <= 1 and s in planets)
    within2 = sum(1 for s, d in reach.items() if d <= 2 and s in planets)
    return board.distance(home, board.center, 0, blocked), within1, within2


def _check_symmetry(setup: Setup, board: Board, report: Report) -> None:
    if _check_profiles(setup, board, report, seat_profile, "over all rotations"):
        _check_profiles(setup, board, report, opening_profile, "at the opening, rotation 0")


def _check_profiles(setup: Setup, board: Board, report: Report, profile: Any, when: str) -> bool:
    profiles = [(h, profile(setup, board, h)) for h in setup.homes]
    if not profiles:
        return True
    names = {
        "over all rotations": (
            "moves to the center",
            "planet places within 2 moves (over all rotations)",
            "planet places within 3 moves (over all rotations)",
        ),
        "at the opening, rotation 0": (
            "moves to the center at rotation 0",
            "planet places within 1 move at rotation 0",
            "planet places within 2 moves at rotation 0",
        ),
    }[when]
    ok = True
    first_home, first = profiles[0]
    for seat, (home, prof) in enumerate(profiles[1:], start=1):
        if prof != first:
            ok = False
            diffs = []
            for name, a, b in zip(names, first, prof, strict=True):
                if a != b:
                    diffs.append(f"{name}: seat 0 ({first_home}) {a}, seat {seat} ({home}) {b}")
            report.error(
                setup.locs.get("homes", setup.loc),
                "B105",
                f"{setup.players}-player seats are not symmetric {when}: " + "; ".join(diffs),
            )
    return ok


def deal(
    setup: Setup, board: Board, planets: list[str], piles: dict[str, list[str]], rng: Any
) -> dict[str, Any]:
    """Deal a setup: planets shuffled to their places, planetary tokens from two shuffled
    piles, deep space tokens shuffled to theirs; the rest stays in the box (R-SET-03).

    `rng` has `shuffle(list)`. Returns the layout the engine starts from."""
    planets = list(planets)
    rng.shuffle(planets)
    shuffled = {name: list(pile) for name, pile in piles.items()}
    for name in ("common", "rare", "deep_space"):
        rng.shuffle(shuffled.setdefault(name, []))
    used = set(setup.homes)
    sectors: dict[str, dict[str, Any]] = {
        s: {} for s in board.sectors() if board.kind(s) != "home" or s in used
    }
    for (sector, pile), planet in zip(setup.planets, planets, strict=False):
        sectors[sector]["planet"] = planet
        sectors[sector]["token"] = shuffled[pile].pop() if shuffled[pile] else None
    for sector in setup.deep_space:
        sectors[sector]["deep"] = shuffled["deep_space"].pop() if shuffled["deep_space"] else None
    for sector in setup.asteroids:
        sectors[sector]["ast"] = True
    return {
        "sectors": sectors,
        "homes": list(setup.homes),
        "center": board.center,
        "lumos_start": setup.lumos_start or board.center,
    }
