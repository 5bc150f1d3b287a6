"""The observation vector: a fixed-size float32 encoding of what one seat may know.

The vector is built from `Game.observation(seat)` alone (observe.py: everything the seat may not
know is already absent), so it holds nothing its seat may not see; a test checks it on two
worlds that differ only in hidden information. Its layout is derived from the pack: one block
per field, each named (`Layout.fields`: name, offset, size, labels), written by
`lastlight actions --format json` under `observation`. Players are counted clockwise from the
seat (`p+0` is the seat itself) and sectors are named by place as seen from the seat's home (the
catalogue's frame), so the same situation reads the same from every seat.

Blocks: the table (player count, round, rotation state, stage, first player, who decides and
what kind, deck sizes, combat, the Lumos' ally); per player (light, resources, faction and
achievement, action cards in hand / played / chosen, technologies in hand / in play / as ship
abilities and mods, exhausted cards, offers, supply and graveyard); per place (planet, asteroid,
the face-down token's pile or the revealed token's yields, deep space, ships and damage by owner
and size, the extractor's owner).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from lastlight.interpreter.effects.decisions import DECISION_KINDS
from lastlight.interpreter.engine.lumos import LUMOS
from lastlight.interpreter.engine.ruleset import base_id

if TYPE_CHECKING:
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.envs.catalogue import Catalogue

#: The engine's stages (flow.py), in order.
STAGES = ("faction", "achievement", "select", "resolve", "ending", "over")


@dataclass
class Layout:
    """Named blocks of the vector, in order."""

    fields: list[tuple[str, int, tuple[str, ...]]] = field(default_factory=list)
    size: int = 0
    where: dict[str, int] = field(default_factory=dict)

    def add(self, name: str, labels: tuple[str, ...] | list[str] = ("",)) -> int:
        start = self.size
        self.fields.append((name, start, tuple(labels)))
        self.where[name] = start
        for i, label in enumerate(labels):
            self.where[f"{name}.{label}" if label else name] = start + i
        self.size += len(labels)
        return start

    def to_json(self) -> list[dict[str, Any]]:
        return [
            {"name": n, "offset": o, "size": len(labels), "labels": [x for x in labels if x]}
            for n, o, labels in self.fields
        ]


def _resources(rules: Rules) -> list[str]:
    names: set[str] = set(rules.colony_spaces)
    names.update(rules.start.get("resources") or {})
    for ship in rules.ships.values():
        names.update(ship.get("cost") or {})
    for card in rules.cards.values():
        names.update(card.cost)
    return sorted(names)


class Encoder:
    """`encode(obs, seat)` -> the float32 vector; `layout` says what each entry is."""

    def __init__(self, rules: Rules, catalogue: Catalogue):
        self.rules = rules
        self.catalogue = catalogue
        self.n_max = rules.players_max
        self.sizes = list(rules.sizes)
        self.resources = _resources(rules)
        self.actions = [a.id for a in rules.actions]
        self.factions = list(rules.factions)
        self.achievements = list(dict.fromkeys(base_id(a) for a in rules.achievements))
        self.techs = list(dict.fromkeys(base_id(t) for t in rules.tech_deck))
        self.cards = list(dict.fromkeys([*self.techs, *self.factions, *self.achievements]))
        self.piles = list(rules.token_piles)
        self.yields = sorted({y for t in rules.tokens.values() for y in t.yields})
        self.owners = [f"p+{k}" for k in range(self.n_max)] + ["lumos"]
        self.layout = self._build()

    # --- layout ------------------------------------------------------------------------------
    def _build(self) -> Layout:
        lay = Layout()
        rules = self.rules
        seats = [f"p+{k}" for k in range(self.n_max)]
        lay.add("players", [str(n) for n in range(rules.players_min, rules.players_max + 1)])
        lay.add("round")
        lay.add("rotation", [str(r) for r in range(self.catalogue.board.period)])
        lay.add("stage", list(STAGES))
        lay.add("first", seats)
        lay.add("to_move", seats)
        lay.add("pending", sorted(DECISION_KINDS))
        lay.add("counts", ["deck", "discard", "removed"])
        lay.add("combat", ["on", "pool"])
        lay.add("lumos_ally", seats)
        for seat in seats:
            self._player_block(lay, seat)
        for place in self.catalogue.places:
            self._place_block(lay, place)
        self.decision_at = lay.add("decision", [str(i) for i in range(len(self.catalogue))])
        return lay

    def _player_block(self, lay: Layout, seat: str) -> None:
        lay.add(
            f"{seat}.state",
            [
                "present",
                "light",
                "faction_kept",
                "achievement_kept",
                "has_chosen",
                "hand_count",
                "tech_hand_count",
                "grave",
                "extractors_supply",
                "extractors_colony",
                "extractors_planet",
            ],
        )
        lay.add(f"{seat}.res", self.resources)
        lay.add(f"{seat}.faction", self.factions)
        lay.add(f"{seat}.achievement", self.achievements)
        lay.add(f"{seat}.hand", self.actions)
        lay.add(f"{seat}.played", self.actions)
        lay.add(f"{seat}.chosen", self.actions)
        lay.add(f"{seat}.tech_hand", self.techs)
        lay.add(f"{seat}.civ", self.techs)
        for size in self.sizes:
            lay.add(f"{seat}.ability.{size}", self.techs)
            lay.add(f"{seat}.mods.{size}", self.techs)
        lay.add(f"{seat}.exhausted", self.cards)
        lay.add(f"{seat}.offer_f", self.factions)
        lay.add(f"{seat}.offer_a", self.achievements)
        lay.add(f"{seat}.supply", self.sizes)

    def _place_block(self, lay: Layout, place: str) -> None:
        lay.add(f"{place}.sector", ["planet", "asteroid", "up", "deep"])
        lay.add(f"{place}.token", self.piles)
        lay.add(f"{place}.yields", self.yields)
        lay.add(f"{place}.ships", [f"{o}.{z}" for o in self.owners for z in self.sizes])
        lay.add(f"{place}.damage", self.owners)
        lay.add(f"{place}.extractor", self.owners)

    # --- encoding ----------------------------------------------------------------------------
    def encode(self, obs: dict[str, Any], seat: int) -> np.ndarray:
        """The vector of `obs`, the observation of `seat` (`Game.observation(seat)`)."""
        hot: dict[int, float] = {}
        where = self.layout.where
        n = obs["n"]

        def rel(p: int) -> str:
            return "lumos" if p == LUMOS else f"p+{(p - seat) % n}"

        def put(key: str, value: float = 1.0) -> None:
            i = where.get(key)
            if i is not None:
                hot[i] = hot.get(i, 0.0) + value

        put(f"players.{n}")
        put("round", obs["round"])
        put(f"rotation.{obs['rot'] % self.catalogue.board.period}")
        put(f"stage.{obs['stage']}")
        put(f"first.{rel(obs['first'])}")
        pending = obs["pending"]
        if pending is not None:
            put(f"to_move.{rel(pending['p'])}")
            put(f"pending.{pending['kind']}")
        put("counts.deck", obs["deck_count"])
        put("counts.discard", len(obs["discard"]))
        put("counts.removed", len(obs["removed"]))
        if obs["combat"] is not None:
            put("combat.on")
            put("combat.pool", obs["combat"].get("pool") or 0)
        lumos = obs.get("lumos")
        if lumos and lumos.get("ally") is not None:
            put(f"lumos_ally.{rel(lumos['ally'])}")
        for p, pl in enumerate(obs["players"]):
            self._encode_player(put, rel(p), pl)
        self._encode_board(put, obs, seat, rel)
        vec = np.zeros(self.layout.size, dtype=np.float32)
        if hot:
            vec[list(hot)] = list(hot.values())
        return vec

    def _encode_player(self, put: Any, who: str, pl: dict[str, Any]) -> None:
        put(f"{who}.state.present")
        put(f"{who}.state.light", pl["light"])
        put(f"{who}.state.faction_kept", pl["faction_kept"])
        put(f"{who}.state.achievement_kept", pl["achievement_kept"])
        put(f"{who}.state.has_chosen", pl["has_chosen"])
        put(f"{who}.state.hand_count", pl["hand_count"])
        put(f"{who}.state.tech_hand_count", pl["tech_hand_count"])
        put(f"{who}.state.grave", len(pl["grave"]))
        for res, amount in pl["res"].items():
            put(f"{who}.res.{res}", amount)
        if pl["faction"] is not None:
            put(f"{who}.faction.{pl['faction']}")
        if pl["ach"] is not None:
            put(f"{who}.achievement.{base_id(pl['ach'])}")
        for a in pl["hand"]:
            put(f"{who}.hand.{a}")
        for a in pl["played"]:
            put(f"{who}.played.{a}")
        if pl["chosen"] is not None:
            put(f"{who}.chosen.{pl['chosen']}")
        for group in ("tech_hand", "civ", "exhausted"):
            for cid in pl[group] or ():
                put(f"{who}.{group}.{base_id(cid)}")
        for size, cid in (pl["ability"] or {}).items():
            if cid is not None:
                put(f"{who}.ability.{size}.{base_id(cid)}")
        for size, cids in (pl["mods"] or {}).items():
            for cid in cids:
                put(f"{who}.mods.{size}.{base_id(cid)}")
        for cid in pl["offer_f"] or ():
            put(f"{who}.offer_f.{cid}")
        for cid in pl["offer_a"] or ():
            put(f"{who}.offer_a.{base_id(cid)}")

    def _encode_board(self, put: Any, obs: dict[str, Any], seat: int, rel: Any) -> None:
        view = self.catalogue.view_of(obs, seat)
        places = view.places
        tokens = self.rules.tokens
        for sid, info in obs["sectors"].items():
            place = places.get(sid, sid)
            if info["planet"]:
                put(f"{place}.sector.planet")
            if info["ast"]:
                put(f"{place}.sector.asteroid")
            if info["deep"]:
                put(f"{place}.sector.deep")
            token = info["token"]
            if token:
                if info["up"] and token in tokens:
                    put(f"{place}.sector.up")
                    for y in tokens[token].yields:
                        put(f"{place}.yields.{y}")
                else:
                    put(f"{place}.token.{token}")
        for u in obs["units"].values():
            who = rel(u["o"])
            at = u["at"]
            if at == "board" and u["k"] == "s":
                place = places.get(u["s"], u["s"])
                put(f"{place}.ships.{who}.{u['z']}")
                if u["d"]:
                    put(f"{place}.damage.{who}", u["d"])
            elif at == "planet":
                put(f"{places.get(u['s'], u['s'])}.extractor.{who}")
                put(f"{who}.state.extractors_planet")
            elif at == "colony":
                put(f"{who}.state.extractors_colony")
            elif at == "supply":
                put(f"{who}.supply.{u['z']}" if u["k"] == "s" else f"{who}.state.extractors_supply")
