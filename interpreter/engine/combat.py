"""Combat: the Command card's attack step (R-CMD-07..18, R-TWO-07/09/10).

`attack` runs once for every player who played Command. The first player picks the order of the
contested sectors; in each, the commanders roll in turn order, one ship type at a time in the
order each picks (R-CMD-19); attacking is optional, and a ship that can reach several sectors
(range 2) fights in the one its owner picks, or in none. Die faces are content (`game.yaml`
die): each face is a program of `hit`, `activate`, `roll another die`; ship abilities fire on
`activate`. Damage is assigned by the
roller and takes effect at the end of the sector's combat, so a doomed ship still rolls.

This module is the attack's flow (`attack`, the effect form that runs it, and its stages); the
forms a die face or a card uses inside a fight (`hit`, `activate`, `destroy_here`, ...) are
primitives in `engine/primitives/combat.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, TypedDict

from lastlight.interpreter.effects import ast
from lastlight.interpreter.engine import lumos
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.memos import bounded
from lastlight.interpreter.engine.primitives.economy import to_graveyard
from lastlight.interpreter.engine.state import Combat, Frame
from lastlight.interpreter.engine.units import UnitIndex, index

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine


def combat_state(eng: Engine) -> Combat:
    """The attack in progress (only asked while there is one)."""
    return eng.state["combat"]  # type: ignore[return-value]


class LumosMark(TypedDict, total=False):
    """What marks a kill by Lumos ships (R-TWO-09: no card of the commander hears it)."""

    lumos: bool


_rollers = lumos.rollers  # who rolls for whom: the two-player variant's hook (R-TWO-07/10)


def _side(roller: list[Any]) -> int:
    return q.LUMOS if roller[1] else roller[0]


def _origins(eng: Engine, side: int, size: str, sector: str) -> dict[str, list[str]]:
    """Ships of one side and size that may fight in this sector, by the sector they are in:
    there, or adjacent with range 2 (R-CMD-15); each ship fights once per turn (R-CMD-17)."""
    return _all_origins(eng, side, sector).get(size, {})


def _all_origins(eng: Engine, side: int, sector: str) -> dict[str, dict[str, list[str]]]:
    """`_origins` for every size at once: size -> origin sector -> ship ids in id order.

    Asked again and again in one sector (each type the side may still roll, then the roll):
    kept with the fight, the unit index's move count and how many ships had fought
    (`GameCache.origins`); while no unit moved, the ships that fought since are taken out of
    the kept answer instead of scanning the side's ships again."""
    cmb = combat_state(eng)
    fought = cmb["fought"]
    ix = index(eng)
    kept = eng.cache.get("origins")
    if (
        kept is not None
        and kept[0] is cmb
        and kept[1] is ix
        and kept[2] == ix.ver
        and kept[3] == side
        and kept[4] == sector
    ):
        out = kept[6]
        if kept[5] == len(fought):
            return out
        gone = set(fought[kept[5] :])
        out = {
            size: {
                here: kept_ships
                for here, ships in by_origin.items()
                if (kept_ships := [uid for uid in ships if uid not in gone])
            }
            for size, by_origin in out.items()
        }
        out = {size: by_origin for size, by_origin in out.items() if by_origin}
    else:
        out = _scan_origins(eng, ix, side, sector, fought)
    eng.cache["origins"] = (cmb, ix, ix.ver, side, sector, len(fought), out)
    return out


def _scan_origins(
    eng: Engine, ix: UnitIndex, side: int, sector: str, fought: list[str]
) -> dict[str, dict[str, list[str]]]:
    """`_all_origins` from the side's ships on the board (one pass)."""
    skip: Collection[str] = set(fought) if fought else ()
    near = eng.board.neighbours(sector, eng.state["rot"])
    ranged = q.ranged_sizes(eng, side)
    out: dict[str, dict[str, list[str]]] = {}
    units = eng.state["units"]
    for uid in ix.by_owner.get(side, ()):
        if uid in skip:
            continue
        u = units[uid]
        size: str
        here: str
        size, here = u["z"], u["s"]  # type: ignore[assignment]  # (a ship's, on the board)
        if here != sector and not (size in ranged and here in near):
            continue
        by_origin = out.get(size)
        if by_origin is None:
            out[size] = {here: [uid]}
            continue
        ships = by_origin.get(here)
        if ships is None:
            by_origin[here] = [uid]
        else:
            ships.append(uid)
    return out


def attack_options(
    eng: Engine,
    side: int,
    size: str,
    sector: str,
    lumos: bool,
    origins: dict[str, list[str]] | None = None,
) -> list[dict[str, Any]]:
    """R-CMD-11/15/17/19: roll with this type here (all ships of the type together), or hold
    fire. Range 1 ships can fight only where they are, so all of them roll; a ship that could
    also fight elsewhere (range 2) is free to join or not, so the options say how many ships
    join from each sector (all of them first). `origins`: `_origins` if the caller has it.

    The options depend only on the size, the Lumos mark, the range and how many ships wait in
    each origin sector: built once per such key for the loaded content (`Memos.attack_options`)
    and shared (a decision is never changed by its receiver)."""
    if origins is None:
        origins = _origins(eng, side, size, sector)
    if not origins:
        return []
    ranged = size in q.ranged_sizes(eng, side)
    counted = tuple((origin, len(origins[origin])) for origin in sorted(origins))
    key = (size, lumos, ranged, counted)
    store = bounded(eng.rules.memo.attack_options)
    found = store.get(key)
    if found is None:
        found = store[key] = _attack_options(size, lumos, ranged, counted)
    return found


def _attack_options(
    size: str, lumos: bool, ranged: bool, counted: tuple[tuple[str, int], ...]
) -> list[dict[str, Any]]:
    counts: list[dict[str, int]] = [{}]
    for origin, n in counted:
        picks = range(n, -1, -1) if ranged else (n,)
        counts = [{**c, origin: k} for c in counts for k in picks]
    out = []
    for c in counts:
        joined = {o: k for o, k in c.items() if k}
        if joined:
            out.append(
                {"kind": "attack", "size": size, "attack": True, "lumos": lumos, "from": joined}
            )
    out.append({"kind": "attack", "size": size, "attack": False, "lumos": lumos})
    return out


def _enemy_ships(eng: Engine, side: int, sector: str) -> list[str]:
    doomed = combat_state(eng)["doomed"]
    units = eng.state["units"]
    ships = index(eng).board.get(sector)
    if not ships:
        return []
    friend = lumos.ally(eng)  # the one pair of colours that are not enemies (R-TWO-06)
    return [
        uid
        for uid in ships
        if uid not in doomed
        and (o := units[uid]["o"]) != side
        and not (side == lumos.LUMOS and o == friend)
        and not (o == lumos.LUMOS and side == friend)
    ]


def _any_enemy_ship(eng: Engine, side: int, sector: str) -> bool:
    """Whether `_enemy_ships` would name any ship (stopping at the first)."""
    ships = index(eng).board.get(sector)
    if not ships:
        return False
    doomed = combat_state(eng)["doomed"]
    units = eng.state["units"]
    friend = lumos.ally(eng)
    for uid in ships:
        if uid in doomed:
            continue
        o = units[uid]["o"]
        if (
            o != side
            and not (side == lumos.LUMOS and o == friend)
            and not (o == lumos.LUMOS and side == friend)
        ):
            return True
    return False


def _enemy_extractor(eng: Engine, side: int, sector: str) -> str | None:
    """R-CMD-14: an enemy extractor on this sector's planet (never on a colony ship, R-CMD-18)."""
    uid = q.extractor_on_planet(eng, sector)
    if (
        uid
        and uid not in combat_state(eng)["doomed"]
        and q.are_enemies(eng, side, eng.state["units"][uid]["o"])
    ):
        return uid
    return None


def _has_targets(eng: Engine, side: int, size: str, sector: str) -> bool:
    """R-CMD-08: enemy ships; with bombardment, an enemy extractor too."""
    if _enemy_ships(eng, side, sector):
        return True
    return q.bombardment(eng, side, size) and _enemy_extractor(eng, side, sector) is not None


def _contested(eng: Engine, group: list[int], done: list[str]) -> list[str]:
    """Sectors where some commander has a ship that may attack now, in board order: a sector
    a side's unfought ships can fire into (their own, and the adjacent ones with range 2,
    R-CMD-15) with an enemy ship there that is not doomed, or an enemy extractor on its planet
    and a ship type able to fire there that bombards."""
    st = eng.state
    cmb = st["combat"]
    assert cmb is not None
    units = st["units"]
    doomed = cmb["doomed"]
    ix = index(eng)
    by_sector = ix.board
    planet_x = ix.planet_x
    sides = [_side(r) for r in _rollers(eng, group)]
    hostile = _hostile(eng, sides)
    out: set[str] = set()
    for side in sides:
        enemies = hostile[side]
        reach, sizes = _firing_reach(eng, side, cmb["fought"])
        for s in reach:
            if s in out or s in done:
                continue
            for x in by_sector.get(s, ()):
                if x not in doomed and units[x]["o"] in enemies:
                    out.add(s)
                    break
            else:  # an enemy extractor? (most sectors have none: the cheap test first)
                if (
                    s in planet_x
                    and _enemy_extractor(eng, side, s) is not None
                    and any(q.bombardment(eng, side, z) for z in sizes(s))
                ):
                    out.add(s)
    if len(out) > 1:
        return sorted(out, key=q.sector_order(eng).__getitem__)  # board order
    return list(out)


def _firing_reach(
    eng: Engine, side: int, fought: list[str]
) -> tuple[set[str], Callable[[str], set[str]]]:
    """Where a side's ships that have not fought could fire (each ship's own sector; with range
    2, the adjacent ones too, R-CMD-15), and a function giving the sizes able to fire into a
    sector (asked only for the few sectors where the answer matters: it looks again)."""
    units = eng.state["units"]
    skip: Collection[str] = set(fought) if fought else ()
    ranged = q.ranged_sizes(eng, side)
    ships = index(eng).by_owner.get(side, ())
    reach: set[str] = set()
    far: set[str] = set()  # sectors holding an unfought ship that fires into the adjacent ones
    for uid in ships:
        if uid not in skip:
            u = units[uid]  # (a ship on the board: it has a sector and a size)
            reach.add(u["s"])  # type: ignore[arg-type]
            if u["z"] in ranged:
                far.add(u["s"])  # type: ignore[arg-type]
    rot = eng.state["rot"]
    near = eng.board.neighbours
    for here in far:
        reach.update(near(here, rot))

    def sizes(s: str) -> set[str]:
        out: set[str] = set()
        for uid in ships:
            if uid not in skip:
                u = units[uid]
                z, here = u["z"], u["s"]
                if here == s or (z in ranged and s in near(here, rot)):  # type: ignore[arg-type]
                    out.add(z)  # type: ignore[arg-type]
        return out

    return reach, sizes


#: (players, the Lumos' ally, sides) -> each side's enemies
_HOSTILE: dict[tuple[int, int | None, tuple[int, ...]], dict[int, frozenset[int]]] = {}


def _hostile(eng: Engine, sides: list[int]) -> dict[int, frozenset[int]]:
    """Each side's enemies (R-TWO-06: the Lumos and their ally are not enemies); a few answers
    per player count, worked out once."""
    key = (eng.state["n"], lumos.ally(eng), tuple(sides))
    found = _HOSTILE.get(key)
    if found is None:
        seats = [*range(key[0]), lumos.LUMOS]
        found = _HOSTILE[key] = {
            side: frozenset(o for o in seats if lumos.are_enemies(eng, side, o)) for side in sides
        }
    return found


def attack(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-CMD-08..19: combat, sector by sector, as a small machine of stages kept in the frame:
    pick a sector, the next roller, a ship type to roll, the damage to assign, then resolve."""
    loc = frame["loc"]
    group: list[int] = frame.get("group") or [frame["p"]]
    if "stage" not in loc:
        eng.state["combat"] = {"fought": [], "doomed": {}, "pool": 0}
        loc.update({"stage": "pick", "done": []})
    while True:
        done, choice = _STAGES[loc["stage"]](eng, loc, group, choice)
        if done is not None:
            return done


#: A stage of a combat: (engine, frame loc, group, choice) -> (done? or None to go on, choice
#: left for the next stage).
Step = tuple[bool | None, Any]


def _pick_sector(eng: Engine, loc: dict[str, Any], group: list[int], choice: Any) -> Step:
    if choice is not None:
        sector = choice["sector"]
    else:
        todo = _contested(eng, group, loc["done"])
        if not todo:
            eng.state["combat"] = None
            return True, None
        if len(todo) > 1:  # R-CMD-09: the first player picks the order
            return eng.ask(
                eng.state["first"],
                "sector",
                [{"kind": "sector", "sector": s} for s in todo],
                "Choose the next sector to resolve combat in",
            ), None
        sector = todo[0]
    loc.update({"stage": "roller", "sector": sector, "rollers": _rollers(eng, group)})
    loc["done"].append(sector)
    if eng.log is not None:
        eng.event("combat", None, None, sector=sector)
    return None, None


def _next_roller(eng: Engine, loc: dict[str, Any], group: list[int], choice: Any) -> Step:
    if not loc["rollers"]:
        loc["stage"] = "resolve"
        return None, choice
    loc["roller"] = loc["rollers"].pop(0)
    loc["sizes"] = list(eng.rules.sizes)
    loc["stage"] = "size"
    return None, choice


def _pick_size(eng: Engine, loc: dict[str, Any], group: list[int], choice: Any) -> Step:
    """R-CMD-19: the roller picks which type rolls next (or holds fire with it)."""
    roller, sector = loc["roller"], loc["sector"]
    side = _side(roller)
    if choice is not None:
        loc["sizes"].remove(choice["size"])
        if choice["attack"]:
            _roll(eng, loc, side, choice)
            return False, None
        return None, None
    ships_to_hit = _any_enemy_ship(eng, side, sector)  # the same for every type
    origins = _all_origins(eng, side, sector)
    options = [
        opt
        for size in loc["sizes"]
        if size in origins and (ships_to_hit or _has_targets(eng, side, size, sector))
        for opt in attack_options(eng, side, size, sector, roller[1], origins[size])
    ]
    if options:
        return eng.ask(
            roller[0],
            "attack",
            options,
            f"Attack in {sector}: choose a ship type to roll (or hold fire)",
        ), None
    loc["stage"] = "roller"
    return None, None


def _roll(eng: Engine, loc: dict[str, Any], side: int, picked: dict[str, Any]) -> None:
    """The picked ships fight (once per turn, R-CMD-17) and roll their attack dice."""
    cmb = combat_state(eng)
    roller, sector, size = loc["roller"], loc["sector"], picked["size"]
    origins = _origins(eng, side, size, sector)
    ships = [uid for o, k in sorted(picked["from"].items()) for uid in origins[o][:k]]
    cmb["fought"].extend(ships)
    dice = q.ship_stat(eng, side, size, "attack") * len(ships)
    if eng.log is not None:
        eng.event("roll", roller[0], None, sector=sector, size=size, dice=dice, lumos=roller[1])
    loc["size"] = size
    cmb["pool"] = 0
    loc["stage"] = "assign"
    for _ in range(dice):
        roll_die(eng, roller, size, sector)


def _assign(eng: Engine, loc: dict[str, Any], group: list[int], choice: Any) -> Step:
    """R-CMD-12/13: the roller assigns each damage in the pool."""
    cmb = combat_state(eng)
    roller, sector, size = loc["roller"], loc["sector"], loc["size"]
    if choice is not None:
        _damage(eng, roller, sector, choice)
        cmb["pool"] -= 1
    if cmb["pool"] <= 0:
        loc["stage"] = "size"
        return None, None
    options = damage_options(eng, _side(roller), size, sector)
    if not options:  # no legal target left: the rest is lost
        cmb["pool"] = 0
        return None, None
    return eng.ask(
        roller[0], "damage", options, f"Assign damage in {sector} ({cmb['pool']} left)"
    ), None


def _resolve(eng: Engine, loc: dict[str, Any], group: list[int], choice: Any) -> Step:
    _resolve_sector(eng, loc["sector"])
    loc["stage"] = "pick"
    return False, choice  # destroy triggers run, then the next sector


_STAGES = {
    "pick": _pick_sector,
    "roller": _next_roller,
    "size": _pick_size,
    "assign": _assign,
    "resolve": _resolve,
}


def roll_die(eng: Engine, roller: list[Any], size: str, sector: str) -> None:
    forced = eng.state.get("dice")
    if forced:  # scenarios and tests may fix the faces to come
        face = eng.rules.die_faces.index(forced.pop(0))
    else:
        face = eng.below(len(eng.rules.die))
    if eng.log is not None:
        eng.event("die", roller[0], None, face=eng.rules.die_faces[face], size=size)
    eng.push(eng.rules.die[face], roller[0], src=None, sec=sector, size=size, lumos=roller[1])


def damage_options(eng: Engine, side: int, size: str, sector: str) -> list[dict[str, Any]]:
    """Enemy ships (alike ones grouped); only when none remain, an extractor by bombardment."""
    options: list[dict[str, Any]] = []
    seen: set[tuple[int, str | None, int]] = set()
    for uid in _enemy_ships(eng, side, sector):
        u = eng.state["units"][uid]
        key = (u["o"], u["z"], u["d"])
        if key not in seen:
            seen.add(key)
            options.append({"kind": "damage", "owner": u["o"], "size": u["z"], "dmg": u["d"]})
    if not options and q.bombardment(eng, side, size):
        xt = _enemy_extractor(eng, side, sector)
        if xt:
            options.append({"kind": "damage", "extractor": xt})
    return options


def _damage(eng: Engine, roller: list[Any], sector: str, choice: dict[str, Any]) -> None:
    cmb = combat_state(eng)
    if "extractor" in choice:
        uid = choice["extractor"]
        cmb["doomed"][uid] = [roller[0], roller[1]]  # R-CMD-14: one damage destroys it
    else:
        units = eng.state["units"]
        owner, size, dmg = choice["owner"], choice["size"], choice["dmg"]
        uid = next(
            x
            for x in _enemy_ships(eng, _side(roller), sector)
            if (u := units[x])["o"] == owner and u["z"] == size and u["d"] == dmg
        )
        unit = eng.unit(uid)
        unit["d"] += 1
        shields = q.ship_stat(eng, unit["o"], unit["z"], "shields")  # type: ignore[arg-type]
        if unit["d"] >= shields:  # R-CMD-13
            cmb["doomed"][uid] = [roller[0], roller[1]]  # who assigned the final damage
    if eng.log is not None:
        eng.event("damage", roller[0], None, unit=uid, sector=sector)


def _resolve_sector(eng: Engine, sector: str) -> None:
    """R-CMD-12/13, R-GRV-01: destroyed units leave together, to their destroyer's graveyard.

    A unit the Lumos destroyed under a player's command goes to that player's graveyard
    (R-TWO-10), but the kill is the Lumos' act: it is marked `lumos`, and no card of the
    commander hears it (R-TWO-09: the Lumos use no technology or faction ability)."""
    cmb = combat_state(eng)
    doomed: dict[str, list[Any]] = cmb["doomed"]
    for uid, (killer, by_lumos) in sorted(doomed.items()):
        unit = eng.state["units"][uid]
        owner, kind, size = unit["o"], unit["k"], unit["z"]
        mark: LumosMark = {"lumos": True} if by_lumos else {}
        eng.event("destroyed", killer, None, unit=uid, owner=owner, sector=sector, **mark)
        to_graveyard(eng, uid, killer)
        if kind == "s":
            eng.fire("destroy_ship", killer, {"size": size}, sec=sector, **mark)
            eng.fire("lose_ship", owner, {"size": size}, sec=sector)
        else:
            eng.fire("destroy_extractor", killer, sec=sector, **mark)
    cmb["doomed"] = {}
