"""The researcher's door: standard RL environments over the engine (docs/researchers.md).

- `catalogue.py`: the action catalogue, every partial step of every decision numbered from the
  pack; `encoding.py`: the observation vector and its layout;
- `steps.py`: a decision taken one catalogue id at a time (the mask), the table both envs drive;
- `lastlight_v0.py`: PettingZoo's AEC env (`raw_env`, `env()`); `gym_env.py`: Gymnasium's
  single-seat env, registered as `lastlight/LastLight-v0`;
- `stdio_bot.py`: a bot that is another program, speaking JSON lines on stdin/stdout.

Nothing is imported here: gymnasium and pettingzoo load only when their env module is imported.
"""
