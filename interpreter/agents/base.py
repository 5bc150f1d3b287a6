"""The bot interface: a bot decides from what its seat may know, never from the game.

    class MyBot(Bot):
        name = "mine"
        def decide(self, view, legal):
            if view.me.resources["common"] < 2: ...
            return legal[self.rng.below(len(legal))]

`decide(view, legal)` receives the seat's typed view (`Game.view(seat)`, a `SeatView`: named
fields such as `view.me.light`, `view.players[i].hand_count`, `view.units`, and the rules'
queries such as `view.ship_stat(...)`, `view.reach(...)`; see `engine/view.py`) and the legal
decisions, and returns one of them. A bot owns its own seeded generator (`self.rng`), separate
from the game's, so bots never disturb the game's dice and the same seats and seeds replay the
same game. Content is public: `self.rules` is the loaded pack. A bot that never reads the view
sets `needs_observation = False` and gets `None`. What a bot works out from a position goes in
`view.memo` (its own store for that position), never in the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from lastlight.interpreter.engine.rng import Rng, seed_state
from lastlight.interpreter.engine.view import SeatView

if TYPE_CHECKING:
    from lastlight.interpreter.engine.game import Decision, Game
    from lastlight.interpreter.engine.observe import Observation
    from lastlight.interpreter.engine.ruleset import Rules
    from lastlight.interpreter.engine.state import Pending


class Bot:
    name = "bot"
    needs_observation = True
    #: Mixed into the seed so two kinds of bot with one seed do not share a stream.
    salt = 0

    def __init__(self, seed: int = 0, rules: Rules | None = None):
        self.rng = Rng(seed_state(seed ^ self.salt))
        self.rules = rules

    def bind(self, rules: Rules) -> None:
        """Give the bot the content (public knowledge) before its first decision."""
        self.rules = rules

    def decide(self, view: SeatView | None, legal: list[Decision]) -> Decision:
        raise NotImplementedError

    def index_picker(self) -> Callable[[int], int] | None:
        """A bot whose `decide` is `legal[f(len(legal))]` for some f of its own (without a
        view) may return f: `play_game` then calls it instead of `decide`."""
        return None

    def seat_view(self, view: SeatView | dict[str, Any] | None) -> SeatView:
        """The view `decide` was given. A caller still handing over the JSON observation (the
        interface before the typed door) gets it wrapped, so such a caller keeps working."""
        if isinstance(view, SeatView):
            return view
        assert view is not None, f"{self.name} reads the view: decide(view, legal)"
        assert self.rules is not None, "bind(rules) before decide"
        return SeatView(self.rules, cast("Observation", view))


def ask(bot: Any, game: Game) -> Decision:
    """Ask the bot whose seat is to move for its decision, giving it only that seat's view
    (`game.view(seat)`) and the legal decisions."""
    seat = game.to_move
    assert seat is not None, "no decision is open"
    if getattr(bot, "rules", None) is None and hasattr(bot, "bind"):
        bot.bind(game.rules)
    view = game.view(seat) if getattr(bot, "needs_observation", True) else None
    return bot.decide(view, game.legal())


def play_game(game: Game, bots: list[Any], max_steps: int = 1_000_000) -> Game:
    """Play to the end with one bot per seat, in the game's one decision loop
    (`Game.play_out`). A bot bound to the content that reads no view is asked directly
    (what `ask` would do, without its per-decision checks)."""
    direct = [
        getattr(bot, "needs_observation", True) is False and getattr(bot, "rules", None) is not None
        for bot in bots
    ]
    pickers = [
        bot.index_picker() if ok and hasattr(bot, "index_picker") else None
        for ok, bot in zip(direct, bots, strict=True)
    ]
    asked = 0

    def choose(pending: Pending) -> Decision:
        nonlocal asked
        asked += 1
        if asked > max_steps:
            raise RuntimeError("the game did not end")
        p = pending["p"]
        pick = pickers[p]
        if pick is not None:  # (what its `decide` does, without the call and the list copy)
            options = pending["options"]
            return options[pick(len(options))]
        if direct[p]:
            return bots[p].decide(None, list(pending["options"]))
        return ask(bots[p], game)

    game.play_out(choose)
    return game
