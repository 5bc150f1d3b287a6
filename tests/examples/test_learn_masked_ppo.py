"""The learning example's evaluation loop, with a stand-in for the trained policy (the example
itself needs torch and sb3-contrib, which the test run does not install)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import numpy as np
from lastlight.interpreter.envs.gym_env import LastLightEnv

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "learn_masked_ppo.py"


def _example() -> Any:
    spec = importlib.util.spec_from_file_location("learn_masked_ppo", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class FirstLegal:
    """What MaskablePPO's `predict` looks like: (action, state), reading the mask."""

    def predict(self, obs: np.ndarray, action_masks: np.ndarray, deterministic: bool) -> Any:
        assert obs.ndim == 1 and action_masks.dtype == bool and action_masks.any()
        return int(np.flatnonzero(action_masks)[0]), None


def test_the_example_evaluates_a_policy_with_a_wilson_interval() -> None:
    example = _example()
    env = LastLightEnv(players=2, seat=0, opponents="random")
    share, (lo, hi) = example.evaluate(FirstLegal(), env, 4, 100)
    assert 0.0 <= lo <= share <= hi <= 1.0
    assert example.wilson(0, 10)[0] == 0.0 and example.wilson(10, 10)[1] == 1.0
