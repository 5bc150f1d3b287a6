"""The parts of a seat's view (view.py): one piece, one sector, one player, the open decision
and the attack, each a small read-only wrapper over the observation's dict with named fields
(`None`: hidden from the viewing seat)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: Where a unit may be (`UnitView.place`).
PLACES = ("supply", "board", "planet", "colony", "grave", "box")


class UnitView:
    """One piece: a ship or an extractor."""

    __slots__ = ("_u", "id")

    def __init__(self, uid: str, raw: dict[str, Any]):
        self.id = uid
        self._u = raw

    @property
    def owner(self) -> int:
        """The seat, or `LUMOS` (-1) for a Lumos ship."""
        return int(self._u["o"])

    @property
    def is_ship(self) -> bool:
        return bool(self._u["k"] == "s")

    @property
    def is_extractor(self) -> bool:
        return bool(self._u["k"] == "x")

    @property
    def size(self) -> str | None:
        """small / medium / large for a ship; None for an extractor."""
        return self._u["z"]  # type: ignore[no-any-return]

    @property
    def place(self) -> str:
        """One of `PLACES`."""
        return str(self._u["at"])

    @property
    def sector(self) -> str | None:
        """The sector of a ship on the board or of an extractor on a planet."""
        return self._u["s"]  # type: ignore[no-any-return]

    @property
    def colony_space(self) -> int | None:
        return self._u["c"]  # type: ignore[no-any-return]

    @property
    def damage(self) -> int:
        """Damage taken in this combat."""
        return int(self._u["d"])

    @property
    def graveyard(self) -> int | None:
        """The seat whose graveyard holds it."""
        return self._u["g"]  # type: ignore[no-any-return]

    @property
    def on_board(self) -> bool:
        """A ship on the board."""
        return bool(self._u["at"] == "board")

    def __repr__(self) -> str:
        return f"UnitView({self.id!r}, owner={self.owner}, place={self.place!r})"


class SectorView:
    """One sector in play."""

    __slots__ = ("_s", "id")

    def __init__(self, sid: str, raw: dict[str, Any]):
        self.id = sid
        self._s = raw

    @property
    def planet(self) -> str | None:
        return self._s["planet"]  # type: ignore[no-any-return]

    @property
    def token(self) -> str | None:
        """The planet's exploration token: its id when face up, its pile (`common`, `rare`,
        ...) when face down, None when there is none."""
        return self._s["token"]  # type: ignore[no-any-return]

    @property
    def token_face_up(self) -> bool:
        return bool(self._s["up"])

    @property
    def deep_space(self) -> bool:
        """A face-down deep space token lies here (what it is is hidden)."""
        return bool(self._s["deep"])

    @property
    def asteroid(self) -> bool:
        """An asteroid field: ships may neither enter nor cross it (R-CMD-03)."""
        return bool(self._s["ast"])


class PlayerView:
    """One player as the viewing seat knows them (`None`: hidden from this seat)."""

    __slots__ = ("_p", "seat")

    def __init__(self, seat: int, raw: dict[str, Any]):
        self.seat = seat
        self._p = raw

    @property
    def light(self) -> int:
        return int(self._p["light"])

    @property
    def resources(self) -> Mapping[str, int]:
        """common / uncommon / rare held."""
        return self._p["res"]  # type: ignore[no-any-return]

    @property
    def faction(self) -> str | None:
        """The kept faction: None while undecided or not yet revealed."""
        return self._p["faction"]  # type: ignore[no-any-return]

    @property
    def achievement(self) -> str | None:
        """The kept planetary achievement: another seat's is hidden until the game is over."""
        return self._p["ach"]  # type: ignore[no-any-return]

    @property
    def faction_kept(self) -> bool:
        return self._p["faction"] is not None or bool(self._p.get("faction_kept"))

    @property
    def achievement_kept(self) -> bool:
        return self._p["ach"] is not None or bool(self._p.get("achievement_kept"))

    @property
    def faction_offer(self) -> Sequence[str] | None:
        return self._p["offer_f"]  # type: ignore[no-any-return]

    @property
    def achievement_offer(self) -> Sequence[str] | None:
        return self._p["offer_a"]  # type: ignore[no-any-return]

    @property
    def hand(self) -> Sequence[str]:
        """Action cards in hand (public: each player's hand is the cards not yet played)."""
        return self._p["hand"]  # type: ignore[no-any-return]

    @property
    def hand_count(self) -> int:
        return len(self._p["hand"])

    @property
    def played(self) -> Sequence[str]:
        return self._p["played"]  # type: ignore[no-any-return]

    @property
    def chosen(self) -> str | None:
        """The action card chosen this round: hidden from others until the cards are revealed."""
        return self._p["chosen"]  # type: ignore[no-any-return]

    @property
    def has_chosen(self) -> bool:
        return self._p["chosen"] is not None or bool(self._p.get("has_chosen"))

    @property
    def tech_hand(self) -> Sequence[str] | None:
        """Technology cards in hand: None for another seat's."""
        return self._p["tech_hand"]  # type: ignore[no-any-return]

    @property
    def tech_hand_count(self) -> int:
        hand = self._p["tech_hand"]
        return len(hand) if hand is not None else int(self._p["tech_hand_count"])

    @property
    def civilization(self) -> Sequence[str]:
        """Civilization cards in play, in play order."""
        return self._p["civ"]  # type: ignore[no-any-return]

    @property
    def abilities(self) -> Mapping[str, str | None]:
        """Ship size -> the ship ability card attached (or None)."""
        return self._p["ability"]  # type: ignore[no-any-return]

    @property
    def mods(self) -> Mapping[str, Sequence[str]]:
        """Ship size -> the mod cards attached."""
        return self._p["mods"]  # type: ignore[no-any-return]

    @property
    def exhausted(self) -> Sequence[str]:
        return self._p["exhausted"]  # type: ignore[no-any-return]

    @property
    def graveyard(self) -> Sequence[str]:
        """Unit ids in this player's graveyard (the pieces it destroyed)."""
        return self._p["grave"]  # type: ignore[no-any-return]

    @property
    def cards_version(self) -> int:
        """Bumped whenever this player's cards in play change."""
        return int(self._p["ver"])


class PendingView:
    """The open decision: who decides and its kind are public; its prompt and options only to
    the deciding seat (None to others)."""

    __slots__ = ("_d",)

    def __init__(self, raw: dict[str, Any]):
        self._d = raw

    @property
    def seat(self) -> int:
        return int(self._d["p"])

    @property
    def kind(self) -> str:
        return str(self._d["kind"])

    @property
    def prompt(self) -> str | None:
        return self._d.get("prompt")

    @property
    def options(self) -> Sequence[Mapping[str, Any]] | None:
        return self._d.get("options")


class CombatView:
    """The attack in progress."""

    __slots__ = ("_c",)

    def __init__(self, raw: dict[str, Any]):
        self._c = raw

    @property
    def fought(self) -> Sequence[str]:
        """Ships that have rolled this turn (R-CMD-17)."""
        return self._c["fought"]  # type: ignore[no-any-return]

    @property
    def pool(self) -> int:
        """Hits rolled and not yet assigned."""
        return int(self._c["pool"])
