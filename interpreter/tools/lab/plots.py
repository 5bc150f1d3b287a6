"""Plots as deterministic SVG text (matplotlib, Agg): no date in the metadata and a fixed
`svg.hashsalt`, so the same figures give the same bytes and ids are stable. Each plot is its
own SVG document (embedded as an <img> data URI), so ids of different plots never collide."""

from __future__ import annotations

import io
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from lastlight.interpreter.tools.lab.figures import Figure
from lastlight.interpreter.tools.lab.rows import SOURCES


def _svg(fig: Any) -> str:
    buf = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "lastlight", "svg.fonttype": "none"}):
        fig.savefig(buf, format="svg", metadata={"Date": None}, bbox_inches="tight")
    plt.close(fig)
    return buf.getvalue()


def win_share_plot(figs: list[Figure], group: str, title: str) -> str | None:
    """Horizontal bars with 95% Wilson intervals and each key's fair share."""
    rows = [f for f in figs if f.group == group]
    if not rows:
        return None
    rows.sort(key=lambda f: f.value)
    height = max(2.2, 0.32 * len(rows) + 1.0)
    fig, ax = plt.subplots(figsize=(7.5, height))
    ys = range(len(rows))
    colors = [
        "#c0392b" if f.flag == "above" else "#2e86c1" if f.flag == "below" else "#7f8c8d"
        for f in rows
    ]
    ax.barh(list(ys), [f.value for f in rows], color=colors, alpha=0.85)
    ax.errorbar(
        [f.value for f in rows],
        list(ys),
        xerr=[[max(0.0, f.value - f.lo) for f in rows], [max(0.0, f.hi - f.value) for f in rows]],
        fmt="none",
        ecolor="black",
        capsize=3,
        linewidth=1,
    )
    for y, f in zip(ys, rows, strict=True):
        if f.fair is None:  # (a win share always has one)
            continue
        ax.plot([f.fair, f.fair], [y - 0.4, y + 0.4], color="black", linestyle="--", lw=1)
    ax.set_yticks(list(ys), [f"{f.key} (n={f.n})" for f in rows])
    ax.set_xlim(0, 1)
    ax.set_xlabel("win share (bar), 95% Wilson interval, fair share (dashed)")
    ax.set_title(title)
    ax.grid(axis="x", alpha=0.3)
    return _svg(fig)


def light_sources_plot(figs: list[Figure]) -> str | None:
    by = {f.key: f for f in figs if f.group == "light"}
    keys = [s for s in SOURCES if s in by and by[s].value > 0]
    if not keys:
        return None
    fig, ax = plt.subplots(figsize=(7.5, 2.8))
    vals = [by[k].value for k in keys]
    ax.bar(keys, vals, color="#f1c40f", edgecolor="#7d6608")
    ax.errorbar(
        keys,
        vals,
        yerr=[
            [max(0.0, by[k].value - by[k].lo) for k in keys],
            [max(0.0, by[k].hi - by[k].value) for k in keys],
        ],
        fmt="none",
        ecolor="black",
        capsize=3,
    )
    ax.set_ylabel("light per player per game")
    ax.set_title("Where light comes from")
    ax.tick_params(axis="x", rotation=30)
    return _svg(fig)


def length_plot(rounds: list[int]) -> str | None:
    if not rounds:
        return None
    fig, ax = plt.subplots(figsize=(7.5, 2.6))
    lo, hi = min(rounds), max(rounds)
    ax.hist(rounds, bins=range(lo, hi + 2), color="#5d6d7e", edgecolor="white", align="left")
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    return _svg(fig)


def lead_plot(leads: list[list[int]]) -> str | None:
    """The eventual winner's lead (its light minus the best other player's) at the end of
    each round, one line per game, against the share of the game played."""
    if not leads:
        return None
    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    for lead in leads:
        xs = [(r + 1) / len(lead) for r in range(len(lead))]
        ax.plot(xs, lead, color="#2e86c1", alpha=0.55, linewidth=1.2, marker=".", markersize=3)
    ax.axhline(0, color="#555", linewidth=0.8)
    ax.set_xlabel("share of the game (round / rounds)")
    ax.set_ylabel("winner's lead (light)")
    ax.set_title(f"Lead over time: the winner's lead in {len(leads)} games")
    return _svg(fig)
