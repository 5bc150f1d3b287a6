"""What a card is worth to a seat, in light, read from its compiled clauses (never its name).

The planner values a technology, a faction or an achievement by walking the effect language's
syntax tree (`interpreter/effects/ast.py`): every phrase form has a worth per use, every trigger
event and every exhaust ability an expected number of uses per round, every lasting modifier a
worth per round. A designer's new card built from known forms is valued without code; a form
with no entry here is worth `UNKNOWN_FORM` and `unknown_forms()` lists it (a test fails on any
such form in the shipped content).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from lastlight.interpreter.agents.planner.weights import Weights, shipped
from lastlight.interpreter.effects import ast

#: The weights (`weights.yaml`): what each resource is worth (`RESOURCE_LIGHT`), the
#: uses per round of each trigger event (`EVENT_RATE`), the worth per round of +1 to a rule
#: parameter (`PARAM_RATE`) or a ship stat (`STAT_RATE`), what a seat is expected to hold by
#: mid-game and at the end (`EXPECTED_PLANETS`, `END_STATE`), and the rest. A `Context` carries
#: the weights it is valued with (the shipped ones unless a tuner gives others).
SHIPPED = shipped()
#: Kept as module names for readers of the shipped figures (benchmarks, tests).
END_STATE = SHIPPED.END_STATE
EXHAUST_RATE = SHIPPED.EXHAUST_RATE

#: Forms of an effect phrase valued by `phrase_value` (args are read where they matter).
EFFECT_FORMS = {
    "gain", "draw", "pick_up_one", "manufacture_free", "build_ship_free", "deal_damage",
    "repair_here", "reroll", "others_lose", "build_extractor_here", "move_ship_here", "trade_one",
    "lose",
}  # fmt: skip

STATIC_FORMS = {
    "param", "ship_stat", "attached_stat", "ship_bombard", "attached_bombard", "ship_discount",
    "tech_discount", "no_blockade", "ignore_asteroids", "resolve_last",
}  # fmt: skip

#: Nouns a counter (`per N noun`) or a comparison may count, read from the context.
COUNTED_NOUNS = {
    "planet_controlled", "control_planet", "tech_in_play", "ship_in_center", "extractor_on",
    "ships_on_board", "player_count",
}  # fmt: skip
#: Nouns whose count the seat knows exactly: a comparison on them is true or false, not a chance.
EXACT_NOUNS = {"player_count"}


@dataclass
class Context:
    """What the valuation needs to know about the seat (all from its view)."""

    rounds_left: float = 10.0
    planets: float = 1
    planets_by_place: dict[str, int] = field(default_factory=dict)
    planets_by_color: dict[str, float] = field(default_factory=dict)
    techs: int = 0
    center_ships: float = 0
    ships_by_size: dict[str, float] = field(default_factory=dict)
    action_rate: dict[str, float] = field(default_factory=dict)
    res_scale: float = 1.0
    w: Weights = SHIPPED
    #: The table's player count (0: not known, e.g. a card valued away from a game).
    players: int = 0

    def res_value(self, what: str) -> float:
        base = self.w.RESOURCE_LIGHT.get(what, self.w.RESOURCE_OTHER)
        return base if what == "light" else base * self.res_scale


def end_context(
    ctx: Context, planets: float, planets_by_color: dict[str, float], sizes: Any
) -> Context:
    """The seat as it is expected to stand when the game ends: these planets, and the fleet and
    center ships of `END_STATE` (the fleet spread evenly over the ship sizes)."""
    end = ctx.w.END_STATE
    return replace(
        ctx,
        planets=planets,
        planets_by_color=planets_by_color,
        ships_by_size={size: end["fleet"] / max(1, len(sizes)) for size in sizes},
        center_ships=end["center"],
    )


def card_value(card: Any, ctx: Context, size: str | None = None) -> float:
    """Light the card is expected to bring over the rest of the game while in play
    (`size`: the ship type a ship technology would be attached to)."""
    total = 0.0
    for clause in card.clauses:
        total += clause_value(clause, ctx, card.type, size)
    return total


def clause_value(clause: Any, ctx: Context, ctype: str = "", size: str | None = None) -> float:
    rounds = ctx.rounds_left
    w = ctx.w
    if isinstance(clause, ast.Static):
        return static_rate(clause.modifier, ctx, size) * rounds
    if isinstance(clause, ast.Activated):
        # an ability open during an action is used as often as that action is played
        during = w.EXHAUST_RATE
        if clause.during:
            during = ctx.action_rate.get(str(clause.during), w.DURING_RATE)
        uses = rounds * during
        pay = sum(_num(n) * ctx.res_value(what) for n, what in clause.pay)
        return max(0.0, seq_value(clause.effect, ctx) - pay) * uses
    if isinstance(clause, ast.Triggered):
        event = clause.event
        per_use = seq_value(clause.effect, ctx) * cond_chance(clause.cond, ctx)
        if event.form == "game_end":
            return per_use
        rate = w.EVENT_RATE.get(event.form, w.EVENT_OTHER)
        if event.form == "after_action":
            rate = ctx.action_rate.get(str(event.args.get("action")), rate)
        if event.form == "activated":
            ships = ctx.ships_by_size.get(size or "", 0) if size else 1
            rate *= max(w.ACTIVATED_SHIPS_MIN, ships)
        if event.form in ("destroy_ship", "build_ship") and event.args.get("size") == "large":
            rate *= w.LARGE_SHARE
        return per_use * rate * rounds
    if isinstance(clause, ast.Plain):
        return seq_value(clause.effect, ctx)
    return w.UNKNOWN_FORM * rounds


def static_rate(ph: ast.Phrase, ctx: Context, size: str | None) -> float:
    """Light per round of a lasting modifier."""
    form = ph.form
    w = ctx.w
    if form == "param":
        name = str(ph.args.get("param", "")).lstrip("$")
        rate = w.PARAM_RATE.get(name, w.UNKNOWN_FORM) * ph.args.get("delta", 1)
        if name.startswith("claim_"):
            place = name[6:]
            expected = w.EXPECTED_PLANETS.get(place, w.EXPECTED_PLACE_OTHER)
            rate *= max(ctx.planets_by_place.get(place, 0), expected)
        if name == "center_light":
            rate *= ctx.center_ships + w.CENTER_SHIPS_EXTRA
        return rate
    if form in ("ship_stat", "attached_stat"):
        which = ph.args.get("size") or size
        ships = ctx.ships_by_size.get(which, 0) if which else sum(ctx.ships_by_size.values())
        rate = w.STAT_RATE.get(ph.args.get("stat", ""), w.STAT_OTHER)
        return rate * ph.args.get("delta", 1) * (ships + w.STAT_SHIPS_EXTRA)
    if form in ("ship_bombard", "attached_bombard"):
        which = ph.args.get("size") or size
        return w.BOMBARD_RATE * (ctx.ships_by_size.get(which, 0) + 1 if which else 1)
    if form in ("ship_discount", "tech_discount"):
        rate = w.SHIP_DISCOUNT_RATE if form == "ship_discount" else w.TECH_DISCOUNT_RATE
        return rate * _num(ph.args.get("n", 1)) * ctx.res_value(ph.args.get("what", "common"))
    if form == "no_blockade":
        return w.NO_BLOCKADE_RATE * (ctx.planets + w.PLANETS_EXTRA)
    if form in ("ignore_asteroids", "resolve_last"):
        return w.MINOR_STATIC_RATE
    return w.UNKNOWN_FORM


def seq_value(seq: ast.Seq, ctx: Context) -> float:
    return sum(step_value(step, ctx) for step in seq.steps)


def step_value(step: Any, ctx: Context) -> float:
    if isinstance(step, ast.May):
        return max(0.0, step_value(step.step, ctx))
    if isinstance(step, ast.Choose):
        best = max((seq_value(o, ctx) for o in step.options), default=0.0)
        return best * _num(step.count)
    if isinstance(step, ast.Do):
        value = phrase_value(step.phrase, ctx)
        if step.counter is not None:
            value *= count(step.counter.noun, ctx) / max(1, step.counter.per)
        return value * cond_chance(step.cond, ctx)
    return ctx.w.UNKNOWN_FORM


def phrase_value(ph: ast.Phrase, ctx: Context) -> float:
    """Light one use of an effect phrase brings."""
    form = ph.form
    n = _num(ph.args.get("n", 1))
    worth = ctx.w.PHRASE
    if form == "gain":
        return n * ctx.res_value(str(ph.args.get("what", "common")))
    if form in ("draw", "draw_tech"):
        return worth["draw"] * n
    if form == "pick_up_one":
        return worth["pick_up_one"]
    if form == "manufacture_free":
        return worth["manufacture_free"]
    if form in ("build_ship_free", "build_ship_here"):
        return worth["build_ship_free"]
    if form == "deal_damage":
        return worth["deal_damage"] * n
    if form == "repair_here":
        return worth["repair_here"] * n
    if form == "reroll":
        return worth["reroll"]
    if form == "lose":  # what the seat gives back is worth what gaining it would be
        return -n * ctx.res_value(str(ph.args.get("what", "common")))
    if form == "others_lose":
        return worth["others_lose"] * n * ctx.res_value(str(ph.args.get("what", "common")))
    return ctx.w.UNKNOWN_FORM


def count(noun: ast.Phrase, ctx: Context) -> float:
    form = noun.form
    w = ctx.w
    if form in ("planet_controlled", "control_planet"):
        color = noun.args.get("color")
        place = noun.args.get("place")
        if color:
            return max(ctx.planets_by_color.get(color, 0) + w.COLOR_EXTRA, w.EXPECTED_COLOR)
        if place:
            return _at_place(place, ctx)
        return ctx.planets + w.PLANETS_EXTRA
    if form == "tech_in_play":
        return ctx.techs + w.TECHS_EXTRA
    if form == "ship_in_center":
        fade = min(1.0, ctx.rounds_left / w.CENTER_FADE_ROUNDS)
        return max(ctx.center_ships, w.EXPECTED_CENTER * fade)
    if form == "extractor_on":  # one extractor per planet held
        place = noun.args.get("place")
        if place:
            return _at_place(place, ctx)
        return ctx.planets + w.PLANETS_EXTRA
    if form == "ships_on_board":
        size = noun.args.get("size")
        return ctx.ships_by_size.get(size, 0) if size else sum(ctx.ships_by_size.values())
    if form == "player_count" and ctx.players:
        return ctx.players
    return 1.0  # a noun the context does not count is one


def _at_place(place: str, ctx: Context) -> float:
    w = ctx.w
    expected = w.EXPECTED_PLANETS.get(place, w.EXPECTED_PLACE_OTHER)
    return max(ctx.planets_by_place.get(place, 0) + w.PLACE_EXTRA, expected)


def cond_chance(cond: Any, ctx: Context) -> float:
    """A rough chance that a condition holds when its card fires."""
    if cond is None:
        return 1.0
    w = ctx.w
    if isinstance(cond, ast.Test):
        noun = cond.phrase
        if noun.form not in COUNTED_NOUNS:
            return w.COND_OTHER
        return min(1.0, w.TEST_BASE + w.TEST_SLOPE * count(noun, ctx))
    if isinstance(cond, ast.Compare):
        have = count(cond.noun, ctx)
        need = _num(cond.value)
        if cond.noun.form in EXACT_NOUNS and ctx.players:
            return 1.0 if ast.COMPARE[cond.op](int(have), int(need)) else 0.0
        return 1.0 if have >= need else max(w.COMPARE_MIN, w.COMPARE_SLOPE * have / max(need, 1))
    if isinstance(cond, ast.And):
        return cond_chance(cond.left, ctx) * cond_chance(cond.right, ctx)
    if isinstance(cond, ast.Or):
        return max(cond_chance(cond.left, ctx), cond_chance(cond.right, ctx))
    if isinstance(cond, ast.Not):
        return 1.0 - cond_chance(cond.inner, ctx)
    return w.COND_OTHER


def _num(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 1.0


def known_forms() -> set[str]:
    return EFFECT_FORMS | set(SHIPPED.EVENT_RATE) | STATIC_FORMS | COUNTED_NOUNS


def unknown_forms(cards: Any) -> dict[str, list[str]]:
    """Phrase forms in the given cards that the valuation has no entry for, with the cards."""
    known = known_forms()
    out: dict[str, list[str]] = {}
    for card in cards:
        for clause in card.clauses:
            for ph in ast.walk_phrases(clause):
                if ph.form not in known:
                    out.setdefault(ph.form, []).append(card.id)
    return out
