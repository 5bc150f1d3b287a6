"""Scenario expectations: what must hold after the steps, checked against the game state.

Each failed expectation raises a ScenarioFailure at the expectation's own file:line:col, saying
what was expected and what happened.
"""

from __future__ import annotations

from typing import Any

from .engine import queries as q
from .engine.rules import base_id
from .errors import Loc
from .yamlload import YDict


def check(run: Any, expect: YDict) -> None:
    """Raise a located ScenarioFailure for the first expectation that does not hold."""
    st = run.game.state
    eng = run.game.eng
    for p, conf in (expect.get("players") or {}).items():
        pl = st["players"][int(p)]
        for key, want in conf.items():
            at = conf.loc_of(key)
            if key == "resources":
                for res, n in want.items():
                    _eq(run, at, f"P{p} {res}", pl["res"][res], n)
            elif key == "light":
                _eq(run, at, f"P{p} light", pl["light"], want)
            elif key in ("hand", "played"):
                _eq(run, at, f"P{p} {key}", sorted(pl[key]), sorted(want))
            elif key == "in_play":
                have = sorted(
                    base_id(c)
                    for c, _s in q.active_cards(eng, int(p))
                    if run.rules.cards[base_id(c)].kind == "technology"
                )
                _eq(run, at, f"P{p} technologies in play", have, sorted(want))
            elif key == "tech_hand":
                _eq(
                    run,
                    at,
                    f"P{p} technologies in hand",
                    sorted(base_id(c) for c in pl["tech_hand"]),
                    sorted(want),
                )
            elif key == "exhausted":
                _eq(
                    run,
                    at,
                    f"P{p} exhausted",
                    sorted(base_id(c) for c in pl["exhausted"]),
                    sorted(want),
                )
            elif key == "ships":
                _eq(run, at, f"P{p} ships", _ships(st, int(p)), _norm_ships(want))
            elif key == "extractors":
                _eq(run, at, f"P{p} extractors", _extractors(st, int(p)), sorted(want))
            elif key == "graveyard":
                _eq(run, at, f"P{p} graveyard size", len(pl["grave"]), want)
            elif key == "damage":
                for uid, n in want.items():
                    _eq(run, at, f"damage on {uid}", st["units"][uid]["d"], n)
            else:
                raise run.fail(at, f"unknown expectation '{key}'")
    if "lumos_ships" in expect:
        _eq(
            run,
            expect.loc_of("lumos_ships"),
            "Lumos ships",
            _ships(st, q.LUMOS),
            _norm_ships(expect["lumos_ships"]),
        )
    if "lumos_ally" in expect:
        _eq(
            run,
            expect.loc_of("lumos_ally"),
            "Lumos ally",
            (st.get("lumos") or {}).get("ally"),
            expect["lumos_ally"],
        )
    for key in ("round", "rotation", "first", "over", "winners"):
        if key in expect:
            actual = {"rotation": st["rot"]}.get(key, st.get(key))
            _eq(run, expect.loc_of(key), key, actual, expect[key])
    for sector, conf in (expect.get("sectors") or {}).items():
        info = st["sectors"][sector]
        for key, want in conf.items():
            actual = {
                "token_up": info["up"],
                "deep": info["deep"] and base_id(info["deep"]),
            }.get(key, info.get(key))
            _eq(run, conf.loc_of(key), f"{sector} {key}", actual, want)
    events = expect.get("events") or []
    log = run.game.log
    pos = 0
    for i, want in enumerate(events):
        while pos < len(log) and not matches(log[pos], want):
            pos += 1
        if pos >= len(log):
            raise run.fail(
                events.loc_of(i),
                f"no event matching {dict(want)} (in order after the previous expected one)",
            )
        pos += 1
    for i, want in enumerate(expect.get("no_events") or []):
        hit = next((e for e in log if matches(e, want)), None)
        if hit is not None:
            raise run.fail(
                expect["no_events"].loc_of(i), f"an event matching {dict(want)} happened: {hit}"
            )
    if "legal" in expect:
        for i, want in enumerate(expect["legal"]):
            if not any(matches(d, want) for d in run.game.legal()):
                raise run.fail(
                    expect["legal"].loc_of(i),
                    f"expected {dict(want)} to be legal; legal: {run.game.legal()[:10]}",
                )


def _eq(run: Any, loc: Loc, what: str, actual: Any, expected: Any) -> None:
    if actual != expected:
        raise run.fail(loc, f"expected {what} = {expected!r}, got {actual!r}")


def matches(actual: dict[str, Any], wanted: Any) -> bool:
    for key, value in wanted.items():
        have = actual.get(key)
        if isinstance(have, str) and isinstance(value, str) and "#" in have and "#" not in value:
            have = base_id(have)
        if have != value:
            return False
    return True


def _ships(st: dict[str, Any], owner: int) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for u in st["units"].values():
        if u["o"] == owner and u["k"] == "s" and u["at"] == "board":
            out.setdefault(u["s"], {}).setdefault(u["z"], 0)
            out[u["s"]][u["z"]] += 1
    return {s: dict(sorted(z.items())) for s, z in sorted(out.items())}


def _norm_ships(spec: Any) -> dict[str, dict[str, int]]:
    return {
        str(s): dict(sorted((str(k), int(v)) for k, v in z.items() if int(v)))
        for s, z in sorted(spec.items())
        if any(int(v) for v in z.values())
    }


def _extractors(st: dict[str, Any], p: int) -> list[str]:
    out = []
    for u in st["units"].values():
        if u["o"] == p and u["k"] == "x":
            if u["at"] == "colony":
                out.append(f"colony:{u['c']}")
            elif u["at"] == "planet":
                out.append(u["s"])
    return sorted(out)
