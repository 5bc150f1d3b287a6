"""Gymnasium's single-seat environment: one seat is the agent, the others lastlight bots.

    import gymnasium as gym
    import lastlight.interpreter.envs.gym_env  # registers lastlight/LastLight-v0
    env = gym.make("lastlight/LastLight-v0", players=3, seat=0, opponents="heuristic")
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(
        env.action_space.sample(info["action_mask"]))

The observation is the seat's vector (encoding.py), the action one catalogue id (catalogue.py):
a decision takes one or more steps. `action_masks()` (what sb3-contrib's MaskablePPO reads) and
`info["action_mask"]` give the legal ids. An id outside the mask changes nothing: the step
returns the same observation, reward 0 and `info["illegal"] = True` (Gymnasium's checker samples
without the mask). The reward comes at the end: the seat's share of the win (1/k for each of k
winners, else 0). `opponents` names the bots of the other seats (one name for all, or one per
other seat, comma-separated; any name the bot registry resolves). The game seed is the reset
seed (else drawn from the env's generator); the bots' seeds follow from it.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from lastlight.interpreter.agents import ask, make_bot
from lastlight.interpreter.envs.steps import (
    OBS_HIGH,
    IllegalStep,
    Table,
    spectator_line,
    win_shares,
)
from lastlight.interpreter.envs.tables import load_rules_for_env

ENV_ID = "lastlight/LastLight-v0"


class LastLightEnv(gym.Env):
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        players: int = 3,
        seat: int = 0,
        opponents: str = "random",
        content: str | None = None,
        render_mode: str | None = None,
    ):
        rules = load_rules_for_env(content)
        if not rules.players_min <= players <= rules.players_max:
            raise ValueError(
                f"this content plays {rules.players_min} to {rules.players_max} players, "
                f"not {players}"
            )
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of a {players}-player game")
        names = [b.strip() for b in opponents.split(",") if b.strip()]
        if len(names) == 1:
            names = names * (players - 1)
        if len(names) != players - 1:
            raise ValueError(f"give one opponent for all or one per other seat ({players - 1})")
        self.opponents = names
        self.table = Table(rules)
        self.players = players
        self.seat = seat
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "content": rules.pack.digest}
        self.observation_space = spaces.Box(0.0, OBS_HIGH, (self.table.obs_size,), np.float32)
        self.action_space = spaces.Discrete(self.table.n_tokens)
        self._bots: dict[int, Any] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**31))
        rules = self.table.rules
        others = [p for p in range(self.players) if p != self.seat]
        self._bots = {
            p: make_bot(name, game_seed * 31 + p, rules)
            for p, name in zip(others, self.opponents, strict=True)
        }
        self.table.new_game(self.players, game_seed)
        self._play_others()
        return self.table.vector(self.seat), self._info()

    def _play_others(self) -> None:
        table = self.table
        while table.to_move is not None and table.to_move != self.seat:
            assert table.game is not None
            table.apply(ask(self._bots[table.to_move], table.game))

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self.table.mask(self.seat), **extra}

    def action_masks(self) -> np.ndarray:
        return self.table.mask(self.seat).astype(bool)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        table = self.table
        game = table.game
        assert game is not None, "reset() before step()"
        if game.over:
            raise RuntimeError("the game is over; reset() first")
        try:
            table.step(int(action))
        except IllegalStep:
            return table.vector(self.seat), 0.0, False, False, self._info(illegal=True)
        self._play_others()
        reward = win_shares(game)[self.seat] if game.over else 0.0
        return table.vector(self.seat), reward, game.over, False, self._info()

    def render(self) -> str | None:
        game = self.table.game
        if game is None:
            return None
        return spectator_line(game)


def register_envs() -> None:
    """Register `lastlight/LastLight-v0` with Gymnasium (done when this module is imported)."""
    if ENV_ID not in gym.registry:
        gym.register(id=ENV_ID, entry_point=f"{__name__}:LastLightEnv")


register_envs()
