"""Determinization: a full game state consistent with one seat's observation (for search bots).

An observation (observe.py) has the state's shape with the hidden fields set to `None`. A sample
fills them in at random from what the seat cannot rule out, so a search bot can play out
futures in worlds it cannot tell apart from the real one:

- technology cards: every physical copy the seat cannot see (not in its own hand, nobody's
  civilisation, abilities or modifications, not in the discard) is dealt at random to the other
  players' hands (each gets its public `tech_hand_count`) and the rest, shuffled, is the deck
  (`deck_count` cards);
- achievements: another player's kept achievement is one of the offer that player was dealt
  (the offer is public knowledge: player p is dealt copy p of each colour, R-SET-06); an
  achievement not kept yet stays undecided, with that offer;
- factions (hidden until every player has kept a faction and an achievement, R-SET-06): drawn
  from the factions the seat has not seen (every faction for this player count minus its own
  offer or kept faction), so a seat keeping its achievement samples the others' factions;
- chosen action cards (hidden until revealed): one of that player's playable cards;
- face-down tokens: each is redrawn from the unseen tokens of the pile its back shows (the pile
  minus the tokens face up on the board and those removed after being revealed);
- the generator: a fresh state drawn from the caller's generator (so futures differ per sample);
- the effect stack: hidden, so a sample can only be built at a decision taken between effects
  (choosing an action card, keeping a faction or achievement, using an ability around an
  action). `NotSampleable` is raised for a decision taken mid-effect (moving, building,
  trading...): the frames that would resume after it cannot be rebuilt from the observation.

What a sample does NOT use: public inferences from the history (the log is not part of the
observation), e.g. which faction this seat was offered but returned; so samples are drawn from
a slightly wider set than a perfect-memory player would use.
"""

from __future__ import annotations

import marshal
from collections import Counter
from collections.abc import Callable
from typing import Any, cast

from lastlight.interpreter.engine.observe import Observation, observation
from lastlight.interpreter.engine.rng import Rng
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.engine.state import GameState

#: How a sampled world fills in a hidden chosen action card: given the choosing seat's
#: observation of the world (nothing chosen yet) and its `play` options, the option it plays
#: (`Game.from_view(choose=...)` gives a bot the seat's view instead).
Chooser = Callable[[Observation, list[dict[str, Any]]], dict[str, Any]]

#: Decisions the flow asks between effects (the effect stack is empty when they are open).
FLOW_KINDS = frozenset({"keep", "play", "ability"})

#: Fields an observation adds to the state's shape (they are derived, not stored).
_OBS_KEYS = ("seat", "deck_count")
_OBS_PLAYER_KEYS = (
    "tech_hand_count",
    "hand_count",
    "has_chosen",
    "faction_kept",
    "achievement_kept",
)


class NotSampleable(ValueError):
    """The observation cannot be completed into a full state (taken mid-effect)."""


def sampleable(obs: Observation) -> bool:
    """Can a state be sampled from this observation (no effect is part-way through)?"""
    pending = obs.get("pending")
    return pending is None or pending["kind"] in FLOW_KINDS


def sample_state(
    rules: Rules, obs: Observation, rng: Rng, choose: Chooser | None = None
) -> GameState:
    """A full state, drawn at random among those `obs` cannot tell apart from the real one.
    A card another seat has chosen but not revealed is one of its playable cards at random, or
    `choose`'s pick from that seat's view of the sampled world (an opponent model)."""
    seat = obs["seat"]
    if seat is None:
        raise NotSampleable("a spectator's observation has no seat to sample for")
    if not sampleable(obs):
        kind = obs["pending"]["kind"] if obs["pending"] else None
        raise NotSampleable(
            f"the observation was taken during an effect (a '{kind}' "
            "decision): the hidden effect stack cannot be rebuilt"
        )
    # a deep copy, ~3x faster than JSON
    st: dict[str, Any] = marshal.loads(marshal.dumps(cast(dict[str, Any], obs)))
    for k in _OBS_KEYS:
        del st[k]
    players = st["players"]
    for pl in players:
        for k in _OBS_PLAYER_KEYS:
            pl.pop(k, None)
    others = [p for p in range(len(players)) if p != seat]
    _deal_technologies(rules, obs, st, others, rng)
    _deal_factions(rules, obs, st, others, rng)
    _deal_achievements(rules, obs, st, others, rng)
    _deal_tokens(rules, st, rng)
    st["seed"] = 0
    st["rng"] = rng.next64()
    st["stack"] = []
    st["trig"] = 0
    pending = obs.get("pending")
    # an ability decision is asked inside a started before/after entry of the queue
    st["entry"] = 1 if pending is not None and pending["kind"] == "ability" else 0
    if pending is not None and pending["p"] == seat:
        st["pending"] = {**_copy(pending), "by": "flow"}
    else:
        st["pending"] = None  # regenerated from the sampled state (see `_regenerate`)
    _deal_chosen(rules, obs, st, others, rng, choose)
    return cast(GameState, st)


# --- the parts ----------------------------------------------------------------------------------
def _deal_technologies(
    rules: Rules, obs: Observation, st: dict[str, Any], others: list[int], rng: Rng
) -> None:
    seen: Counter[str] = Counter(obs["discard"])
    seen.update(c for c in obs["removed"] if c in rules.memo.tech_ids)
    for p, pl in enumerate(obs["players"]):
        if p == obs["seat"]:
            seen.update(pl["tech_hand"])
        seen.update(pl["civ"])
        seen.update(c for c in pl["ability"].values() if c)
        for mods in pl["mods"].values():
            seen.update(mods)
    unseen = list((Counter(rules.tech_deck) - seen).elements())
    need = obs["deck_count"] + sum(obs["players"][p]["tech_hand_count"] for p in others)
    if len(unseen) != need:
        raise NotSampleable(
            f"{len(unseen)} technology cards are unseen but {need} are in hands and the deck "
            "(some are held by an effect part-way through)"
        )
    rng.shuffle(unseen)
    for p in others:
        n = obs["players"][p]["tech_hand_count"]
        st["players"][p]["tech_hand"] = [unseen.pop() for _ in range(n)]
    st["deck"] = unseen


def _deal_factions(
    rules: Rules, obs: Observation, st: dict[str, Any], others: list[int], rng: Rng
) -> None:
    hidden = [p for p in others if obs["players"][p]["faction"] is None]
    if not hidden:
        return
    n = len(obs["players"])
    seat = obs["seat"]
    assert seat is not None  # (`sample_state` refuses a spectator's)
    me = obs["players"][seat]
    seen = {f for pl in obs["players"] for f in (pl["faction"],) if f}
    seen.update(me["offer_f"] or [])
    pool = [f for f in rules.factions if rules.cards[f].min_players <= n and f not in seen]
    rng.shuffle(pool)
    dealt = int(rules.start.get("factions_dealt", 2))
    for p in hidden:
        pl = obs["players"][p]
        out = st["players"][p]
        if pl["faction_kept"]:
            out["faction"] = pool.pop() if pool else ""
            out["offer_f"] = []
        else:
            out["offer_f"] = [pool.pop() for _ in range(min(dealt, len(pool)))]
            out["faction"] = None if out["offer_f"] else ""


def _deal_achievements(
    rules: Rules, obs: Observation, st: dict[str, Any], others: list[int], rng: Rng
) -> None:
    for p in others:
        pl = obs["players"][p]
        for key in ("offer_f", "offer_a"):  # offers of a card already public are spent
            if st["players"][p][key] is None:
                st["players"][p][key] = []
        if pl["ach"] is not None:
            continue
        offer = achievement_offer(rules, p)
        out = st["players"][p]
        if pl["achievement_kept"]:
            out["ach"] = rng.choice(offer) if offer else ""
            out["offer_a"] = []
        else:
            out["offer_a"] = offer
            out["ach"] = None if offer else ""


def achievement_offer(rules: Rules, p: int) -> list[str]:
    """The achievements player p is dealt (copy p of each colour, as `setup.new_state` does)."""
    by_color: dict[str, list[str]] = {}
    for phys in rules.achievements:
        by_color.setdefault(rules.cards[base_id(phys)].color, []).append(phys)
    return [copies[p] for _color, copies in sorted(by_color.items()) if p < len(copies)]


def _deal_tokens(rules: Rules, st: dict[str, Any], rng: Rng) -> None:
    piles = rules.token_piles
    visible = {info["token"] for info in st["sectors"].values() if info["token"] and info["up"]}
    visible.update(st["removed"])
    pools: dict[str, list[str]] = {}
    for name, ids in piles.items():
        pools[name] = [t for t in ids if t not in visible]
        rng.shuffle(pools[name])
    for info in st["sectors"].values():
        if info["token"] and not info["up"]:
            pool = pools.get(info["token"])
            if not pool:
                raise NotSampleable(f"no unseen token left in the '{info['token']}' pile")
            info["token"] = pool.pop()
    deep = pools.get("deep_space", [])
    for info in st["sectors"].values():
        if info["deep"] is True:
            if not deep:
                raise NotSampleable("no unseen deep space token left")
            info["deep"] = deep.pop()


def _deal_chosen(
    rules: Rules,
    obs: Observation,
    st: dict[str, Any],
    others: list[int],
    rng: Rng,
    choose: Chooser | None = None,
) -> None:
    chooses = [
        p for p in others if obs["players"][p]["has_chosen"] and obs["players"][p]["chosen"] is None
    ]
    if not chooses:
        return
    from lastlight.interpreter.engine.flow import playable
    from lastlight.interpreter.engine.machine import Engine

    eng = Engine(rules, rules.pack.models["board"], cast(GameState, st), log=False)
    for p in chooses:
        pl = st["players"][p]
        cards = playable(eng, p) or list(pl["hand"])
        if choose is None:
            pl["chosen"] = rng.choice(cards)
            continue
        pl["chosen"] = None  # the seat's view as it chose: nothing chosen yet
        pick = choose(observation(eng, p), [{"kind": "play", "card": c} for c in cards])
        if pick.get("card") not in cards:
            raise ValueError(f"the chooser picked {pick!r}, not one of {cards}")
        pl["chosen"] = pick["card"]


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value
