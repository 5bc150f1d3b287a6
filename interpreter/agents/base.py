"""The bot interface: a bot decides from what its seat may know, never from the game.

    class MyBot(Bot):
        name = "mine"
        def decide(self, obs, legal):
            return legal[self.rng.below(len(legal))]

`decide(obs, legal)` receives the seat's observation (`Game.observation(seat)`: plain JSON, see
`observe.py`) and the legal decisions, and returns one of them. A bot owns its own seeded
generator (`self.rng`), separate from the game's, so bots never disturb the game's dice and the
same seats and seeds replay the same game. Content is public: `self.rules` is the loaded pack.
A bot that never reads the observation sets `needs_observation = False` and gets `None`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lastlight.interpreter.engine.machine import Engine
from lastlight.interpreter.engine.observe import Observation
from lastlight.interpreter.engine.rng import Rng, seed_state

if TYPE_CHECKING:
    from lastlight.interpreter.engine.game import Decision, Game
    from lastlight.interpreter.engine.ruleset import Rules


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

    def decide(self, obs: Observation | None, legal: list[Decision]) -> Decision:
        raise NotImplementedError

    def index_picker(self) -> Callable[[int], int] | None:
        """A bot whose `decide` is `legal[f(len(legal))]` for some f of its own (without an
        observation) may return f: `play_game` then calls it instead of `decide`."""
        return None

    # --- helpers for bots that read the observation with the engine's queries ---------------
    def view(self, obs: Observation) -> Engine:
        """A read-only engine over the observation, so `queries` can answer questions about
        what the seat sees (hidden fields are None and are never needed by those queries)."""
        assert self.rules is not None, "bind(rules) before decide"
        return Engine(self.rules, self.rules.pack.models["board"], obs, log=False)


def ask(bot: Any, game: Game) -> Decision:
    """Ask the bot whose seat is to move for its decision, giving it only that seat's
    observation and the legal decisions."""
    pending = game.eng.state["pending"]  # what game.to_move and game.legal() read
    assert pending is not None, "no decision is open"
    if getattr(bot, "rules", None) is None and hasattr(bot, "bind"):
        bot.bind(game.rules)
    obs = game.observation(pending["p"]) if getattr(bot, "needs_observation", True) else None
    return bot.decide(obs, list(pending["options"]))


def play_game(game: Game, bots: list[Any], max_steps: int = 1_000_000) -> Game:
    """Play to the end with one bot per seat, in the game's one decision loop
    (`Game.play_out`). A bot bound to the content that reads no observation is asked directly
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

    def choose(pending: dict[str, Any]) -> Decision:
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
