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

from lastlight.interpreter.effects import ast

#: Light each resource is worth at the start of a game (2 rare trade for 1 light, 2 common for
#: 1 uncommon, ...). Resources lose worth as the game nears its end (`Context.res_value`).
RESOURCE_LIGHT = {"common": 0.16, "uncommon": 0.32, "rare": 0.6, "light": 1.0}
UNKNOWN_FORM = 0.05
#: Expected uses per round of an exhaust ability open during any action (it is readied at
#: Refresh).
EXHAUST_RATE = 0.16

#: Worth of one use of an effect phrase, by form (args are read where they matter).
EFFECT_FORMS = {
    "gain", "draw", "pick_up_one", "manufacture_free", "build_ship_free", "deal_damage",
    "repair_here", "reroll", "others_lose", "build_extractor_here", "move_ship_here", "trade_one",
}  # fmt: skip

#: Expected uses per round of a trigger, by event form. `reveal_token`, `destroy_ship` and
#: `lose_ship` are the rates measured in all-planner 4-player games (0.14 a seat and round each;
#: `python benchmarks/event_rates.py`); they were 0.25, 0.06 and 0.06, which had the planner keep
#: the Verdant Choir over factions that won more often and never the Hollow Fleet.
EVENT_RATE = {
    "after_action": 0.18, "destroy_ship": 0.14, "lose_ship": 0.14, "control_planet": 0.12,
    "rotation": 0.17, "reveal_token": 0.14, "draw": 0.35, "manufacture": 0.3, "build_ship": 0.2,
    "activated": 0.1, "deal_damage": 0.05, "game_end": 0.0, "gain": 0.2, "tech_in_play": 0.2,
    "planet_controlled": 0.1, "ship_in_center": 0.15, "others_lose": 0.05, "pick_up_one": 0.05,
    "repair_here": 0.05, "reroll": 0.05, "draw_tech": 0.35, "build_extractor": 0.2,
}  # fmt: skip

#: Worth per round of +1 to a rule parameter (game.yaml `parameters`), by parameter name. A
#: claim bonus pays at each of the seat's Refreshes: 0.18 a round (measured like EVENT_RATE; it
#: was 0.28, which valued the Quiet Lattice above factions that won more often).
PARAM_RATE = {
    "research_draw": 0.03, "research_keep": 0.06, "trade_choices": 0.07, "claim_inner": 0.18,
    "claim_outer": 0.18, "claim_distant": 0.1, "center_light": 0.15, "construct_extractors": 0.15,
    "graveyard_size": -0.03, "graveyard_light": 0.03, "refresh_min_played": -0.05,
}  # fmt: skip

#: Worth per round per ship of the size of +1 to a ship stat (lasting modifiers).
STAT_RATE = {"attack": 0.025, "movement": 0.08, "shields": 0.02, "range": 0.015}
#: Planets a seat is expected to hold by mid-game, by place: a claim bonus is valued on at
#: least these (a faction is kept before any planet is held).
EXPECTED_PLANETS = {"inner": 0.8, "outer": 1.5, "distant": 0.8}
#: Planets of one colour a seat is expected to hold by mid-game (a condition on a colour).
EXPECTED_COLOR = 0.6
#: Ships a seat that contests the center is expected to keep there (a faction is kept before
#: any ship can reach it; the planner holds about one there at the end of a 4-player game).
EXPECTED_CENTER = 0.8
#: What a seat holds when the game ends, per seat in all-planner 4-player games (planets
#: controlled, ships on the board, ships in the center; `python benchmarks/event_rates.py`
#: measured 2.25, 5.2 and 0.72 on seeds 9000-9099): an achievement scored at the end is valued
#: on these (`end_context`).
END_STATE = {"planets": 2.25, "fleet": 5.2, "center": 0.72}

STATIC_FORMS = {
    "param", "ship_stat", "attached_stat", "ship_bombard", "attached_bombard", "ship_discount",
    "tech_discount", "no_blockade", "ignore_asteroids", "resolve_last",
}  # fmt: skip

#: Nouns a counter (`per N noun`) or a comparison may count, read from the context.
COUNTED_NOUNS = {
    "planet_controlled", "control_planet", "tech_in_play", "ship_in_center", "extractor_on",
    "ships_on_board",
}  # fmt: skip


@dataclass
class Context:
    """What the valuation needs to know about the seat (all from its observation)."""

    rounds_left: float = 10.0
    planets: float = 1
    planets_by_place: dict[str, int] = field(default_factory=dict)
    planets_by_color: dict[str, float] = field(default_factory=dict)
    techs: int = 0
    center_ships: float = 0
    ships_by_size: dict[str, float] = field(default_factory=dict)
    action_rate: dict[str, float] = field(default_factory=dict)
    res_scale: float = 1.0

    def res_value(self, what: str) -> float:
        base = RESOURCE_LIGHT.get(what, 0.1)
        return base if what == "light" else base * self.res_scale


def end_context(
    ctx: Context, planets: float, planets_by_color: dict[str, float], sizes: Any
) -> Context:
    """The seat as it is expected to stand when the game ends: these planets, and the fleet and
    center ships of `END_STATE` (the fleet spread evenly over the ship sizes)."""
    return replace(
        ctx,
        planets=planets,
        planets_by_color=planets_by_color,
        ships_by_size={size: END_STATE["fleet"] / max(1, len(sizes)) for size in sizes},
        center_ships=END_STATE["center"],
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
    if isinstance(clause, ast.Static):
        return static_rate(clause.modifier, ctx, size) * rounds
    if isinstance(clause, ast.Activated):
        # an ability open during an action is used as often as that action is played
        during = ctx.action_rate.get(str(clause.during), 0.14) if clause.during else EXHAUST_RATE
        uses = rounds * during
        pay = sum(_num(n) * ctx.res_value(what) for n, what in clause.pay)
        return max(0.0, seq_value(clause.effect, ctx) - pay) * uses
    if isinstance(clause, ast.Triggered):
        event = clause.event
        per_use = seq_value(clause.effect, ctx) * cond_chance(clause.cond, ctx)
        if event.form == "game_end":
            return per_use
        rate = EVENT_RATE.get(event.form, 0.1)
        if event.form == "after_action":
            rate = ctx.action_rate.get(str(event.args.get("action")), rate)
        if event.form == "activated":
            ships = ctx.ships_by_size.get(size or "", 0) if size else 1
            rate *= max(0.5, ships)
        if event.form in ("destroy_ship", "build_ship") and event.args.get("size") == "large":
            rate *= 0.4
        return per_use * rate * rounds
    if isinstance(clause, ast.Plain):
        return seq_value(clause.effect, ctx)
    return UNKNOWN_FORM * rounds


def static_rate(ph: ast.Phrase, ctx: Context, size: str | None) -> float:
    """Light per round of a lasting modifier."""
    form = ph.form
    if form == "param":
        name = str(ph.args.get("param", "")).lstrip("$")
        rate = PARAM_RATE.get(name, UNKNOWN_FORM) * ph.args.get("delta", 1)
        if name.startswith("claim_"):
            place = name[6:]
            rate *= max(ctx.planets_by_place.get(place, 0), EXPECTED_PLANETS.get(place, 0.5))
        if name == "center_light":
            rate *= ctx.center_ships + 0.5
        return rate
    if form in ("ship_stat", "attached_stat"):
        which = ph.args.get("size") or size
        ships = ctx.ships_by_size.get(which, 0) if which else sum(ctx.ships_by_size.values())
        return STAT_RATE.get(ph.args.get("stat", ""), 0.01) * ph.args.get("delta", 1) * (ships + 2)
    if form in ("ship_bombard", "attached_bombard"):
        which = ph.args.get("size") or size
        return 0.03 * (ctx.ships_by_size.get(which, 0) + 1 if which else 1)
    if form == "ship_discount":
        return 0.15 * _num(ph.args.get("n", 1)) * ctx.res_value(ph.args.get("what", "common"))
    if form == "tech_discount":
        return 0.35 * _num(ph.args.get("n", 1)) * ctx.res_value(ph.args.get("what", "common"))
    if form == "no_blockade":
        return 0.06 * (ctx.planets + 0.5)
    if form in ("ignore_asteroids", "resolve_last"):
        return 0.02
    return UNKNOWN_FORM


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
    return UNKNOWN_FORM


def phrase_value(ph: ast.Phrase, ctx: Context) -> float:
    """Light one use of an effect phrase brings."""
    form = ph.form
    n = _num(ph.args.get("n", 1))
    if form == "gain":
        return n * ctx.res_value(str(ph.args.get("what", "common")))
    if form in ("draw", "draw_tech"):
        return 0.3 * n
    if form == "pick_up_one":
        return 0.45
    if form == "manufacture_free":
        return 0.55
    if form in ("build_ship_free", "build_ship_here"):
        return 0.3
    if form == "deal_damage":
        return 0.2 * n
    if form == "repair_here":
        return 0.06 * n
    if form == "reroll":
        return 0.15
    if form == "others_lose":
        return 0.3 * n * ctx.res_value(str(ph.args.get("what", "common")))
    return UNKNOWN_FORM


def count(noun: ast.Phrase, ctx: Context) -> float:
    form = noun.form
    if form in ("planet_controlled", "control_planet"):
        color = noun.args.get("color")
        place = noun.args.get("place")
        if color:
            return max(ctx.planets_by_color.get(color, 0) + 0.6, EXPECTED_COLOR)
        if place:
            return max(ctx.planets_by_place.get(place, 0) + 0.3, EXPECTED_PLANETS.get(place, 0.5))
        return ctx.planets + 0.5
    if form == "tech_in_play":
        return ctx.techs + 2
    if form == "ship_in_center":
        return max(ctx.center_ships, EXPECTED_CENTER * min(1.0, ctx.rounds_left / 8.0))
    if form == "extractor_on":  # one extractor per planet held
        place = noun.args.get("place")
        if place:
            return max(ctx.planets_by_place.get(place, 0) + 0.3, EXPECTED_PLANETS.get(place, 0.5))
        return ctx.planets + 0.5
    if form == "ships_on_board":
        size = noun.args.get("size")
        return ctx.ships_by_size.get(size, 0) if size else sum(ctx.ships_by_size.values())
    return 1.0


def cond_chance(cond: Any, ctx: Context) -> float:
    """A rough chance that a condition holds when its card fires."""
    if cond is None:
        return 1.0
    if isinstance(cond, ast.Test):
        noun = cond.phrase
        return min(1.0, 0.25 + 0.5 * count(noun, ctx)) if noun.form in COUNTED_NOUNS else 0.5
    if isinstance(cond, ast.Compare):
        have = count(cond.noun, ctx)
        need = _num(cond.value)
        return 1.0 if have >= need else max(0.1, 0.5 * have / max(need, 1))
    if isinstance(cond, ast.And):
        return cond_chance(cond.left, ctx) * cond_chance(cond.right, ctx)
    if isinstance(cond, ast.Or):
        return max(cond_chance(cond.left, ctx), cond_chance(cond.right, ctx))
    if isinstance(cond, ast.Not):
        return 1.0 - cond_chance(cond.inner, ctx)
    return 0.5


def _num(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 1.0


def known_forms() -> set[str]:
    return EFFECT_FORMS | set(EVENT_RATE) | STATIC_FORMS | COUNTED_NOUNS


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
