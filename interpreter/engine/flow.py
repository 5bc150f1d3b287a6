"""The flow of a game: setup choices, rounds, resolution order, end of round, rotation, game end.

R-SET-06, R-RND-01..06, R-ROT-01..05, R-END-01/02 and the Lumos' alliance timing (R-TWO-05/11)
live here. The flow keeps a queue of what is left to resolve this round in the state; each
entry either asks a decision, pushes effect frames, or changes the state and is dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from lastlight.interpreter.effects import ast
from lastlight.interpreter.engine import lumos
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.errors import EngineError
from lastlight.interpreter.engine.memos import HandCards
from lastlight.interpreter.engine.primitives.economy import gain, pay
from lastlight.interpreter.engine.ruleset import ActionCard, Rules, base_id, staying_actions
from lastlight.interpreter.engine.state import Frame, GameState

if TYPE_CHECKING:
    from lastlight.interpreter.engine.machine import Engine


_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


def turn_order(eng: Engine) -> tuple[int, ...]:
    """Seats in turn order from the first player (R-RND-02)."""
    n, first = eng.state["n"], eng.state["first"]
    order = _ORDERS.get((n, first))
    if order is None:
        order = _ORDERS[(n, first)] = tuple((first + i) % n for i in range(n))
    return order


def resolution_order(eng: Engine, card: str, players: list[int]) -> list[int]:
    """R-RND-04: turn order from the first player; a `you resolve X last` modifier moves a
    player after the others (R-CMD-01 as bent by a faction)."""
    if len(players) == 1:
        return list(players)
    order = [p for p in turn_order(eng) if p in players]
    last = [
        p
        for p in order
        if "resolve_last" in q.tables(eng, p).flags
        and q.has_flag(eng, p, "resolve_last", action=card)
    ]
    if not last:
        return order
    return [p for p in order if p not in last] + last


def advance(eng: Engine, choice: Any = None) -> None:
    """Do flow work until a decision is needed, effects must run, or the game is over."""
    stage = eng.state["stage"]
    if stage == "resolve":  # the common stages first
        resolve_queue(eng, choice)
    elif stage == "select":
        _select(eng, choice)
    elif stage == "faction":
        _setup_choice(eng, choice, "faction", "offer_f")
    elif stage == "achievement":
        _setup_choice(eng, choice, "ach", "offer_a")
    elif stage == "ending":
        _finish(eng)


def _setup_choice(
    eng: Engine,
    choice: Any,
    field: Literal["faction", "ach"],
    offer: Literal["offer_f", "offer_a"],
) -> None:
    """R-SET-06: each player keeps one faction and one achievement, secretly and
    simultaneously; the rest leave the game. The decision API asks one seat at a time (every
    faction, then every achievement), so a kept card is visible only to its owner (`see`);
    once every player has kept both, the factions are revealed together (nobody chooses an
    achievement knowing another's faction); the achievements stay secret until the game ends."""
    st = eng.state
    for p in turn_order(eng):
        pl = st["players"][p]
        if pl[field] is None:
            if choice is not None:
                pl[field] = choice["card"]
                pl[offer] = []
                pl["ver"] += 1
                eng.event("keep", p, choice["card"], see=(p,), card=choice["card"])
                return
            options = [{"kind": "keep", "card": c} for c in pl[offer]]
            what = "faction" if field == "faction" else "planetary achievement"
            eng.ask(p, "keep", options, f"Keep one {what}", by="flow")
            return
    if field == "faction":
        st["stage"] = "achievement"
    else:  # both cards kept by everyone: only now are the factions revealed (R-SET-06)
        eng.event("factions_revealed", None, None, factions=[pl["faction"] for pl in st["players"]])
        st["stage"] = "select"
        _start_round(eng)


def _start_round(eng: Engine) -> None:
    """R-RND-03: a player with no action card in hand picks up all but the ones that stay."""
    for p in turn_order(eng):
        pl = eng.state["players"][p]
        if not pl["hand"]:
            back = [a for a in pl["played"] if a not in staying_actions(eng.rules)]
            for a in back:
                pl["played"].remove(a)
                pl["hand"].append(a)
            eng.event("pick_up", p, None, cards=back, reason="empty hand")
        pl["chosen"] = None
    if eng.log is not None:
        eng.event("round", None, None, first=eng.state["first"], rotation=eng.state["rot"])


def playable(eng: Engine, p: int) -> list[str]:
    """The action cards p may play now, in card order."""
    return [option["card"] for option in play_options(eng, p)]


def play_options(eng: Engine, p: int) -> list[dict[str, Any]]:
    """p's `play` options: the cards in hand, in card order, whose `playable_if` holds."""
    hand = eng.state["players"][p]["hand"]
    out = []
    probe: Frame | None = None
    for option, cond in _hand_cards(eng.rules, hand):
        if cond is not None:
            if probe is None:
                probe = {"p": p, "sec": None, "src": None}
            if not eng.test(probe, cond):
                continue
        out.append(option)
    return out


def _hand_cards(rules: Rules, hand: list[str]) -> HandCards:
    """The cards of a hand in card order, each as (its `play` option, its `playable_if`);
    worked out once per hand for the loaded content (at most a few thousand hands)."""
    found = rules.memo.hand_cards
    key = tuple(hand)
    cards = found.get(key)
    if cards is None:
        cards = found[key] = tuple(
            (_play_option(a.id), a.playable_if) for a in rules.actions if a.id in hand
        )
    return cards


def _select(eng: Engine, choice: Any) -> None:
    """R-RND-01: every player chooses one card, simultaneously (asked in turn order, hidden)."""
    st = eng.state
    for p in turn_order(eng):
        pl = st["players"][p]
        if pl["chosen"] is not None:
            continue
        if choice is not None:
            pl["chosen"] = choice["card"]
            choice = None
            continue  # on to the next player to choose (or the reveal)
        options = play_options(eng, p)
        if not options:  # R-RND-03: a player always gets an action
            back = [a for a in pl["played"] if a not in staying_actions(eng.rules)]
            for a in back:
                pl["played"].remove(a)
                pl["hand"].append(a)
            options = play_options(eng, p)
        eng.ask(p, "play", options, "Choose an action card to play", by="flow")
        return
    # everyone has chosen: reveal and queue the resolution
    log = eng.log if eng.log is not None else eng.lab  # ("play" is a lab event)
    for p in turn_order(eng):
        pl = st["players"][p]
        card = pl["chosen"]
        assert card is not None  # (everyone has chosen)
        pl["hand"].remove(card)
        pl["played"].append(card)
        if log is not None:  # the entry `eng.event("play", p, None, card=card)` makes
            log.append({"round": st["round"], "event": "play", "player": p, "card": card})
    st["queue"] = _build_queue(eng)
    st["stage"] = "resolve"


#: action card -> its `play` option (one object per card: a decision is never changed)
_PLAY_OPTIONS: dict[str, dict[str, Any]] = {}


def _play_option(card: str) -> dict[str, Any]:
    option = _PLAY_OPTIONS.get(card)
    if option is None:
        option = _PLAY_OPTIONS[card] = {"kind": "play", "card": card}
    return option


def _build_queue(eng: Engine) -> list[list[Any]]:
    """R-RND-04: cards in number order; players who played the same card resolve it one at a
    time in turn order, each with their before window, the card's phases and their after
    window. A phase the card marks `together` (Command's attack, R-CMD-07) is joint: every
    player's earlier phases come first and every player's later phases after it."""
    by_card: dict[str | None, list[int]] = {}  # card -> the players who chose it, by seat
    for p, pl in enumerate(eng.state["players"]):
        found = by_card.get(pl["chosen"])
        if found is None:
            by_card[pl["chosen"]] = [p]
        else:
            found.append(p)
    queue: list[list[Any]] = []
    entries = eng.rules.memo.card_entries
    for action in eng.rules.actions:
        aid = action.id
        players = by_card.get(aid)
        if players is None:
            continue
        order = players if len(players) == 1 else resolution_order(eng, aid, players)
        key = (aid, *order)
        its = entries.get(key)
        if its is None:
            its = entries[key] = _entries(action, order)
        queue += its
    return queue


def _entries(action: ActionCard, order: list[int]) -> list[list[Any]]:
    aid = action.id
    segments, joints = action.segments
    last = len(segments) - 1
    out: list[list[Any]] = []
    append = out.append
    for k, segment in enumerate(segments):
        for p in order:
            if k == 0:
                append(["before", aid, p])
            for i in segment:
                append(["phase", aid, i, p])
            if k == last:
                append(["after", aid, p])
        if k < len(joints):
            append(["together", aid, joints[k], order])
    append(["card_end", aid])
    return out


def ability_options(eng: Engine, p: int, action: str) -> list[dict[str, Any]]:
    """R-RND-05: exhaust abilities a player may use around their own action."""
    pl = eng.state["players"][p]
    abilities = q.tables(eng, p).activated
    if not abilities:
        return []
    options = []
    exhausted = pl["exhausted"]
    for cid, i, clause in abilities:
        if cid in exhausted or clause.during not in (None, action):
            continue
        pays = clause.pay
        if not pays:
            affordable = True
        elif len(pays) == 1:  # the common case, without a cost dict
            ((n, res),) = pays
            need = n if type(n) is int else q.amount(eng, p, n)
            affordable = (pl["light"] if res == "light" else pl["res"].get(res, 0)) >= need
        else:
            affordable = q.can_pay(eng, p, {res: q.amount(eng, p, n) for n, res in pays})
        if affordable:
            options.append(_use_option(cid, i))
    return options


#: (card, clause) -> its `use` option (one object each: a decision is never changed)
_USE_OPTIONS: dict[tuple[str, int], dict[str, Any]] = {}


def _use_option(cid: str, i: int) -> dict[str, Any]:
    option = _USE_OPTIONS.get((cid, i))
    if option is None:
        option = _USE_OPTIONS[(cid, i)] = {"kind": "use", "card": cid, "clause": i}
    return option


def resolve_queue(eng: Engine, choice: Any = None) -> None:
    """Work through the round's queue until an entry asks, pushes effects or ends the round
    (`advance` at the `resolve` stage; the decision loop calls it directly). Frames an entry
    pushes (an action's phase, triggers) run here, as the decision loop would run them next,
    and the queue goes on when they finish without asking."""
    st = eng.state
    trips = 0
    while True:
        queue = st["queue"]
        tag = queue[0][0] if queue else None
        if tag == "before" or tag == "after":  # most entries: an ability window
            entry = queue[0]
            if choice is None and not st.get("entry"):
                t = q.tables(eng, entry[2])
                if not t.activated and _WINDOW_EVENTS[tag] not in t.triggers:
                    # nothing of p's to fire or use (most windows): `_window`'s pass, inline
                    st["trig"] = 0
                    queue.pop(0)
                    st["entry"] = 0
                    continue
            done = _window(eng, entry, choice)
        elif tag == "phase":  # an action's phase: `_resolve_entry`'s case, inline
            _, action, i, p = queue[0]
            queue.pop(0)
            st["entry"] = 0
            eng.push(eng.rules.action(action).phases[i][1], p, src=_action_src(action))
            done = False
        else:
            done = _resolve_entry(eng, choice)
        choice = None
        if not done:
            if st["pending"] is not None or st["over"] or not st["stack"]:
                return
            eng.run_frame()
            if st["stack"] or st["pending"] is not None or st["over"] or st["stage"] != "resolve":
                return
            trips += 1
            if trips > QUEUE_TRIPS:
                raise EngineError(eng.stuck_message())
            continue
        if st["stage"] != "resolve" or st["stack"] or st["pending"] is not None or st["over"]:
            return


#: Entries whose frames `resolve_queue` runs in one call before it calls the content stuck
QUEUE_TRIPS = 100_000

#: The event each ability window fires before it asks.
_WINDOW_EVENTS = {"before": "before_action", "after": "after_action"}


def _resolve_entry(eng: Engine, choice: Any) -> bool:
    """One step of the queue's first entry (other than an ability window, `_window`); True
    when it finished and nothing waits."""
    st = eng.state
    if not st["queue"]:
        _end_round(eng)
        return False
    entry = st["queue"][0]
    tag = entry[0]
    if tag == "phase":
        _, action, i, p = entry
        _pop(st)
        eng.push(eng.rules.action(action).phases[i][1], p, src=_action_src(action))
        return False
    if tag == "together":
        _, action, i, players = entry
        _pop(st)
        eng.push(
            eng.rules.action(action).phases[i][1],
            players[0],
            src=_action_src(action),
            group=list(players),
        )
        return False
    if tag == "rotated":  # rotation triggers have run: now the game-end check
        after_rotated_marker(eng)
        return False
    if tag == "card_end":
        _pop(st)
        lumos.update_alliance(eng)  # R-TWO-11: the Lumos change sides when a card ends
        return True
    raise AssertionError(f"unknown queue entry {entry!r}")


#: action card -> the `src` of its phases' frames
_ACTION_SRC: dict[str, str] = {}


def _action_src(action: str) -> str:
    src = _ACTION_SRC.get(action)
    if src is None:
        src = _ACTION_SRC[action] = f"action:{action}"
    return src


def _window(eng: Engine, entry: list[Any], choice: Any) -> bool:
    """An ability window before or after a player's action (R-RND-05): its event's triggers
    first, then the player's exhaust abilities they can use now, or pass."""
    st = eng.state
    tag, action, p = entry
    t = q.tables(eng, p)
    if choice is None and not st.get("entry"):
        st["trig"] = 0
        st["entry"] = 1
        event = _WINDOW_EVENTS[tag]
        # (no listener among p's cards while others listen: fire would push nothing)
        skip = event not in t.triggers and event in eng.rules.listeners
        if not skip and eng.fire(event, p, {"action": action}):
            return False  # the triggers run first
    if choice is not None:
        if choice["kind"] == "pass":
            st["queue"].pop(0)  # (`_pop`, written out)
            st["entry"] = 0
            return True
        _use_ability(eng, p, choice)
        return False
    options = ability_options(eng, p, action) if t.activated else None
    if not options:
        st["queue"].pop(0)
        st["entry"] = 0
        return True
    prompt = _WINDOW_PROMPTS.get((tag, action))
    if prompt is None:
        prompt = _WINDOW_PROMPTS[(tag, action)] = (
            f"Use a technology or faction ability {tag} your {action}, or pass"
        )
    eng.ask(p, "ability", [*options, _PASS], prompt, by="flow")
    return False


#: (window, action card) -> the prompt of its `ability` decision
_WINDOW_PROMPTS: dict[tuple[str, str], str] = {}


#: The `pass` option of every ability window (one object: a decision is never changed)
_PASS = {"kind": "pass"}


def entry_started(st: GameState) -> bool:
    return bool(st.get("entry"))


def _pop(st: GameState) -> None:
    st["queue"].pop(0)
    st["entry"] = 0


def _use_ability(eng: Engine, p: int, choice: dict[str, Any]) -> None:
    cid, i = choice["card"], choice["clause"]
    bid = base_id(cid)
    clause = eng.rules.cards[bid].clauses[i]
    assert isinstance(clause, ast.Activated)
    pay(eng, p, {res: q.amount(eng, p, n) for n, res in clause.pay}, cid)
    eng.state["players"][p]["exhausted"].append(cid)
    if eng.log is not None:
        eng.event("exhaust", p, cid, card=cid)
    eng.push(f"card:{bid}:{i}", p, src=cid)


def _end_round(eng: Engine) -> None:
    """R-RND-06: rotation (R-ROT-01), then game end (R-END-01), then the first player passes."""
    st = eng.state
    rotating = eng.rules.memo.rotating
    for pl in st["players"]:
        if rotating.isdisjoint(pl["played"]):
            break
    else:  # every player has a rotating card in play
        _rotate(eng)
        st["stage"] = "resolve"
        st["queue"] = [["rotated"]]
        return
    _after_rotation(eng)


def _rotate(eng: Engine) -> None:
    """R-ROT-02/03/05 (and the Lumos' reinforcements, R-TWO-03)."""
    st = eng.state
    st["rot"] = (st["rot"] + 1) % eng.board.period
    eng.cache.pop("asteroids", None)
    if eng.log is not None:
        eng.event("rotation", None, None, rotation=st["rot"])
    center = st["center"]
    for p in turn_order(eng):
        ships = sum(1 for uid in q.ships_in(eng, center) if st["units"][uid]["o"] == p)
        gain(eng, p, "light", ships * q.param(eng, p, "center_light"), "rotation")
    lumos.reinforce(eng)  # R-TWO-03
    for p in turn_order(eng):
        pl = st["players"][p]
        back = [a for a in pl["played"] if a in eng.rules.memo.rotating]
        for a in back:
            pl["played"].remove(a)
            pl["hand"].append(a)
    for p in turn_order(eng):
        eng.fire("rotation", p)
    # R-TWO-11: no alliance change here; the Lumos change sides only when a card ends


def _after_rotation(eng: Engine) -> None:
    st = eng.state
    if (
        any(pl["light"] >= eng.rules.light_to_win for pl in st["players"])
        or st["round"] >= eng.rules.round_cap
    ):
        st["stalled"] = st["round"] >= eng.rules.round_cap and not any(
            pl["light"] >= eng.rules.light_to_win for pl in st["players"]
        )
        st["stage"] = "ending"
        st["trig"] = 0
        for p in turn_order(eng):
            eng.fire("game_end", p)
        return
    st["first"] = (st["first"] + 1) % st["n"]  # R-RND-06 (and R-ROT-04: the same pass)
    st["round"] += 1
    st["stage"] = "select"
    _start_round(eng)


def after_rotated_marker(eng: Engine) -> None:
    eng.state["queue"] = []
    _after_rotation(eng)


def _finish(eng: Engine) -> None:
    """R-END-02: most light; ties to most technologies in play, then most resources."""
    st = eng.state
    ranks = [_rank(eng, p) for p in range(st["n"])]
    best = max(ranks)
    st["winners"] = [p for p, rank in enumerate(ranks) if rank == best]
    st["over"] = True
    st["stage"] = "over"
    eng.event(
        "game_over",
        None,
        None,
        winners=st["winners"],
        stalled=st.get("stalled", False),
        achievements=[pl["ach"] for pl in st["players"]],
        light=[pl["light"] for pl in st["players"]],
    )


def _rank(eng: Engine, p: int) -> tuple[int, int, int]:
    return (eng.state["players"][p]["light"], q.techs_in_play(eng, p), q.total_resources(eng, p))
