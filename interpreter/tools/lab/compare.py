"""Two runs on paired seeds (same spec, two packs): which items changed, which figures moved.

`diff` plays OLD and NEW with the same game and bot seeds; `ablate` plays the pack against the
same pack with one item replaced by a blank of equal cost (blank.py). A figure "moved" when its
change's interval excludes zero at a family-wise level (Bonferroni over all figures compared),
so a run of many figures does not flag noise; the 95% interval is shown beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from lastlight.interpreter.engine.ruleset import Rules, base_id
from lastlight.interpreter.tools.lab.figures import ITEM_GROUPS, games_of, tallies
from lastlight.interpreter.tools.lab.quality import EXTRAS, paired_extra
from lastlight.interpreter.tools.lab.stats import LEVEL, Change, mcnemar_p, paired_ratio_diff

Row = dict[str, Any]


@dataclass
class Moved:
    group: str
    key: str
    change: Change  # 95% interval
    n_old: int
    n_new: int
    moved: bool  # the family-wise interval excludes zero

    def to_json(self) -> dict[str, Any]:
        c = self.change
        return {
            "group": self.group,
            "key": self.key,
            "old": round(c.old, 4),
            "new": round(c.new, 4),
            "change": round(c.diff, 4),
            "lo": _num(c.lo),
            "hi": _num(c.hi),
            "n_old": self.n_old,
            "n_new": self.n_new,
            "moved": self.moved,
        }


def _num(x: float) -> float | None:
    """JSON has no NaN: an interval the bootstrap could not form is null."""
    return round(x, 4) if np.isfinite(x) else None


def compare_rows(old: list[Row], new: list[Row], *, seed: int = 0, min_n: int = 10) -> list[Moved]:
    """Every figure present in both runs (with at least `min_n` appearances in each)."""
    games = sorted(set(games_of(old)) | set(games_of(new)))
    t_old, t_new = tallies(old, games), tallies(new, games)
    zero = np.zeros(len(games))
    keys = [
        k
        for k in sorted(set(t_old) | set(t_new))
        if k in t_old
        and k in t_new
        and t_old[k][1].sum() >= min_n
        and t_new[k][1].sum() >= min_n
        and k != ("light", "total")
    ]
    extras = list(EXTRAS)
    family = 1 - (1 - LEVEL) / max(1, len(keys) + len(extras))
    out = []
    for i, k in enumerate(keys):
        a = t_old.get(k, (zero, zero, zero))
        b = t_new.get(k, (zero, zero, zero))
        change = paired_ratio_diff(a[0], a[1], b[0], b[1], seed=seed + i)
        strict = paired_ratio_diff(a[0], a[1], b[0], b[1], seed=seed + i, level=family)
        moved = bool(change.diff != 0 and strict.moved)
        out.append(Moved(k[0], k[1], change, int(a[1].sum()), int(b[1].sum()), moved))
    for i, key in enumerate(extras):  # spreads and opening entropies: a paired bootstrap
        found = paired_extra(old, new, key, (LEVEL, family), seed=seed + len(keys) + i)
        if found is None:
            continue
        before, after, ((lo, hi), (flo, fhi)), n = found
        change = Change(before, after, after - before, lo, hi)
        moved = bool(change.diff != 0 and (flo > 0 or fhi < 0))
        out.append(Moved("quality", key, change, n, n, moved))
    return out


def holder_figure(rules: Rules, item: str) -> tuple[str, str]:
    """The figure that holds an item's effect on its holder's win share."""
    kind = rules.cards[item].kind
    group = {"faction": "faction", "achievement": "achievement"}.get(kind, "technology held")
    assert group in ITEM_GROUPS
    return group, item


def holder_pairs(old: list[Row], new: list[Row], group: str, item: str) -> tuple[list, list]:
    """Paired win/loss of the seats holding the item in the baseline (same game and seat)."""
    from lastlight.interpreter.tools.lab.figures import GROUPS

    by_new = {(r["game"], r["seat"]): r for r in new}
    a, b = [], []
    for r in old:
        if item in GROUPS[group](r) and (r["game"], r["seat"]) in by_new:
            a.append(r["winner"])
            b.append(by_new[(r["game"], r["seat"])]["winner"])
    return a, b


def ablation(rules: Rules, old: list[Row], new: list[Row], item: str, seed: int = 0) -> dict:
    group, key = holder_figure(rules, item)
    moved = compare_rows(old, new, seed=seed, min_n=1)
    main = next((m for m in moved if (m.group, m.key) == (group, key)), None)
    a, b = holder_pairs(old, new, group, item)
    return {
        "item": item,
        "figure": group,
        "holder": main.to_json() if main else None,
        "pairs": len(a),
        "mcnemar_p": mcnemar_p(np.array(a), np.array(b)) if a else None,
        "others_moved": [
            m.to_json() for m in moved if m.moved and (m.group, m.key) != (group, key)
        ],
    }


def item_changes(old: Rules, new: Rules) -> list[dict[str, Any]]:
    """Items added, removed and changed (cost, type, copies, generated card text)."""

    def copies(rules: Rules) -> dict[str, int]:
        out: dict[str, int] = {}
        for phys in rules.tech_deck:
            out[base_id(phys)] = out.get(base_id(phys), 0) + 1
        return out

    c_old, c_new = copies(old), copies(new)
    out: list[dict[str, Any]] = []
    for cid in sorted(set(old.cards) | set(new.cards)):
        a, b = old.cards.get(cid), new.cards.get(cid)
        if a is None or b is None:
            card = b or a
            assert card is not None
            out.append(
                {
                    "item": cid,
                    "kind": card.kind,
                    "change": "added" if a is None else "removed",
                    "text": list((new if a is None else old).texts.get(cid, ())),
                }
            )
            continue
        fields: dict[str, tuple[Any, Any]] = {}
        if a.cost != b.cost:
            fields["cost"] = (a.cost, b.cost)
        if a.type != b.type:
            fields["type"] = (a.type, b.type)
        if c_old.get(cid) != c_new.get(cid):
            fields["copies"] = (c_old.get(cid, 0), c_new.get(cid, 0))
        t_old, t_new = list(old.texts.get(cid, ())), list(new.texts.get(cid, ()))
        if t_old != t_new:
            fields["text"] = (t_old, t_new)
        if fields:
            out.append({"item": cid, "kind": a.kind, "change": "changed", "fields": fields})
    for name in sorted(set(old.params) | set(new.params)):
        if old.params.get(name) != new.params.get(name):
            out.append(
                {
                    "item": f"${name}",
                    "kind": "parameter",
                    "change": "changed",
                    "fields": {"value": (old.params.get(name), new.params.get(name))},
                }
            )
    return out
