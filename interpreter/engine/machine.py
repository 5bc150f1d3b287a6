"""The frame machine: a stack of frames that runs compiled effect sequences over a state.

A frame is plain data (`{"prog", "pc", "p", "src", "sec", "loc", ...}`) kept in the state, so a
game can be saved in the middle of any effect. Each step of a sequence is a `May`, a `Choose` or a
`Do`; a `Do` calls the primitive for its form (the one table in `primitives/__init__.py`). A
primitive returns True when done, or False after it asked a decision (`ask`) or pushed frames
(triggers, `triggers.py`) that must run first; it is then called again, with the decision or
with None, and continues from what it kept in `frame["loc"]`.
"""

from __future__ import annotations

from typing import Any, TypedDict, Unpack, cast

from lastlight.interpreter.board.graph import Board
from lastlight.interpreter.effects import ast
from lastlight.interpreter.effects.ast import COMPARE
from lastlight.interpreter.effects.decisions import DECISION_KINDS
from lastlight.interpreter.engine import conditions as nouns
from lastlight.interpreter.engine import queries as q
from lastlight.interpreter.engine.errors import EngineError
from lastlight.interpreter.engine.memos import GameCache
from lastlight.interpreter.engine.primitives import FEASIBLE, PRIMITIVES, Primitive
from lastlight.interpreter.engine.rng import Rng
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.engine.state import Frame, GameState, Pending, Sector, Unit
from lastlight.interpreter.engine.state_copy import deep_copy, fork_state
from lastlight.interpreter.engine.triggers import TriggerContext, fire
from lastlight.interpreter.engine.units import KEY as UNITS_KEY

__all__ = ["Engine", "EngineError"]

#: Frames run within one call of `run_frame` before we call it stuck.
TRIP_LIMIT = 200_000

#: The events a balance sweep's rows read (lab/rows.py), kept in `Engine.lab` when the game
#: keeps no full log: setup (first player), light gained (by source) and spent (the light track
#: of lab/quality.py), manufactures, action cards played, units destroyed. Their callers test
#: `eng.log is not None or eng.lab is not None`.
LAB_EVENTS = frozenset({"setup", "gain", "pay", "manufacture", "play", "destroyed"})

#: Derived data that never changes once worked out for a game (from the sectors in play), so a
#: clone takes it as it is (`Engine.cache_for_clone`).
_CLONED_AS_IS = ("asteroids", "live", "sector_order")

#: (players, first player) -> seats in turn order
_ORDERS: dict[tuple[int, int], tuple[int, ...]] = {}


#: A compiled step: a `Do` as (its primitive, phrase, condition, counter); None for a `May`
#: or a `Choose` (or a form without a primitive, which fails when reached), run by `_step`.
Op = tuple[Primitive, ast.Phrase, ast.Cond | None, ast.Counter | None] | None


class FrameContext(TypedDict, total=False):
    """What a pushed frame may carry beyond its program, player, source and sector (`Frame`)."""

    group: list[int]  #: players of a joint phase
    size: str  #: the rolling ship size (a die face's frame)
    lumos: bool  #: the roll is for Lumos ships


def _compile(steps: tuple[ast.Step, ...]) -> tuple[Op, ...]:
    """A program's steps with each `Do` step's primitive looked up once."""
    return tuple(
        (PRIMITIVES[step.phrase.form], step.phrase, step.cond, step.counter)
        if type(step) is ast.Do and step.phrase.form in PRIMITIVES
        else None
        for step in steps
    )


class Engine:
    """Rules + board + one state. `flow` drives rounds; the stack runs effects."""

    #: Set by every write to a unit or a sector (`unit`, `sector`): the board the observations
    #: share (`observe.seen_board`, kept in `cache`) is to be worked out again. A class default,
    #: so that an engine made without `__init__` (`Game.clone`) has it.
    board_written: bool = False

    def __init__(
        self,
        rules: Rules,
        board: Board,
        state: GameState,
        *,
        log: bool = True,
        lab: bool = False,
        params: dict[str, int] | None = None,
    ):
        self.rules: Rules = rules
        self.board: Board = board
        self.state: GameState = state
        #: the content's parameters at this player count (`params`: the same, already worked
        #: out, and never written)
        self.params: dict[str, int] = rules.params_for(state["n"]) if params is None else params
        #: what is derived from this game's state (memos.py)
        self.cache: GameCache = {}
        #: program key -> its compiled steps (`Memos.compiled`: kept with the content)
        self.compiled = rules.memo.compiled
        self.log: list[dict[str, Any]] | None = [] if log else None
        #: Without the full log, the events the balance lab's rows read (`LAB_EVENTS`; gains and
        #: payments of light only), entry for entry as the full log would hold them; None unless
        #: asked for.
        self.lab: list[dict[str, Any]] | None = [] if lab and not log else None
        #: Coverage counters (None unless a coverage run asks for them): program key -> pushes,
        #: and card ids whose lasting modifiers were in play.
        self.fired: dict[str, int] | None = None
        self.in_play: set[str] | None = None
        #: Copy on write after `Game.clone`: None while this state's unit and sector dicts are
        #: its own; else the ids of those copied since (the others are shared with another
        #: game's state, and `unit`/`sector` copy one before it is written).
        self.own_units: set[str] | None = None
        self.own_sectors: set[str] | None = None
        #: the open decision when the state was last shared (the engine replaces it, never
        #: edits it; `unshare` copies it if it is still that one)
        self.shared_pending: Pending | None = None

    def turn_order(self) -> tuple[int, ...]:
        """Seats in turn order from the first player (R-RND-02)."""
        st = self.state
        key = (st["n"], st["first"])
        order = _ORDERS.get(key)
        if order is None:
            n, first = key
            order = _ORDERS[key] = tuple((first + i) % n for i in range(n))
        return order

    def asteroids(self) -> frozenset[str]:
        cached = self.cache.get("asteroids")
        if cached is None:
            cached = frozenset(s for s, info in self.state["sectors"].items() if info["ast"])
            self.cache["asteroids"] = cached
        return cached

    def unit(self, uid: str) -> Unit:
        """Unit `uid` to write: the engine's only way to change a unit (it may be shared with
        a clone's state, and is copied first then)."""
        units = self.state["units"]
        self.board_written = True
        own = self.own_units
        if own is None or uid in own:
            return units[uid]
        own.add(uid)
        unit = units[uid] = units[uid].copy()
        return unit

    def sector(self, sid: str) -> Sector:
        """Sector `sid` to write (as `unit`)."""
        sectors = self.state["sectors"]
        self.board_written = True
        own = self.own_sectors
        if own is None or sid in own:
            return sectors[sid]
        own.add(sid)
        info = sectors[sid] = sectors[sid].copy()
        return info

    def share(self) -> None:
        """This state's unit and sector dicts are now shared with a clone's: copy on write."""
        self.own_units = set()
        self.own_sectors = set()
        self.shared_pending = self.state["pending"]

    def fork(self) -> Engine:
        """The engine of a clone of this game (`Game.clone`): the state forked (`fork_state`),
        the derived data that carries over (`cache_for_clone`), the log and the lab list
        copied; no coverage counters."""
        eng = Engine(self.rules, self.board, fork_state(self.state), log=False, params=self.params)
        self.share()
        eng.share()
        eng.cache = self.cache_for_clone()
        eng.compiled = self.compiled
        eng.log = None if self.log is None else self.log[:]
        eng.lab = None if self.lab is None else self.lab[:]
        return eng

    def cache_for_clone(self) -> GameCache:
        """The derived data a clone of this game starts with instead of working it out again:
        what depends only on the sectors in play, the card tables and technology designs (keyed
        by what they were worked out from: each player's `ver`, the hand), and the unit index
        (shared, copied by the first `move_unit` of either game). Nothing else (a step's own
        progress, a bot's memo) is carried over."""
        cache = cast(dict[str, Any], self.cache)
        out = {key: cache[key] for key in _CLONED_AS_IS if key in cache}
        for key in ("tables", "tech_hands"):  # (their entries are answers, never changed)
            found = cache.get(key)
            if found is not None:
                out[key] = found.copy()
        ix = cache.get(UNITS_KEY)
        if ix is not None:
            ix.shared = True
            out[UNITS_KEY] = ix
        return cast(GameCache, out)

    def unshare(self) -> None:
        """Make every unit and sector dict and the open decision this state's own again (before
        the state is written by hand: `Game.edit`)."""
        if self.own_units is None:
            return
        st = self.state
        st["units"] = {uid: u.copy() for uid, u in st["units"].items()}
        st["sectors"] = {sid: s.copy() for sid, s in st["sectors"].items()}
        if st["pending"] is not None and st["pending"] is self.shared_pending:
            st["pending"] = deep_copy(st["pending"])
        self.own_units = self.own_sectors = self.shared_pending = None

    # --- chance -----------------------------------------------------------------------------
    def below(self, n: int) -> int:
        rng = Rng(self.state["rng"])
        value = rng.below(n)
        self.state["rng"] = rng.state
        return value

    def shuffle(self, items: list[Any]) -> None:
        rng = Rng(self.state["rng"])
        rng.shuffle(items)
        self.state["rng"] = rng.state

    # --- the event log ----------------------------------------------------------------------
    def event(
        self,
        name: str,
        p: int | None = None,
        src: str | None = None,
        *,
        see: tuple[int, ...] | None = None,
        **data: Any,
    ) -> None:
        """Log an event. `see` names the seats that may read it (None: everyone). Without a
        log (`log=False`) this does nothing; the hottest callers test `eng.log is not None`
        first, so a game played without a log does not even build the arguments. With the
        lab list on instead (`lab=True`), the events of `LAB_EVENTS` go there."""
        log = self.log
        if log is None:
            log = self.lab
            if log is None or name not in LAB_EVENTS:
                return
        entry: dict[str, Any] = {"round": self.state["round"], "event": name}
        if p is not None:
            entry["player"] = p
        if see is not None:
            entry["see"] = list(see)
        entry.update(data)
        if src:
            entry["source"] = src
            loc = self.source_loc(src)
            if loc:
                entry["at"] = loc
        log.append(entry)

    def source_loc(self, src: str) -> str:
        """The YAML file:line of an effect's source (a program key, card or token id)."""
        found = self.rules.memo.source_locs
        loc = found.get(src)
        if loc is None:
            loc = found[src] = self._source_loc(src)
        return loc

    def _source_loc(self, src: str) -> str:
        if src.startswith(("action:", "token:", "die:", "trade:", "card:")):
            return self.rules.program_locs.get(src, "")
        card = self.rules.cards.get(base_id(src))
        if card and card.locs:
            return card.locs[0]
        token = self.rules.tokens.get(src)
        return token.loc if token else ""

    # --- decisions --------------------------------------------------------------------------
    def ask(
        self, p: int, kind: str, options: list[dict[str, Any]], prompt: str, by: str = "vm"
    ) -> bool:
        """Stop for a decision of player p among options. Always returns False (not done)."""
        if kind not in DECISION_KINDS:  # the registry scenarios and lint read
            raise EngineError(f"decision kind '{kind}' is not in effects/decisions.py")
        self.state["pending"] = {
            "p": p,
            "kind": kind,
            "options": options,
            "prompt": prompt,
            "by": by,
        }
        return False

    # --- frames -----------------------------------------------------------------------------
    def push(
        self,
        prog: str,
        p: int,
        src: str | None = None,
        sec: str | None = None,
        **ctx: Unpack[FrameContext],
    ) -> None:
        frame: Frame = {"prog": prog, "pc": 0, "p": p, "src": src, "sec": sec, "loc": {}}
        if ctx:
            frame.update(ctx)  # type: ignore[typeddict-item]  # (a FrameContext's keys are Frame's)
        if self.fired is not None:
            self.fired[prog] = self.fired.get(prog, 0) + 1
        self.state["stack"].append(frame)

    def run_frame(self, choice: Any = None) -> None:
        """Run the stack: the top frame's steps until one asks a decision, then whatever frame
        is on top next, until a decision is open, the game is over or the stack is empty.

        A step that is not done either asked (`pending`) or pushed frames that must run first
        (they are on top now); a finished frame is popped. One call runs all of it, so a
        decision costs one trip here, not one per frame."""
        st = self.state
        stack = st["stack"]
        compiled = self.compiled
        trips = 0
        while True:
            frame = stack[-1]
            prog = frame["prog"]
            ops = compiled.get(prog)
            if ops is None:
                ops = compiled[prog] = _compile(self.rules.programs[prog].steps)
            last = len(ops)
            while True:
                pc = frame["pc"]
                if pc >= last:
                    stack.pop()
                    break
                op = ops[pc]
                if op is not None:  # a `Do` step, the common case: its primitive, inline
                    run, phrase, cond, counter = op
                    loc = frame["loc"]
                    mult = loc.get("mult")
                    if mult is None:
                        if cond is not None and not self.test(frame, cond):
                            done = True
                        else:
                            mult = self.count(frame, counter) if counter else 1
                            done = run(self, frame, phrase, mult, choice)
                            if not done:  # kept for when the step goes on (most finish)
                                frame["loc"]["mult"] = mult
                    else:
                        done = run(self, frame, phrase, mult, choice)
                else:
                    done = self._step(frame, self.rules.programs[prog].steps[pc], choice)
                choice = None
                if not done:
                    break  # it asked, or pushed frames that run first
                # the frame may have been re-pushed below others: find it by identity
                frame["pc"] = pc + 1
                if frame["loc"]:  # (an empty one serves the next step as it is)
                    frame["loc"] = {}
                if not stack or stack[-1] is not frame:
                    break
                if pc + 1 >= last:
                    stack.pop()  # finished and on top
                    break
                if st["pending"] is not None:
                    return
            if not stack or st["pending"] is not None or st["over"]:
                return
            trips += 1
            if trips > TRIP_LIMIT:
                raise EngineError(self.stuck_message())

    def stuck_message(self) -> str:
        """The no-progress message, naming the effect being run and its place in the YAML."""
        stack = self.state["stack"]
        if not stack:
            return "the engine made no progress (a stuck rule, outside any effect)"
        frame = stack[-1]
        prog = str(frame.get("prog", ""))
        item = frame.get("src") or prog.split(".")[0]
        if item.startswith("die:"):
            item = f"the die face '{item.removeprefix('die:')}'"
        where = self.rules.program_locs.get(prog) or self.source_loc(str(item))
        return (
            f"the engine made no progress: {len(stack)} effects deep, running {item}"
            + (f" at {where}" if where else "")
            + " (an effect or die face that repeats without end?)"
        )

    def _step(self, frame: Frame, step: ast.Step, choice: Any) -> bool:
        if type(step) is ast.May:
            return self._may(frame, step, choice)
        if type(step) is ast.Choose:
            return self._choose(frame, step, choice)
        assert isinstance(step, ast.Do)
        loc = frame["loc"]
        if "mult" not in loc:
            if step.cond is not None and not self.test(frame, step.cond):
                return True
            loc["mult"] = self.count(frame, step.counter) if step.counter else 1
        return PRIMITIVES[step.phrase.form](self, frame, step.phrase, loc["mult"], choice)

    def _may(self, frame: Frame, step: ast.May, choice: Any) -> bool:
        """`you may X`: asked only when X could do something; yes runs X as a child frame."""
        loc = frame["loc"]
        if "go" in loc:
            return True
        if choice is None:
            if not self._feasible(frame, step.step):
                return True
            key = (frame["prog"], frame["pc"], self.state["n"])
            prompts = self.rules.memo.prompts
            prompt = prompts.get(key)
            if prompt is None:
                prompt = prompts[key] = f"You may: {self._text(step.step)}"
            return self.ask(
                frame["p"],
                "may",
                [{"kind": "may", "do": True}, {"kind": "may", "do": False}],
                prompt,
            )
        if not choice.get("do"):
            return True
        loc["go"] = 1
        self.push_child(frame, f"{frame['prog']}.{frame['pc']}.may")
        return False

    def _choose(self, frame: Frame, step: ast.Choose, choice: Any) -> bool:
        """`choose N: A | B`: each pick runs its option as a child frame (feasible ones only)."""
        loc = frame["loc"]
        if "left" not in loc:
            loc["left"] = q.amount(self, frame["p"], step.count)
            loc["picked"] = []
        if choice is not None:
            i = choice["option"]
            loc["left"] -= 1
            loc["picked"].append(i)
            self.push_child(frame, f"{frame['prog']}.{frame['pc']}.opt{i}")
            return False
        if loc["left"] <= 0:
            return True
        options: list[dict[str, Any]] = []
        for i, option in enumerate(step.options):
            if step.distinct and i in loc["picked"]:
                continue
            if option.steps and not self._feasible(frame, option.steps[0]):
                continue
            options.append({"kind": "choose", "option": i})
        if not options:
            return True
        key = (frame["prog"], frame["pc"], self.state["n"], *(o["option"] for o in options))
        prompts = self.rules.memo.prompts
        prompt = prompts.get(key)
        if prompt is None:
            prompt = prompts[key] = "Choose one: " + " | ".join(
                self._text_seq(step.options[o["option"]]) for o in options
            )
        return self.ask(frame["p"], "choose", options, prompt)

    def push_child(self, frame: Frame, prog: str) -> None:
        """Run another program in the same context (an option, a `may` body, a trade)."""
        child = frame.copy()  # its context, then prog, pc and loc last (as a saved frame has)
        del child["prog"], child["pc"], child["loc"]
        child["prog"] = prog
        child["pc"] = 0
        child["loc"] = {}
        self.state["stack"].append(child)
        if self.fired is not None:
            self.fired[prog] = self.fired.get(prog, 0) + 1

    def _feasible(self, frame: Frame, step: ast.Step) -> bool:
        if isinstance(step, ast.Do):
            check = FEASIBLE.get(step.phrase.form)
            if step.cond is not None and not self.test(frame, step.cond):
                return False
            return check(self, frame, step.phrase) if check else True
        if isinstance(step, ast.May):
            return self._feasible(frame, step.step)
        return True

    def _text(self, step: ast.Step) -> str:
        from lastlight.interpreter.effects.render import render_step

        return render_step(step, self.params)

    def _text_seq(self, seq: ast.Seq) -> str:
        from lastlight.interpreter.effects.render import render_seq

        return render_seq(seq, self.params)

    # --- conditions and counters -----------------------------------------------------------
    def count(self, frame: Frame, counter: ast.Counter) -> int:
        return self.noun(frame, counter.noun) // counter.per

    def noun(self, frame: Frame, noun: ast.Phrase) -> int:
        return nouns.COUNTERS[noun.form](self, frame, noun)

    def test(self, frame: Frame, cond: ast.Cond) -> bool:
        if type(cond) is ast.Compare:  # the common case first
            left = nouns.COUNTERS[cond.noun.form](self, frame, cond.noun)
            right = cond.value
            if type(right) is not int:
                right = q.amount(self, frame["p"], right)
            return COMPARE[cond.op](left, right)
        if type(cond) is ast.Test:
            return nouns.CONDITIONS[cond.phrase.form](self, frame, cond.phrase)
        if isinstance(cond, ast.And):
            return self.test(frame, cond.left) and self.test(frame, cond.right)
        if isinstance(cond, ast.Or):
            return self.test(frame, cond.left) or self.test(frame, cond.right)
        if isinstance(cond, ast.Not):
            return not self.test(frame, cond.inner)
        if isinstance(cond, ast.Compare):
            left = self.noun(frame, cond.noun)
            right = q.amount(self, frame["p"], cond.value)
            return COMPARE[cond.op](left, right)
        return nouns.CONDITIONS[cond.phrase.form](self, frame, cond.phrase)

    # --- triggers ---------------------------------------------------------------------------
    def fire(
        self,
        form: str,
        p: int,
        args: dict[str, Any] | None = None,
        **ctx: Unpack[TriggerContext],
    ) -> int:
        """Push the frames of p's cards that listen for this event; returns how many
        (triggers.py)."""
        return fire(self, form, p, args, **ctx)
