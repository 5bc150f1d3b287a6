"""Scenario tests a designer can write: set up a position, play decisions, state what must hold.

A scenario file (`kind: scenarios`, schema `scenarios.schema.json`) holds items like:

    - id: photon-harvester-makes-rare
      proves: [photon-harvester]          # content items this scenario proves
      rules: [R-RES-05]                   # rule ids it proves
      players: 2
      setup:
        players:
          0: {resources: {common: 1}, in_play: [photon-harvester]}
      steps:
        - play: {0: mine, 1: trade}
        - choose: {kind: use, card: photon-harvester}
        - finish: round
      expect:
        players:
          0: {resources: {rare: 1}}

Setup can also fix the technology piles (`deck`, `discard`, `deck_top`) and the dealt offers
(`faction_offer`, `achievement_offer`: the keep decisions stay open for the steps). Steps are
`play`, `choose`, `illegal` (not legal now), `never` (not legal now nor at any later decision),
`finish` and `expect`; expectations are in scenario_expect.py (piles, pieces, counts such as
`hand: 3 cards`, the open decision). The schema (schemas/scenarios.schema.json) describes every
key. Every failure names the scenario file and line and says what was expected and what
happened.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from lastlight.interpreter.effects.decisions import DECISION_KINDS
from lastlight.interpreter.engine.errors import EngineError
from lastlight.interpreter.engine.game import Game, IllegalDecision
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.engine.view import LUMOS, SeatView
from lastlight.interpreter.load.errors import Diagnostic, Loc, did_you_mean
from lastlight.interpreter.load.pack import ValueBudget, outside_the_pack, yaml_files
from lastlight.interpreter.load.schema import validate
from lastlight.interpreter.load.yamlload import YDict, YList, load_yaml
from lastlight.interpreter.tools.scenario_expect import check, matches
from lastlight.interpreter.tools.scenario_lint import setup_problems

if TYPE_CHECKING:
    from lastlight.interpreter.engine.state import GameState

FLOW_PREFERENCE = ("pass", "done")

#: The state `Game.edit()` yields, passed from inside its `with` block to the helpers that
#: write the setup (the engine's write door: nothing else here writes the state, and every
#: read goes through `Game.view`).
Edited: TypeAlias = "GameState"


def _same_card(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two decisions alike but for which copy of a card they name."""

    def norm(v: Any) -> Any:
        return base_id(v) if isinstance(v, str) and "#" in v else v

    return a.keys() == b.keys() and all(norm(a[k]) == norm(b[k]) for k in a)


class ScenarioFailure(Exception):
    def __init__(self, loc: Loc, message: str):
        self.loc = loc
        super().__init__(message)


@dataclass
class ScenarioResult:
    id: str
    path: str
    loc: Loc
    proves: list[str]
    rules: list[str]
    failures: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def discover(path: Path) -> list[Path]:
    """The scenario files at `path`: the file itself, or the `.yaml` files under the folder
    (a bounded walk: see `pack.yaml_files`)."""
    if path.is_file():
        return [path]
    return yaml_files(path, suffixes=(".yaml",), max_files=MAX_SCENARIO_FILES)


#: A walk of scenario folders stops a little past this many files.
MAX_SCENARIO_FILES = 1000


def load_file(
    path: Path, within: Path | None = None, budget: ValueBudget | None = None
) -> tuple[list[YDict], list[Diagnostic]]:
    """The scenarios of one file, or the problems that stop it being run. With `within` (the
    pack the scenarios belong to) a file that leads out of that folder is X014, never read;
    with `budget`, a file past the values the run may read is X015, not parsed."""
    refused = outside_the_pack(path, within, str(path)) if within is not None else None
    refused = refused or (budget.charge(path, str(path)) if budget is not None else None)
    if refused is not None:
        return [], [refused]
    data, problems = load_yaml(path)
    if data is None:
        return [], problems
    problems = problems + validate("scenarios", data)
    if problems:
        return [], problems
    return [item for item in data["items"] if isinstance(item, YDict)], []


def run_file(
    rules: Rules, path: Path, within: Path | None = None, budget: ValueBudget | None = None
) -> tuple[list[ScenarioResult], list[Diagnostic]]:
    items, problems = load_file(path, within, budget)
    return [run_scenario(rules, item) for item in items], problems


def run_scenario(rules: Rules, item: YDict) -> ScenarioResult:
    result = ScenarioResult(
        str(item["id"]),
        item.loc.path,
        item.loc_of("id"),
        [str(x) for x in item.get("proves") or []],
        [str(x) for x in item.get("rules") or []],
    )
    result.failures.extend(setup_problems(item, rules.pack))
    if result.failures:
        return result
    try:
        _Runner(rules, item).run()
    except ScenarioFailure as fail:
        result.failures.append(Diagnostic(fail.loc, "T001", str(fail)))
    except (EngineError, IllegalDecision) as exc:
        result.failures.append(Diagnostic(item.loc_of("id"), "T002", f"the game stopped: {exc}"))
    return result


class _Runner:
    def __init__(self, rules: Rules, item: YDict):
        self.rules = rules
        self.item = item
        players = int(item.get("players", 2))
        self.game = Game.new(rules, players, int(item.get("seed", 1)))
        self.players = players
        # `never` wants, each kept once, by the decision kind they name (None: any kind)
        self.never: dict[Any, dict[str, tuple[dict[str, Any], Loc]]] = {}
        #: technologies a `tech_hand` setup took out of a hand (out of the game unless taken)
        self.loose: list[str] = []

    # --- setup ------------------------------------------------------------------------------
    def run(self) -> None:
        self.play()
        expect = self.item.get("expect")
        if expect:
            self._check(expect)

    def play(self) -> int:
        """Set the position up and take the steps (not the final expectation); returns the
        length of the game's log once set up (what the steps logged comes after it)."""
        setup = self.item.get("setup") or YDict()
        self._setup_choices(setup)
        self._apply_setup(setup)
        mark = len(self.game.log)
        steps = self.item.get("steps") or YList()
        for i, step in enumerate(steps):
            self._step(step, steps.loc_of(i))
        return mark

    def expect(self) -> None:
        """Check the final expectation (raises ScenarioFailure)."""
        self._check(self.item.get("expect") or YDict())

    def _fail(self, loc: Loc, message: str) -> ScenarioFailure:
        return ScenarioFailure(loc, f"scenario '{self.item['id']}': {message}")

    def _setup_choices(self, setup: YDict) -> None:
        """Keep the named faction/achievement (or the first offered), whatever was dealt. With
        `faction_offer` / `achievement_offer` the dealt offers are set and the keep decisions
        are left open for the steps."""
        players = setup.get("players") or YDict()
        offers = False
        # the open choice was computed from the dealt offers: `reask` asks it again
        with self.game.edit(reask=True) as st:
            for p in range(self.players):
                conf = players.get(p) or YDict()
                pl = st["players"][p]
                if "faction_offer" in conf:
                    pl["offer_f"] = [str(f) for f in conf["faction_offer"]]
                    pl["faction"] = None
                    offers = True
                if "achievement_offer" in conf:
                    pl["offer_a"] = [
                        self._achievement(st, str(a), conf.loc_of("achievement_offer"))
                        for a in conf["achievement_offer"]
                    ]
                    pl["ach"] = None
                    offers = True
                faction = conf.get("faction")
                if faction is not None:
                    pl["offer_f"] = [faction] if faction else []
                    pl["faction"] = None if faction else ""
                ach = conf.get("achievement")
                if ach is not None:
                    pl["offer_a"] = [f"{ach}#1"] if ach else []
                    pl["ach"] = None if ach else ""
        while self._now().stage in ("faction", "achievement") and not offers:
            self.game.apply(self.game.legal()[0])

    def _now(self) -> SeatView:
        """The game as it is now (the runner may see everything): read it before the next
        decision, never after."""
        return self.game.view(ALL, live=True)

    def _achievement(self, pos: Edited, aid: str, loc: Loc) -> str:
        for phys in pos["players"][0]["offer_a"] + [f"{aid}#1"]:
            if base_id(phys) == aid:
                return phys
        raise self._fail(loc, f"unknown achievement '{aid}'")

    def _apply_setup(self, setup: YDict) -> None:
        """Write the setup into the state in one `Game.edit`: caches dropped, the open
        decision asked again from the position set up."""
        with self.game.edit(reask=True) as st:
            if "first" in setup:
                st["first"] = int(setup["first"])
                for pl in st["players"]:
                    pl["chosen"] = None  # the card choice is asked again (`reask`)
            if "rotation" in setup:
                st["rot"] = int(setup["rotation"]) % self.game.board.period
            if "round" in setup:
                st["round"] = int(setup["round"])
            if "rng" in setup:  # the generator's state: the recorded game's draws to come
                st["rng"] = int(setup["rng"])
            if "dice" in setup:
                st["dice"] = [str(d) for d in setup["dice"]]
            if "deck_top" in setup:
                top = [
                    self._to_deck(st, str(c), setup.loc_of("deck_top")) for c in setup["deck_top"]
                ]
                st["deck"] = [c for c in st["deck"] if c not in top] + list(reversed(top))
                st["discard"] = [c for c in st["discard"] if c not in top]  # (not in both)
            if "deck" in setup or "discard" in setup:
                self._setup_piles(st, setup)
            for sector, conf in (setup.get("sectors") or {}).items():
                if sector not in st["sectors"]:
                    raise self._fail(setup["sectors"].key_loc(sector), f"unknown sector '{sector}'")
                info = st["sectors"][sector]
                for key in ("planet", "token", "deep"):
                    if key in conf:
                        info[key] = (
                            self._token(conf[key], conf.loc_of(key))
                            if key != "planet" and conf[key]
                            else conf[key]
                        )
                if "up" in conf:
                    info["up"] = bool(conf["up"])
                if "asteroid" in conf:
                    info["ast"] = bool(conf["asteroid"])
            players = setup.get("players") or {}
            for p, conf in players.items():  # first: a ship in a graveyard is not placed
                for uid in conf.get("graveyard") or []:
                    if uid not in st["units"]:
                        raise self._fail(conf.loc_of("graveyard"), f"unknown unit '{uid}'")
                    unit = st["units"][uid]
                    unit.update({"at": "grave", "s": None, "c": None, "g": int(p)})
                    st["players"][int(p)]["grave"].append(uid)
            for p, conf in players.items():
                self._setup_player(st, int(p), conf)
            lumos = setup.get("lumos")
            lumos_state = st.get("lumos")
            if lumos and lumos_state:
                if "ally" in lumos:
                    lumos_state["ally"] = lumos["ally"]
                if "ships" in lumos:
                    self._place_ships(st, LUMOS, lumos["ships"], lumos.loc_of("ships"))
                if "out" in lumos:
                    self._lumos_out(st, lumos["out"], lumos.loc_of("out"))
            if "resolve" in setup:
                self._setup_resolve(st, setup["resolve"])

    def _lumos_out(self, pos: Edited, spec: YDict, loc: Loc) -> None:
        """`out: {small: 2}`: that many Lumos ships of each size destroyed (out of the game),
        taken from the Lumos supply; the others of that size not on the board are in it."""
        for u in pos["units"].values():
            if u["o"] == LUMOS and u["k"] == "s" and u["at"] == "box":
                u["at"] = "supply"
        for size, count in spec.items():
            spare = [
                u
                for u in pos["units"].values()
                if u["o"] == LUMOS and u["z"] == size and u["at"] == "supply"
            ]
            if len(spare) < int(count):
                raise self._fail(loc, f"the Lumos have {len(spare)} {size} ships in supply")
            for u in spare[: int(count)]:
                u["at"] = "box"

    def _setup_resolve(self, pos: Edited, conf: YDict) -> None:
        """Part-way through a round (what `lastlight record` writes): the cards chosen are
        revealed and `queue` is what is left to resolve, as the engine keeps it (flow.py)."""
        for p, card in (conf.get("chosen") or {}).items():
            if not 0 <= int(p) < self.players:
                raise self._fail(conf.loc_of("chosen"), f"no player {p} in this game")
            pos["players"][int(p)]["chosen"] = str(card)
        for i, entry in enumerate(conf["queue"]):
            kinds = ("before", "phase", "after", "together", "card_end", "rotated")
            if not entry or entry[0] not in kinds:
                raise self._fail(
                    conf["queue"].loc_of(i), f"a queue entry starts with one of {', '.join(kinds)}"
                )
        pos["queue"] = [list(e) for e in conf["queue"]]
        pos["stage"] = "resolve"
        pos["entry"] = 0
        pos["trig"] = int(conf.get("trig", 0))

    def _setup_piles(self, pos: Edited, setup: YDict) -> None:
        """`deck: [...]` is the whole deck, top first; the other copies left in the deck go to
        the discard pile, or out of the game when `discard: [...]` sets that pile too."""
        pool = pos["deck"] + pos["discard"]
        piles: dict[str, list[str]] = {}
        for key in ("deck", "discard"):
            if key in setup:
                piles[key] = []
                for i, cid in enumerate(setup[key]):
                    at = setup[key].loc_of(i)
                    if any(base_id(c) == cid or c == cid for c in pool):
                        phys = self._physical(str(cid), pool, at)
                        pool.remove(phys)
                    else:  # a copy the fresh deal put in a hand (a recorded position)
                        phys = self._take(pos, str(cid), at)
                    piles[key].append(phys)
        if "deck" in piles:
            pos["deck"] = list(reversed(piles["deck"]))  # the top of the deck is its end
            pos["discard"] = piles.get("discard", pool)
        else:
            pos["deck"] = [c for c in pool if c in pos["deck"]]
            pos["discard"] = piles["discard"]

    def _setup_player(self, pos: Edited, p: int, conf: YDict) -> None:
        pl = pos["players"][p]
        if "resources" in conf:
            pl["res"] = {"common": 0, "uncommon": 0, "rare": 0}
            pl["res"].update({k: int(v) for k, v in conf["resources"].items()})
        if "light" in conf:
            pl["light"] = int(conf["light"])
        if "hand" in conf:
            pl["hand"] = [str(a) for a in conf["hand"]]
        if "played" in conf:
            pl["played"] = [str(a) for a in conf["played"]]
        if "tech_hand" in conf:
            self.loose += pl["tech_hand"]  # the dealt hand, for a later setup entry to take
            pl["tech_hand"] = [
                self._take(pos, c, conf.loc_of("tech_hand")) for c in conf["tech_hand"]
            ]
        if "in_play" in conf:
            for entry in conf["in_play"]:
                cid = entry if isinstance(entry, str) else entry["card"]
                size = None if isinstance(entry, str) else entry.get("size")
                phys = self._take(pos, cid, conf.loc_of("in_play"))
                card = self.rules.cards[base_id(phys)]
                if card.type == "civilization":
                    pl["civ"].append(phys)
                elif size is None:
                    raise self._fail(
                        conf.loc_of("in_play"),
                        f"{cid} attaches to a ship type: write {{card: {cid}, size: small}}",
                    )
                elif card.type == "ship_ability":
                    pl["ability"][size] = phys
                else:
                    pl["mods"][size].append(phys)
        if "exhausted" in conf:
            pl["exhausted"] = [self._in_play_id(p, c) for c in conf["exhausted"]]
        if "ships" in conf:
            self._place_ships(pos, p, conf["ships"], conf.loc_of("ships"))
        if "extractors" in conf:
            self._place_extractors(pos, p, conf["extractors"], conf.loc_of("extractors"))
        if "damage" in conf:
            for uid, n in conf["damage"].items():
                if uid not in pos["units"]:
                    raise self._fail(conf.loc_of("damage"), f"unknown unit '{uid}'")
                pos["units"][uid]["d"] = int(n)

    def _take(self, pos: Edited, cid: str, loc: Loc) -> str:
        """Move one physical copy of a technology out of the deck or discard (`cid` names the
        card, or one copy of it: `assault-rigs#2`)."""
        for pile in (pos["deck"], pos["discard"]):
            for phys in pile:
                if base_id(phys) == cid or phys == cid:
                    pile.remove(phys)
                    return phys
        for pile in [pl["tech_hand"] for pl in pos["players"]] + [self.loose]:
            for phys in pile:
                if base_id(phys) == cid or phys == cid:
                    pile.remove(phys)
                    return phys
        raise self._fail(loc, f"no copy of technology '{cid}' is left to hand out")

    def _to_deck(self, pos: Edited, cid: str, loc: Loc) -> str:
        """A copy for the top of the deck: from the piles, else out of a player's hand (a
        recorded position may hold there a copy the fresh deal gave someone)."""
        try:
            return self._physical(cid, pos["deck"] + pos["discard"], loc)
        except ScenarioFailure:
            return self._take(pos, cid, loc)

    def _physical(self, cid: str, pool: list[str], loc: Loc) -> str:
        for phys in pool:
            if base_id(phys) == cid or phys == cid:
                return phys
        raise self._fail(loc, f"technology '{cid}' is not in the deck")

    def _token(self, tid: str, loc: Loc) -> str:
        for phys in self.rules.tokens:
            if base_id(phys) == tid or phys == tid:
                return phys
        raise self._fail(loc, f"unknown exploration token '{tid}'")

    def _in_play_id(self, p: int, cid: str) -> str:
        view = self.game.view(ALL)  # (a copy: the position is being written)
        faction = view.players[p].faction
        if faction and base_id(faction) == cid:
            return faction
        for phys, _size in view.active_cards(p):
            if base_id(phys) == cid or phys == cid:
                return phys
        return cid

    def _place_ships(self, pos: Edited, owner: int, spec: YDict, loc: Loc) -> None:
        for u in pos["units"].values():
            if u["o"] == owner and u["k"] == "s" and u["at"] == "board":
                u.update({"at": "supply", "s": None, "d": 0})
        for sector, sizes in spec.items():
            if sector not in pos["sectors"]:
                raise self._fail(loc, f"unknown sector '{sector}'")
            for size, count in sizes.items():
                for _ in range(int(count)):
                    uid = next(
                        (
                            i
                            for i, u in pos["units"].items()
                            if u["o"] == owner
                            and u["k"] == "s"
                            and u["z"] == size
                            and u["at"] == "supply"
                        ),
                        None,
                    )
                    if uid is None:
                        raise self._fail(
                            loc,
                            f"{'Lumos' if owner < 0 else f'P{owner}'} has no "
                            f"{size} ship left in supply for {sector}",
                        )
                    pos["units"][uid].update({"at": "board", "s": sector, "d": 0})

    def _colony(self, where: str, loc: Loc) -> int:
        """The colony space `colony:N` names (found by the fuzzer: `colony:3.0` reached int(),
        and a space past the last one would have reached the engine)."""
        spaces = len(self.rules.colony_spaces)
        m = re.fullmatch(r"colony:([0-9]{1,3})", where)
        if m is None or int(m.group(1)) >= spaces:
            known = f"colony:0 to colony:{spaces - 1}"
            raise self._fail(loc, f"unknown colony space '{where}' ({known})")
        return int(m.group(1))

    def _place_extractors(self, pos: Edited, p: int, spec: YList, loc: Loc) -> None:
        for u in pos["units"].values():
            if u["o"] == p and u["k"] == "x" and u["at"] in ("colony", "planet"):
                u.update({"at": "supply", "s": None, "c": None})
        for where in spec:
            uid = next(
                (
                    i
                    for i, u in pos["units"].items()
                    if u["o"] == p and u["k"] == "x" and u["at"] == "supply"
                ),
                None,
            )
            if uid is None:
                raise self._fail(loc, f"P{p} has no extractor left in supply")
            if isinstance(where, str) and where.startswith("colony:"):
                pos["units"][uid].update({"at": "colony", "c": self._colony(where, loc)})
            elif where in pos["sectors"]:
                pos["units"][uid].update({"at": "planet", "s": where})
            else:
                raise self._fail(
                    loc, f"unknown extractor place '{where}' (a sector id or colony:N)"
                )

    # --- steps ------------------------------------------------------------------------------
    def _step(self, step: Any, loc: Loc) -> None:
        game = self.game
        if not isinstance(step, YDict) or len(step) != 1:
            raise self._fail(loc, "a step is one of: play, choose, illegal, never, finish, expect")
        ((verb, arg),) = step.items()
        loc = step.loc_of(verb)
        if verb in ("choose", "illegal", "never"):
            self.known_kind(arg, loc)
        if verb == "play":
            wanted = {int(k): str(v) for k, v in arg.items()}
            while self._now().stage == "select" and game.to_move in wanted:
                p = game.to_move
                self._apply({"kind": "play", "card": wanted.pop(p)}, loc)
            if wanted and self._now().stage == "select":
                raise self._fail(loc, f"P{game.to_move} must also choose a card to play")
        elif verb == "choose":
            self._apply(self._match(arg, loc), loc)
        elif verb == "illegal":
            legal = game.legal()
            found = [d for d in legal if matches(d, arg)]
            if found:
                raise self._fail(
                    loc, f"{dict(arg)} was expected to be illegal, but is legal ({found[0]})"
                )
        elif verb == "never":
            want = dict(arg) if isinstance(arg, dict) else {"kind": arg}
            self._never_now(want, loc)
            key = repr(sorted(want.items(), key=str))
            self.never.setdefault(want.get("kind"), {}).setdefault(key, (want, loc))
        elif verb == "finish":
            self._finish(str(arg), loc)
        elif verb == "expect":
            self._check(arg)
        else:
            raise self._fail(
                loc, f"unknown step '{verb}' (play, choose, illegal, never, finish, expect)"
            )

    def _match(self, arg: Any, loc: Loc) -> dict[str, Any]:
        legal = self.game.legal()
        wanted = {"kind": arg} if isinstance(arg, str) else dict(arg)
        found = [d for d in legal if matches(d, wanted)]
        exact = [d for d in found if _same_card(d, wanted)]
        if len(found) > 1 and len(exact) == 1:
            found = exact  # the decision written in full (`lumos: true` is another one)
        if len(found) > 1 and all(_same_card(d, found[0]) for d in found):
            found = found[:1]  # copies of one card: any of them is the decision
        if len(found) != 1:
            shown = "; ".join(str(d) for d in legal[:12]) or "none (no decision is open)"
            what = "no" if not found else f"{len(found)}"
            raise self._fail(
                loc,
                f"{what} legal decision matches {wanted}; P{self.game.to_move}"
                f" is asked: {self.game.prompt}; legal: {shown}",
            )
        return found[0]

    def known_kind(self, arg: Any, loc: Loc) -> None:
        """A decision kind must be in the registry: `illegal: {kind: attak}` would otherwise
        pass for ever without testing anything."""
        kind = arg.get("kind") if isinstance(arg, dict) else arg
        if kind is not None and str(kind) not in DECISION_KINDS:
            near = did_you_mean(str(kind), DECISION_KINDS)
            raise self._fail(
                loc, f"unknown decision kind '{kind}'" + (f" ({near})" if near else "")
            )

    def _never_now(self, want: dict[str, Any], loc: Loc) -> None:
        found = [d for d in self.game.legal() if matches(d, want)]
        if found:
            raise self._fail(
                loc,
                f"{want} was expected never to be offered, but P{self.game.to_move} is offered"
                f" {found[0]} (asked: {self.game.prompt})",
            )

    def _check_never(self) -> None:
        """Every `never` want against the decisions now legal, looking only at wants of a kind
        that is offered (thousands of `never` steps once cost minutes: each was re-checked
        against every legal decision at every later decision)."""
        legal = self.game.legal()
        by_kind: dict[Any, list[dict[str, Any]]] = {}
        for d in legal:
            by_kind.setdefault(d.get("kind"), []).append(d)
        for kind, wants in self.never.items():
            offered = legal if kind is None else by_kind.get(kind, [])
            if not offered:
                continue
            for want, at in wants.values():
                found = next((d for d in offered if matches(d, want)), None)
                if found is not None:
                    raise self._fail(
                        at,
                        f"{want} was expected never to be offered, but P{self.game.to_move} "
                        f"is offered {found} (asked: {self.game.prompt})",
                    )

    def _apply(self, decision: dict[str, Any], loc: Loc) -> None:
        try:
            self.game.apply(decision)
        except IllegalDecision as exc:
            raise self._fail(loc, f"illegal decision: {exc}") from None
        if self.never:  # `never` watches every decision from its step on
            self._check_never()

    def _finish(self, what: str, loc: Loc) -> None:
        """Resolve the rest with a fixed policy: pass/done/no/hold fire, else the first option."""
        game = self.game
        plays = [e["round"] for e in game.log if e["event"] == "play"]
        start_round = plays[-1] if plays else self._now().round
        for _ in range(100_000):
            if game.over:
                return
            now = self._now()
            if what == "round" and (now.round > start_round or now.stage == "ending"):
                return
            if what == "action" and not now.effects_running and now.pending_by == "flow":
                return
            legal = game.legal()
            pick = (
                next((d for d in legal if d["kind"] in FLOW_PREFERENCE), None)
                or next(
                    (d for d in legal if d.get("do") is False or d.get("attack") is False), None
                )
                or legal[0]
            )
            self._apply(pick, loc)
        raise self._fail(loc, "finish did not end")

    # --- expectations -----------------------------------------------------------------------
    def _check(self, expect: YDict) -> None:
        check(self, expect)

    def fail(self, loc: Loc, message: str) -> ScenarioFailure:
        return self._fail(loc, message)
