"""The RL env's overhead per step beyond the engine, and a long masked random run through it.

    python benchmarks/bench_env.py [--games 200] [--players 3] [--first 0] [--skip-encoding]
                                   [--clock cpu|wall]

Plays GAMES games through PettingZoo's `lastlight_v0.raw_env`, every seat a masked random agent
(numpy's generator over the mask), timing only the env's calls (`last()`: the observation vector
and the mask; `step()`: one catalogue id, the game's `apply` when it completes a decision). Then
replays the same decisions on bare `Game`s, timing `Game.apply` alone, and `Game.apply` +
`Game.view(mover)` (the seat's view the env encodes: the engine's observation, and the typed
door's `SeatView` around it). The overhead per env step is (env time - engine time) / env steps.

The engine's side is `Game.apply` and `Game.view(mover)` (the seat's observation) on a bare
`Game`, exactly as before the env's speed work of issue 26: whatever the env keeps or works out
(its encoder's tables and memos, the catalogue ids it keeps, reading the view once a decision)
is timed on the env's side, inside its calls.

The env reads the game through `Game.view(seat)` (issue 23), so the door's wrapper is the env's
cost, not the engine's: the wrapper alone is timed too (wrapping each replayed view's data again
in new `SeatView`s, what `Game.view` adds to the observation), and taken out of the engine's side
for the "beyond apply+observation" figure, which stays comparable with the figures measured
when the env called `Game.observation` (before issue 23's last clients moved).

`--skip-encoding` replaces the vector by zeros, to show what the rest of the env (numbering the
options, the mask, PettingZoo's bookkeeping) costs. One process, one core; prints the figures,
never asserts. Any error in any game stops the run with its seed.

The clock is this process's CPU time by default (`--clock cpu`, as bench_engine.py): on a shared
machine it leaves out the time spent waiting for a core, which wall time (`--clock wall`, the
figures before issue 26's last item) counts. Each env call is timed on its own, so each timed
interval also holds part of the clock's own reads (about 0.4 us for the CPU clock, a system
call; 0.05 us for the wall clock): that bias, measured at the start as the mean of
`clock() - clock()`, is taken out of the env's time (and printed). The env's tables and memos
(catalogue ids per frame, what a sector, a unit or a player's cards write) fill during the first
games and are bounded by the pack.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.view import SeatView
from lastlight.interpreter.envs import lastlight_v0

Clock = Callable[[], float]
CLOCKS: dict[str, Clock] = {"cpu": time.process_time, "wall": time.perf_counter}
#: How often the wrapper is timed again per decision (it is too quick to time once).
REWRAPS = 20


def clock_bias(clock: Clock, reads: int = 20_000) -> float:
    """What one timed interval holds of the clock itself: the mean of `clock() - clock()`."""
    total = 0.0
    for _ in range(reads):
        t0 = clock()
        total += clock() - t0
    return total / reads


def play_env(
    env: lastlight_v0.raw_env, seed: int, rng: np.random.Generator, clock: Clock
) -> tuple[float, int]:
    """One game through the env: (seconds inside env calls, env steps)."""
    t0 = clock()
    env.reset(seed=seed)
    spent = clock() - t0
    steps = 0
    while True:
        t0 = clock()
        seen, _r, term, trunc, _i = env.last()
        spent += clock() - t0
        if term or trunc:
            break
        action = int(rng.choice(np.flatnonzero(seen["action_mask"])))
        t0 = clock()
        env.step(action)
        spent += clock() - t0
        steps += 1
    return spent, steps


def replay_engine(
    env: lastlight_v0.raw_env, players: int, seed: int, clock: Clock
) -> tuple[float, float, float]:
    """The same game's decisions on a bare Game: (apply seconds, apply + the mover's view
    seconds, the view's wrapper alone: what wrapping each view's data again in a `SeatView`
    `REWRAPS` times adds, divided by `REWRAPS`)."""
    decisions = list(env.table.game.history)  # type: ignore[union-attr]
    rules = env.table.rules
    t0 = clock()
    game = Game.new(rules, players, seed, log=False)
    for d in decisions:
        game.apply(d)
    apply_only = clock() - t0
    t0 = clock()
    game = Game.new(rules, players, seed, log=False)
    for d in decisions:
        game.view(game.to_move)
        game.apply(d)
    with_view = clock() - t0
    t0 = clock()
    game = Game.new(rules, players, seed, log=False)
    for d in decisions:
        data = game.view(game.to_move).to_json()
        for _ in range(REWRAPS):
            SeatView(rules, data)
        game.apply(d)
    wrap = max(0.0, clock() - t0 - with_view) / REWRAPS
    return apply_only, with_view, wrap


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--first", type=int, default=0, help="first seed")
    ap.add_argument(
        "--skip-encoding",
        action="store_true",
        help="replace the observation vector by zeros (the game's observation is still taken), "
        "to see what the rest of the env costs",
    )
    ap.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="cpu: this process's CPU time (steady on a shared machine); wall: elapsed time "
        "(also counts the time spent waiting for a core)",
    )
    args = ap.parse_args()
    clock = CLOCKS[args.clock]
    bias = clock_bias(clock)
    if args.skip_encoding:
        from lastlight.interpreter.envs.encoding import Encoded, Encoder

        def zeros(self: Encoder, view: SeatView) -> Encoded:
            none = np.zeros(0, np.intp)
            vec = np.zeros(self.layout.size, np.float32)
            return Encoded(vec, none, none, none.astype(np.float32))

        Encoder.parts = zeros  # type: ignore[method-assign]
    env = lastlight_v0.raw_env(players=args.players)
    rng = np.random.default_rng(args.first)
    env_s = eng_s = eng_view_s = wrap_s = 0.0
    steps = decisions = 0
    per_game = []
    for seed in range(args.first, args.first + args.games):
        try:
            spent, n = play_env(env, seed, rng, clock)
            spent -= bias * (2 * n + 2)  # timed intervals: reset, each last() and step()
        except Exception as exc:
            raise SystemExit(f"game seed {seed} failed: {type(exc).__name__}: {exc}") from exc
        a, b, w = replay_engine(env, args.players, seed, clock)
        env_s, eng_s, eng_view_s, wrap_s = env_s + spent, eng_s + a, eng_view_s + b, wrap_s + w
        steps += n
        decisions += len(env.table.game.history)  # type: ignore[union-attr]
        per_game.append(spent)
    print(
        f"{args.games} games, {args.players} players, seeds {args.first}..."
        f"{args.first + args.games - 1}: {steps} env steps, {decisions} decisions "
        f"(catalogue {env.table.n_tokens} ids, observation {env.table.obs_size} numbers; "
        f"{args.clock} time, {1e6 * bias:.2f} us of clock taken out of each timed env call)"
    )
    print(f"  env calls:                {1e6 * env_s / steps:7.1f} us per env step")
    print(f"  engine apply:             {1e6 * eng_s / steps:7.1f} us per env step")
    eng_obs_s = eng_view_s - wrap_s
    print(f"  engine apply+view:        {1e6 * eng_view_s / steps:7.1f} us per env step")
    print(f"    of which the wrapper:   {1e6 * wrap_s / steps:7.1f} us per env step (the env's)")
    print(f"  engine apply+observation: {1e6 * eng_obs_s / steps:7.1f} us per env step")
    print(f"  overhead beyond apply:             {1e6 * (env_s - eng_s) / steps:7.1f} us per step")
    print(
        f"  overhead beyond apply+observation: {1e6 * (env_s - eng_obs_s) / steps:7.1f} us per step"
    )
    print(f"  median game through the env: {1e3 * statistics.median(per_game):.1f} ms")


if __name__ == "__main__":
    main()
