"""A balance report in four forms: terminal, Markdown, JSON and one self-contained HTML file
(tables plus matplotlib SVG plots embedded as data URIs: no network, no external files)."""

from __future__ import annotations

import base64
import html
import json
from dataclasses import dataclass, field
from typing import Any

from lastlight.interpreter.tools.lab.figures import GROUPS, Figure, summarize
from lastlight.interpreter.tools.lab.plots import (
    lead_plot,
    length_plot,
    light_sources_plot,
    win_share_plot,
)
from lastlight.interpreter.tools.lab.quality import SHARES, sample_leads

Row = dict[str, Any]


@dataclass
class BalanceReport:
    figures: list[Figure]
    games: int
    meta: dict[str, Any] = field(default_factory=dict)
    rounds: list[int] = field(default_factory=list)
    #: the winner's lead at each round's end, for a sample of games (the lead plot)
    leads: list[list[int]] = field(default_factory=list)

    @classmethod
    def from_rows(cls, rows: list[Row], meta: dict[str, Any] | None = None) -> BalanceReport:
        per_game = {r["game"]: r["rounds"] for r in rows}
        return cls(
            summarize(rows),
            len(per_game),
            dict(meta or {}),
            list(per_game.values()),
            sample_leads(rows),
        )

    def flagged(self) -> list[Figure]:
        return [f for f in self.figures if f.flag]

    def group(self, name: str) -> list[Figure]:
        return [f for f in self.figures if f.group == name]

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "meta": self.meta,
            "interval": "95% Wilson (win shares and quality shares), 95% t (means), 95%"
            " bootstrap (spreads, opening entropies)",
            "figures": [f.to_json() for f in self.figures],
        }


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _share(f: Figure) -> str:
    mark = " ▲" if f.flag == "above" else " ▼" if f.flag == "below" else ""
    return f"{_pct(f.value)} [{_pct(f.lo)}, {_pct(f.hi)}] fair {_pct(f.fair or 0)}{mark}"


def _mean(f: Figure) -> str:
    if f.key in ("stalled", "shared win") or f.key in SHARES:
        return f"{_pct(f.value)} [{_pct(f.lo)}, {_pct(f.hi)}]"
    return f"{f.value:6.2f} [{f.lo:.2f}, {f.hi:.2f}]"


def render_text(rep: BalanceReport) -> str:
    m = rep.meta
    lines = [
        f"{rep.games} games; players {m.get('players', '?')}; bots {m.get('bots', '?')};"
        f" seed {m.get('seed', '?')}  (95% intervals; ▲/▼ interval excludes the fair share)"
    ]
    flagged = rep.flagged()
    lines.append(
        f"{len(flagged)} win shares away from fair:"
        if flagged
        else "no win share is away from fair at this sample size"
    )
    for f in flagged:
        lines.append(f"  {f.group:<16} {f.key:<24} {_share(f)}  n={f.n}")
    for group in GROUPS:
        figs = rep.group(group)
        if not figs or group == "technology held":
            continue
        lines.append(f"win share by {group}:")
        for f in figs:
            lines.append(f"  {f.key:<24} {_share(f)}  n={f.n}")
    lines.append("light per player by source:")
    for f in rep.group("light"):
        lines.append(f"  {f.key:<24} {_mean(f)}")
    lines.append("game:")
    for f in rep.group("game"):
        lines.append(f"  {f.key:<24} {_mean(f)}")
    if rep.group("quality"):
        lines.append("game quality (docs/designer-loop.md):")
        for f in rep.group("quality"):
            lines.append(f"  {f.key:<30} {_mean(f)}  n={f.n}")
    return "\n".join(lines)


def _md_table(figs: list[Figure], share: bool) -> list[str]:
    if share:
        out = ["| | win share | 95% interval | fair | n | |", "|---|---:|---|---:|---:|---|"]
        for f in figs:
            flag = {"above": "▲ above fair", "below": "▼ below fair"}.get(f.flag, "")
            out.append(
                f"| {f.key} | {_pct(f.value)} | {_pct(f.lo)} – {_pct(f.hi)} |"
                f" {_pct(f.fair or 0)} | {f.n} | {flag} |"
            )
    else:
        out = ["| | mean | 95% interval |", "|---|---:|---|"]
        for f in figs:
            out.append(f"| {f.key} | {f.value:.3f} | {f.lo:.3f} – {f.hi:.3f} |")
    return out


def render_markdown(rep: BalanceReport) -> str:
    m = rep.meta
    lines = [
        "# Balance report",
        "",
        f"{rep.games} games, players {m.get('players')}, bots {m.get('bots')},"
        f" seed {m.get('seed')}, content `{str(m.get('content_digest', ''))[:12]}`."
        " Intervals are 95% (Wilson for win shares); ▲/▼ marks an interval that excludes"
        " the fair share.",
    ]
    for group in GROUPS:
        figs = rep.group(group)
        if figs:
            lines += ["", f"## Win share by {group}", "", *_md_table(figs, True)]
    lines += ["", "## Light per player by source", "", *_md_table(rep.group("light"), False)]
    lines += ["", "## Game", "", *_md_table(rep.group("game"), False)]
    if rep.group("quality"):
        lines += ["", "## Game quality", "", *_md_table(rep.group("quality"), False)]
    return "\n".join(lines) + "\n"


def render_json(rep: BalanceReport) -> str:
    return json.dumps(rep.to_json(), indent=1, sort_keys=True)


def plots(rep: BalanceReport) -> list[tuple[str, str]]:
    """(title, svg) of every plot in the report."""
    out = []
    for group, title in (
        ("faction", "Win share by faction"),
        ("seat", "Win share by seat"),
        ("achievement", "Win share by achievement"),
        ("technology held", "Win share by technology in play at the end"),
    ):
        svg = win_share_plot(rep.figures, group, title)
        if svg:
            out.append((title, svg))
    for title, svg in (
        ("Light by source", light_sources_plot(rep.figures)),
        ("Game length", length_plot(rep.rounds)),
        ("Lead over time", lead_plot(rep.leads)),
    ):
        if svg:
            out.append((title, svg))
    return out


_CSS = """body{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{padding:2px 10px;border-bottom:1px solid
#ddd;text-align:right}td:first-child,th:first-child{text-align:left}.above{color:#c0392b}
.below{color:#2e86c1}img{max-width:100%;display:block;margin:1em 0}"""


def render_html(rep: BalanceReport) -> str:
    e = html.escape
    m = rep.meta
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>Balance report</title>',
        f"<style>{_CSS}</style></head><body>",
        "<h1>Balance report</h1>",
        f"<p>{rep.games} games, players {e(str(m.get('players')))}, bots"
        f" {e(str(m.get('bots')))}, seed {e(str(m.get('seed')))}. Intervals are 95% (Wilson"
        " for win shares); ▲/▼ marks an interval that excludes the fair share.</p>",
    ]
    for title, svg in plots(rep):
        data = base64.b64encode(svg.encode()).decode()
        parts.append(f'<img alt="{e(title)}" src="data:image/svg+xml;base64,{data}">')
    for group in GROUPS:
        figs = rep.group(group)
        if not figs:
            continue
        parts.append(f"<h2>Win share by {e(group)}</h2><table>")
        parts.append(
            "<tr><th></th><th>win share</th><th>95% interval</th><th>fair</th>"
            "<th>n</th><th></th></tr>"
        )
        for f in figs:
            mark = {"above": "▲ above fair", "below": "▼ below fair"}.get(f.flag, "")
            parts.append(
                f'<tr class="{f.flag}"><td>{e(f.key)}</td><td>{_pct(f.value)}</td>'
                f"<td>{_pct(f.lo)} – {_pct(f.hi)}</td><td>{_pct(f.fair or 0)}</td>"
                f"<td>{f.n}</td><td>{mark}</td></tr>"
            )
        parts.append("</table>")
    for group, title in (
        ("light", "Light per player by source"),
        ("game", "Game"),
        ("quality", "Game quality"),
    ):
        parts.append(f"<h2>{title}</h2><table><tr><th></th><th>value [95% interval]</th><th>n</th>")
        for f in rep.group(group):
            parts.append(f"<tr><td>{e(f.key)}</td><td>{_mean(f)}</td><td>{f.n}</td></tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
