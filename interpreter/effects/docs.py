"""The effect language reference, generated from the registry (docs/effect-language.md).

    python -m lastlight.interpreter.effects.docs > docs/effect-language.md

A test checks the committed file equals this output, so the docs cannot drift from the
vocabulary the parser, the checks and the engine use.
"""

from __future__ import annotations

from lastlight.interpreter.effects.decisions import DECISION_KINDS
from lastlight.interpreter.effects.registry import FORMS, LEMMAS, SLOT_TYPES, forms_of

KIND_TITLES = {
    "effect": "Effects (steps that do something)",
    "modifier": "Lasting modifiers (a clause of their own, while the card is in play)",
    "event": "Triggers (`when …:`, `after you …:`, `before you …:`)",
    "condition": "Conditions (`… if COND`, `when EVENT if COND:`, `playable_if`)",
    "counter": "Counted nouns (`gain N X per [K] NOUN`, `NOUN >= N`)",
}

HEADER = """# The effect language

Generated from `interpreter/effects/registry.py` by
`python -m lastlight.interpreter.effects.docs`; do not edit by hand.

Every card's `effects:` line is one **clause**:

| Clause | Shape | Example |
|---|---|---|
| triggered | `when EVENT [if COND]: EFFECT` | `when you destroy a large ship: gain 1 light` |
| activated | `[during ACTION,] exhaust[, pay N RES [and N RES]]: EFFECT` | `exhaust: gain 1 rare` |
| lasting modifier | `MODIFIER` alone | `your small ships get +1 movement` |
| plain | `EFFECT` (action cards, tokens, die faces, trades) | `mine` |

An **EFFECT** is steps separated by `;`, run in order. A step is a phrase, optionally scaled
(`gain 1 light per 4 technologies in play`) or guarded (`gain 1 common if you control a blue
planet`); `may STEP` lets the player decide; `choose N [different] of [A | B | C]` picks N options
(repeats allowed unless `different`). Conditions combine with `and`, `or`, `not` and brackets;
a counted noun compares with `>=`, `<=`, `>`, `<`, `==`, `!=`.

Amounts are numbers or rule parameters from `game.yaml` (`$research_draw`). Words are matched in
lemma form: `technologies` = `technology`, `an` = `a`, `gains` = `gain`, `deep space` =
`deep_space`, `one` = `1`.

"""


def render() -> str:
    lines = [HEADER.rstrip("\n"), ""]
    lines.append("## Slot types")
    lines.append("")
    lines.append("| Slot | Expects |")
    lines.append("|---|---|")
    for name, (desc, _choices) in SLOT_TYPES.items():
        lines.append(f"| `<{name}>` | {desc} |")
    lines.append("")
    for kind, title in KIND_TITLES.items():
        lines.append(f"## {title}")
        lines.append("")
        lines.append("| Pattern | Meaning | Example | Needs |")
        lines.append("|---|---|---|---|")
        for form in forms_of(kind):
            pattern = " ".join(
                f"<{el.type}>{'?' if el.optional else ''}" if not isinstance(el, str) else el
                for el in form.elements
            )
            needs = ", ".join(sorted(form.requires))
            if form.cards:
                needs = ", ".join(sorted(form.cards)) + " cards"
            lines.append(f"| `{pattern}` | {form.doc} | `{form.example}` | {needs} |")
        lines.append("")
    lines.append("## Decision kinds (what a player is asked; scenarios name them)")
    lines.append("")
    lines.append("| Kind | Meaning | Option keys |")
    lines.append("|---|---|---|")
    for kind, (meaning, keys) in DECISION_KINDS.items():
        lines.append(f"| `{kind}` | {meaning} | {', '.join(f'`{k}`' for k in keys)} |")
    lines.append("")
    lines.append("## Word forms")
    lines.append("")
    lines.append(", ".join(f"`{k}` → `{v}`" for k, v in sorted(LEMMAS.items())))
    lines.append("")
    lines.append(f"{len(FORMS)} forms in all.")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render(), end="")
