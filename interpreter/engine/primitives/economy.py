"""Primitives of resources and light: gain, pay, lose, trades, mine, claim; and the graveyard.

R-MIN-01/02 (mine), R-REF-04/05 (claim, blockade), R-TRD-01/02 (trades), R-GRV-01/02 (graveyard
light) live here as generic operations on the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lastlight.interpreter.effects import ast
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.state import Frame
from lastlight.interpreter.engine.units import index, move_unit

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine


def gain(eng: Engine, p: int, what: str, n: int, src: str | None, **data: Any) -> None:
    """Player p gains n of `what`; `data` goes into the log event (e.g. a claim's sectors)."""
    if n <= 0 or p < 0:
        return
    pl = eng.state["players"][p]
    if what == "light":
        pl["light"] += n
    else:
        pl["res"][what] += n
    if eng.log is not None or (eng.lab is not None and what == "light"):
        eng.event("gain", p, src, n=n, what=what, **data)


def lose(eng: Engine, p: int, what: str, n: int, src: str | None) -> int:
    pl = eng.state["players"][p]
    have = pl["light"] if what == "light" else pl["res"][what]
    n = min(n, have)
    if n <= 0:
        return 0
    if what == "light":
        pl["light"] -= n
    else:
        pl["res"][what] -= n
    if eng.log is not None or (eng.lab is not None and what == "light"):
        eng.event("pay", p, src, n=n, what=what)  # (light spent: the lab reads the lead)
    return n


def pay(eng: Engine, p: int, cost: dict[str, int], src: str | None, to: int | None = None) -> None:
    """Pay a cost the player can afford (checked by the caller) to the supply or to player `to`."""
    for what, n in cost.items():
        lose(eng, p, what, n, src)
        if to is not None:
            gain(eng, to, what, n, src)


def _stop(frame: Frame, eng: Engine) -> bool:
    """End the current sequence: an unpayable step stops the effect it belongs to."""
    frame["pc"] = len(eng.rules.programs[frame["prog"]].steps) - 1
    return True


def _gain(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    gain(
        eng,
        frame["p"],
        ph.args["what"],
        q.amount(eng, frame["p"], ph.args["n"]) * mult,
        frame["src"],
    )
    return True


def _can_pay(eng: Engine, frame: Frame, ph: ast.Phrase) -> bool:
    return q.can_pay(eng, frame["p"], {ph.args["what"]: q.amount(eng, frame["p"], ph.args["n"])})


def _pay(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    cost = {ph.args["what"]: q.amount(eng, frame["p"], ph.args["n"]) * mult}
    if not q.can_pay(eng, frame["p"], cost):
        return _stop(frame, eng)
    pay(eng, frame["p"], cost, frame["src"])
    return True


def _lose(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    lose(
        eng,
        frame["p"],
        ph.args["what"],
        q.amount(eng, frame["p"], ph.args["n"]) * mult,
        frame["src"],
    )
    return True


def _can_trade(eng: Engine, frame: Frame, ph: ast.Phrase) -> bool:
    return q.can_pay(eng, frame["p"], {ph.args["give"]: q.amount(eng, frame["p"], ph.args["n"])})


def _trade(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    p = frame["p"]
    give = {ph.args["give"]: q.amount(eng, p, ph.args["n"])}
    if not q.can_pay(eng, p, give):
        return _stop(frame, eng)
    pay(eng, p, give, frame["src"])
    gain(eng, p, ph.args["get"], q.amount(eng, p, ph.args["m"]), frame["src"])
    return True


#: Effect forms whose step can be taken when the player holds what it gives (`_can_trade`).
_GIVES = frozenset({"trade"})


def _trade_options(eng: Engine, frame: Frame) -> list[dict[str, Any]]:
    """The game's trades whose first step could be taken now (a plain `trade` step: the
    player holds what it gives, the same test `_can_trade` makes)."""
    p = frame["p"]
    pl = eng.state["players"][p]
    options = []
    for first, option in eng.rules.memo.trade_table:
        if first is None:
            continue
        if type(first) is ast.Do and first.cond is None and first.phrase.form in _GIVES:
            args = first.phrase.args
            give = args["give"]
            have = pl["light"] if give == "light" else pl["res"].get(give, 0)
            n = args["n"]
            if have < (n if type(n) is int else q.amount(eng, p, n)):
                continue
        elif not eng._feasible(frame, first):
            continue
        options.append(option)
    return options


def _can_make_trades(eng: Engine, frame: Frame, ph: ast.Phrase) -> bool:
    return bool(_trade_options(eng, frame))


def _make_trades(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-TRD-01: choose N of the game's trade options, repeats allowed."""
    loc = frame["loc"]
    if "left" not in loc:
        loc["left"] = q.amount(eng, frame["p"], ph.args["n"]) * mult
    if choice is not None:
        loc["left"] -= 1
        eng.push_child(frame, eng.rules.trades[choice["option"]])
        return False
    if loc["left"] <= 0:
        return True
    options = _trade_options(eng, frame)
    if not options:
        return True
    return eng.ask(frame["p"], "trade", options, f"Choose a trade ({loc['left']} left)")


def _other_gains(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-TRD-02: choose one other player, who gains from the supply."""
    p = frame["p"]
    if choice is None:
        others = [o for o in eng.turn_order() if o != p]
        if not others:
            return True
        return eng.ask(
            p,
            "player",
            [{"kind": "player", "player": o} for o in others],
            "Choose another player to gain " + f"{ph.args['n']} {ph.args['what']}",
        )
    gain(
        eng, choice["player"], ph.args["what"], q.amount(eng, p, ph.args["n"]) * mult, frame["src"]
    )
    return True


def _others_lose(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    p = frame["p"]
    for o in eng.turn_order():
        if o != p:
            lose(eng, o, ph.args["what"], q.amount(eng, p, ph.args["n"]) * mult, frame["src"])
    return True


def _nothing(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    return True


def _mine(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-MIN-01: one resource per extractor; planets yield their token's resources (R-MIN-02:
    blockades do not stop mining); colony ship spaces yield their icon."""
    p = frame["p"]
    units = eng.state["units"]
    ix = index(eng)
    # p's extractors (colony spaces and planets) in id order, as a scan of the units gives
    mine = [*ix.colony.get(p, ()), *(x for x in ix.planet_x.values() if units[x]["o"] == p)]
    mine.sort()
    for uid in mine:
        u = units[uid]
        # (a unit on a colony space has its space, `c`, on a planet its sector, `s`)
        if u["at"] == "colony":
            gain(eng, p, eng.rules.colony_spaces[u["c"]], 1, frame["src"])  # type: ignore[index]
        elif u["at"] == "planet":
            token = eng.state["sectors"][u["s"]]["token"]  # type: ignore[index]
            if token:
                for what in eng.rules.tokens[token].yields:
                    gain(eng, p, what, 1, frame["src"])
    return True


def _claim(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-REF-04/05: light per extractor on a non-blockaded planet, by the planet's ring."""
    p = frame["p"]
    by_sector: dict[str, int] = {}
    for sector in q.planets_controlled(eng, p):
        kind = eng.board.kind(sector)
        if kind not in ("inner", "outer", "distant") or q.blockaded(eng, sector, p):
            continue
        n = q.param(eng, p, f"claim_{kind}")
        if n:
            by_sector[sector] = n
    # the log names the sectors, so a reader can tell light a broken blockade let through
    gain(eng, p, "light", sum(by_sector.values()), frame["src"], sectors=by_sector)
    return True


# --- the graveyard (R-GRV-01/02, R-TWO-04) -------------------------------------------------------


def to_graveyard(eng: Engine, uid: str, holder: int) -> None:
    """A destroyed unit goes to the destroyer's graveyard; at the threshold, light and return."""
    units = eng.state["units"]
    if holder < 0:  # destroyed by an uncommanded Lumos ship: nobody's graveyard
        back = "box" if units[uid]["o"] < 0 else "supply"
        move_unit(eng, uid, at=back, s=None, c=None, d=0, g=None)
        return
    move_unit(eng, uid, at="grave", s=None, c=None, d=0, g=holder)
    grave = eng.state["players"][holder]["grave"]
    grave.append(uid)
    if len(grave) >= q.param(eng, holder, "graveyard_size"):
        gain(eng, holder, "light", q.param(eng, holder, "graveyard_light"), "graveyard")
        for gid in grave:
            move_unit(eng, gid, at="box" if units[gid]["o"] < 0 else "supply", g=None)
        eng.event("graveyard_emptied", holder, units=list(grave))
        grave.clear()


def leave_graveyard(eng: Engine, uid: str) -> None:
    unit = eng.state["units"][uid]
    holder = unit["g"]
    if holder is not None and holder >= 0:
        eng.state["players"][holder]["grave"].remove(uid)
    move_unit(eng, uid, g=None)


#: The effect forms this module carries out (read by `engine/primitives/__init__.py`).
PRIMITIVES = {
    "gain": _gain,
    "pay": _pay,
    "lose": _lose,
    "trade": _trade,
    "make_trades": _make_trades,
    "other_gains": _other_gains,
    "others_lose": _others_lose,
    "nothing": _nothing,
    "mine": _mine,
    "claim": _claim,
}
#: Whether a form could do anything now (a `may` that could not is skipped).
FEASIBLE = {
    "pay": _can_pay,
    "trade": _can_trade,
    "make_trades": _can_make_trades,
}
