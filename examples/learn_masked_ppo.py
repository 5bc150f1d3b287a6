"""An example that learns: MaskablePPO (sb3-contrib) on lastlight/LastLight-v0 against bots.

    pip install "sb3-contrib>=2.3" torch        # the `learn` extra; never in the default install
    python examples/learn_masked_ppo.py --steps 200000 --opponents random --players 2

Trains a small masked policy for seat 0 against the named bots and prints its win share (with a
Wilson 95% interval) over evaluation games before training and after each block of steps, so
the rise is visible. Not run in CI (it takes minutes to hours and needs torch).
"""

from __future__ import annotations

import argparse
import math
from typing import Any


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def evaluate(
    model: Any, env: Any, games: int, first_seed: int
) -> tuple[float, tuple[float, float]]:
    """Win share of the policy (a shared win counts 1/k) over `games` fixed seeds."""
    won = 0.0
    for seed in range(first_seed, first_seed + games):
        obs, _info = env.reset(seed=seed)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _t, _i = env.step(int(action))
        won += reward
    return won / games, wilson(won, games)


def main() -> None:
    from lastlight.interpreter.envs.gym_env import LastLightEnv
    from sb3_contrib import MaskablePPO  # the `learn` extra

    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=200_000)
    ap.add_argument("--blocks", type=int, default=5)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--opponents", default="random")
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    env = LastLightEnv(players=args.players, seat=0, opponents=args.opponents)
    test_env = LastLightEnv(players=args.players, seat=0, opponents=args.opponents)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        seed=args.seed,
        n_steps=2048,
        batch_size=256,
        policy_kwargs={"net_arch": [256, 256]},
        verbose=0,
    )
    share, (lo, hi) = evaluate(model, test_env, args.eval_games, 10**6)
    print(
        f"before training: win share {share:.1%} [{lo:.1%}, {hi:.1%}] "
        f"({args.eval_games} games against {args.opponents})"
    )
    for block in range(1, args.blocks + 1):
        model.learn(args.steps // args.blocks, reset_num_timesteps=False)
        share, (lo, hi) = evaluate(model, test_env, args.eval_games, 10**6)
        print(
            f"after {block * args.steps // args.blocks} steps: win share {share:.1%} "
            f"[{lo:.1%}, {hi:.1%}]"
        )


if __name__ == "__main__":
    main()
