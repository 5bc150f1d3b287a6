"""Words for people: the event log as a game log, decisions as menu lines, a player's view."""

from __future__ import annotations

from typing import Any

from . import queries as q
from .game import Decision, Game
from .observe import ALL, Reader, redact
from .rules import base_id

#: What a reader who may not see an event learns: that it happened.
_HIDDEN = {
    "keep": "keeps a card in secret",
    "draw": "draws a technology",
}


def who(p: Any) -> str:
    if p is None:
        return "-"
    return "Lumos" if p == q.LUMOS else f"P{p}"


def card_name(game: Game, cid: str) -> str:
    card = game.rules.cards.get(base_id(cid))
    if card:
        return card.name
    token = game.rules.tokens.get(cid)
    if token:
        return base_id(cid)
    try:
        return game.rules.action(cid).name
    except KeyError:
        return cid


def event_line(game: Game, e: dict[str, Any], viewer: Reader = ALL) -> str:
    """One readable line per event, naming the content that caused it, as `viewer` may read it
    (a seat, None for a spectator, ALL for everything): a secret event shows only that it
    happened (R-SET-06, R-RND-07)."""
    name = e["event"]
    p = who(e.get("player"))
    e = redact(e, viewer)
    if e.get("hidden"):
        return f"R{e['round']:>3} {p} {_HIDDEN.get(name, name + ' (hidden)')}"
    rest = {k: v for k, v in e.items() if k not in ("round", "event", "player", "source", "at")}
    if name == "gain":
        text = f"{p} gains {e['n']} {e['what']}"
    elif name == "pay":
        text = f"{p} pays {e['n']} {e['what']}"
    elif name == "play":
        text = f"{p} plays {card_name(game, e['card'])}"
    elif name == "move":
        text = f"{p} moves {e['unit']} {e['frm']} -> {e['to']}"
    elif name == "build":
        where = e.get("sector") or (f"colony space {e['colony']}" if "colony" in e else "home")
        text = f"{p} builds {e['unit']} at {where}"
    elif name == "manufacture":
        size = f" on {e['size']} ships" if e.get("size") else ""
        text = f"{p} manufactures {card_name(game, e['card'])}{size}"
    elif name == "destroyed":
        text = f"{p} destroys {e['unit']} of {who(e['owner'])} in {e['sector']}"
    elif name == "reveal":
        text = f"{p} reveals {e['token']} in {e['sector']}"
    elif name == "keep":
        kept = e.get("card") or ", ".join(card_name(game, c) for c in e.get("cards", []))
        text = f"{p} keeps {card_name(game, kept) if e.get('card') else kept}"
    elif name == "factions_revealed":
        text = "factions revealed: " + ", ".join(
            f"{who(i)} {card_name(game, f) if f else '-'}" for i, f in enumerate(e["factions"])
        )
    elif name == "alliance":
        text = (
            f"the Lumos ally with {p}"
            if e.get("player") is not None
            else "the Lumos ally with nobody (light is tied)"
        )
    elif name == "rotation":
        text = f"the board rotates (state {e['rotation']})"
    elif name == "lumos_reinforced":
        text = f"{e['ships']} Lumos ships join the center"
    elif name == "pick_up":
        cards = ", ".join(card_name(game, c) for c in e.get("cards", []))
        text = f"{p} picks up {cards or 'nothing'}"
    elif name == "roll":
        text = f"{p} rolls {e['dice']} dice for {e['size']} ships in {e['sector']}" + (
            " (Lumos)" if e.get("lumos") else ""
        )
    elif name == "die":
        text = f"{p} rolls {e['face']}"
    elif name == "damage":
        text = f"{p} deals 1 damage to {e['unit']}"
    elif name == "exhaust":
        text = f"{p} exhausts {card_name(game, e['card'])}"
    elif name == "trigger":
        text = f"{p}: {card_name(game, e['card'])} triggers ({e['on']})"
    elif name == "round":
        text = f"--- round {e['round']} (first player {who(e['first'])}, rotation {e['rotation']})"
    elif name == "game_over":
        winners = ", ".join(who(w) for w in e["winners"])
        text = (
            f"=== game over: {winners} win{'s' if len(e['winners']) == 1 else ''} "
            f"with light {e['light']}" + (" (stalled)" if e.get("stalled") else "")
        )
    else:
        details = " ".join(f"{k}={v}" for k, v in rest.items())
        text = f"{p} {name} {details}".strip()
    src = e.get("source")
    if src and name not in ("play", "round"):
        if src.startswith("action:"):
            label = src.split(":")[1]
        elif src.startswith("card:"):
            label = card_name(game, src.split(":")[1])
        else:
            label = card_name(game, src)
        text += f"  [{label}{' @ ' + e['at'] if e.get('at') else ''}]"
    return f"R{e['round']:>3} {text}"


def decision_line(game: Game, d: Decision) -> str:
    kind = d["kind"]
    if kind == "play":
        return f"play {card_name(game, d['card'])}"
    if kind == "keep":
        texts = game.rules.texts.get(base_id(d["card"]), ())
        return f"keep {card_name(game, d['card'])}: {' '.join(texts)}"
    if kind == "move":
        lum = " (Lumos)" if d.get("lumos") else ""
        return (
            f"move a {d['size']} ship{lum} {d['from']} -> {d['to']} "
            f"({game.eng.board.kind(d['to'])})"
        )
    if kind == "manufacture":
        size = f" on your {d['size']} ships" if "size" in d else ""
        card = game.rules.cards[base_id(d["card"])]
        return f"manufacture {card.name}{size} (cost {card.cost or 'free'}): " + " ".join(
            game.rules.texts.get(card.id, ())
        )
    if kind == "build":
        src = f" from P{d['from']}'s graveyard" if "from" in d else ""
        return f"build a {d['size']} ship{src}"
    if kind == "extractor":
        return (
            f"build an extractor on {d['sector']}"
            if "sector" in d
            else f"build an extractor on colony space {d['colony']}"
        )
    if kind == "damage":
        if "extractor" in d:
            return f"destroy extractor {d['extractor']}"
        return f"damage a {d['size']} ship of {who(d['owner'])} (has {d['dmg']} damage)"
    if kind == "attack":
        joined = ", ".join(f"{k} from {o}" for o, k in d.get("from", {}).items())
        return (
            f"{'attack' if d['attack'] else 'hold fire'} with {d['size']} ships"
            + (f" ({joined})" if joined else "")
            + (" (Lumos)" if d.get("lumos") else "")
        )
    if kind == "trade":
        return d.get("text", f"trade option {d['option']}")
    if kind == "use":
        card = game.rules.cards[base_id(d["card"])]
        return f"use {card.name}: {game.rules.texts[card.id][d['clause']]}"
    if kind == "discard":
        return f"discard {card_name(game, d['card'])}"
    if kind == "may":
        return "yes" if d["do"] else "no"
    if kind in ("done", "pass"):
        return kind
    rest = " ".join(f"{k}={v}" for k, v in d.items() if k != "kind")
    return f"{kind} {rest}".strip()


def player_view(game: Game, p: int) -> str:
    """What a player at the table sees: their own hand and resources, and the public board."""
    st = game.state
    eng = game.eng
    lines = [f"Round {st['round']}, rotation {st['rot']}, first player {who(st['first'])}"]
    for o, pl in enumerate(st["players"]):
        mark = "*" if o == p else " "
        faction = card_name(game, pl["faction"]) if pl["faction"] else "-"
        lines.append(
            f"{mark}P{o} {faction}: light {pl['light']}, res {pl['res']}, "
            f"played {pl['played']}, techs {q.techs_in_play(eng, o)}"
        )
    me = st["players"][p]
    lines.append(
        f"Your hand: {me['hand']}; technologies in hand: "
        f"{[card_name(game, c) for c in me['tech_hand']]}"
    )
    lines.append("Board:")
    for sector, info in st["sectors"].items():
        bits = []
        if info["planet"]:
            xt = q.extractor_on_planet(eng, sector)
            owner = f" ext {who(st['units'][xt]['o'])}" if xt else ""
            token = f" [{info['token']}]" if info["up"] else " [?]"
            planet = game.rules.planets.get(info["planet"], {})
            colours = "/".join(planet.get("colors", ()))
            bits.append(f"planet {planet.get('name') or info['planet']} ({colours}){token}{owner}")
        if info["deep"]:
            bits.append("deep space [?]")
        if info["ast"]:
            bits.append("asteroid")
        ships: dict[str, int] = {}
        for uid in q.ships_in(eng, sector):
            u = st["units"][uid]
            key = f"{who(u['o'])} {u['z']}"
            ships[key] = ships.get(key, 0) + 1
        bits.extend(f"{n}x {k}" for k, n in ships.items())
        if bits:
            lines.append(f"  {sector} ({eng.board.kind(sector)}): " + "; ".join(bits))
    return "\n".join(lines)
