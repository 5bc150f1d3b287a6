"""`lastlight ablate ITEM`: the item's effect on its holder's win share, on paired seeds."""

from __future__ import annotations

import json
import sys
from dataclasses import replace

import click
from lastlight.cli._content import content_option
from lastlight.cli._lab import change_text, make_spec, run_rows, sweep_options


@click.command()
@click.argument("item")
@sweep_options(default_games=300)
@content_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def ablate_command(
    item: str,
    games: int,
    players: tuple[int, ...],
    bots: tuple[str, ...],
    seed: int,
    jobs: int,
    ray_address: str | None,
    content: str | None,
    fmt: str,
) -> None:
    """Play the pack and the pack with ITEM blanked (same id, cost and copies, no effects) on
    the same seeds, and report the change in the holder's win share with a 95% interval."""
    from lastlight.interpreter.tools.lab.compare import ablation
    from lastlight.interpreter.tools.lab.spec import load_rules

    spec = make_spec(content, games, players, bots, seed)
    rules = load_rules(spec.content)
    if item not in rules.cards:
        kinds = "a technology, faction or achievement id"
        raise click.BadParameter(f"'{item}' is not {kinds} in {spec.content}", param_hint="ITEM")
    with_item = run_rows(spec, jobs, ray_address, label="with")
    without = run_rows(replace(spec, blank=(item,)), jobs, ray_address, label="blank")
    result = ablation(rules, with_item, without, item, seed=seed)
    if fmt == "json":
        click.echo(json.dumps(result, indent=1))
        return
    h = result["holder"]
    if h is None:
        click.echo(f"{item} was never held in {games} games; play more games", err=True)
        sys.exit(1)
    effect = f"{-100 * h['change']:+.1f} points"
    if h["lo"] is not None and h["hi"] is not None:
        effect += f", 95% interval [{-100 * h['hi']:+.1f}, {-100 * h['lo']:+.1f}]"
    else:
        effect += " (too few games for an interval)"
    p_value = result["mcnemar_p"]
    click.echo(
        f"{item} ({result['figure']}): holder's win share {100 * h['old']:.1f}% with it,"
        f" {100 * h['new']:.1f}% with a blank; effect of the item {effect}"
        f" (paired bootstrap over {games} games; n={h['n_old']}/{h['n_new']};"
        f" McNemar p={p_value:.3g} over {result['pairs']} holder seats)"
    )
    for m in result["others_moved"]:
        body = change_text(m["group"], m["key"], m["old"], m["new"], m["lo"], m["hi"])
        click.echo(f"  also moved: {m['group']} {m['key']}: {body}")
