"""The planner: the sweep bot. It values each legal decision by a one-step plan over what its
seat sees (`bot.py`), with the seat's situation (`seat.py`), its fleet (`fleet.py`), card values
(`valuation.py`) and tuned weights read from `weights.yaml` (`weights.py`)."""
