"""Primitives of cards: draw, keep, manufacture, ready, pick up.

R-RES-02..08, R-REF-01/03/06, R-EXP-01/02/09.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lastlight.interpreter.effects import ast
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.memos import Design
from lastlight.interpreter.engine.primitives.economy import pay
from lastlight.interpreter.engine.primitives.options import DONE
from lastlight.interpreter.engine.ruleset import Rules, base_id, staying_actions
from lastlight.interpreter.engine.state import Frame
from lastlight.interpreter.engine.units import index

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine


def draw_one(eng: Engine) -> str | None:
    """R-RES-03: an empty deck is rebuilt from the shuffled discard pile."""
    st = eng.state
    if not st["deck"]:
        if not st["discard"]:
            return None
        st["deck"] = st["discard"]
        st["discard"] = []
        eng.shuffle(st["deck"])
        eng.event("deck_reshuffled")
    return st["deck"].pop()


def _draw(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    p = frame["p"]
    for _ in range(q.amount(eng, p, ph.args["n"]) * mult):
        card = draw_one(eng)
        if card is None:
            break
        eng.state["players"][p]["tech_hand"].append(card)
        if eng.log is not None:
            eng.event("draw", p, frame["src"], see=(p,), card=card)
    return True


def _draw_keep(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-RES-02: draw N, keep K in hand, discard the rest face up."""
    p = frame["p"]
    loc = frame["loc"]
    if "drawn" not in loc:
        loc["drawn"] = []
        for _ in range(q.amount(eng, p, ph.args["n"])):
            card = draw_one(eng)
            if card is None:
                break
            loc["drawn"].append(card)
        loc["keep"] = q.amount(eng, p, ph.args["k"])
    drawn: list[str] = loc["drawn"]
    if choice is not None:
        drawn.remove(choice["card"])
        eng.state["discard"].append(choice["card"])
        if eng.log is not None:
            eng.event("discard", p, frame["src"], card=choice["card"])
    if len(drawn) > loc["keep"]:
        options = [{"kind": "discard", "card": c} for c in _distinct(drawn)]
        return eng.ask(p, "discard", options, "Discard one of the drawn technologies")
    eng.state["players"][p]["tech_hand"].extend(drawn)
    if eng.log is not None:
        eng.event("keep", p, frame["src"], see=(p,), cards=list(drawn))
    return True


def _distinct(cards: list[str]) -> list[str]:
    """One physical card per design (copies are interchangeable), in first-seen order."""
    seen: set[str] = set()
    out = []
    for c in cards:
        b = base_id(c)
        if b not in seen:
            seen.add(b)
            out.append(c)
    return out


def manufacture_options(eng: Engine, p: int, free: bool) -> list[dict[str, Any]]:
    """Every legal way to put a technology from p's hand into play (R-RES-04..08)."""
    pl = eng.state["players"][p]
    hand = pl["tech_hand"]
    if not hand:
        return []
    rules = eng.rules
    designs = rules.memo.designs
    names_in_play: set[str] | None = None
    open_slots: list[str] | None = None
    options: list[dict[str, Any]] = []
    t = q.tables(eng, p)
    # without a discount every cost is the printed one, kept with the design; with one, the
    # player's own memo (it starts empty after each manufacture)
    costs = t.costs if t.flags.get("tech_discount") else None
    have = pl["res"]
    light = pl["light"]
    for bid, kind, name, made, printed in _hand_designs(eng, p, hand):
        if not free:
            if costs is None:
                pairs: Any = printed
            else:
                cost = costs.get(bid)
                if cost is None:
                    cost = q.tech_cost(eng, p, bid)
                pairs = cost.items()
            short = False
            for r, n in pairs:
                if (light if r == "light" else have.get(r, 0)) < n:
                    short = True
                    break
            if short:
                continue
        if kind == "civilization":
            if names_in_play is None:
                names_in_play = {_design_of(rules, designs, c)[2] for c in pl["civ"]}
            if name not in names_in_play:  # R-RES-06
                options.append(made[None])
        elif kind == "ship_ability":  # R-RES-07: one per type; a new one replaces
            options.extend(made.values())
        else:  # R-RES-08: mods fill slots
            if open_slots is None:
                mods = pl["mods"]
                open_slots = [
                    size
                    for size in rules.sizes
                    if len(mods[size]) < int(rules.ships[size]["mod_slots"])
                ]
            for size in open_slots:
                options.append(made[size])
    return options


def _hand_designs(eng: Engine, p: int, hand: list[str]) -> list[Design]:
    """The designs of p's technology hand, the first physical card of each in hand order,
    worked out again only when the hand changes (derived data kept with the game)."""
    kept = eng.cache.get("tech_hands")
    if kept is None:
        kept = eng.cache["tech_hands"] = {}
    seen_hand = kept.get(p)
    key = tuple(hand)
    if seen_hand is not None and seen_hand[0] == key:
        return seen_hand[1]
    designs = eng.rules.memo.designs
    seen: set[str] = set()
    out = []
    for cid in hand:
        design = designs.get(cid)
        if design is None:
            design = _design_of(eng.rules, designs, cid)
        if design[0] not in seen:
            seen.add(design[0])
            out.append(design)
    kept[p] = (key, out)
    return out


def _design_of(rules: Rules, designs: dict[str, Design], cid: str) -> Design:
    design = designs.get(cid)
    if design is None:
        card = rules.cards[base_id(cid)]
        made: dict[str | None, dict[str, Any]] = (
            {None: {"kind": "manufacture", "card": cid}}
            if card.type == "civilization"
            else {size: {"kind": "manufacture", "card": cid, "size": size} for size in rules.sizes}
        )
        printed = tuple((k, v) for k, v in card.cost.items() if v > 0)  # as `tech_cost` has it
        design = designs[cid] = (card.id, card.type, card.name, made, printed)
    return design


def manufacture(eng: Engine, p: int, option: dict[str, Any], free: bool, src: str | None) -> None:
    pl = eng.state["players"][p]
    cid = option["card"]
    card = eng.rules.cards[base_id(cid)]
    if not free:
        pay(eng, p, q.tech_cost(eng, p, cid), cid)
    pl["tech_hand"].remove(cid)
    if card.type == "civilization":
        pl["civ"].append(cid)
    elif card.type == "ship_ability":
        old = pl["ability"][option["size"]]
        if old:
            eng.state["discard"].append(old)
            if old in pl["exhausted"]:
                pl["exhausted"].remove(old)
            if eng.log is not None:
                eng.event("discard", p, src, card=old)
        pl["ability"][option["size"]] = cid
    else:
        pl["mods"][option["size"]].append(cid)
    pl["ver"] += 1
    if eng.log is not None or eng.lab is not None:
        eng.event("manufacture", p, src, card=cid, size=option.get("size"), free=free)


def _manufacture_any(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    p = frame["p"]
    if choice is not None:
        if choice["kind"] == "done":
            return True
        manufacture(eng, p, choice, False, frame["src"])
        eng.fire("manufacture", p)
        return False
    options = manufacture_options(eng, p, False)
    if not options:
        return True
    options.append(DONE)  # (a list of its own)
    return eng.ask(p, "manufacture", options, "Manufacture a technology, or done")


def _can_manufacture_free(eng: Engine, frame: Frame, ph: ast.Phrase) -> bool:
    return bool(manufacture_options(eng, frame["p"], True))


def _manufacture_free(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    p = frame["p"]
    loc = frame["loc"]
    if "done" in loc:
        return True
    if choice is not None:
        manufacture(eng, p, choice, True, frame["src"])
        loc["done"] = 1
        eng.fire("manufacture", p)
        return False
    options = manufacture_options(eng, p, True)
    if not options:
        return True
    return eng.ask(p, "manufacture", options, "Manufacture a technology for free")


def _ready(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-REF-01."""
    pl = eng.state["players"][frame["p"]]
    if pl["exhausted"]:
        if eng.log is not None:
            eng.event("ready", frame["p"], frame["src"], cards=list(pl["exhausted"]))
        pl["exhausted"].clear()
    return True


def _repair(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-REF-02."""
    p = frame["p"]
    units = eng.state["units"]
    # (damage is taken on the board only, and a unit leaving the board sheds it: p's ships on
    # the board, in id order, are the units a scan of them all would repair)
    for uid in index(eng).by_owner.get(p, ()):
        if units[uid]["d"]:
            eng.unit(uid)["d"] = 0
    return True


def _returnable(eng: Engine, p: int) -> list[str]:
    """Played cards that may come back to hand (R-REF-06: never a card that stays)."""
    staying = staying_actions(eng.rules)
    return [a for a in eng.state["players"][p]["played"] if a not in staying]


def _pick_up_all(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-REF-03."""
    pl = eng.state["players"][frame["p"]]
    back = _returnable(eng, frame["p"])
    for a in back:
        pl["played"].remove(a)
        pl["hand"].append(a)
    if eng.log is not None:
        eng.event("pick_up", frame["p"], frame["src"], cards=back)
    return True


def _can_pick_up(eng: Engine, frame: Frame, ph: ast.Phrase) -> bool:
    return bool(_returnable(eng, frame["p"]))


def _pick_up_one(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    """R-EXP-01."""
    p = frame["p"]
    if choice is None:
        back = _returnable(eng, p)
        if not back:
            return True
        return eng.ask(
            p,
            "pick_up",
            [{"kind": "pick_up", "card": a} for a in back],
            "Pick up one played action card",
        )
    pl = eng.state["players"][p]
    pl["played"].remove(choice["card"])
    pl["hand"].append(choice["card"])
    eng.event("pick_up", p, frame["src"], cards=[choice["card"]])
    return True


def _can_discard(eng: Engine, frame: Frame, ph: ast.Phrase) -> bool:
    return bool(eng.state["players"][frame["p"]]["tech_hand"])


def _discard(eng: Engine, frame: Frame, ph: ast.Phrase, mult: int, choice: Any) -> bool:
    p = frame["p"]
    loc = frame["loc"]
    pl = eng.state["players"][p]
    if "left" not in loc:
        loc["left"] = q.amount(eng, p, ph.args["n"]) * mult
    if choice is not None:
        pl["tech_hand"].remove(choice["card"])
        eng.state["discard"].append(choice["card"])
        if eng.log is not None:
            eng.event("discard", p, frame["src"], card=choice["card"])
        loc["left"] -= 1
    if loc["left"] <= 0 or not pl["tech_hand"]:
        return True
    return eng.ask(
        p,
        "discard",
        [{"kind": "discard", "card": c} for c in _distinct(pl["tech_hand"])],
        f"Discard a technology from your hand ({loc['left']} left)",
    )


#: The effect forms this module carries out (read by `engine/primitives/__init__.py`).
PRIMITIVES = {
    "draw": _draw,
    "draw_keep": _draw_keep,
    "manufacture_any": _manufacture_any,
    "manufacture_free": _manufacture_free,
    "ready": _ready,
    "repair": _repair,
    "pick_up_all": _pick_up_all,
    "pick_up_one": _pick_up_one,
    "discard": _discard,
}
#: Whether a form could do anything now (a `may` that could not is skipped).
FEASIBLE = {
    "manufacture_free": _can_manufacture_free,
    "pick_up_one": _can_pick_up,
    "discard": _can_discard,
}
