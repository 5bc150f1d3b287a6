"""Bots, found by name. A bot decides from `(view, legal decisions)` only (base.py): its seat's
typed view (`Game.view(seat)`) and the decisions open to it.

A name is resolved, in this order:

1. a bot shipped here (`BUILTIN`: random, heuristic, planner, search), or a module of this
   package named after the bot that defines a `Bot` subclass with that `name`;
2. a third party's bot registered in the `lastlight.bots` entry-point group
   (`[project.entry-points."lastlight.bots"] mybot = "mypkg.bots:MyBot"`);
3. a `module:Class` reference (`mypkg.bots:MyBot`), for a bot that is not installed as a package;
   only from the command line: a name read from a file (a replay's or a save's seats) resolves
   to a registered bot (1 or 2) or not at all (`references=False`), so a file never chooses
   which code is imported or called;
4. `cmd:PROGRAM`, a bot that is another program speaking JSON lines (agents/stdio.py). Such a
   name comes from the command line only too: `is_program_bot` lets a reader of saved files
   refuse it, and `references=False` refuses it as well.

A bot class is built as `Class(seed, rules)`; subclasses of `Bot` get that for free.
"""

from __future__ import annotations

import importlib
import inspect
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.agents.base import Bot, ask, play_game
from lastlight.interpreter.agents.heuristic import HeuristicBot
from lastlight.interpreter.agents.random_bot import RandomBot

if TYPE_CHECKING:
    import importlib.metadata

#: The entry-point group third-party packages register their bots in.
ENTRY_POINT_GROUP = "lastlight.bots"

#: Bots shipped with lastlight, by name: "module:Class" (imported when first used).
BUILTIN: dict[str, str] = {
    "random": f"{__name__}.random_bot:RandomBot",
    "heuristic": f"{__name__}.heuristic:HeuristicBot",
    "planner": f"{__name__}.planner.bot:PlannerBot",
    "planner_calibrated": f"{__name__}.planner.calibrated:CalibratedPlannerBot",
    "search": f"{__name__}.search.bot:SearchBot",
    "sweep": f"{__name__}.search.sweep:SweepBot",
}

#: Kept for callers that list the shipped bots.
BOTS: dict[str, str] = BUILTIN


class BotNotFound(ValueError):
    """A bot name or `module:Class` reference that does not give a bot; the message says why."""


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    import importlib.metadata  # here: only a bot that is not shipped needs the installed list

    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


def bot_names() -> list[str]:
    """Every bot name that resolves without a `module:Class` reference, shipped ones first."""
    names = list(BUILTIN)
    names += sorted(n for n in _entry_points() if n not in names)
    return names


def _package_bot(name: str) -> type | None:
    """A bot of this package found by the module-named-after-the-bot convention."""
    if not name.isidentifier() or name in ("base", "stdio"):
        return None
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{name}":
            return None
        raise
    for obj in vars(module).values():
        if inspect.isclass(obj) and issubclass(obj, Bot) and getattr(obj, "name", "") == name:
            return obj
    return None


def _load_reference(ref: str, what: str) -> Any:
    module_name, _, attr = ref.partition(":")
    if not module_name or not attr:
        raise BotNotFound(f"{what}: a bot reference is 'module:Class', got '{ref}'")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise BotNotFound(f"{what}: cannot import module '{module_name}': {exc}") from None
    obj: Any = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise BotNotFound(f"{what}: module '{module_name}' has no attribute '{attr}'")
        obj = getattr(obj, part)
    return obj


def is_program_bot(name: str) -> bool:
    """Is `name` a `cmd:PROGRAM` bot (a program lastlight would start)?"""
    return name.strip().startswith("cmd:")


def resolve_bot(name: str, *, references: bool = True) -> Any:
    """The bot class (or factory) a name or `module:Class` reference stands for.

    With `references=False` (a name read from a file) only registered bots resolve.
    Raises `BotNotFound` with a message naming the name and the known bots."""
    name = name.strip()
    if not references and name not in bot_names():
        raise BotNotFound(
            f"'{name}' is not a registered bot (known: {', '.join(bot_names())}); a file may "
            "only name registered bots: a 'module:Class' reference is taken from the command "
            "line only"
        )
    if name in BUILTIN:
        cls = _load_reference(BUILTIN[name], f"bot '{name}'")
    elif (found := _package_bot(name)) is not None:
        cls = found
    elif name in (eps := _entry_points()):
        try:
            cls = eps[name].load()
        except Exception as exc:  # a broken third-party package: say which one
            raise BotNotFound(
                f"bot '{name}' (entry point '{eps[name].value}' in group "
                f"'{ENTRY_POINT_GROUP}') failed to load: {type(exc).__name__}: {exc}"
            ) from None
    elif is_program_bot(name):
        from lastlight.interpreter.agents.stdio import program_factory

        try:
            cls = program_factory(name)
        except ValueError as exc:
            raise BotNotFound(str(exc)) from None
    elif ":" in name:
        cls = _load_reference(name, f"bot '{name}'")
    else:
        raise BotNotFound(
            f"unknown bot '{name}' (known: {', '.join(bot_names())}; or give 'module:Class', "
            f"or install a package that registers it in the '{ENTRY_POINT_GROUP}' "
            "entry-point group)"
        )
    if not callable(cls) or (inspect.isclass(cls) and not hasattr(cls, "decide")):
        raise BotNotFound(
            f"bot '{name}': {cls!r} is not a bot class (it needs decide(view, legal))"
        )
    return cls


def make_bot(name: str, seed: int, rules: Any = None, *, references: bool = True) -> Bot:
    """A new bot by name, with its own generator seeded from `seed` and the content bound
    (`references=False` for a name read from a file: registered bots only)."""
    factory = resolve_bot(name, references=references)
    try:
        bot = factory(seed, rules)
    except TypeError as exc:
        raise BotNotFound(
            f"bot '{name}': {factory!r} cannot be built as (seed, rules): {exc}"
        ) from None
    if not hasattr(bot, "decide"):
        raise BotNotFound(f"bot '{name}' made {bot!r}, which has no decide(view, legal)")
    if rules is not None and getattr(bot, "rules", None) is None and hasattr(bot, "bind"):
        bot.bind(rules)
    return bot


def parse_bot_list(spec: str, players: int) -> list[str]:
    """`a,b,c` for one bot per seat, or one name for every seat; every name checked."""
    names = [b.strip() for b in spec.split(",") if b.strip()]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise BotNotFound(
            f"give one bot for all seats or one per seat ({players}); got {len(names)}"
        )
    for name in dict.fromkeys(names):
        resolve_bot(name)
    return names


__all__ = [
    "BOTS",
    "BUILTIN",
    "ENTRY_POINT_GROUP",
    "Bot",
    "BotNotFound",
    "HeuristicBot",
    "RandomBot",
    "ask",
    "bot_names",
    "is_program_bot",
    "make_bot",
    "parse_bot_list",
    "play_game",
    "resolve_bot",
]
