"""The observation vector: a fixed-size float32 encoding of what one seat may know.

The vector is built from `Game.observation(seat)` alone (observe.py: everything the seat may not
know is already absent), so it holds nothing its seat may not see; a test checks it on two
worlds that differ only in hidden information. Its layout is derived from the pack: one block
per field, each named (`Layout.fields`: name, offset, size, labels), written by
`lastlight actions --format json` under `observation`. Players are counted in seat order from the
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

from collections import Counter
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np
from lastlight.interpreter.effects.decisions import DECISION_KINDS
from lastlight.interpreter.engine.lumos import LUMOS
from lastlight.interpreter.engine.ruleset import base_id

if TYPE_CHECKING:
    from lastlight.interpreter.engine.catalogue import Catalogue
    from lastlight.interpreter.engine.ruleset import Rules

#: What the encoder reads of a unit.
_UNIT = itemgetter("at", "o", "k", "z", "s", "d")

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
    def _local_maps(self) -> dict[str, dict[str, int]]:
        """Each label list as label -> position (cards by base and physical id)."""

        def local(labels: list[str]) -> dict[str, int]:
            return {label: i for i, label in enumerate(labels)}

        def with_copies(labels: list[str], physical: Any) -> dict[str, int]:
            out = local(labels)
            out.update({c: out[base_id(c)] for c in physical if base_id(c) in out})
            return out

        return {
            "res": local(self.resources),
            "faction": local(self.factions),
            "achievement": with_copies(self.achievements, self.rules.achievements),
            "action": local(self.actions),
            "tech": with_copies(self.techs, self.rules.tech_deck),
            "card": with_copies(self.cards, [*self.rules.tech_deck, *self.rules.achievements]),
            "pile": local(self.piles),
            "yield": local(self.yields),
            "size": local(self.sizes),
            "stage": local(list(STAGES)),
            "pending": local(sorted(DECISION_KINDS)),
        }

    def _offsets(self) -> None:
        """Plain lookups for `encode` (names are for the layout; encoding uses numbers)."""
        where = self.layout.where
        self._loc = self._local_maps()
        seats = [f"p+{k}" for k in range(self.n_max)]
        self._player: list[dict[str, int]] = []
        for s in seats:
            names = [
                "state",
                "res",
                "faction",
                "achievement",
                "hand",
                "played",
                "chosen",
                "tech_hand",
                "civ",
                "exhausted",
                "offer_f",
                "offer_a",
                "supply",
            ]
            block = {name: where[f"{s}.{name}"] for name in names}
            for size in self.sizes:
                block[f"ability.{size}"] = where[f"{s}.ability.{size}"]
                block[f"mods.{size}"] = where[f"{s}.mods.{size}"]
            self._player.append(block)
        self._place = {
            p: (
                where[f"{p}.sector"],
                where[f"{p}.token"],
                where[f"{p}.yields"],
                where[f"{p}.ships"],
                where[f"{p}.damage"],
                where[f"{p}.extractor"],
            )
            for p in self.catalogue.places
        }
        self._top = {
            k: where[k]
            for k in (
                "players",
                "round",
                "rotation",
                "stage",
                "first",
                "to_move",
                "pending",
                "counts",
                "combat",
                "lumos_ally",
            )
        }

    def encode(self, obs: dict[str, Any], seat: int) -> np.ndarray:
        """The vector of `obs`, the observation of `seat` (`Game.observation(seat)`)."""
        if not hasattr(self, "_top"):
            self._offsets()
        ones: list[int] = []  # entries that are 1 (a repeated index counts up)
        w_idx: list[int] = []  # entries with another value
        w_val: list[float] = []
        one, add_i, add_v = ones.append, w_idx.append, w_val.append
        top, loc = self._top, self._loc
        n = obs["n"]
        rel = [(p - seat) % n for p in range(n)]
        one(top["players"] + n - self.rules.players_min)
        add_i(top["round"]), add_v(obs["round"])
        one(top["rotation"] + obs["rot"] % self.catalogue.board.period)
        one(top["stage"] + loc["stage"].get(obs["stage"], 0))
        one(top["first"] + rel[obs["first"]])
        pending = obs["pending"]
        if pending is not None:
            one(top["to_move"] + rel[pending["p"]])
            one(top["pending"] + loc["pending"][pending["kind"]])
        counts = (obs["deck_count"], len(obs["discard"]), len(obs["removed"]))
        for i, c in enumerate(counts):
            add_i(top["counts"] + i), add_v(c)
        if obs["combat"] is not None:
            one(top["combat"])
            add_i(top["combat"] + 1), add_v(obs["combat"].get("pool") or 0)
        lumos = obs.get("lumos")
        if lumos and lumos.get("ally") is not None:
            one(top["lumos_ally"] + rel[lumos["ally"]])
        for p, pl in enumerate(obs["players"]):
            self._encode_player(ones, add_i, add_v, self._player[rel[p]], pl)
        places = self.catalogue.view_of(obs, seat).places
        self._encode_sectors(one, obs["sectors"], places)
        self._encode_units(one, add_i, add_v, obs["units"], places, rel)
        size = self.layout.size
        vec = np.bincount(ones, minlength=size).astype(np.float32)
        if w_idx:
            vec += np.bincount(w_idx, weights=w_val, minlength=size).astype(np.float32)
        return vec

    def _encode_player(
        self, ones: list[int], add_i: Any, add_v: Any, b: dict[str, int], pl: dict[str, Any]
    ) -> None:
        loc = self._loc
        state = b["state"]
        flags = (
            1.0,
            pl["light"],
            pl["faction_kept"],
            pl["achievement_kept"],
            pl["has_chosen"],
            pl["hand_count"],
            pl["tech_hand_count"],
            len(pl["grave"]),
        )
        for i, v in enumerate(flags):
            if v:
                add_i(state + i), add_v(float(v))
        res = loc["res"]
        for r, amount in pl["res"].items():
            if amount and r in res:
                add_i(b["res"] + res[r]), add_v(amount)
        one = ones.append
        if pl["faction"] is not None:
            one(b["faction"] + loc["faction"][pl["faction"]])
        if pl["ach"] is not None:
            one(b["achievement"] + loc["achievement"][pl["ach"]])
        actions = loc["action"]
        base = b["hand"]
        ones += [base + actions[a] for a in pl["hand"]]
        base = b["played"]
        ones += [base + actions[a] for a in pl["played"]]
        if pl["chosen"] is not None:
            one(b["chosen"] + actions[pl["chosen"]])
        tech, card = loc["tech"], loc["card"]
        if pl["tech_hand"]:
            base = b["tech_hand"]
            ones += [base + tech[c] for c in pl["tech_hand"]]
        if pl["civ"]:
            base = b["civ"]
            ones += [base + tech[c] for c in pl["civ"]]
        if pl["exhausted"]:
            base = b["exhausted"]
            ones += [base + card[c] for c in pl["exhausted"] if c in card]
        for size, cid in (pl["ability"] or {}).items():
            if cid is not None:
                one(b[f"ability.{size}"] + tech[cid])
        for size, cids in (pl["mods"] or {}).items():
            if cids:
                base = b[f"mods.{size}"]
                ones += [base + tech[c] for c in cids]
        if pl["offer_f"]:
            ones += [b["offer_f"] + loc["faction"][c] for c in pl["offer_f"]]
        if pl["offer_a"]:
            ones += [b["offer_a"] + loc["achievement"][c] for c in pl["offer_a"]]

    def _encode_sectors(self, one: Any, sectors: dict[str, Any], places: dict[str, str]) -> None:
        blocks = self._place
        tokens = self.rules.tokens
        piles, yields = self._loc["pile"], self._loc["yield"]
        for sid, info in sectors.items():
            token = info["token"]
            if not (token or info["planet"] or info["ast"] or info["deep"]):
                continue
            block = blocks[places[sid]]
            base = block[0]
            if info["planet"]:
                one(base)
            if info["ast"]:
                one(base + 1)
            if info["deep"]:
                one(base + 3)
            if token:
                if info["up"] and token in tokens:
                    one(base + 2)
                    for y in tokens[token].yields:
                        one(block[2] + yields[y])
                elif token in piles:
                    one(block[1] + piles[token])

    def _encode_units(
        self,
        one: Any,
        add_i: Any,
        add_v: Any,
        units: dict[str, Any],
        places: dict[str, str],
        rel: list[int],
    ) -> None:
        blocks = self._place
        sizes = self._loc["size"]
        n_sizes = len(sizes)
        lumos_slot = self.n_max
        state = [b["state"] for b in self._player]
        supply = [b["supply"] for b in self._player]
        # alike units (a supply of small ships) counted together, in C
        for (at, o, k, z, sector, d), count in Counter(map(_UNIT, units.values())).items():
            slot = lumos_slot if o == LUMOS else rel[o]
            if at == "board":
                if k != "s":
                    continue
                block = blocks[places[sector]]
                add_i(block[3] + slot * n_sizes + sizes[z]), add_v(count)
                if d:
                    add_i(block[4] + slot), add_v(d * count)
            elif slot == lumos_slot:
                continue
            elif at == "supply":
                add_i(supply[slot] + sizes[z] if k == "s" else state[slot] + 8), add_v(count)
            elif at == "planet":
                add_i(blocks[places[sector]][5] + slot), add_v(count)
                add_i(state[slot] + 10), add_v(count)
            elif at == "colony":
                add_i(state[slot] + 9), add_v(count)
