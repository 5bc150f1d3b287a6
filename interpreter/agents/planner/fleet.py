"""Where the planner's ships go: the worth of ending a move in a sector (free planets, the
center, tokens, blockades, strikes), targets a few moves on, and one ship per target."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from lastlight.interpreter.engine.view import LUMOS, PlayerView, SeatView, SectorView


class Ship(NamedTuple):
    """A ship on the board, as the planner indexes it (once per decision)."""

    sector: str
    size: str
    owner: int


class Fleet:
    """Ship movement, mixed into `plan_seat.Seat`, whose index (`ships_at`, `mine_at`,
    `extractor_at`) and values (`planet_value`, `ctx`) it reads."""

    view: SeatView
    players: tuple[PlayerView, ...]
    sectors: Mapping[str, SectorView]
    center: str
    me: int
    w: Any
    ctx: Any
    ships_at: dict[str, list[Ship]]
    mine_at: dict[str, list[Ship]]
    mine_list: list[Ship]
    extractor_at: dict[str, int]
    cycles_left: float
    _desire: dict[str, float]
    _targets: list[tuple[str, float, dict[str, int]]] | None
    _pot: dict[tuple[str, tuple[str, str] | None], float]
    _assigned: dict[str, tuple[str, str]] | None
    geometry: dict[tuple[str, int, int, frozenset[str]], dict[str, int]]

    def reach(self, sector: str, steps: int) -> dict[str, int]:
        """`view.reach`, kept in `geometry` (the bot's own: the board's moves depend only on
        the rotation and the asteroid fields, so they are worked out once per bot). The dict
        is shared: read it, never change it."""
        key = (sector, steps, self.view.rotation, self.view.asteroids())
        found = self.geometry.get(key)
        if found is None:
            found = self.geometry[key] = self.view.reach(sector, steps)
        return found

    def owners_in(self, sector: str) -> list[int]:
        out: list[int] = []
        for u in self.ships_at.get(sector, ()):
            if u.owner not in out:
                out.append(u.owner)
        return out

    def planet_value(self, sector: str) -> float:
        raise NotImplementedError

    def my_ships(self) -> list[Ship]:
        return self.mine_list

    def command_value(self) -> float:
        ships = self.my_ships()
        total = 0.0
        used: set[str] = set()
        center = self.center
        for u in ships:
            move = max(1, self.view.ship_stat(self.me, u.size, "movement"))
            reach = self.reach(u.sector, move)
            hold = self.hold_value(u.sector, u.size)
            best = 0.0
            best_to = None
            for to in reach:
                if to == u.sector or (to in used and to != center):
                    continue
                gain = self.potential(to, (u.sector, u.size)) - hold
                if gain > best:
                    best, best_to = gain, to
            if best_to:
                used.add(best_to)
            total += best
            total += self.attack_value(u)
        return total

    def attack_value(self, u: Ship) -> float:
        enemies = [o for o in self.owners_in(u.sector) if self.view.are_enemies(self.me, o)]
        if not enemies:
            return 0.0
        return self.w.ATTACK_SHARE * self.view.ship_stat(self.me, u.size, "attack") * self.w.HIT

    def hold_value(self, sector: str, size: str) -> float:
        """What a ship of the seat gives by staying where it is."""
        info = self.sectors.get(sector)
        if info is None:
            return 0.0
        if sector == self.center:
            return self.center_value()
        if info.planet:
            x = self.extractor_at.get(sector)
            if x is None:
                mine = [u for u in self.ships_at.get(sector, ()) if u.owner == self.me]
                if len(mine) == 1:
                    return self.planet_value(sector) * self.w.HOLD_PLANET
            elif x != self.me:
                return self.blockade_value(sector)
            elif any(self.view.are_enemies(self.me, o) for o in self.owners_in(sector)):
                return self.w.HOLD_DEFEND
        return 0.0

    def center_value(self) -> float:
        stay = self.w.CENTER_STAY_2P if len(self.players) == 2 else self.w.CENTER_STAY
        return self.view.param(self.me, "center_light") * min(stay, self.cycles_left)

    def blockade_value(self, sector: str) -> float:
        owner = self.extractor_at.get(sector)
        if owner is None:
            return 0.0
        if owner < 0 or self.view.has_flag(owner, "no_blockade"):
            return 0.0
        return self.w.BLOCKADE * self.view.param(owner, f"claim_{self.view.kind(sector)}")

    def strike_value(self, sector: str, size: str) -> float:
        """A ship with bombardment ending in a sector where an enemy extractor stands alone
        can destroy it at the attack: the planet frees up and the owner loses its claims."""
        owner = self.extractor_at.get(sector)
        if owner is None or owner == self.me or not self.view.bombardment(self.me, size):
            return 0.0
        if any(self.view.are_enemies(self.me, o) for o in self.owners_in(sector)):
            return 0.0
        lead = self.players[owner].light if owner >= 0 else 0
        return self.w.STRIKE * self.planet_value(sector) + self.w.LEADER * lead

    def targets(self) -> list[tuple[str, float, dict[str, int]]]:
        """Sectors worth reaching, with their worth and the moves to them from nearby."""
        if self._targets is None:
            self._targets = []
            for target in self.sectors:
                worth = self.desire(target, "small")
                if worth > self.w.TARGET_MIN:
                    dist = self.reach(target, self.w.REACH)
                    self._targets.append((target, worth, dist))
        return self._targets

    def assignment(self) -> dict[str, tuple[str, str]]:
        """Target sector -> (sector, size) of the ship of ours that goes for it: the nearest
        ship-target pairs first, one ship per target (the center takes any number), so ships
        spread out instead of moving as a pack."""
        if self._assigned is None:
            pairs = []
            for target, worth, dist in self.targets():
                for i, u in enumerate(self.mine_list):
                    d = dist.get(u.sector)
                    if d is not None and d > 0:
                        pairs.append((worth * self.w.FAR**d, target, i, u))
            pairs.sort(key=lambda t: (-t[0], t[1], t[2]))
            taken: dict[str, tuple[str, str]] = {}
            busy: set[int] = set()  # ships by their place in mine_list (unit id order)
            center = self.center
            for _v, target, uid, u in pairs:
                if uid in busy or (target in taken and target != center):
                    continue
                if target != center:
                    taken[target] = (u.sector, u.size)
                busy.add(uid)
            self._assigned = taken
        return self._assigned

    def potential(self, sector: str, mover: tuple[str, str] | None = None) -> float:
        """What a ship (`mover`: its sector and size) ending its move in `sector` is worth,
        counting targets a few moves on (each move away keeps a share FAR of a target's
        worth); a target another ship of ours goes for counts a share COMPETE."""
        key = (sector, mover)
        cached = self._pot.get(key)
        if cached is not None:
            return cached
        assigned = self.assignment()
        best = min(0.0, self.desire(sector, "small"))
        for target, worth, dist in self.targets():
            d = dist.get(sector)
            if d is None:
                continue
            v = worth * self.w.FAR**d
            owner = assigned.get(target)
            if owner is not None and owner != mover:
                v *= self.w.COMPETE
            best = max(best, v)
        self._pot[key] = best
        return best

    def desire(self, sector: str, size: str) -> float:
        """What a ship of the seat gives by ending its move in `sector`."""
        key = sector
        cached = self._desire.get(key)
        if cached is not None:
            return cached
        view = self.view
        info = self.sectors[sector]
        value = 0.0
        owners = self.owners_in(sector)
        enemies = [o for o in owners if self.view.are_enemies(self.me, o)]
        if sector == self.center:
            value += self.center_value()
        elif info.planet:
            x = self.extractor_at.get(sector)
            if x is None:
                if self.me not in owners:
                    value += self.planet_value(sector) * self.w.FREE_PLANET
            elif x != self.me:
                value += self.blockade_value(sector)
            elif enemies:
                value += self.w.DEFEND_OWN
        if (info.token and not info.token_face_up) or info.deep_space:
            value += self.w.TOKEN
        if enemies:
            theirs = sum(
                view.ship_stat(u.owner, u.size, "attack")
                * (self.w.THREAT_LUMOS if u.owner == LUMOS else 1.0)
                for u in self.ships_at.get(sector, ())
                if u.owner in enemies
            )
            value -= self.w.THREAT * theirs
        self._desire[key] = value
        return value
