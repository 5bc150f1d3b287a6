"""PettingZoo's own API and seed tests on lastlight_v0, and what the env promises on top."""

from __future__ import annotations

import numpy as np
import pytest
from lastlight.interpreter.envs import lastlight_v0
from pettingzoo.test import api_test, seed_test


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_test(players: int) -> None:
    api_test(lastlight_v0.env(players=players), num_cycles=200)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: lastlight_v0.env(players=3), num_cycles=200)


def test_spaces_are_the_same_objects_every_call() -> None:
    env = lastlight_v0.raw_env(players=3)
    for agent in env.possible_agents:
        assert env.observation_space(agent) is env.observation_space(agent)
        assert env.action_space(agent) is env.action_space(agent)
    assert env.metadata["content"]


def test_a_masked_random_game_ends_with_win_shares() -> None:
    env = lastlight_v0.env(players=3)
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _info = env.last()
        rewards[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert (
            mask.any()
            and obs["observation"].shape == env.observation_space(agent)["observation"].shape
        )
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert sum(rewards.values()) == pytest.approx(1.0)


def test_the_raw_env_refuses_an_id_outside_the_mask_and_changes_nothing() -> None:
    env = lastlight_v0.raw_env(players=2)
    env.reset(seed=3)
    agent = env.agent_selection
    obs = env.observe(agent)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="continues no legal option"):
        env.step(illegal)
    assert env.agent_selection == agent
    assert np.array_equal(env.observe(agent)["observation"], obs["observation"])
