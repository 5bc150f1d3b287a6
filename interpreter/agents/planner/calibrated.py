"""`planner_calibrated`: the planner with calibrated keeps (keeps.py, the shipped `keeps.yaml`).

Every decision but a keep is the planner's own; a faction or an achievement is kept by a Luce
draw on what restricted play measured it to be worth at the table's player count, on the bot's
own generator. See docs/keeps.md.
"""

from __future__ import annotations

from lastlight.interpreter.agents.planner import keeps
from lastlight.interpreter.agents.planner.bot import PlannerBot
from lastlight.interpreter.agents.planner.weights import Weights
from lastlight.interpreter.engine.ruleset import Rules


class CalibratedPlannerBot(PlannerBot):
    name = "planner_calibrated"

    def __init__(
        self,
        seed: int = 0,
        rules: Rules | None = None,
        weights: Weights | None = None,
        keeps_file: keeps.KeepCalibration | None = None,
    ):
        cal = keeps.shipped() if keeps_file is None else keeps_file
        super().__init__(seed, rules, weights, keeps=cal)
