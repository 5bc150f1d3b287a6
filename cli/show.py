"""`lastlight show ID` / `lastlight show --kind KIND`: browse the box with generated card text."""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from lastlight.cli._content import content_option, pack_root
from lastlight.interpreter.load.errors import did_you_mean
from lastlight.interpreter.load.pack import ITEM_KINDS, Pack
from lastlight.interpreter.pipeline import load_pack


def _load(content: str | None) -> Pack:
    root = pack_root(content)
    pack, report = load_pack(root)
    if report.errors:
        for d in report.sorted():
            if d.severity == "error":
                click.echo(d.render(), err=True)
        click.echo(
            f"lastlight: {root} has {len(report.errors)} error(s); fix them first (lastlight lint)",
            err=True,
        )
        sys.exit(1)
    return pack


def _cost(item: Any) -> str:
    cost = item.get("cost") or {}
    parts = [f"{n} {res}" for res, n in cost.items() if n]
    return ", ".join(parts) or "-"


def describe(pack: Pack, ident: str) -> dict[str, Any]:
    kind, item = pack.items[ident]
    effects = pack.models["effects"].of(ident)
    out: dict[str, Any] = {"id": ident, "name": item.get("name"), "kind": kind}
    for key in ("type", "pile", "color", "number", "min_players", "copies", "colors", "size"):
        if key in item:
            out[key] = item[key]
    if "cost" in item:
        out["cost"] = dict(item["cost"])
    if "yields" in item:
        out["yields"] = list(item["yields"])
    out["text"] = [c.text for c in effects]
    out["source"] = item.get("source")
    out["at"] = str(item.loc_of("id"))
    return out


def _kind(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A kind by name or unambiguous prefix (`tech` for technologies)."""
    if value is None:
        return None
    if value in ITEM_KINDS:
        return value
    starts = [k for k in ITEM_KINDS if k.startswith(value.lower())]
    if len(starts) == 1:
        return starts[0]
    hint = did_you_mean(value, ITEM_KINDS)
    raise click.BadParameter(
        f"no kind '{value}' (one of: {', '.join(ITEM_KINDS)})" + (f"; {hint}" if hint else "")
    )


@click.command()
@click.argument("ident", required=False)
@click.option(
    "--kind",
    callback=_kind,
    metavar="KIND",
    help=f"List every item of a kind ({', '.join(ITEM_KINDS)}; a prefix will do).",
)
@content_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def show_command(ident: str | None, kind: str | None, content: str | None, fmt: str) -> None:
    """Show an item (name, type, cost, generated text, source), or list a kind."""
    if not ident and not kind:
        raise click.UsageError("give an item id, or --kind KIND")
    pack = _load(content)
    if ident:
        if ident not in pack.items:
            hint = did_you_mean(ident, pack.items)
            click.echo(
                f"lastlight show: no item '{ident}'" + (f" ({hint})" if hint else ""), err=True
            )
            sys.exit(1)
        data = describe(pack, ident)
        if fmt == "json":
            click.echo(json.dumps(data, indent=1))
            return
        click.echo(f"{data['name']}  [{data['id']}]")
        for key in (
            "kind",
            "type",
            "pile",
            "color",
            "number",
            "colors",
            "size",
            "yields",
            "copies",
            "min_players",
        ):
            if key in data:
                click.echo(f"  {key:<11} {data[key]}")
        if "cost" in data:
            click.echo(f"  {'cost':<11} {_cost(data)}")
        for line in data["text"]:
            click.echo(f"  > {line}")
        click.echo(f"  {'source':<11} {data['source']}  ({data['at']})")
        return
    items = [describe(pack, i) for i, (k, _it) in pack.items.items() if k == kind]
    if fmt == "json":
        click.echo(json.dumps(items, indent=1))
        return
    for d in items:
        extra = d.get("type") or d.get("pile") or d.get("color") or ""
        cost = f" [{_cost(d)}]" if "cost" in d else ""
        copies = f" x{d['copies']}" if d.get("copies", 1) != 1 else ""
        click.echo(
            f"{d['id']:<32} {d['name']:<28} {extra:<13}{cost}{copies}  {' '.join(d['text'])}"
        )
    cards = sum(int(d.get("copies", 1)) for d in items)
    click.echo(f"{len(items)} {kind}" + (f" ({cards} with copies)" if cards != len(items) else ""))
