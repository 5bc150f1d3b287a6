"""The two-player variant in one place: the Lumos, a neutral fleet (R-TWO-01..11).

In a two-player game the Lumos (owner `LUMOS`, -1) start with ships in the center (R-TWO-02),
ally with the player with the least light and change sides only when an action card ends
(R-TWO-05/11), are commanded by their ally's Command card (moved and rolled apart from the ally's
own ships, R-TWO-07/10) but never reveal tokens (R-TWO-08) nor use modifiers (base stats,
R-TWO-09), block everyone but their ally (R-TWO-06) and gain reinforcements at each rotation
(R-TWO-03). A unit they destroy under a player's command goes to that player's graveyard
(R-TWO-10), but the kill is marked `lumos` and no card of the commander hears it (R-TWO-09:
combat marks it, `triggers.fire` skips it). A unit they destroy while nobody commands them goes
to nobody's graveyard, and a destroyed Lumos ship leaves the game ("box").

The rest of the engine calls these hooks; it never reads `state["lumos"]` itself:

- setup:  `initial_state(rules, players)`, `starting_ships(...)`
- flow:   `update_alliance` when a card ends, `reinforce` at a rotation
- combat: `rollers` (who rolls for whom); movement: `commanded_owners`
- queries: `ally`, `are_enemies`
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lastlight.interpreter.engine.units import index, move_unit

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.engine.state import Lumos

#: The Lumos' owner number in units and effects.
LUMOS = -1


def initial_state(rules: Rules, players: int) -> Lumos | None:
    """`state["lumos"]`: `{"ally": None}` in a two-player game with Lumos content, else None."""
    return {"ally": None} if players == 2 and rules.lumos else None


def starting_ships(rules: Rules) -> tuple[dict[str, int], dict[str, int]]:
    """R-TWO-02: (the Lumos supply by size, how many of each start on the board)."""
    supply = {str(k): int(v) for k, v in (rules.lumos.get("ships") or {}).items()}
    return supply, dict(rules.lumos.get("start") or {})


def ally(eng: Engine) -> int | None:
    """The seat the Lumos are allied with (None: nobody, or no Lumos in this game)."""
    lumos = eng.state.get("lumos")
    return lumos["ally"] if lumos else None


def are_enemies(eng: Engine, a: int, b: int) -> bool:
    """Players are enemies of each other; the Lumos are enemies of everyone but their ally."""
    if a == b:
        return False
    if a != LUMOS and b != LUMOS:
        return True
    friend = ally(eng)
    return not ((a == LUMOS and b == friend) or (b == LUMOS and a == friend))


def commanded_owners(eng: Engine, p: int) -> list[int]:
    """Whose ships p moves: p's own, and the Lumos when p is their ally (R-TWO-07)."""
    return [p, LUMOS] if ally(eng) == p else [p]


def rollers(eng: Engine, group: list[int]) -> list[list[Any]]:
    """(commander, for the Lumos?) pairs in combat: each commander's own ships, then the Lumos
    for their ally, rolled apart (R-TWO-07/10)."""
    out: list[list[Any]] = []
    friend = ally(eng)
    for c in group:
        out.append([c, False])
        if friend == c:
            out.append([c, True])
    return out


def update_alliance(eng: Engine) -> None:
    """R-TWO-05/11 (hook: an action card ends): the Lumos ally with the player with the least
    light; on a tie, nobody."""
    lumos = eng.state.get("lumos")
    if not lumos:
        return
    lights = [pl["light"] for pl in eng.state["players"]]
    least = min(lights)
    new = lights.index(least) if lights.count(least) == 1 else None
    if new != lumos["ally"]:
        lumos["ally"] = new
        eng.event("alliance", new, None)


def reinforce(eng: Engine) -> None:
    """R-TWO-03 (hook: the board rotates): Lumos ships from their supply join the center,
    the smallest available first. The alliance does not change here (R-TWO-11)."""
    st = eng.state
    if not st.get("lumos"):
        return
    added = 0
    most = int(eng.rules.lumos.get("reinforcements", 0))
    supply = index(eng).supply
    for size in eng.rules.sizes:
        for uid in list(supply.get((LUMOS, "s", size), ()))[: max(0, most - added)]:
            move_unit(eng, uid, at="board", s=st["center"], d=0)
            added += 1
    eng.event("lumos_reinforced", None, None, ships=added)
