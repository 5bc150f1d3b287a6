"""PettingZoo's AEC environment for Last Light: `raw_env` and `env()` (the standard wrappers).

    from lastlight.interpreter.envs import lastlight_v0
    env = lastlight_v0.env(players=3)
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \\
            env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents are `player_0`.. (seat order). An action is one catalogue id (catalogue.py): a decision
is taken over one or more steps (its verb, then its slots), and the agent stays selected until
its decision is complete; steps every legal option shares are taken for it. Observations are
`{"observation": float32 vector (encoding.py), "action_mask": int8 over the catalogue}`; the
mask is all zeros for an agent that is not deciding. Rewards come at the end only: each seat's
share of the win (1/k for each of k winners, 0 for the others). The game seed is the reset
seed (else drawn from the env's generator), so the same seed and actions give the same game.
`raw_env` refuses an id outside the mask (ValueError, nothing changes); `env()` wraps it as
PettingZoo's classic games are: an illegal id ends the game with -1 for its agent.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from lastlight.interpreter.envs.steps import OBS_HIGH, Table, spectator_line, win_shares
from lastlight.interpreter.envs.tables import load_rules_for_env
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers


class raw_env(AECEnv):
    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's attribute)
        "render_modes": ["human", "ansi"],
        "name": "lastlight_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self, players: int = 3, content: str | None = None, render_mode: str | None = None
    ):
        super().__init__()
        rules = load_rules_for_env(content)
        if not rules.players_min <= players <= rules.players_max:
            raise ValueError(
                f"this content plays {rules.players_min} to {rules.players_max} players, "
                f"not {players}"
            )
        self.table = Table(rules)
        self.players = players
        self.render_mode = render_mode
        self.metadata = {
            **self.metadata,
            "content": rules.pack.digest,
            "catalogue_size": self.table.n_tokens,
        }
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        n = self.table.n_tokens
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, OBS_HIGH, (self.table.obs_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = int(seed)
        else:
            self._seed = int(np.random.default_rng().integers(2**31))
        self.table.new_game(self.players, self._seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.table.to_move
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        return {"observation": self.table.vector(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.table.step(int(action))  # IllegalStep (a ValueError) changes nothing
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        game = self.table.game
        assert game is not None
        if game.over:
            shares = win_shares(game)
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = shares[i]
                self.terminations[a] = True
            self._accumulate_rewards()  # (before the end every reward is 0: nothing to add)
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        game = self.table.game
        if game is None:
            return None
        text = spectator_line(game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> AECEnv:
    """`raw_env` with PettingZoo's standard wrappers for a classic game."""
    out: AECEnv = raw_env(**kwargs)
    out = wrappers.TerminateIllegalWrapper(out, illegal_reward=-1)
    out = wrappers.AssertOutOfBoundsWrapper(out)
    return wrappers.OrderEnforcingWrapper(out)
