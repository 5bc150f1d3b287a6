"""Lines the player's screen prints per decision over a whole game (always answering 1, output
not a terminal so 100 columns), log and menu included: `python benchmarks/screen_lines.py`."""

from __future__ import annotations

import argparse
import re
import statistics

from click.testing import CliRunner
from lastlight.cli.main import main

PROMPT = "your choice ("


def lines_per_decision(players: int, seed: int) -> tuple[int, float, float]:
    result = CliRunner().invoke(
        main, ["play", "--human", "0", "-n", str(players), "-s", str(seed)], input="1\n" * 3000
    )
    blocks = result.stdout.split(PROMPT)[1:-1]
    sizes = [len(b.splitlines()) - 1 for b in blocks]
    log = [sum(1 for line in b.splitlines() if re.match(r"\s+R\s*\d+ ", line)) for b in blocks]
    return len(blocks), statistics.median(sizes), statistics.median(log)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=5)
    seed = ap.parse_args().seed
    for n in (2, 3, 4):
        decisions, median, log = lines_per_decision(n, seed)
        print(
            f"{n} players, seed {seed}: {decisions} decisions, median {median} lines per decision "
            f"({log} of them log)"
        )
