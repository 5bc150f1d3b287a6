"""Words for people: the event log as a game log and decisions as menu lines, in the names a
player reads (cards, planets, ships), never internal ids (`p1-x-2`, `fortress-worlds#1`).

Everything here reads public content (names, texts, the board) and a `SeatView` (`Game.view`):
the position as the reader may know it. An event is redacted for its reader (`event_line`'s
`viewer`, by default the view's own), so nothing a seat may not know reaches its screen. Card
names and texts need only the content: `card_name` and `card_text` take a game or a view.
"""

from __future__ import annotations

from collections.abc import Callable
from types import EllipsisType
from typing import TYPE_CHECKING, Any, Protocol

from lastlight.interpreter.engine.game import Decision
from lastlight.interpreter.engine.observe import ALL, Reader, redact
from lastlight.interpreter.engine.ruleset import base_id
from lastlight.interpreter.engine.view import LUMOS, SeatView

if TYPE_CHECKING:
    from lastlight.interpreter.engine.ruleset import Rules


class HasRules(Protocol):
    """What the content's words need: a `Game` or a `SeatView` (both carry the rules)."""

    @property
    def rules(self) -> Rules: ...


#: What a reader who may not see an event learns: that it happened.
_HIDDEN = {
    "keep": "keeps a card in secret",
    "draw": "draws a technology",
    "discard": "discards a technology",
}


def who(p: Any) -> str:
    if p is None:
        return "-"
    return "Lumos" if p == LUMOS else f"P{p}"


def whose(p: Any) -> str:
    return "the Lumos'" if p == LUMOS else f"{who(p)}'s"


def card_name(view: HasRules, cid: str) -> str:
    """The printed name of a card, action card or exploration token (physical id or design)."""
    base = base_id(cid)
    card = view.rules.cards.get(base)
    if card:
        return card.name
    entry = view.rules.pack.items.get(base)
    if entry and entry[1].get("name"):
        return str(entry[1]["name"])
    try:
        return view.rules.action(cid).name
    except KeyError:
        return base


def card_text(view: HasRules, cid: str) -> str:
    """The generated text of a card, action card or token (what `lastlight show` prints)."""
    base = base_id(cid)
    texts = view.rules.texts.get(base)
    if texts is None:
        effects = view.rules.pack.models.get("effects")
        texts = tuple(c.text for c in effects.of(base)) if effects is not None else ()
    return " ".join(texts)


def cost_text(cost: dict[str, int] | None) -> str:
    parts = [f"{n} {res}" for res, n in (cost or {}).items() if n]
    return ", ".join(parts) or "free"


def sector_name(view: SeatView, sector: str) -> str:
    """`o3 Pyre`, `h0 P0's home`, `c center`, `d3 asteroid`: the board label and what it is."""
    kind = view.kind(sector)
    info = view.sectors.get(sector)
    if info is not None and info.planet:
        planet = view.rules.planets.get(info.planet, {})
        return f"{sector} {planet.get('name') or info.planet}"
    if kind == "home":
        homes = list(view.homes or ())
        return (
            f"{sector} {whose(homes.index(sector))} home" if sector in homes else f"{sector} home"
        )
    if kind == "center":
        return f"{sector} center"
    if info is not None and info.asteroid:
        return f"{sector} asteroid"
    return f"{sector} {kind}"


def unit_name(view: SeatView, uid: str, *, owner: bool = True) -> str:
    """`P1's small ship`, `P0's extractor` (or without the owner: `small ship`)."""
    unit = view.units.get(uid)
    if unit is None:  # not in this state (a hand-made event): read the id's shape
        parts = uid.split("-")
        what = "extractor" if "x" in parts else f"{parts[1] if len(parts) > 2 else ''} ship"
        return what.strip()
    what = "extractor" if unit.is_extractor else f"{unit.size} ship"
    return f"{whose(unit.owner)} {what}" if owner else what


def colony_space(view: HasRules, index: int) -> str:
    spaces = view.rules.colony_spaces
    res = spaces[index] if 0 <= index < len(spaces) else "?"
    return f"colony space {index + 1} ({res})"


def _cards(view: HasRules, cids: list[str]) -> str:
    return ", ".join(card_name(view, c) for c in cids) or "nothing"


def event_line(
    view: SeatView,
    e: dict[str, Any],
    viewer: Reader | EllipsisType = ...,
    *,
    where: bool = True,
) -> str:
    """One readable line per event, naming the content that caused it, as `viewer` may read it
    (a seat, None for a spectator, ALL for everything; by default the view's own reader): a
    secret event shows only that it happened (R-SET-06, R-RND-07). Pieces and sectors are named
    from `view` (the position now). `where=False` leaves out the content file:line."""
    if isinstance(viewer, EllipsisType):
        viewer = view.reader
    name = e["event"]
    p = who(e.get("player"))
    e = redact(e, viewer)
    if "seed" in e and viewer != ALL and not view.over:
        # the seed decides every draw to come: a reader learns it when the game is over
        e = {k: v for k, v in e.items() if k != "seed"}
    if e.get("hidden"):
        return f"R{e['round']:>3} {p} {_HIDDEN.get(name, name.replace('_', ' ') + ' (hidden)')}"
    text = _event_text(view, name, p, e)
    src = e.get("source")
    if src and name not in ("play", "round"):
        if src.startswith("action:") or src.startswith("card:"):
            label = card_name(view, src.split(":")[1])
        else:
            label = card_name(view, src)
        at = f" @ {e['at']}" if where and e.get("at") else ""
        if label.lower() not in text.lower() or at:
            text += f"  [{label}{at}]"
    return f"R{e['round']:>3} {text}"


def _sec(view: SeatView, sector: str | None) -> str:
    """A sector's name if it is on the board, else the value as it stands."""
    if sector is not None and sector in view.sectors:
        return sector_name(view, sector)
    return str(sector)


#: One event's words: (view, the player's label, the event) -> the line without the round.
EventText = Callable[[SeatView, str, dict[str, Any]], str]


def _ev_move(view: SeatView, p: str, e: dict[str, Any]) -> str:
    return (
        f"{p} moves a {unit_name(view, e['unit'], owner=False)} from {_sec(view, e['frm'])} "
        f"to {_sec(view, e['to'])}"
    )


def _ev_build(view: SeatView, p: str, e: dict[str, Any]) -> str:
    what = unit_name(view, e["unit"], owner=False)
    if "colony" in e and not e.get("sector"):
        return f"{p} builds an {what} on {colony_space(view, e['colony'])}"
    article = "an" if what[0] in "aeiou" else "a"
    place = _sec(view, e["sector"]) if e.get("sector") else "home"
    return f"{p} builds {article} {what} {'on' if what == 'extractor' else 'at'} {place}"


def _ev_manufacture(view: SeatView, p: str, e: dict[str, Any]) -> str:
    size = f" on {e['size']} ships" if e.get("size") else ""
    return f"{p} manufactures {card_name(view, e['card'])}{size}"


def _ev_keep(view: SeatView, p: str, e: dict[str, Any]) -> str:
    kept = [e["card"]] if e.get("card") else list(e.get("cards", []))
    return f"{p} keeps {_cards(view, kept)}"


def _ev_factions_revealed(view: SeatView, p: str, e: dict[str, Any]) -> str:
    return "factions revealed: " + ", ".join(
        f"{who(i)} {card_name(view, f) if f else '-'}" for i, f in enumerate(e["factions"])
    )


def _ev_alliance(view: SeatView, p: str, e: dict[str, Any]) -> str:
    if e.get("player") is not None:
        return f"the Lumos ally with {p}"
    return "the Lumos ally with nobody (light is tied)"


def _ev_roll(view: SeatView, p: str, e: dict[str, Any]) -> str:
    lumos = " (Lumos)" if e.get("lumos") else ""
    return f"{p} rolls {e['dice']} dice for {e['size']} ships in {_sec(view, e['sector'])}{lumos}"


def _ev_graveyard_emptied(view: SeatView, p: str, e: dict[str, Any]) -> str:
    n = len(e.get("units", []))
    return f"{whose(e.get('player'))} graveyard is emptied ({n} ship{'s' * (n != 1)} go home)"


def _ev_game_over(view: SeatView, p: str, e: dict[str, Any]) -> str:
    winners = ", ".join(who(w) for w in e["winners"])
    text = (
        f"=== game over: {winners} win{'s' if len(e['winners']) == 1 else ''}"
        "; light "
        + ", ".join(f"{who(i)} {n}" for i, n in enumerate(e["light"]))
        + (" (stalled)" if e.get("stalled") else "")
    )
    if e.get("achievements"):
        text += "; achievements " + ", ".join(
            f"{who(i)} {card_name(view, a) if a else '-'}" for i, a in enumerate(e["achievements"])
        )
    return text


#: The line of each event kind; a kind not listed reads as its name and fields (`_ev_other`).
_EVENT_TEXT: dict[str, EventText] = {
    "gain": lambda view, p, e: f"{p} gains {e['n']} {e['what']}",
    "pay": lambda view, p, e: f"{p} pays {e['n']} {e['what']}",
    "play": lambda view, p, e: f"{p} plays {card_name(view, e['card'])}",
    "move": _ev_move,
    "build": _ev_build,
    "manufacture": _ev_manufacture,
    "destroyed": lambda view, p, e: (
        f"{p} destroys {unit_name(view, e['unit'])} in {_sec(view, e['sector'])}"
        + (" (with Lumos ships)" if e.get("lumos") else "")
    ),
    "damage": lambda view, p, e: f"{p} deals 1 damage to {unit_name(view, e['unit'])}",
    "repair": lambda view, p, e: f"{p} repairs its {unit_name(view, e['unit'], owner=False)}",
    "reveal": lambda view, p, e: (
        f"{p} reveals {card_name(view, e['token'])} in {_sec(view, e['sector'])}"
    ),
    "keep": _ev_keep,
    "draw": lambda view, p, e: (
        f"{p} draws {_cards(view, list(e.get('cards') or [e.get('card', '')]))}"
    ),
    "discard": lambda view, p, e: f"{p} discards {card_name(view, e['card'])}",
    "factions_revealed": _ev_factions_revealed,
    "alliance": _ev_alliance,
    "rotation": lambda view, p, e: (
        f"the board rotates (rotation {e['rotation']}): neighbours change"
    ),
    "lumos_reinforced": lambda view, p, e: f"{e['ships']} Lumos ships join the center",
    "pick_up": lambda view, p, e: f"{p} picks up {_cards(view, e.get('cards', []))}",
    "ready": lambda view, p, e: f"{p} readies {_cards(view, e.get('cards', []))}",
    "roll": _ev_roll,
    "die": lambda view, p, e: f"{p} rolls {str(e['face']).replace('_', ' ')}",
    "combat": lambda view, p, e: f"combat in {_sec(view, e['sector'])}",
    "exhaust": lambda view, p, e: f"{p} exhausts {card_name(view, e['card'])}",
    "trigger": lambda view, p, e: (
        f"{p}: {card_name(view, e['card'])} triggers ({str(e['on']).replace('_', ' ')})"
    ),
    "graveyard_emptied": _ev_graveyard_emptied,
    "deck_reshuffled": lambda view, p, e: "the technology discards are shuffled into a new deck",
    "setup": lambda view, p, e: (
        f"a {e['players']}-player game"
        + (f", seed {e['seed']}" if "seed" in e else "")
        + f"; {who(e['first'])} goes first"
    ),
    "round": lambda view, p, e: (
        f"--- round {e['round']} (first player {who(e['first'])}, rotation {e['rotation']})"
    ),
    "game_over": _ev_game_over,
}


def _ev_other(view: SeatView, name: str, p: str, e: dict[str, Any]) -> str:
    """An event no entry of `_EVENT_TEXT` knows: its name and its fields, ids named."""
    rest = {k: v for k, v in e.items() if k not in ("round", "event", "player", "source", "at")}
    details = " ".join(f"{k.replace('_', ' ')} {_named(view, v)}" for k, v in rest.items())
    return f"{p} {name.replace('_', ' ')} {details}".strip()


def _event_text(view: SeatView, name: str, p: str, e: dict[str, Any]) -> str:
    text = _EVENT_TEXT.get(name)
    return text(view, p, e) if text is not None else _ev_other(view, name, p, e)


def _named(view: SeatView, value: Any) -> str:
    """A value of an event no line above knows, with ids turned into names where they are."""
    if isinstance(value, list):
        return ", ".join(_named(view, v) for v in value)
    if isinstance(value, str):
        if value in view.units:
            return unit_name(view, value)
        if value in view.sectors:
            return sector_name(view, value)
        return card_name(view, value)
    return str(value)


#: One decision's menu words: (view, the decision, the seat choosing or None) -> the line.
DecisionText = Callable[[SeatView, Decision, "int | None"], str]


def _do_move(view: SeatView, d: Decision, me: int | None) -> str:
    lum = "a Lumos" if d.get("lumos") else "a"
    return (
        f"move {lum} {d['size']} ship from {sector_name(view, d['from'])} to "
        f"{sector_name(view, d['to'])}{_about(view, d['to'])}"
    )


def _do_manufacture(view: SeatView, d: Decision, me: int | None) -> str:
    size = f" on your {d['size']} ships" if "size" in d else ""
    cost = view.tech_cost(me, d["card"]) if me is not None else None
    return (
        f"manufacture {card_name(view, d['card'])}{size} (cost {cost_text(cost)}): "
        f"{card_text(view, d['card'])}"
    )


def _do_build(view: SeatView, d: Decision, me: int | None) -> str:
    if "from" in d:
        return f"build a {d['size']} ship from {whose(d['from'])} graveyard"
    cost = view.ship_cost(me, d["size"]) if me is not None else None
    return f"build a {d['size']} ship (cost {cost_text(cost)})"


def _do_extractor(view: SeatView, d: Decision, me: int | None) -> str:
    if "sector" in d:
        return f"build an extractor on {sector_name(view, d['sector'])}{_about(view, d['sector'])}"
    return f"build an extractor on {colony_space(view, d['colony'])} of your colony ship"


def _do_damage(view: SeatView, d: Decision, me: int | None) -> str:
    if "extractor" in d:
        uid = d["extractor"]
        unit = view.units.get(uid)
        at = unit.sector if unit is not None else None
        return f"destroy {unit_name(view, uid)}" + (f" on {sector_name(view, at)}" if at else "")
    return f"damage {whose(d['owner'])} {d['size']} ship (it has {d['dmg']} damage)"


def _do_attack(view: SeatView, d: Decision, me: int | None) -> str:
    lumos = " (Lumos)" if d.get("lumos") else ""
    joined = ", ".join(f"{k} from {sector_name(view, o)}" for o, k in d.get("from", {}).items())
    joined = f" ({joined})" if joined else ""
    if d["attack"]:
        return f"attack with your {d['size']} ships{joined}{lumos}"
    return f"hold fire with your {d['size']} ships{lumos}"


def _do_use(view: SeatView, d: Decision, me: int | None) -> str:
    texts = view.rules.texts.get(base_id(d["card"]), ())
    clause = texts[d["clause"]] if d["clause"] < len(texts) else ""
    return f"use {card_name(view, d['card'])}: {clause}"


def _do_reveal(view: SeatView, d: Decision, me: int | None) -> str:
    what = "the deep space token" if d.get("pile") == "deep_space" else "the planet's token"
    return f"reveal {what} on {sector_name(view, d['sector'])}"


#: The menu line of each decision kind; a kind not listed reads as its fields (`_do_other`).
_DECISION_TEXT: dict[str, DecisionText] = {
    "play": lambda view, d, me: f"play {card_name(view, d['card'])}: {card_text(view, d['card'])}",
    "keep": lambda view, d, me: f"keep {card_name(view, d['card'])}: {card_text(view, d['card'])}",
    "pick_up": lambda view, d, me: f"pick up {card_name(view, d['card'])}",
    "move": _do_move,
    "manufacture": _do_manufacture,
    "build": _do_build,
    "extractor": _do_extractor,
    "damage": _do_damage,
    "destroy": lambda view, d, me: f"destroy {whose(d['owner'])} {d['size']} ship",
    "attack": _do_attack,
    "trade": lambda view, d, me: d.get("text", f"trade option {d['option'] + 1}"),
    "use": _do_use,
    "discard": lambda view, d, me: (
        f"discard {card_name(view, d['card'])}: {card_text(view, d['card'])}"
    ),
    "may": lambda view, d, me: "yes, do it" if d["do"] else "no, skip it",
    "choose": lambda view, d, me: _choose_text(view, d),
    "sector": lambda view, d, me: f"{sector_name(view, d['sector'])}{_about(view, d['sector'])}",
    "player": lambda view, d, me: who(d["player"]),
    "reveal": _do_reveal,
    "done": lambda view, d, me: "done (stop here)",
    "pass": lambda view, d, me: "pass",
}


def _do_other(view: SeatView, kind: str, d: Decision) -> str:
    """A decision no entry of `_DECISION_TEXT` knows: its kind and fields, ids named."""
    rest = " ".join(f"{k} {_named(view, v)}" for k, v in d.items() if k != "kind")
    return f"{kind} {rest}".strip()


def decision_line(view: SeatView, d: Decision, p: int | None = None) -> str:
    """A menu line that says what the choice means, in words (`p`: the seat choosing, by
    default the one to move). A "choose one" option reads its words from the open decision's
    prompt, which only the deciding seat's view (or the whole state's) holds."""
    kind = d["kind"]
    me = view.to_move if p is None else p
    text = _DECISION_TEXT.get(kind)
    return text(view, d, me) if text is not None else _do_other(view, kind, d)


def _choose_text(view: SeatView, d: Decision) -> str:
    """A 'choose one' option: the prompt lists the options' texts in the order of the menu."""
    pending = view.pending
    prompt = (pending.prompt if pending is not None else None) or ""
    legal = list(pending.options or ()) if pending is not None else []
    head = "Choose one: "
    if prompt.startswith(head) and d in legal:
        parts = prompt[len(head) :].split(" | ")
        if len(parts) == len(legal):
            return parts[legal.index(d)]
    return f"option {d['option'] + 1}"


def _about(view: SeatView, sector: str) -> str:
    """What a player learns about a destination: its planet colours, a face-down token, ships."""
    info = view.sectors.get(sector)
    bits = []
    if info is not None and info.planet:
        planet = view.rules.planets.get(info.planet, {})
        bits.append("/".join(planet.get("colors", ())))
        if info.token and not info.token_face_up:
            bits.append("unexplored")
    if info is not None and info.deep_space:
        bits.append("unexplored deep space")
    owners = sorted(set(view.owners_in(sector)))
    if owners:
        bits.append("ships of " + ", ".join(who(o) for o in owners))
    return f" ({'; '.join(b for b in bits if b)})" if any(bits) else ""
