"""Which content fires in real play: run bot games and report items and clauses never used.

An item counts as fired when one of its programs ran (a trigger, an exhaust ability, a token's
reveal, an action phase, a die face, a trade) or, for a lasting modifier, when its card was in
play while a rule read it. Clauses are reported one by one, so a card with a dead second clause
shows up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lastlight.interpreter.agents import ask, make_bot
from lastlight.interpreter.effects import ast
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules


@dataclass
class ClauseUse:
    item: str
    kind: str
    index: int
    text: str
    loc: str
    count: int = 0


@dataclass
class CoverageReport:
    games: int
    players: list[int]
    clauses: list[ClauseUse] = field(default_factory=list)
    stalls: int = 0

    def items(self) -> dict[str, tuple[str, int]]:
        """item -> (kind, total uses)."""
        out: dict[str, tuple[str, int]] = {}
        for c in self.clauses:
            kind, total = out.get(c.item, (c.kind, 0))
            out[c.item] = (kind, total + c.count)
        return out

    def never_fired(self) -> list[ClauseUse]:
        return [c for c in self.clauses if c.count == 0]


def _clauses(rules: Rules) -> list[ClauseUse]:
    out: list[ClauseUse] = []
    for card in rules.cards.values():
        texts = rules.texts.get(card.id, ())
        for i, _clause in enumerate(card.clauses):
            out.append(
                ClauseUse(
                    card.id,
                    card.kind,
                    i,
                    texts[i] if i < len(texts) else "",
                    card.locs[i] if i < len(card.locs) else "",
                )
            )
    seen_tokens: set[str] = set()
    for token in rules.tokens.values():
        base = token.program.removeprefix("token:")
        if base in seen_tokens:
            continue
        seen_tokens.add(base)
        out.append(ClauseUse(base, "exploration", 0, rules.texts.get(base, ("",))[0], token.loc))
    for action in rules.actions:
        for i, (_name, key, _t) in enumerate(action.phases):
            out.append(ClauseUse(action.id, "action", i, key, rules.program_locs.get(key, "")))
    return out


def run_coverage(
    rules: Rules, games: int, players: list[int], bots: list[str], seed: int = 0
) -> CoverageReport:
    report = CoverageReport(games, players, _clauses(rules))
    fired: dict[str, int] = {}
    in_play: set[str] = set()
    for g in range(games):
        n = players[g % len(players)]
        game = Game.new(rules, n, seed + g, log=False)
        game.view(ALL, live=True).count_firings(fired, in_play)
        agents = [make_bot(bots[(g + p) % len(bots)], seed + g * 7 + p) for p in range(n)]
        while not game.over:
            p = game.to_move
            assert p is not None
            game.apply(ask(agents[p], game))
        report.stalls += game.view(ALL, live=True).stalled
    for c in report.clauses:
        if c.kind in ("technology", "faction", "achievement"):
            clause = rules.cards[c.item].clauses[c.index]
            if isinstance(clause, ast.Static):
                c.count = 1 if c.item in in_play else 0
            else:
                c.count = fired.get(f"card:{c.item}:{c.index}", 0)
        elif c.kind == "exploration":
            c.count = fired.get(f"token:{c.item}", 0)
        elif c.kind == "action":
            c.count = fired.get(c.text, 0)
            c.text = c.text.split(":")[-1] + " phase"
    return report


def summary(report: CoverageReport) -> dict[str, Any]:
    items = report.items()
    kinds: dict[str, list[int]] = {}
    for kind, total in items.values():
        fired, all_ = kinds.get(kind, [0, 0])
        kinds[kind] = [fired + (total > 0), all_ + 1]
    return {
        "games": report.games,
        "players": report.players,
        "stalls": report.stalls,
        "items": {k: {"fired": v[0], "total": v[1]} for k, v in sorted(kinds.items())},
        "never_fired": [
            {"item": c.item, "clause": c.index, "text": c.text, "at": c.loc}
            for c in report.never_fired()
        ],
    }
