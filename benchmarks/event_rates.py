"""How often each logged event happens, per seat and per round, in bot games.

    python benchmarks/event_rates.py [--games 150] [--players 4] [--bot planner] [--first 9000]

The planner's valuation (`interpreter/agents/planner/valuation.py`) credits a triggered card with an
expected number of uses per round (`EVENT_RATE`); this prints the rates the bots actually reach,
so a designer can see how often "when you reveal a token" or "when you lose a ship" fires. A
round is one action card played by every seat. It also prints what a seat holds when the game
ends (planets, ships on the board and in the center), the figures the valuation credits an
achievement scored at the end with (`END_STATE`). Never asserts.
"""

from __future__ import annotations

import argparse
from collections import Counter

from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise


def event_rates(rules: Rules, bot: str, players: int, games: int, first: int) -> None:
    events: Counter[str] = Counter()
    held: Counter[str] = Counter()
    rounds = 0
    for seed in range(first, first + games):
        bots = [make_bot(bot, seed * 10 + p, rules) for p in range(players)]
        game = play_game(Game.new(rules, players, seed), bots)
        rounds += game.view(None).round
        held.update(end_state(game))
        for e in game.log:
            kind = e["event"]
            events[f"play {e['card']}" if kind == "play" else kind] += 1
    print(f"all-{bot}, {players} players, {games} games (seeds {first}..{first + games - 1}),")
    print(f"{rounds / games:.1f} rounds a game; events per seat and round:")
    for kind, n in sorted(events.items()):
        print(f"  {kind:28s} {n / (rounds * players):7.3f}")
    print("held at the game's end, per seat:")
    for what, n in sorted(held.items()):
        print(f"  {what:28s} {n / (games * players):7.3f}")


def end_state(game: Game) -> Counter[str]:
    """Planets controlled, ships on the board and ships in the center, summed over the seats."""
    view = game.view(ALL, live=True)  # the game is over: everything may be read
    out: Counter[str] = Counter()
    for p in range(view.players_count):
        out["planets"] += len(view.planets_controlled(p))
    for u in view.units.values():
        if u.is_ship and u.on_board and u.owner >= 0:
            out["fleet"] += 1
            out["center"] += u.sector == view.center
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bot", default="planner")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--first", type=int, default=9000, help="first seed")
    args = ap.parse_args(argv)
    rules = Rules.from_pack(load_pack_or_raise(content_dir()))
    event_rates(rules, args.bot, args.players, args.games, args.first)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
