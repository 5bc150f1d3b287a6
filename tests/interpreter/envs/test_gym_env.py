"""Gymnasium's env checker on lastlight/LastLight-v0, masks, and a long masked random run."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from lastlight.interpreter.envs.gym_env import ENV_ID, LastLightEnv


def test_gymnasium_check_env() -> None:
    check_env(gym.make(ENV_ID, players=3, opponents="heuristic").unwrapped, skip_render_check=True)


def _play(env: LastLightEnv, seed: int, rng: np.random.Generator) -> tuple[float, int]:
    _obs, info = env.reset(seed=seed)
    steps, done, reward = 0, False, 0.0
    while not done:
        mask = env.action_masks()
        assert mask.any() and np.array_equal(mask, info["action_mask"].astype(bool))
        _obs, reward, done, _trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not info.get("illegal")
        steps += 1
    return float(reward), steps


def test_a_masked_random_agent_plays_to_the_end() -> None:
    env = LastLightEnv(players=2, seat=1, opponents="random")
    rng = np.random.default_rng(1)
    rewards = [_play(env, seed, rng)[0] for seed in range(3)]
    assert all(r in (0.0, 0.5, 1.0) for r in rewards)


def test_the_same_seed_gives_the_same_game() -> None:
    a, b = LastLightEnv(players=3), LastLightEnv(players=3)
    assert _play(a, 9, np.random.default_rng(4)) == _play(b, 9, np.random.default_rng(4))
    assert np.array_equal(a.table.vector(0), b.table.vector(0))
    assert a.table.game.history == b.table.game.history  # type: ignore[union-attr]


def test_an_illegal_id_changes_nothing() -> None:
    env = LastLightEnv(players=3)
    obs, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, done, _t, info2 = env.step(illegal)
    assert info2["illegal"] and reward == 0.0 and not done
    assert np.array_equal(obs, again)


def test_unknown_opponents_and_seats_are_refused() -> None:
    with pytest.raises(ValueError, match="seat 5"):
        LastLightEnv(players=3, seat=5)
    with pytest.raises(ValueError, match="one per other seat"):
        LastLightEnv(players=3, opponents="random,random,random")


@pytest.mark.slow
def test_a_masked_random_agent_plays_a_thousand_games_without_error() -> None:
    rng = np.random.default_rng(0)
    envs = {n: LastLightEnv(players=n, seat=0, opponents="random") for n in (2, 3, 4)}
    for game in range(1000):
        _play(envs[2 + game % 3], game, rng)
