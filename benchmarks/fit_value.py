"""Fit the search's learned value (texel tuning): who wins, from what each seat holds.

python benchmarks/fit_value.py --games 1500 --players 2,3,4 --seed 1 --holdout 2 \
    --held-out 300 --jobs 2 -o interpreter/agents/search/value.yaml
python benchmarks/fit_value.py --games 2000 --players 3,4 --seed 3 --holdout 4 --held-out 400 \
    --jobs 2 --merge interpreter/agents/search/value.yaml -o interpreter/agents/search/value.yaml

Plays all-planner games (game i: the lab's seeds `SeedSequence([seed, i])`, the player counts
taken in turn), records every seat's features (`agents/search/value.py`) at the start of every
round, labels each position with who won the game (a tie shared), and fits one conditional logit
per player count (a seat's chance to win is the softmax of `w · features` over the seats) by
maximum likelihood with a small ridge penalty (scipy's L-BFGS). The fit is judged on held-out
games (`--holdout`, never used to fit): mean log-loss of the winner and how often the seat the
model favours won, against the planner's own leaf value (`planner_worth` squashed as the search
squashes it). Same command and seed: same weights, for any `--jobs`.

`--merge FILE` keeps the weights FILE holds for the counts not fitted now, each with its own
provenance (the file's provenance is one record per player count: command, seeds, games,
held-out verdict), so one count can be refitted without moving the others' weights.
"""

from __future__ import annotations

import argparse
import datetime
import math
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np
import yaml
from lastlight.interpreter.agents import make_bot
from lastlight.interpreter.agents.base import ask
from lastlight.interpreter.agents.search.rollout import VALUE_SCALE, planner_worth
from lastlight.interpreter.agents.search.value import FEATURES, features
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.spec import game_seeds, load_rules
from scipy.optimize import minimize

#: One position: (player count, each seat's features, each seat's share of the win, each
#: seat's planner worth).
Position = tuple[int, list[list[float]], list[float], list[float]]

RIDGE = 1e-3


def play(args: tuple[int, int, int, str]) -> list[Position]:
    """The positions of game `index` (all planner, `players` seats)."""
    master, index, players, bot = args
    rules = load_rules(str(content_dir()))
    game_seed, bot_seeds = game_seeds(master, index)
    game = Game.new(rules, players, game_seed, log=False)
    bots = [make_bot(bot, bot_seeds[s], rules) for s in range(players)]
    seen: list[tuple[list[list[float]], list[float]]] = []
    last_round = -1
    steps = 0
    while not game.over and steps < 20_000:
        view = game.view(ALL, live=True)
        if view.round != last_round and view.players[0].faction_kept:
            last_round = view.round
            memo: dict[Any, Any] = {}
            feats = [features(view, p, memo) for p in range(players)]
            seen.append((feats, [planner_worth(view, p, memo) for p in range(players)]))
        seat = game.to_move
        assert seat is not None
        game.apply(ask(bots[seat], game))
        steps += 1
    winners = game.winners
    share = [1.0 / len(winners) if p in winners else 0.0 for p in range(players)]
    return [(players, f, share, w) for f, w in seen]


def collect(master: int, games: int, counts: list[int], bot: str, jobs: int) -> list[Position]:
    tasks = [(master, i, counts[i % len(counts)], bot) for i in range(games)]
    if jobs == 1:
        chunks = [play(t) for t in tasks]
    else:
        with Pool(jobs) as pool:
            chunks = pool.map(play, tasks, chunksize=4)
    return [pos for chunk in chunks for pos in chunk]


def fit(positions: list[Position], drop: frozenset[str] = frozenset()) -> np.ndarray:
    """The conditional logit's weights (maximum likelihood, ridge `RIDGE` on standardised
    features); the features in `drop` are left out (weight 0)."""
    keep = np.array([0.0 if name in drop else 1.0 for name in FEATURES])
    X = [np.array(f, dtype=float) * keep for _, f, _, _ in positions]
    Y = [np.array(s, dtype=float) for _, _, s, _ in positions]
    allf = np.vstack(X)
    scale = allf.std(axis=0)
    scale[scale == 0] = 1.0
    Xs = [x / scale for x in X]

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        total = 0.0
        grad = np.zeros_like(w)
        for x, y in zip(Xs, Y, strict=True):
            s = x @ w
            s -= s.max()
            e = np.exp(s)
            p = e / e.sum()
            total -= float(y @ np.log(p + 1e-300))
            grad -= x.T @ (y - p)
        n = len(Xs)
        return total / n + RIDGE * float(w @ w), grad / n + 2 * RIDGE * w

    res = minimize(loss, np.zeros(allf.shape[1]), jac=True, method="L-BFGS-B")
    return np.asarray(res.x / scale)


def judge(positions: list[Position], w: np.ndarray) -> dict[str, float]:
    """Held-out log-loss and hit rate of the model, and of the planner's own leaf value."""
    ll_model = ll_planner = 0.0
    hit_model = hit_planner = 0.0
    for _, f, y, worth in positions:
        s = np.array(f) @ w
        p = np.exp(s - s.max())
        p /= p.sum()
        q = np.array([
            1.0 / (1.0 + math.exp(-(worth[i] - max(worth[j] for j in range(len(worth)) if j != i))
                                  / VALUE_SCALE))
            for i in range(len(worth))
        ])  # fmt: skip
        q /= q.sum()
        yy = np.array(y)
        ll_model -= float(yy @ np.log(p + 1e-12))
        ll_planner -= float(yy @ np.log(q + 1e-12))
        hit_model += float(yy[int(np.argmax(p))])
        hit_planner += float(yy[int(np.argmax(q))])
    n = max(1, len(positions))
    return {
        "positions": len(positions),
        "log_loss": round(ll_model / n, 4),
        "log_loss_planner_value": round(ll_planner / n, 4),
        "hit_rate": round(hit_model / n, 4),
        "hit_rate_planner_value": round(hit_planner / n, 4),
    }


def plain(data: Any) -> Any:
    """`data` as plain dicts, lists, strings and numbers (what yaml.safe_dump writes)."""
    if isinstance(data, dict):
        return {plain(k): plain(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [plain(v) for v in data]
    for kind in (bool, int, float, str):
        if isinstance(data, kind):
            return kind(data)
    return data


def count_records(path: str) -> tuple[dict[int, dict[str, float]], dict[int, dict[str, Any]]]:
    """The weights and per-count provenance of the value file at `path` (a file of the first
    format, one provenance for every count, is split into one record per count)."""
    from lastlight.interpreter.agents.search.value import load_model

    model = load_model(Path(path))
    weights = {
        n: {name: float(v) for name, v in zip(FEATURES, w, strict=True)}
        for n, w in model.weights.items()
    }
    prov = plain(model.provenance)
    if "command" not in prov:
        return weights, {int(n): dict(rec) for n, rec in prov.items()}
    judged = prov.get("judged") or {}
    records = {
        n: {
            **{k: v for k, v in prov.items() if k != "judged"},
            "judged": judged.get(n, judged.get(str(n))),
        }
        for n in weights
    }
    return weights, records


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=600, help="games to fit on (all counts)")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--seed", type=int, default=1, help="master seed of the fitting games")
    ap.add_argument("--holdout", type=int, default=2, help="master seed of the held-out games")
    ap.add_argument("--held-out", type=int, default=150, help="held-out games (all counts)")
    ap.add_argument("--bot", default="planner", help="the bot that plays every seat")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("-o", "--output", required=True, help="value file to write")
    ap.add_argument("--drop", default="", metavar="F1,F2",
                    help="features to leave out of the fit (their weights are 0)")  # fmt: skip
    ap.add_argument("--merge", metavar="FILE",
                    help="keep the weights FILE holds for the other counts")  # fmt: skip
    args = ap.parse_args(argv)
    try:
        counts = [int(c) for c in args.players.split(",")]
    except ValueError:
        ap.error(f"--players {args.players!r}: player counts such as 2,3,4")
    if not counts or any(c not in (2, 3, 4) for c in counts):
        ap.error(f"--players {args.players!r}: counts from 2 to 4")
    if args.seed == args.holdout:
        ap.error("--seed and --holdout must differ (held-out games are never fitted)")
    if args.games < len(counts) or args.held_out < 0 or args.jobs < 1:
        ap.error("--games needs a game at every count; --held-out >= 0; --jobs >= 1")
    drop = frozenset(f.strip() for f in args.drop.split(",") if f.strip())
    if drop - set(FEATURES):
        ap.error(f"--drop {args.drop!r}: features are {', '.join(FEATURES)}")
    kept_w: dict[int, dict[str, float]] = {}
    kept_p: dict[int, dict[str, Any]] = {}
    if args.merge:
        try:
            kept_w, kept_p = count_records(args.merge)
        except (OSError, ValueError) as exc:
            print(f"fit_value.py: --merge {args.merge}: {exc}", file=sys.stderr)
            return 1
    train = collect(args.seed, args.games, counts, args.bot, args.jobs)
    test = collect(args.holdout, args.held_out, counts, args.bot, args.jobs)
    weights = {n: w for n, w in kept_w.items() if n not in counts}
    records = {n: r for n, r in kept_p.items() if n not in counts}
    command = "python benchmarks/fit_value.py " + " ".join(sys.argv[1:] if argv is None else argv)
    for n in counts:
        w = fit([p for p in train if p[0] == n], drop)
        weights[n] = {name: round(float(v), 6) for name, v in zip(FEATURES, w, strict=True)}
        verdict = judge([p for p in test if p[0] == n], w)
        print(f"{n} players: {verdict}")
        records[n] = {
            "command": command,
            "fitted_on": f"{args.games} {args.bot} games of {args.players} players, seed "
            f"{args.seed}, {sum(1 for p in train if p[0] == n)} positions at {n} players "
            "(every seat at every round's start)",
            "held_out": f"{args.held_out} {args.bot} games, seed {args.holdout}",
            **({"left_out": sorted(drop)} if drop else {}),
            "judged": verdict,
            "date": datetime.date.today().isoformat(),
        }
    doc = {
        "provenance": {n: records[n] for n in sorted(records)},
        "features": list(FEATURES),
        "weights": {n: weights[n] for n in sorted(weights)},
    }
    with open(args.output, "w", encoding="utf-8") as fh:
        fh.write("# The search's learned value (agents/search/value.py), written by\n")
        fh.write("# benchmarks/fit_value.py: do not edit by hand; refit.\n")
        yaml.safe_dump(doc, fh, sort_keys=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
