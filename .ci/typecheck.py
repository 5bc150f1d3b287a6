"""Run mypy on the project's code under the import names it is installed as.

The folders are mapped under one namespace by setuptools (`interpreter/` is
`lastlight.interpreter`, `cli/` is `lastlight.cli`), which mypy cannot read from the tree
itself. So this script builds that namespace in a private temporary folder out of links to the
real folders and runs mypy there with the settings in `pyproject.toml` (`[tool.mypy]`: strict on
the rules core). Paths in mypy's messages are mapped back to the repository's.

    python .ci/typecheck.py            # exit 0 when clean, mypy's exit status otherwise
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FOLDERS = {"interpreter": "interpreter", "cli": "cli"}


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="lastlight-typecheck-") as tmp:
        root = Path(tmp) / "lastlight"
        root.mkdir()
        (root / "__init__.py").write_text("")
        for name, folder in FOLDERS.items():
            (root / name).symlink_to(REPO / folder, target_is_directory=True)
        cmd = [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(REPO / "pyproject.toml"),
            "--cache-dir",
            str(REPO / ".mypy_cache"),
            "-p",
            "lastlight.interpreter",
            "-p",
            "lastlight.cli",
        ]
        done = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
        out = (done.stdout + done.stderr).replace(f"lastlight{'/'}", "")
        sys.stdout.write(out)
        return done.returncode


if __name__ == "__main__":
    sys.exit(main())
