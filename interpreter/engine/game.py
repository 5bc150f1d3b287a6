"""The decision API: one way for players, bots, replays and tests to drive a game.

    game = Game.new(rules, players=4, seed=7)
    while not game.over:
        game.apply(choose(game.legal()))

`legal()` lists the decisions open to `to_move`; `apply` takes one of them or raises
`IllegalDecision` with the reason, leaving the state untouched. Chance comes from the generator
in the state, so the same content, seed and decisions give the same game in any process. A
decision with a single option is taken automatically (it is not a choice).
"""

from __future__ import annotations

import json
from typing import Any

from . import (  # noqa: F401  (registers primitives)
    combat,
    flow,
    prims_build,
    prims_cards,
    prims_economy,
    prims_move,
)
from .core import Engine, EngineError
from .rules import Rules
from .setup import fresh_rng, new_state

Decision = dict[str, Any]


class IllegalDecision(Exception):
    """A decision that is not legal now; the state is unchanged."""


class Game:
    def __init__(self, rules: Rules, state: dict[str, Any], *, log: bool = True):
        self.rules = rules
        self.board = rules.pack.models["board"]
        canonical_order(state, self.board)
        self.eng = Engine(rules, self.board, state, log=log)
        self.history: list[Decision] = []

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, players: int, seed: int, *, log: bool = True) -> Game:
        if not rules.players_min <= players <= rules.players_max:
            raise ValueError(
                f"this content supports {rules.players_min} to "
                f"{rules.players_max} players, not {players}"
            )
        rng = fresh_rng(seed)
        layout = deal_layout(rules, players, rng)
        state = new_state(rules, layout, players, seed, rng)
        game = cls(rules, state, log=log)
        game.eng.event("setup", None, None, players=players, seed=seed, first=state["first"])
        game._advance()
        return game

    @classmethod
    def from_json(cls, rules: Rules, text: str, *, log: bool = True) -> Game:
        return cls(rules, json.loads(text), log=log)

    def to_json(self) -> str:
        return json.dumps(self.eng.state, sort_keys=True, separators=(",", ":"))

    # --- reading ----------------------------------------------------------------------------
    @property
    def state(self) -> dict[str, Any]:
        return self.eng.state

    @property
    def over(self) -> bool:
        return bool(self.eng.state["over"])

    @property
    def winners(self) -> list[int]:
        return list(self.eng.state["winners"])

    @property
    def to_move(self) -> int | None:
        pending = self.eng.state["pending"]
        return None if pending is None else pending["p"]

    @property
    def prompt(self) -> str:
        pending = self.eng.state["pending"]
        return "" if pending is None else pending["prompt"]

    @property
    def log(self) -> list[dict[str, Any]]:
        return self.eng.log or []

    def legal(self) -> list[Decision]:
        pending = self.eng.state["pending"]
        return [] if pending is None else list(pending["options"])

    # --- acting -----------------------------------------------------------------------------
    def apply(self, decision: Decision) -> None:
        pending = self.eng.state["pending"]
        if self.over or pending is None:
            raise IllegalDecision("the game is over; no decision is open")
        if decision not in pending["options"]:
            raise IllegalDecision(_why_illegal(decision, pending))
        self.history.append(decision)
        self._advance(decision)

    def _advance(self, choice: Decision | None = None) -> None:
        eng = self.eng
        st = eng.state
        guard = 0
        while True:
            guard += 1
            if guard > 200_000:
                raise EngineError(_stuck(eng))
            pending = st["pending"]
            if pending is not None:
                if choice is None:
                    if len(pending["options"]) != 1:
                        return
                    choice = pending["options"][0]
                st["pending"] = None
                if pending["by"] == "vm":
                    eng.run_frame(choice)
                else:
                    flow.advance(eng, choice)
                choice = None
                continue
            if st["over"]:
                return
            if st["stack"]:
                eng.run_frame()
            else:
                flow.advance(eng)


def _stuck(eng: Engine) -> str:
    """The engine's no-progress message, naming the effect it was running and its place."""
    stack = eng.state["stack"]
    if not stack:
        return "the engine made no progress (a stuck rule, outside any effect)"
    frame = stack[-1]
    prog = str(frame.get("prog", ""))
    item = frame.get("src") or prog.split(".")[0]
    if item.startswith("die:"):
        item = f"the die face '{item.removeprefix('die:')}'"
    where = eng.rules.program_locs.get(prog) or eng.source_loc(str(item))
    return (
        f"the engine made no progress: {len(stack)} effects deep, running {item}"
        + (f" at {where}" if where else "")
        + " (an effect or die face that repeats without end?)"
    )


def canonical_order(state: dict[str, Any], board: Any) -> None:
    """Put the state's keyed collections in one canonical order (units by id, sectors in board
    order), whatever order a JSON file gave them, since the engine iterates them."""
    state["units"] = dict(sorted(state["units"].items()))
    order = {s: i for i, s in enumerate(board.sectors())}
    state["sectors"] = dict(
        sorted(state["sectors"].items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0]))
    )
    fight = state.get("combat")
    if fight:
        fight["doomed"] = dict(sorted(fight["doomed"].items()))


def _why_illegal(decision: Any, pending: dict[str, Any]) -> str:
    who = f"player {pending['p']}"
    if not isinstance(decision, dict) or "kind" not in decision:
        return f"a decision is a mapping with a 'kind'; got {decision!r}"
    kinds = sorted({o["kind"] for o in pending["options"]})
    if decision["kind"] not in kinds:
        return (
            f"{who} must decide: {pending['prompt']} (a '{'/'.join(kinds)}' decision), "
            f"not '{decision['kind']}'"
        )
    return (
        f"{decision!r} is not among the {len(pending['options'])} legal options for "
        f"{who}: {pending['prompt']}"
    )


def deal_layout(rules: Rules, players: int, rng: Any) -> dict[str, Any]:
    """The board for this player count, dealt from the game's generator (R-SET-03)."""
    from .layout import deal

    return deal(rules, players, rng)
