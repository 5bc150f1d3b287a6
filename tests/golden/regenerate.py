"""Record the golden games again (after an intended change to the rules or the content).

    python tests/golden/regenerate.py

Each golden game is a replay (seed, players, every decision, result) plus the hash of the final
state. tests/golden/test_golden.py re-plays them on every test run.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.replay import make_replay, save_replay
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.pipeline import load_pack_or_raise

HERE = Path(__file__).resolve().parent
GAMES = [  # (players, seed, bots)
    (2, 101, ["heuristic", "random"]),
    (3, 202, ["heuristic", "heuristic", "random"]),
    (4, 303, ["heuristic", "random", "heuristic", "random"]),
    (4, 404, ["random", "random", "random", "random"]),
]


def state_digest(game: Game) -> str:
    return hashlib.sha256(game.to_json().encode()).hexdigest()


def main() -> None:
    rules = Rules.from_pack(load_pack_or_raise(content_dir()))
    for players, seed, bots in GAMES:
        agents = [make_bot(name, seed * 10 + i) for i, name in enumerate(bots)]
        game = play_game(Game.new(rules, players, seed), agents)
        data = make_replay(game, rules, bots)
        data["final_state_sha256"] = state_digest(game)
        data["log_events"] = len(game.log)
        path = HERE / f"game-{players}p-{seed}.json"
        save_replay(path, data)
        print(f"{path.name}: {len(game.history)} decisions, result {data['result']}")
    print(json.dumps({"content": rules.pack.digest}))


if __name__ == "__main__":
    main()
