"""The search bot: information-set Monte Carlo search over worlds sampled from what its seat sees
(`ismcts.py`), with planner rollouts (`rollout.py`); the bot itself is in `bot.py`."""
