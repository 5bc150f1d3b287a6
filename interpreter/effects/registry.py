"""The vocabulary of the effect language: every phrase the engine knows, in one registry.

A phrase is matched word by word against a `Form`'s pattern. Patterns are written in lemma form
(singular nouns, `a` for a/an, `gain` for gains); `{name:type}` is a typed slot and `{name:type?}`
an optional one. The grammar (grammar.lark) only knows the shape of a clause; the parser, the
static checks, the card text renderer, the docs and the engine's primitive table all read this
registry, and tests prove they agree.

Kinds of form:
- effect: a step that does something (`gain 1 common`).
- modifier: a lasting change while the card is in play (`your small ships get +1 movement`).
- event: what a trigger waits for (`when you destroy a large ship`).
- condition: a test (`you control an inner planet`).
- counter: a noun that can be counted (`technologies in play`), used by `per` and comparisons.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

RESOURCES = ("common", "uncommon", "rare")
GAINABLE = (*RESOURCES, "light")
SIZES = ("small", "medium", "large")
STATS = ("movement", "shields", "attack", "range")
PLACES = ("inner", "outer", "distant")
COLORS = ("blue", "green", "red", "yellow")
PILES = ("deep_space", "planetary")

#: Slot types: name -> (what a designer is told is expected, the closed set of words or None).
SLOT_TYPES: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "amount": ("a number or a $parameter", None),
    "resource": ("a resource (common, uncommon, rare)", RESOURCES),
    "gainable": ("a resource or light (common, uncommon, rare, light)", GAINABLE),
    "size": ("a ship size (small, medium, large)", SIZES),
    "stat": ("a ship stat (movement, shields, attack, range)", STATS),
    "place": ("a planet place (inner, outer, distant)", PLACES),
    "color": ("a planet colour (blue, green, red, yellow)", COLORS),
    "pile": ("a token pile (deep_space, planetary)", PILES),
    "signed": ("a signed number such as +1 or -1", None),
    "param": ("a $parameter declared in the game settings", None),
    "action": ("an action card id (research, mine, construct, trade, refresh, command)", None),
}

#: Words rewritten before matching, so patterns need only one spelling.
LEMMAS: dict[str, str] = {
    "an": "a",
    "one": "1",
    "technologies": "technology",
    "ships": "ship",
    "extractors": "extractor",
    "planets": "planet",
    "tokens": "token",
    "asteroids": "asteroid",
    "actions": "action",
    "units": "unit",
    "players": "player",
    "trades": "trade",
    "cards": "card",
    "gains": "gain",
    "gets": "get",
    "has": "have",
    "loses": "lose",
    "costs": "cost",
    "rotates": "rotate",
    "ends": "end",
}

#: What a clause's context provides; a form may require some of these.
#: sector: a sector is "here" (a token's sector, a combat's sector).
#: combat: inside a combat roll (damage can be dealt).
#: attached: the card is attached to one ship type (ship ability or ship mod).
CONTEXTS = ("sector", "combat", "attached")


@dataclass(frozen=True, slots=True)
class Slot:
    name: str
    type: str
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Form:
    id: str
    kind: str
    pattern: str
    text: str
    doc: str
    example: str
    requires: frozenset[str] = frozenset()
    counter_ok: bool = False
    #: For events: the item types on which this trigger makes sense (None: any).
    cards: frozenset[str] | None = None
    elements: tuple[str | Slot, ...] = field(default=(), compare=False)


_SLOT_RE = re.compile(r"\{(\w+):(\w+)(\?)?\}")


def _compile(pattern: str) -> tuple[str | Slot, ...]:
    out: list[str | Slot] = []
    for word in pattern.split():
        m = _SLOT_RE.fullmatch(word)
        if m:
            if m.group(2) not in SLOT_TYPES:
                raise ValueError(f"unknown slot type in pattern {pattern!r}")
            out.append(Slot(m.group(1), m.group(2), bool(m.group(3))))
        else:
            out.append(word)
    return tuple(out)


FORMS: dict[str, Form] = {}


def _form(
    kind: str,
    id: str,
    pattern: str,
    text: str,
    doc: str,
    example: str,
    *,
    requires: tuple[str, ...] = (),
    counter_ok: bool = False,
    cards: tuple[str, ...] | None = None,
) -> None:
    if id in FORMS:
        raise ValueError(f"form {id!r} registered twice")
    FORMS[id] = Form(
        id,
        kind,
        pattern,
        text,
        doc,
        example,
        frozenset(requires),
        counter_ok,
        frozenset(cards) if cards is not None else None,
        _compile(pattern),
    )


# --- effects: steps that do something -------------------------------------------------------
E = "effect"
_form(
    E,
    "gain",
    "gain {n:amount} {what:gainable}",
    "gain {n} {what}",
    "Take resources or light from the supply.",
    "gain 1 light per 4 technologies in play",
    counter_ok=True,
)
_form(
    E,
    "pay",
    "pay {n:amount} {what:gainable}",
    "pay {n} {what}",
    "Pay to the supply; if you cannot, the rest of this effect stops.",
    "pay 2 common",
)
_form(
    E,
    "lose",
    "lose {n:amount} {what:gainable}",
    "lose {n} {what} (as many as you have)",
    "Return resources or light to the supply, as many as you have.",
    "lose 1 rare",
)
_form(
    E,
    "trade",
    "trade {n:amount} {give:gainable} for {m:amount} {get:gainable}",
    "trade {n} {give} for {m} {get}",
    "Pay one thing and gain another (a trade option).",
    "trade 2 common for 1 uncommon",
)
_form(
    E,
    "make_trades",
    "make {n:amount} trade",
    "make {n} {n|trade|trades (the same one may repeat)}",
    "Choose that many of the game's trade options, repeats allowed.",
    "make 1 trade",
)
_form(
    E,
    "other_gains",
    "another player gain {n:amount} {what:gainable}",
    "another player of your choice gains {n} {what}",
    "Choose one other player; they take from the supply.",
    "another player gains 1 common",
)
_form(
    E,
    "others_lose",
    "each other player lose {n:amount} {what:gainable}",
    "each other player loses {n} {what} (as many as they have)",
    "Every other player returns to the supply, as many as they have.",
    "each other player loses 1 common",
)
_form(
    E,
    "draw_keep",
    "draw {n:amount} technology keep {k:amount}",
    "draw {n} {n|technology|technologies}, keep {k} and discard the rest face up",
    "Draw from the technology deck, keep some in hand, discard the rest.",
    "draw 3 technologies keep 2",
)
_form(
    E,
    "draw",
    "draw {n:amount} technology",
    "draw {n} {n|technology|technologies} into your hand",
    "Draw from the technology deck into your hand.",
    "draw 1 technology",
)
_form(
    E,
    "manufacture_any",
    "manufacture any technology",
    "manufacture any number of technologies from your hand, paying their costs",
    "Put technologies from your hand into play, paying each cost.",
    "manufacture any technologies",
)
_form(
    E,
    "manufacture_free",
    "manufacture a technology free",
    "manufacture a technology from your hand without paying its cost",
    "Put one technology from your hand into play for free.",
    "manufacture a technology free",
)
_form(
    E,
    "build_ships",
    "build any ship",
    "build any number of ships you can pay for, in your home",
    "Build ships, paying their costs (or an opponent, from their graveyard).",
    "build any ships",
)
_form(
    E,
    "build_ship_free",
    "build a {size:size} ship free",
    "build a {size} ship in your home without paying",
    "Build one ship from your supply for free.",
    "build a small ship free",
)
_form(
    E,
    "build_ship_here",
    "build a {size:size} ship here",
    "build a {size} ship from your supply here, free",
    "Build one ship from your supply in this sector, free.",
    "build a small ship here",
    requires=("sector",),
)
_form(
    E,
    "build_extractors",
    "build up to {n:amount} extractor",
    "build up to {n} {n|extractor|extractors}, free, on your colony ship or a planet where "
    "only your ships are",
    "Build extractors for free where the rules allow.",
    "build up to 1 extractor",
)
_form(
    E,
    "build_extractor_here",
    "build a extractor here",
    "build an extractor on this planet for free",
    "Build an extractor from your supply on this sector's planet.",
    "build an extractor here",
    requires=("sector",),
)
_form(
    E,
    "mine",
    "mine",
    "collect one resource for each of your extractors",
    "Each extractor yields its planet's token resource or its colony ship space's.",
    "mine",
)
_form(
    E,
    "claim",
    "claim",
    "claim light for your extractors on non-blockaded ring planets",
    "Light per extractor on a non-blockaded planet, by ring (parameters claim_inner, "
    "claim_outer, claim_distant).",
    "claim",
)
_form(
    E,
    "ready",
    "ready your card",
    "ready all your exhausted cards",
    "Flip every exhausted technology and faction card face up.",
    "ready your cards",
)
_form(
    E,
    "repair",
    "repair your ship",
    "remove all damage from your ships",
    "Remove all damage tokens from your ships.",
    "repair your ships",
)
_form(
    E,
    "pick_up_all",
    "pick up your played action",
    "pick up your played action cards (Refresh stays on the table)",
    "Return played action cards to hand, except Refresh.",
    "pick up your played actions",
)
_form(
    E,
    "pick_up_one",
    "pick up a played action",
    "pick up one played action card other than Refresh",
    "Return one played action card (not Refresh) to hand.",
    "pick up a played action",
)
_form(
    E,
    "move_ships",
    "move your ship",
    "move your ships",
    "Each of your ships may move up to its movement, never into an asteroid sector.",
    "move your ships",
)
_form(
    E,
    "wormhole",
    "move a ship here",
    "move one of your ships from anywhere to this sector",
    "Move one of your ships from anywhere on the board here.",
    "move a ship here",
    requires=("sector",),
)
_form(
    E,
    "reveal",
    "reveal token",
    "reveal the tokens where your ships are, one at a time",
    "Reveal and resolve every face-down token in a sector holding your ships.",
    "reveal tokens",
)
_form(
    E,
    "attack",
    "attack",
    "attack with your ships, sector by sector",
    "Combat: roll the custom die per ship type where enemies are.",
    "attack",
)
_form(
    E,
    "deal_damage",
    "deal {n:amount} damage",
    "deal {n} damage to an enemy ship here",
    "Deal damage in this combat, assigned by you.",
    "deal 1 damage",
    requires=("combat",),
)
_form(
    E, "hit", "hit", "deal 1 damage", "A die face: 1 damage to assign.", "hit", requires=("combat",)
)
_form(
    E,
    "activate",
    "activate",
    "activate this ship type's ability",
    "A die face: fire the ship ability attached to the rolling ship type.",
    "activate",
    requires=("combat",),
)
_form(
    E,
    "reroll",
    "roll another die",
    "roll another die",
    "A die face: roll one more die and apply it too.",
    "roll another die",
    requires=("combat",),
)
_form(
    E,
    "repair_here",
    "repair {n:amount} damage",
    "remove {n} damage from one of your ships here",
    "Remove damage from one of your ships in this sector.",
    "repair 1 damage",
    requires=("sector",),
)
_form(
    E, "nothing", "nothing", "nothing happens", "No effect (a token that only yields).", "nothing"
)
_form(
    E,
    "discard",
    "discard {n:amount} technology",
    "discard {n} {n|technology|technologies} of your choice from your hand",
    "Choose technologies in your hand and put them on the discard pile.",
    "discard 1 technology",
)
_form(
    E,
    "destroy_here",
    "destroy a {size:size?} enemy ship here",
    "destroy an enemy {size} ship in this sector",
    "Choose an enemy ship here; it goes to your graveyard (as if you dealt the final damage).",
    "destroy a small enemy ship here",
    requires=("sector",),
)

# --- modifiers: lasting while the card is in play ------------------------------------------
M = "modifier"
_form(
    M,
    "ship_stat",
    "your {size:size?} ship get {delta:signed} {stat:stat}",
    "your {size} ships get {delta} {stat}",
    "Change a stat of your ships (all sizes if none named).",
    "your small ships get +1 movement",
)
_form(
    M,
    "attached_stat",
    "attached ship get {delta:signed} {stat:stat}",
    "ships of the attached type get {delta} {stat}",
    "Ship mod: change a stat of the ship type this card is attached to.",
    "attached ships get +1 shields",
    requires=("attached",),
)
_form(
    M,
    "ship_bombard",
    "your {size:size?} ship have bombardment",
    "your {size} ships have bombardment",
    "Your ships may bomb extractors.",
    "your large ships have bombardment",
)
_form(
    M,
    "attached_bombard",
    "attached ship have bombardment",
    "ships of the attached type have bombardment",
    "Ship mod: the attached type may bomb extractors.",
    "attached ships have bombardment",
    requires=("attached",),
)
_form(
    M,
    "ship_discount",
    "{size:size?} ship cost {n:amount} {what:resource} less",
    "your {size} ships cost {n} {what} less",
    "Cheaper ships (never below zero).",
    "small ships cost 1 common less",
)
_form(
    M,
    "tech_discount",
    "technology cost {n:amount} {what:resource} less",
    "your technologies cost {n} {what} less",
    "Cheaper technologies (never below zero).",
    "technologies cost 1 common less",
)
_form(
    M,
    "param",
    "{delta:signed} {param:param}",
    "{delta} to your {param}",
    "Change one of the game's rule parameters for you (see game.yaml `parameters`).",
    "+1 $research_draw",
)
_form(
    M,
    "resolve_last",
    "you resolve {action:action} last",
    "you resolve {action} after every other player",
    "Changes turn order for one action card.",
    "you resolve command last",
)
_form(
    M,
    "ignore_asteroids",
    "your ship ignore asteroid",
    "your ships may enter and cross asteroid sectors",
    "Asteroids do not block your ships.",
    "your ships ignore asteroids",
)
_form(
    M,
    "no_blockade",
    "your planet cannot be blockaded",
    "your planets cannot be blockaded",
    "Enemy ships never blockade your extractors.",
    "your planets cannot be blockaded",
)

# --- events: what a trigger waits for ----------------------------------------------------------
V = "event"
_form(
    V,
    "activated",
    "when activated",
    "when this ship type rolls activate",
    "A die of the attached ship type showed activate.",
    "when activated: deal 1 damage",
    cards=("ship_ability",),
)
_form(
    V,
    "destroy_ship",
    "when you destroy a {size:size?} ship",
    "when you destroy a {size} ship",
    "You destroyed an enemy ship.",
    "when you destroy a large ship: gain 1 light",
)
_form(
    V,
    "destroy_extractor",
    "when you destroy a extractor",
    "when you destroy an extractor",
    "You destroyed an enemy extractor.",
    "when you destroy an extractor: gain 1 common",
)
_form(
    V,
    "lose_ship",
    "when you lose a {size:size?} ship",
    "when you lose a {size} ship",
    "One of your ships was destroyed.",
    "when you lose a ship: gain 1 common",
)
_form(
    V,
    "build_ship",
    "when you build a {size:size?} ship",
    "when you build a {size} ship",
    "You built a ship.",
    "when you build a large ship: gain 1 light",
)
_form(
    V,
    "build_extractor",
    "when you build a extractor",
    "when you build an extractor",
    "You built an extractor.",
    "when you build an extractor: gain 1 common",
)
_form(
    V,
    "reveal_token",
    "when you reveal a {pile:pile?} token",
    "when you reveal a {pile} token",
    "You revealed an exploration token.",
    "when you reveal a token: gain 1 common",
)
_form(
    V,
    "manufacture",
    "when you manufacture a technology",
    "when you manufacture a technology",
    "You put a technology into play.",
    "when you manufacture a technology: gain 1 common",
)
_form(
    V,
    "rotation",
    "when the board rotate",
    "when the board rotates",
    "The board rotated (after rotation light).",
    "when the board rotates: gain 1 common",
)
_form(
    V,
    "before_action",
    "before you {action:action}",
    "before you {action}",
    "You are about to resolve that action card.",
    "before you trade: gain 1 common",
)
_form(
    V,
    "after_action",
    "after you {action:action}",
    "after you {action}",
    "You resolved that action card.",
    "after you mine: gain 1 common",
)
_form(
    V,
    "game_end",
    "when the game end",
    "when the game ends",
    "The game is over; scored before the winner is decided.",
    "when the game ends: gain 2 light if you control a blue planet",
)

# --- conditions --------------------------------------------------------------------------------
C = "condition"
_form(
    C,
    "control_planet",
    "you control a {place:place?} {color:color?} planet",
    "you control a {place} {color} planet",
    "You have an extractor on such a planet.",
    "you control an inner planet",
)
_form(
    C,
    "have_at_least",
    "you have {n:amount} {what:gainable}",
    "you have at least {n} {what}",
    "You hold at least that much.",
    "you have 3 common",
)
_form(
    C,
    "have_ship_here",
    "you have a ship here",
    "you have a ship here",
    "One of your ships is in this sector.",
    "you have a ship here",
    requires=("sector",),
)

# --- counters: countable nouns ------------------------------------------------------------------
N = "counter"
_form(
    N,
    "tech_in_play",
    "technology in play",
    "technologies in play",
    "Your technologies in play (exhausted ones count).",
    "per 4 technologies in play",
)
_form(
    N,
    "tech_in_hand",
    "technology in hand",
    "technologies in your hand",
    "Unresearched technologies in your hand.",
    "per 2 technologies in hand",
)
_form(
    N,
    "extractor_on",
    "extractor on a {place:place?} planet",
    "extractors on {place} planets",
    "Your extractors on planets.",
    "per extractor on an inner planet",
)
_form(
    N,
    "planet_controlled",
    "{place:place?} {color:color?} planet you control",
    "{place} {color} planets you control",
    "Planets you control.",
    "per blue planet you control",
)
_form(
    N,
    "ship_in_center",
    "ship in the center",
    "your ships in the center",
    "Your ships in the white dwarf's sector.",
    "per ship in the center",
)
_form(
    N,
    "ships_on_board",
    "{size:size?} ship on the board",
    "your {size} ships on the board",
    "Your ships on the board.",
    "per large ship on the board",
)
_form(
    N,
    "graveyard_units",
    "unit in your graveyard",
    "units in your graveyard",
    "Units in your graveyard.",
    "per unit in your graveyard",
)
_form(
    N,
    "played_actions",
    "played action",
    "your played action cards",
    "Your action cards on the table (Refresh included).",
    "played actions >= 1",
)
_form(N, "player_count", "player", "players in the game", "The number of players.", "players > 2")
_form(N, "light_held", "light", "your light", "Your light.", "light >= 10")


def forms_of(kind: str) -> list[Form]:
    return [f for f in FORMS.values() if f.kind == kind]


def head_words(kind: str) -> list[str]:
    """First literal word of each form of a kind (for 'did you mean' on an unknown verb)."""
    out: list[str] = []
    for form in forms_of(kind):
        for el in form.elements:
            if isinstance(el, str):
                out.append(el)
                break
    return sorted(set(out))


def vocabulary() -> dict[str, tuple[str, ...]]:
    """The whole vocabulary by kind, in one place: the effect forms (verbs), modifiers, events
    (triggers), conditions and counters of this registry, and the decision kinds of
    decisions.py. The engine's tables, the docs and lint are tested against it."""
    from lastlight.interpreter.effects.decisions import DECISION_KINDS

    out = {kind: tuple(f.id for f in forms_of(kind)) for kind in (E, M, V, C, N)}
    out["decision"] = tuple(DECISION_KINDS)
    return out
