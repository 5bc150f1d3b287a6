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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn, cast

from lastlight.interpreter.engine import flow
from lastlight.interpreter.engine.machine import Engine, EngineError
from lastlight.interpreter.engine.new_game import fresh_rng, new_state
from lastlight.interpreter.engine.observe import (
    ALL,
    Observation,
    Reader,
    everything,
    observation,
    visible_log,
)
from lastlight.interpreter.engine.rng import Rng
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.engine.state import GameState, Pending
from lastlight.interpreter.engine.state_copy import clone_state, fork_state
from lastlight.interpreter.engine.view import SeatView

Decision = dict[str, Any]

#: How a world dealt from a view fills in a card another seat chose unseen: given that seat's
#: view of the world (nothing chosen yet) and its `play` decisions, the one it plays.
Chooser = Callable[[SeatView, list[Decision]], Decision]

#: What `Game.save` writes (a bare state from `to_json` has no such key).
SAVE_FORMAT = "lastlight-save-1"

#: Decisions between two snapshots of the state (see `Game.apply`).
ANCHOR_EVERY = 512


#: Trips through the decision loop without a decision before we call the game stuck.
STUCK_TRIPS = 200_000


class IllegalDecision(Exception):
    """A decision that is not legal now; the state is unchanged."""


class _Refused(Exception):
    """What a `play_out` chooser raised (or its decision refused), carried out of the loop
    past the content-failure handling: the state is as it was when the decision was asked."""

    def __init__(self, error: Exception):
        super().__init__(str(error))
        self.error = error


class Game:
    def __init__(
        self,
        rules: Rules,
        state: GameState,
        *,
        log: bool = True,
        lab: bool = False,
        engine: Engine | None = None,
    ):
        """A game of `rules` from `state`. `engine`: one already made for this state (a
        clone's, `clone`), taken as it is."""
        self.rules = rules
        self.board = rules.pack.models["board"] if engine is None else engine.board
        if engine is None:
            canonical_order(state, rules)
            engine = Engine(rules, self.board, state, log=log, lab=lab)
        self.eng = engine
        self.history: list[Decision] = []
        self._anchor: tuple[GameState, int, int, int] | None = None

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def new(
        cls, rules: Rules, players: int, seed: int, *, log: bool = True, lab: bool = False
    ) -> Game:
        """A new game. `log=False` keeps no event log (faster); `lab=True` with it keeps only
        the events a balance sweep's rows read (`log` then returns those)."""
        if not rules.players_min <= players <= rules.players_max:
            raise ValueError(
                f"this content supports {rules.players_min} to "
                f"{rules.players_max} players, not {players}"
            )
        rng = fresh_rng(seed)
        layout = deal_layout(rules, players, rng)
        state = new_state(rules, layout, players, seed, rng)
        game = cls(rules, state, log=log, lab=lab)
        game.eng.event("setup", None, None, players=players, seed=seed, first=state["first"])
        game._advance()
        return game

    @classmethod
    def from_observation(
        cls,
        rules: Rules,
        obs: Observation,
        rng: Any,
        *,
        log: bool = False,
        choose: Chooser | None = None,
    ) -> Game:
        """A game in a full state drawn at random among those `obs` cannot tell apart from the
        real one (sample.py; `rng` is the caller's own generator, e.g. a bot's; `choose`: how a
        card another seat chose unseen is filled in, default one of its cards at random).
        Raises `sample.NotSampleable` for an observation taken part-way through an effect."""
        from lastlight.interpreter.engine.sample import sample_state

        raw = None
        if choose is not None:
            chooser = choose

            def raw(seen: Observation, options: list[Decision]) -> Decision:
                return chooser(SeatView(rules, seen), options)

        game = cls(rules, sample_state(rules, obs, rng, raw), log=log)
        if game.eng.state["pending"] is None and not game.over:
            game._advance()  # the decision open to another seat, asked again
        return game

    @classmethod
    def from_json(cls, rules: Rules, text: str, *, log: bool = True) -> Game:
        state: GameState = json.loads(text)  # (what `to_json` wrote)
        return cls(rules, state, log=log)

    def to_json(self) -> str:
        """The state alone, as canonical JSON (the golden games hash this)."""
        return json.dumps(self.eng.state, sort_keys=True, separators=(",", ":"))

    def save(self) -> str:
        """A save: the state with the decisions taken so far and the event log, as JSON that
        `Game.load` reads back (the log and history travel with the game)."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "state": self.eng.state,
                "history": self.history,
                "log": self.eng.log,
            },
            sort_keys=True,
            separators=(",", ":"),
        )

    @classmethod
    def load(cls, rules: Rules, text: str) -> Game:
        """A game from `save()` (or from a bare state, `to_json()`, with no history or log)."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            return cls.from_json(rules, text)
        game = cls(rules, data["state"], log=data.get("log") is not None)
        game.history = list(data.get("history") or [])
        if game.eng.log is not None:
            game.eng.log.extend(data["log"])
        return game

    def clone(self) -> Game:
        """An independent copy of this game (state, history, log), without JSON: for search
        bots and what-if questions. The derived data that carries over is copied
        (`Engine.cache_for_clone`); the rest is worked out again on demand in the copy.

        The copy shares what neither game changes in place: the unit and sector dicts until
        one of the two writes one (copy on write, `Engine.unit`), the open decision (replaced,
        never edited), and the log's entries (appended, never edited). `edit` makes them the
        game's own again before it hands the state out."""
        eng = self.eng.fork()
        twin = Game(self.rules, eng.state, engine=eng)
        twin.history = self.history[:]
        twin._anchor = self._anchor  # (never written: a restore copies it)
        return twin

    # --- reading ----------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
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
        """The event log; for a game without one but with the lab list (`Game.new(...,
        log=False, lab=True)`, a balance sweep), the lab list: only the events a sweep's rows
        read (machine.LAB_EVENTS), each as the full log would hold it."""
        eng = self.eng
        if eng.log is not None:
            return eng.log
        return eng.lab or []

    def legal(self) -> list[Decision]:
        pending = self.eng.state["pending"]
        return [] if pending is None else list(pending["options"])

    def observation(self, seat: int | None) -> Observation:
        """Everything `seat` may know (None: a spectator), as plain JSON (see observe.py)."""
        return observation(self.eng, seat)

    def view(self, seat: Reader, *, live: bool = False) -> SeatView:
        """What `seat` sees, typed and read-only (view.py): the door every client reads the game
        through. `seat` is a seat number, None for a spectator, or `observe.ALL` for a tool that
        may see everything (the scenario runner, the fuzzer, a finished game's review). With
        `live` (ALL only) the view reads the game's own state and caches without a copy, valid
        until the next decision: for a bot's rollouts in a world it sampled itself."""
        if seat == ALL:
            if live:
                return SeatView(self.rules, self.eng.state, self.eng)
            return SeatView(self.rules, everything(self.eng))
        assert not live, "a seat's view is always its own copy (hidden fields taken out)"
        assert not isinstance(seat, str), f"not a reader: {seat!r}"
        return SeatView(self.rules, observation(self.eng, seat))

    @classmethod
    def from_view(
        cls, view: SeatView, rng: Any, *, log: bool = False, choose: Chooser | None = None
    ) -> Game:
        """A game in a full state drawn at random among those `view` cannot tell apart from the
        real one (`from_observation` on the view's data)."""
        return cls.from_observation(view.rules, view.to_json(), rng, log=log, choose=choose)

    def visible_log(self, seat: Reader) -> list[dict[str, Any]]:
        """The event log as `seat` may read it (observe.ALL: everything)."""
        return visible_log(self.log, seat)

    # --- acting -----------------------------------------------------------------------------
    def apply(self, decision: Decision | object) -> None:
        """Take one legal decision and run the game to the next one.

        All or nothing: if the content makes the engine fail part-way (a trigger loop, a step
        it cannot take), the game is put back exactly as it was before the decision and an
        `EngineError` names the content item and its file:line."""
        st = self.eng.state
        pending = st["pending"]
        if st["over"] or pending is None:
            raise IllegalDecision("the game is over; no decision is open")
        self._record(decision, pending)
        try:
            self._advance(cast(Decision, decision))
        except Exception as exc:
            self._failed(exc)

    def play_out(self, choose: Callable[[Pending], Decision]) -> None:
        """Play to the end in one decision loop (`play_game`): each open decision with more
        than one option goes to `choose(pending)`, and is checked and recorded as `apply`
        does; a failure in the content puts the game back as it was before that decision and
        raises as `apply` does; whatever `choose` raises comes out as it is."""
        if self.eng.state["over"]:
            return
        try:
            self._advance(None, choose)
        except _Refused as refused:
            raise refused.error from None
        except Exception as exc:
            self._failed(exc)

    def _record(self, decision: object, pending: Pending) -> None:
        """Check that the decision is offered, then keep it (and a snapshot every few).
        (Typed `object`: whatever a caller hands in is checked here, not by its type.)"""
        for option in pending["options"]:  # a bot hands back the very option object
            if option is decision:
                break
        else:
            if decision not in pending["options"]:  # an equal one (a replay, a person)
                raise IllegalDecision(_why_illegal(decision, pending))
        self._keep(cast(Decision, decision))

    def _keep(self, decision: Decision) -> None:
        """Append an offered decision to the history (and a snapshot every ANCHOR_EVERY)."""
        history = self.history
        anchor = self._anchor
        if anchor is None or len(history) - anchor[1] >= ANCHOR_EVERY:
            self._set_anchor()
        history.append(decision)

    def _failed(self, exc: Exception) -> NoReturn:
        """The content failed while the last decision ran: back to before it, and say so."""
        where = self._failing_item()
        self._restore()
        if isinstance(exc, EngineError):
            message = str(exc)
            if where and where not in message:
                message += f" (while running {where})"
            raise EngineError(message) from None
        raise EngineError(
            f"the content made the engine fail: {type(exc).__name__}: {exc}"
            + (f" (while running {where})" if where else "")
            + "; the game is as it was before this decision"
        ) from exc

    @contextmanager
    def edit(self, *, reask: bool = False, cards_changed: bool = True) -> Iterator[GameState]:
        """Set up a position by hand (scenarios, tests, tools): yields the state to write, then
        does what `edited` does. Tests, scenarios and the CLI write the state only here (a test
        checks it). `cards_changed=False` is for an edit that leaves every player's cards in
        play alone: each player's `ver` stays as it was.

            with game.edit(reask=True) as st:
                st["players"][0]["res"]["rare"] = 3
        """
        self.eng.unshare()  # nothing written here may reach a clone's state
        try:
            yield self.eng.state
        except BaseException:
            self.state_edited()  # a half-written edit: nothing derived from before is trusted
            raise
        self.edited(reask=reask, cards_changed=cards_changed)

    def edited(self, *, reask: bool = False, cards_changed: bool = True) -> None:
        """After writing the state by hand: derived data (caches, the snapshot `apply` goes
        back to) is dropped and every player's cards count as changed (`ver`, unless
        `cards_changed=False`), so nothing worked out from the old position is used again. With
        `reask`, the open decision is dropped and the game runs to the next one from the edited
        position."""
        self.state_edited()
        st = self.eng.state
        if cards_changed:
            for pl in st["players"]:
                pl["ver"] += 1
        if reask:
            st["pending"] = None
            self._advance()

    def state_edited(self) -> None:
        """The part of `edited` that drops derived data only (caches and the snapshot), for
        an edit that must leave every state field as written."""
        self.eng.cache = {}
        self._anchor = None

    # --- all or nothing ---------------------------------------------------------------------
    def _set_anchor(self) -> None:
        """Remember the state every few decisions (cheap: one `fork_state`, the engine copying
        units and sectors on write from then on); a failed decision goes back to the anchor and
        re-applies the decisions since, which are deterministic. The anchor is never written:
        a restore copies it, so a clone shares it."""
        self.eng.share()
        self._anchor = (
            fork_state(self.eng.state),
            len(self.history),
            len(self.eng.log) if self.eng.log is not None else 0,
            len(self.eng.lab) if self.eng.lab is not None else 0,
        )

    def _restore(self) -> None:
        assert self._anchor is not None
        blob, n_hist, n_log, n_lab = self._anchor
        redo = self.history[n_hist:-1]
        del self.history[n_hist:]
        eng = self.eng
        st: dict[str, Any] = eng.state  # type: ignore[assignment]  # (emptied, then refilled)
        st.clear()
        st.update(clone_state(blob))
        eng.own_units = eng.own_sectors = eng.shared_pending = None  # (a fresh copy: its own)
        eng.cache = {}
        if eng.log is not None:
            del eng.log[n_log:]
        if eng.lab is not None:
            del eng.lab[n_lab:]
        for decision in redo:
            self.history.append(decision)
            self._advance(decision)

    def _failing_item(self) -> str:
        """The content item the engine was running when it failed, with its file:line."""
        eng = self.eng
        stack = eng.state.get("stack") or []
        for frame in stack[::-1]:  # (not `reversed`: mypyc cannot compile it of this type)
            src = frame.get("src") or frame.get("prog", "")
            loc = eng.source_loc(frame.get("prog", "")) or eng.source_loc(src or "")
            if src:
                return f"{src} at {loc}" if loc else src
        return ""

    def _advance(
        self,
        choice: Decision | None = None,
        choose: Callable[[Pending], Decision] | None = None,
    ) -> None:
        """The decision loop: answer the open decision (the frame machine's or the flow's),
        then run the machine while frames are on the stack and the flow when none are, until
        a decision with more than one option is open or the game is over. With `choose`
        (`play_out`), such a decision is put to it and the loop goes on to the game's end."""
        eng = self.eng
        st = eng.state
        run_frame = eng.run_frame
        flow_advance = flow.advance
        resolve_queue = flow.resolve_queue  # the flow's commonest stage, called directly
        trips = 0
        while trips < STUCK_TRIPS:
            trips += 1
            pending = st["pending"]
            if pending is not None:
                if choice is None:
                    options = pending["options"]
                    if len(options) != 1:
                        if choose is None:
                            return
                        try:
                            picked: object = choose(pending)  # (checked here, not by type)
                            for option in options:  # the very option offered (what a bot
                                if option is picked:  # hands back): no other check needed
                                    self._keep(option)
                                    choice = option
                                    break
                            else:
                                self._record(picked, pending)
                                choice = cast(Decision, picked)
                        except Exception as exc:  # the chooser's, not the content's
                            raise _Refused(exc) from exc
                        trips = 0
                    else:
                        choice = options[0]
                st["pending"] = None
                if pending["by"] == "vm":
                    run_frame(choice)
                elif st["stage"] == "resolve":
                    resolve_queue(eng, choice)
                else:
                    flow_advance(eng, choice)
                choice = None
            elif st["over"]:
                return
            elif st["stack"]:
                run_frame()
            elif st["stage"] == "resolve":
                resolve_queue(eng)
            else:
                flow_advance(eng)
        raise EngineError(eng.stuck_message())


def canonical_order(state: GameState, rules: Rules) -> None:
    """Put the state's keyed collections in one canonical order (units by id, sectors in board
    order), whatever order a JSON file gave them, since the engine iterates them."""
    state["units"] = dict(sorted(state["units"].items()))
    order = rules.memo.board_order
    sectors = state["sectors"]
    if list(sectors) != [s for s in order if s in sectors]:  # (a new game's are in order)
        state["sectors"] = dict(
            sorted(sectors.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0]))
        )
    fight = state.get("combat")
    if fight:
        fight["doomed"] = dict(sorted(fight["doomed"].items()))


def _why_illegal(decision: Any, pending: Pending) -> str:
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


def deal_layout(rules: Rules, players: int, rng: Rng) -> dict[str, Any]:
    """The board for this player count, dealt from the game's generator (R-SET-03)."""
    from lastlight.interpreter.engine.layout import deal

    return deal(rules, players, rng)
