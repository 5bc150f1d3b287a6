"""Check that two balance sweeps' CSV rows are the same games: the same rows in the same order,
every field equal (numbers compared as numbers, so two versions of the CSV writer agree).
`.ci/run` compares the pure-Python core's sweep with the compiled core's.

    python .ci/same_rows.py PURE.csv COMPILED.csv    # exit 0 when the same, 1 with the first
                                                     # difference named
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path


def _value(text: str) -> object:
    try:
        return float(text)
    except ValueError:
        return text


def _rows(path: Path) -> list[dict[str, object]]:
    with path.open(newline="") as f:
        return [{k: _value(v) for k, v in row.items()} for row in csv.DictReader(f)]


def main(a: str, b: str) -> int:
    left, right = _rows(Path(a)), _rows(Path(b))
    if len(left) != len(right):
        print(f"{a} has {len(left)} rows, {b} {len(right)}")
        return 1
    for i, (x, y) in enumerate(zip(left, right, strict=True)):
        if x != y:
            fields = sorted(k for k in x.keys() | y.keys() if x.get(k) != y.get(k))
            print(f"row {i + 1} differs in {', '.join(fields)}: {x} against {y}")
            return 1
    print(f"the same {len(left)} rows")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
