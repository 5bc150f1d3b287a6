"""Write docs/figures.md, the one page of measured figures, from docs/figures.yaml.

    python docs/gen_figures.py            # write docs/figures.md
    python docs/gen_figures.py --check    # exit 1 if docs/figures.md is stale

Each figure in the YAML has `what`, `figure`, `command` and `conditions` (the machine and
conditions in a few words). A missing or unknown key, or a figure outside a section, is refused
with its place, so the page never shows a figure without the command that measured it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "figures.yaml"
TARGET = HERE / "figures.md"
KEYS = ("what", "figure", "command", "conditions")


class FiguresError(ValueError):
    """The figures file is not in the expected shape; the message names the place."""


def _cell(text: Any) -> str:
    """One table cell: a single line, with `|` escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _check_figure(figure: Any, where: str) -> None:
    if not isinstance(figure, dict):
        raise FiguresError(f"{where}: a figure is a mapping with keys {', '.join(KEYS)}")
    missing = [k for k in KEYS if not str(figure.get(k) or "").strip()]
    unknown = sorted(set(figure) - set(KEYS))
    if missing:
        raise FiguresError(f"{where}: missing {', '.join(missing)}")
    if unknown:
        raise FiguresError(f"{where}: unknown key(s) {', '.join(map(str, unknown))}")


def render(data: Any) -> str:
    """The Markdown page for the parsed figures file."""
    if not isinstance(data, dict) or not isinstance(data.get("sections"), list):
        raise FiguresError("figures.yaml: expected `intro` and a list of `sections`")
    lines = [
        "# Figures",
        "",
        "Generated from `docs/figures.yaml` by `python docs/gen_figures.py`; do not edit by hand.",
        "",
        " ".join(str(data.get("intro", "")).split()),
        "",
    ]
    for i, section in enumerate(data["sections"]):
        where = f"figures.yaml: section {i + 1}"
        if not isinstance(section, dict) or not section.get("title"):
            raise FiguresError(f"{where}: a section needs a `title` and `figures`")
        figures = section.get("figures")
        if not isinstance(figures, list) or not figures:
            raise FiguresError(f"{where} ({section['title']}): no `figures` list")
        lines += [f"## {section['title']}", ""]
        lines += ["| What | Figure | Command | Conditions |", "|---|---|---|---|"]
        for j, figure in enumerate(figures):
            _check_figure(figure, f"{where} ({section['title']}), figure {j + 1}")
            what, value, command, conditions = (_cell(figure[k]) for k in KEYS)
            command = command if command == "same" else f"`{command}`"
            lines.append(f"| {what} | {value} | {command} | {conditions} |")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if figures.md is stale")
    args = parser.parse_args(argv)
    try:
        page = render(yaml.safe_load(SOURCE.read_text(encoding="utf-8")))
    except (FiguresError, yaml.YAMLError) as exc:
        print(f"gen_figures: {exc}", file=sys.stderr)
        return 1
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != page:
            print("docs/figures.md is stale: run python docs/gen_figures.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(page, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
