"""Print one of the README's install-and-run commands: the fenced ```sh block right after the
line `<!-- readme-command: NAME -->` in README.md. `.ci/run` runs what this prints, so CI runs
the README's own commands, never a copy (tests/test_readme_ci.py checks both ends).

    python3 .ci/readme_command.py tests        # the command that installs and runs the tests
    python3 .ci/readme_command.py main-job     # the command that installs and plays a game
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
MARKER = re.compile(r"^<!-- readme-command: ([a-z-]+) -->\s*$")


def readme_commands(text: str) -> dict[str, str]:
    """Every marked command of `text`: name -> the shell text of the block after its marker."""
    lines = text.splitlines()
    found: dict[str, str] = {}
    for i, line in enumerate(lines):
        match = MARKER.match(line)
        if not match:
            continue
        if i + 1 >= len(lines) or lines[i + 1].strip() != "```sh":
            raise ValueError(f"README.md:{i + 2}: a ```sh block must follow {line.strip()}")
        body: list[str] = []
        for inner in lines[i + 2 :]:
            if inner.strip() == "```":
                break
            body.append(inner)
        else:
            raise ValueError(f"README.md:{i + 2}: the block after {line.strip()} is never closed")
        found[match.group(1)] = "\n".join(body).strip()
    return found


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        commands = readme_commands(README.read_text(encoding="utf-8"))
    except ValueError as exc:
        print(f"readme_command: {exc}", file=sys.stderr)
        return 1
    name = sys.argv[1]
    if name not in commands:
        print(
            f"readme_command: README.md has no command '{name}' ({', '.join(commands)})",
            file=sys.stderr,
        )
        return 1
    print(commands[name])
    return 0


if __name__ == "__main__":
    sys.exit(main())
