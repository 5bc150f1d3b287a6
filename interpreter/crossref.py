"""Cross-reference checks that need the whole pack (registered as the `crossref` phase).

X003 two different items of a kind with one name, X004 action card numbers not 1..N in order,
X020 die faces that do not add up to six, X021 a faction for more players than the game has,
W101 a rule parameter no effect reads, W102 a technology that costs nothing.
Nothing here knows a card by name.
"""

from __future__ import annotations

import re

from .errors import Report
from .pack import ITEM_KINDS, Pack, register_phase
from .yamlload import YDict, YList

DIE_SIDES = 6


@register_phase("crossref")
def check_references(pack: Pack, report: Report) -> None:
    for kind in ITEM_KINDS:
        seen: dict[str, YDict] = {}
        for item in pack.items_of(kind):
            name = str(item.get("name", "")).strip().lower()
            if not name or kind == "exploration":
                continue
            if name in seen:
                first = seen[name]
                report.error(
                    item.loc_of("name"),
                    "X003",
                    f"'{item.get('name')}' names two {kind} items ('{first.get('id')}' "
                    f"at line {first.loc_of('name').line} and '{item.get('id')}'); "
                    "use `copies:` for duplicates of one card",
                )
            else:
                seen[name] = item
    actions = sorted(pack.items_of("actions"), key=lambda a: a.loc.line)
    numbers = [a.get("number") for a in actions]
    if numbers and sorted(n for n in numbers if isinstance(n, int)) != list(
        range(1, len(actions) + 1)
    ):
        report.error(
            actions[0].loc_of("number"),
            "X004",
            f"action card numbers are {numbers}; "
            f"they must be 1 to {len(actions)}, each once (R-RND-04)",
        )
    game = pack.doc("game")
    if game is None:
        return
    die = game.data.get("die")
    faces = die.get("faces") if isinstance(die, YDict) else None
    if isinstance(faces, YList):
        total = sum(
            f.get("count", 0)
            for f in faces
            if isinstance(f, YDict) and isinstance(f.get("count"), int)
        )
        if total != DIE_SIDES:
            report.error(
                die.loc_of("faces"),
                "X020",
                f"the die faces add up to {total} sides, not {DIE_SIDES}",
            )
    players = game.data.get("players")
    most = players.get("max") if isinstance(players, YDict) else None
    for faction in pack.items_of("factions"):
        need = faction.get("min_players")
        if isinstance(need, int) and isinstance(most, int) and need > most:
            report.error(
                faction.loc_of("min_players"),
                "X021",
                f"faction '{faction.get('id')}' needs {need} players; the game has at most {most}",
            )
    params = game.data.get("parameters")
    if isinstance(params, YDict):
        used = set()
        for doc_list in pack.docs.values():
            for doc in doc_list:
                used.update(re.findall(r"\$([a-z][a-z0-9_]*)", _texts(doc.data)))
        for name in params:
            if name not in used and not _read_by_engine(str(name)):
                report.warning(
                    params.key_loc(name),
                    "W101",
                    f"rule parameter '{name}' is never read by an effect or the rules",
                    f"remove it, or use ${name} in an effect",
                )
    for tech in pack.items_of("technologies"):
        cost = tech.get("cost")
        if isinstance(cost, YDict) and not any(v for v in cost.values()):
            report.warning(
                tech.loc_of("cost"), "W102", f"technology '{tech.get('id')}' costs nothing"
            )


#: Parameters the engine's own rules read (claims by ring, center light, graveyard).
_ENGINE_PARAMS = re.compile(r"^(claim_\w+|center_light|graveyard_size|graveyard_light)$")


def _read_by_engine(name: str) -> bool:
    return bool(_ENGINE_PARAMS.match(name))


def _texts(node: object) -> str:
    if isinstance(node, str):
        return node + "\n"
    if isinstance(node, dict):
        return "".join(_texts(v) for v in node.values())
    if isinstance(node, list):
        return "".join(_texts(v) for v in node)
    return ""
