"""Cross-reference checks that need the whole pack (registered as the `crossref` phase).

X003 two different items of a kind with one name (copies of one card share an item),
X004 action card numbers not 1..N, each once,
X005 two die faces with one id,
X020 die faces that do not add up to six sides,
X021 a faction for a player count the game does not have,
X022 an achievement colour that no planet has,
X023 a player-count override of an unknown parameter or an impossible player count,
X024 a player range whose minimum is above its maximum,
X027 a rule parameter the engine's own rules read missing from `parameters`,
W101 a rule parameter no effect reads, W102 a technology that costs nothing,
W103 a confusable name or id (look-alike letters of another script).
Nothing here knows a card by name: every check reads the kinds' fields.
"""

from __future__ import annotations

import re

from lastlight.interpreter.load.confusables import lookalike, skeleton, suspicious
from lastlight.interpreter.load.errors import Loc, Report, did_you_mean
from lastlight.interpreter.load.pack import ITEM_KINDS, Pack
from lastlight.interpreter.load.yamlload import YDict, YList

DIE_SIDES = 6

#: Kinds whose items may share a name (exploration tokens repeat by design).
_NAMES_MAY_REPEAT = frozenset({"exploration"})


def check_references(pack: Pack, report: Report) -> None:
    _unique_names(pack, report)
    _confusables(pack, report)
    _action_numbers(pack, report)
    game = pack.doc("game")
    if game is not None:
        _die(game.data, report)
        _player_counts(pack, game.data, report)
        _parameters(pack, game.data, report)
    _colours(pack, report)
    for tech in pack.items_of("technologies"):
        cost = tech.get("cost")
        if isinstance(cost, YDict) and not any(v for v in cost.values()):
            report.warning(
                tech.loc_of("cost"),
                "W102",
                f"technology '{tech.get('id')}' costs nothing",
                "give it a cost, or suppress W102 with the reason",
            )


def _unique_names(pack: Pack, report: Report) -> None:
    for kind in ITEM_KINDS:
        if kind in _NAMES_MAY_REPEAT:
            continue
        seen: dict[str, YDict] = {}
        for item in pack.items_of(kind):
            name = str(item.get("name", "")).strip().lower()
            if not name:
                continue
            if name in seen:
                first = seen[name]
                report.error(
                    item.loc_of("name"),
                    "X003",
                    f"'{item.get('name')}' names two {kind} items ('{first.get('id')}' "
                    f"at {first.loc_of('name')} and '{item.get('id')}')",
                    "use `copies:` for duplicates of one card",
                )
            else:
                seen[name] = item


def _action_numbers(pack: Pack, report: Report) -> None:
    actions = pack.items_of("actions")
    count = len(actions)
    seen: dict[int, YDict] = {}
    for action in actions:
        number = action.get("number")
        if not isinstance(number, int):
            continue  # the schema reports it
        if not 1 <= number <= count:
            report.error(
                action.loc_of("number"),
                "X004",
                f"action card '{action.get('id')}' has number {number}; with {count} "
                f"action cards the numbers are 1 to {count}, each once (R-RND-04)",
            )
        elif number in seen:
            report.error(
                action.loc_of("number"),
                "X004",
                f"action cards '{seen[number].get('id')}' and '{action.get('id')}' are both "
                f"number {number}; the numbers are 1 to {count}, each once (R-RND-04)",
            )
        else:
            seen[number] = action


def _die(game: YDict, report: Report) -> None:
    die = game.get("die")
    faces = die.get("faces") if isinstance(die, YDict) else None
    if not isinstance(die, YDict) or not isinstance(faces, YList):
        return
    total = 0
    ids: dict[str, int] = {}
    for i, face in enumerate(faces):
        if not isinstance(face, YDict):
            continue
        if isinstance(face.get("count"), int):
            total += face["count"]
        ident = face.get("id")
        if isinstance(ident, str):
            if ident in ids:
                report.error(
                    face.loc_of("id"),
                    "X005",
                    f"two die faces have the id '{ident}' (also at {faces.loc_of(ids[ident])})",
                )
            else:
                ids[ident] = i
    if total != DIE_SIDES:
        report.error(
            die.key_loc("faces"),
            "X020",
            f"the die faces add up to {total} sides, not {DIE_SIDES}",
        )


def _player_range(game: YDict) -> tuple[int, int] | None:
    players = game.get("players")
    if not isinstance(players, YDict):
        return None
    low, high = players.get("min"), players.get("max")
    if isinstance(low, int) and isinstance(high, int):
        return low, high
    return None


def _player_counts(pack: Pack, game: YDict, report: Report) -> None:
    span = _player_range(game)
    if span is None:
        return
    low, high = span
    if low > high:
        players = game["players"]
        report.error(
            players.loc_of("min"),
            "X024",
            f"players: the minimum ({low}) is above the maximum ({high})",
            "swap them",
        )
        return  # the factions and overrides are judged against a range that is not there
    for faction in pack.items_of("factions"):
        need = faction.get("min_players")
        taken = {d.loc for d in report.errors}
        if (
            isinstance(need, int)
            and not low <= need <= high
            and (faction.loc_of("min_players") not in taken)
        ):
            report.error(
                faction.loc_of("min_players"),
                "X021",
                f"faction '{faction.get('id')}' needs {need} players; the game has {low} to {high}",
            )
    overrides = game.get("player_count_overrides")
    params = game.get("parameters")
    if not isinstance(overrides, YDict):
        return
    for count, values in overrides.items():
        if not str(count).isdigit() or not low <= int(count) <= high:
            report.error(
                overrides.key_loc(count),
                "X023",
                f"player_count_overrides for {count} players; the game has {low} to {high}",
            )
        if isinstance(values, YDict) and isinstance(params, YDict):
            for name in values:
                if name not in params:
                    report.error(
                        values.key_loc(name),
                        "X023",
                        f"player_count_overrides changes '{name}', which is not a rule parameter",
                        did_you_mean(str(name), [str(p) for p in params]),
                    )


def _colours(pack: Pack, report: Report) -> None:
    """An achievement that rewards a colour no planet has can never be scored."""
    planets = pack.items_of("planets")
    if not planets:
        return
    have: set[str] = set()
    for planet in planets:
        colours = planet.get("colors")
        if isinstance(colours, list):
            have.update(str(c) for c in colours)
    for ach in pack.items_of("achievements"):
        colour = ach.get("color")
        if isinstance(colour, str) and colour not in have:
            report.error(
                ach.loc_of("color"),
                "X022",
                f"achievement '{ach.get('id')}' rewards {colour} planets, but no planet is "
                f"{colour} (planet colours: {', '.join(sorted(have))})",
                did_you_mean(colour, have),
            )


def _parameters(pack: Pack, game: YDict, report: Report) -> None:
    params = game.get("parameters")
    if not isinstance(params, YDict):
        return
    missing = [name for name in ENGINE_PARAMETERS if name not in params]
    if missing:
        report.error(
            game.key_loc("parameters"),
            "X027",
            f"the rules read parameter(s) {', '.join(missing)}, missing from `parameters` "
            "(claims by ring R-REF-04, center light R-ROT-03, the graveyard R-GRV-02)",
            f"add {missing[0]}: <number>",
        )
    used: set[str] = set()
    for doc_list in pack.docs.values():
        for doc in doc_list:
            used.update(_PARAM_RE.findall(_texts(doc.data)))
    for name in params:
        if name not in used and not _read_by_engine(str(name)):
            report.warning(
                params.key_loc(name),
                "W101",
                f"rule parameter '{name}' is never read by an effect or the rules",
                f"remove it, or use ${name} in an effect",
            )


_PARAM_RE = re.compile(r"\$([a-z][a-z0-9_]*)")

#: Parameters the engine's own rules read by name: claims by ring (R-REF-04, economy._claim),
#: the center's light (R-ROT-03, flow) and the graveyard (R-GRV-02, economy).
ENGINE_PARAMETERS = (
    "claim_inner",
    "claim_outer",
    "claim_distant",
    "center_light",
    "graveyard_size",
    "graveyard_light",
)


def _read_by_engine(name: str) -> bool:
    return name in ENGINE_PARAMETERS


def _texts(node: object) -> str:
    if isinstance(node, str):
        return node + "\n"
    if isinstance(node, dict):
        return "".join(_texts(v) for v in node.values())
    if isinstance(node, list):
        return "".join(_texts(v) for v in node)
    return ""


def _confusables(pack: Pack, report: Report) -> None:
    """W103: a name or id with look-alike letters of another script (a Cyrillic 'о' in
    'Sоlar Sails') reads like another, or like a name that is not there: say which letter,
    and which existing name it looks like."""
    entries: list[tuple[str, str, Loc]] = []  # (field, text, where)
    for _kind, item in pack.items.values():
        for key in ("id", "name"):
            value = item.get(key)
            if isinstance(value, str):
                entries.append((key, value, item.loc_of(key)))
    odd_ones = [(k, t, w) for k, t, w in entries if not t.isascii()]
    if not odd_ones:
        return
    by_look: dict[str, list[str]] = {}
    for _key, text, _loc in entries:
        by_look.setdefault(skeleton(text), []).append(text)
    for key, text, where in odd_ones:
        odd = suspicious(text)
        if odd is None:
            continue
        twins = [t for t in by_look.get(skeleton(text), []) if t != text and suspicious(t) is None]
        hint = f"did you mean '{twins[0]}'?" if twins else "type it with Latin letters"
        report.warning(
            where,
            "W103",
            f"the {key} '{text}' has the letter {lookalike(odd)}"
            + (f"; it reads like the {key} '{twins[0]}' but is another" if twins else ""),
            hint,
        )
