"""A slow, plain reading of the observation vector's layout, entry by entry by name, to check the
fast encoder (interpreter/envs/encoding.py) against: each fact of `Game.observation(seat)` is
written at `layout.where["<block>.<label>"]`, exactly as the layout's names say."""

from __future__ import annotations

from typing import Any

import numpy as np
from lastlight.interpreter.engine.lumos import LUMOS
from lastlight.interpreter.engine.ruleset import base_id
from lastlight.interpreter.envs.encoding import Encoder


def reference_encode(enc: Encoder, obs: dict[str, Any], seat: int) -> np.ndarray:
    where = enc.layout.where
    vec = np.zeros(enc.layout.size, np.float64)
    n = obs["n"]

    def who(p: int) -> str:
        return "lumos" if p == LUMOS else f"p+{(p - seat) % n}"

    def put(name: str, value: float = 1.0) -> None:
        vec[where[name]] += value

    put(f"players.{n}")
    put("round", obs["round"])
    put(f"rotation.{obs['rot'] % enc.catalogue.board.period}")
    put(f"stage.{obs['stage']}")
    put(f"first.{who(obs['first'])}")
    if obs["pending"] is not None:
        put(f"to_move.{who(obs['pending']['p'])}")
        put(f"pending.{obs['pending']['kind']}")
    put("counts.deck", obs["deck_count"])
    put("counts.discard", len(obs["discard"]))
    put("counts.removed", len(obs["removed"]))
    if obs["combat"] is not None:
        put("combat.on")
        put("combat.pool", obs["combat"].get("pool") or 0)
    if obs.get("lumos") and obs["lumos"].get("ally") is not None:
        put(f"lumos_ally.{who(obs['lumos']['ally'])}")
    for p, pl in enumerate(obs["players"]):
        _player(put, who(p), pl)
    places = enc.catalogue.view_of(obs, seat).places
    tokens = enc.rules.tokens
    for sid, info in obs["sectors"].items():
        at = places[sid]
        for flag, label in (("planet", "planet"), ("ast", "asteroid"), ("deep", "deep")):
            if info[flag]:
                put(f"{at}.sector.{label}")
        token = info["token"]
        if token and info["up"] and token in tokens:
            put(f"{at}.sector.up")
            for y in tokens[token].yields:
                put(f"{at}.yields.{y}")
        elif token and f"{at}.token.{token}" in where:
            put(f"{at}.token.{token}")
    for u in obs["units"].values():
        _unit(put, who, places, u)
    return vec.astype(np.float32)


def _player(put: Any, s: str, pl: dict[str, Any]) -> None:
    put(f"{s}.state.present")
    for key in ("light", "faction_kept", "achievement_kept", "has_chosen", "hand_count"):
        put(f"{s}.state.{key}", float(pl[key]))
    put(f"{s}.state.tech_hand_count", pl["tech_hand_count"])
    put(f"{s}.state.grave", len(pl["grave"]))
    for r, amount in pl["res"].items():
        put(f"{s}.res.{r}", amount)
    if pl["faction"]:
        put(f"{s}.faction.{pl['faction']}")
    if pl["ach"] is not None:
        put(f"{s}.achievement.{base_id(pl['ach'])}")
    for block in ("hand", "played"):
        for a in pl[block]:
            put(f"{s}.{block}.{a}")
    if pl["chosen"] is not None:
        put(f"{s}.chosen.{pl['chosen']}")
    for block in ("tech_hand", "civ", "exhausted"):
        for c in pl[block] or ():
            put(f"{s}.{block}.{base_id(c)}")
    for size, cid in (pl["ability"] or {}).items():
        if cid is not None:
            put(f"{s}.ability.{size}.{base_id(cid)}")
    for size, cids in (pl["mods"] or {}).items():
        for c in cids:
            put(f"{s}.mods.{size}.{base_id(c)}")
    for c in pl["offer_f"] or ():
        put(f"{s}.offer_f.{c}")
    for c in pl["offer_a"] or ():
        put(f"{s}.offer_a.{base_id(c)}")


def _unit(put: Any, who: Any, places: dict[str, str], u: dict[str, Any]) -> None:
    o, at, size = who(u["o"]), u["at"], u["z"]
    if at == "board" and u["k"] == "s":
        put(f"{places[u['s']]}.ships.{o}.{size}")
        put(f"{places[u['s']]}.damage.{o}", u["d"])
    elif o == "lumos":
        return
    elif at == "supply" and u["k"] == "s":
        put(f"{o}.supply.{size}")
    elif at == "supply":
        put(f"{o}.state.extractors_supply")
    elif at == "planet":
        put(f"{places[u['s']]}.extractor.{o}")
        put(f"{o}.state.extractors_planet")
    elif at == "colony":
        put(f"{o}.state.extractors_colony")
