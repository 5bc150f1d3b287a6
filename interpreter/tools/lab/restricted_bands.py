"""Bands that gate restricted play: each faction, achievement or technology forced on a seat,
paired with the same bot's free choice (restrict.py), must win within a band of its free win
share.

    # bands.yaml
    restricted:
      - kind: faction          # or achievement, or technology
        keys: "*"              # or a list of ids
        within: 0.08           # forced - free within +-8 points (paired, per player count)
        games: 100             # pairs per item per player count
        mode: keep             # keep (default): the seat must keep it; never: must not

Every item a band names is played at every player count of the run that deals it (its
`min_players`), so a choice no bot takes is still checked. A technology is forced at the seat's
manufacture decisions (restrict_tech.py): `keep` manufactures it whenever offered, `never`
refuses it, and a deal in which it is never offered costs a game and is dropped. As the other
bands, a band is broken only when the whole 95% interval of forced - free lies outside it (a
gate must not fail on noise), and a broken band names the item's file:line.

The runs of all (item, count) cases share one pool of worker processes (or one Ray session):
each case runs restrict.run's rounds in its own thread and the threads' rounds interleave on
the pool, so the workers stay busy while one case waits for its last round. A case's pairs are
the first `games` deals in index order that offer it, the same for any number of jobs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from lastlight.interpreter.load.errors import Loc
from lastlight.interpreter.load.yamlload import YDict, YList, load_yaml
from lastlight.interpreter.tools.lab.bands import BandsError
from lastlight.interpreter.tools.lab.restrict import Mapper, play_task
from lastlight.interpreter.tools.lab.restrict import run as restrict_run

KINDS = ("faction", "achievement", "technology")
FIELDS = ("kind", "keys", "within", "games", "mode")


@dataclass(frozen=True)
class RestrictedBand:
    kind: str
    keys: tuple[str, ...] | None  # None: every item of the kind
    within: float
    games: int
    never: bool
    loc: Loc
    keys_loc: Loc


@dataclass(frozen=True)
class Case:
    """One restricted-play run: an item forced (or refused) at one player count."""

    item: str
    players: int
    never: bool
    games: int


@dataclass(frozen=True)
class Outcome:
    """A band's verdict on one case's summary (restrict.Result.summary())."""

    band: RestrictedBand
    summary: dict[str, Any]
    loc: Loc  # the item's file:line, else the band's

    @property
    def limits(self) -> tuple[float, float]:
        return -self.band.within, self.band.within

    @property
    def offered(self) -> bool:
        return bool(self.summary["pairs"])

    @property
    def broken(self) -> bool:
        lo, hi = self.summary["change_interval"]
        return self.offered and (lo > self.band.within or hi < -self.band.within)

    def to_json(self) -> dict[str, Any]:
        out = {k: _round(v) for k, v in self.summary.items()}
        out.update(kind=self.band.kind, band=[-self.band.within, self.band.within],
                   band_loc=str(self.band.loc), loc=str(self.loc), broken=self.broken)  # fmt: skip
        return out


@dataclass(frozen=True)
class RestrictedBreach:
    """A broken restricted band (bands.render prints it as the other bands)."""

    code: ClassVar[str] = "G002"
    title: ClassVar[str] = "restricted-play band"
    outcome: Outcome

    @property
    def loc(self) -> Loc:
        return self.outcome.loc

    def message(self) -> str:
        s = self.outcome.summary
        lo, hi = s["change_interval"]
        w = 100 * self.outcome.band.within
        verb = "forced on" if s["mode"] == "keep" else "refused to"
        return (
            f"{s['item']} ({self.outcome.band.kind}, {s['players']} players) {verb} a seat wins"
            f" {100 * s['change']:+.1f} points against the free choice, 95% interval"
            f" [{100 * lo:+.1f}, {100 * hi:+.1f}], wholly outside the band [{-w:+.1f}, {w:+.1f}]"
            f" (forced {100 * s['forced_share']:.1f}%, free {100 * s['free_share']:.1f}%,"
            f" n={s['pairs']} pairs)"
        )


def _round(v: Any) -> Any:
    if isinstance(v, float):
        return round(v, 4)
    if isinstance(v, list):
        return [_round(x) for x in v]
    return v


def load_restricted(path: str | Path) -> list[RestrictedBand]:
    """The `restricted:` section of a bands file ([] if it has none)."""
    data, diags = load_yaml(path, str(path))
    if diags:
        raise BandsError(diags[0].render())
    if not isinstance(data, YDict) or "restricted" not in data:
        return []
    section = data["restricted"]
    if not isinstance(section, YList):
        raise BandsError(f"{data.loc_of('restricted')}: 'restricted:' holds a list of bands")
    return [_band(item, section.loc_of(i)) for i, item in enumerate(section)]


def _band(item: Any, loc: Loc) -> RestrictedBand:
    if not isinstance(item, YDict):
        raise BandsError(f"{loc}: each restricted band is a mapping (kind, keys, within, games)")
    unknown = sorted(set(item) - set(FIELDS))
    if unknown:
        raise BandsError(f"{item.key_loc(unknown[0])}: unknown restricted band field"
                         f" '{unknown[0]}' (one of {', '.join(FIELDS)})")  # fmt: skip
    for field in ("kind", "within", "games"):
        if field not in item:
            raise BandsError(f"{loc}: a restricted band needs '{field}'")
    kind = item["kind"]
    if kind not in KINDS:
        raise BandsError(f"{item.loc_of('kind')}: kind must be faction, achievement or technology")
    keys = item.get("keys", "*")
    if keys != "*" and not (
        isinstance(keys, list) and keys and all(isinstance(k, str) for k in keys)
    ):
        raise BandsError(f'{item.loc_of("keys")}: keys is "*" or a list of ids')
    within = item["within"]
    if isinstance(within, bool) or not isinstance(within, int | float) or not 0 <= within <= 1:
        raise BandsError(f"{item.loc_of('within')}: within is a share between 0 and 1 (0.08)")
    games = item["games"]
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise BandsError(f"{item.loc_of('games')}: games is a whole number of pairs, at least 1")
    mode = item.get("mode", "keep")
    if mode not in ("keep", "never"):
        raise BandsError(f"{item.loc_of('mode')}: mode is keep or never")
    return RestrictedBand(
        kind,
        None if keys == "*" else tuple(keys),
        float(within),
        games,
        mode == "never",
        loc,
        item.loc_of("keys") if "keys" in item else loc,
    )


def items_of(band: RestrictedBand, rules: Any) -> list[str]:
    """The ids a band names, checked against the pack (an unknown id is an error at keys)."""
    if band.kind == "faction":
        every = list(rules.factions)
    elif band.kind == "achievement":
        every = list(rules.achievement_designs)
    else:  # one entry per design, not per physical copy of the deck
        every = list(rules.tech_designs)
    if band.keys is None:
        return every
    for key in band.keys:
        if key not in every:
            raise BandsError(f"{band.keys_loc}: '{key}' is not a {band.kind} of this pack")
    return list(band.keys)


def plan(
    bands: list[RestrictedBand], rules: Any, players: tuple[int, ...], games: int | None = None
) -> list[tuple[RestrictedBand, Case]]:
    """Each band's cases: every item it names at every count in `players` that deals it
    (`games`, if given, overrides each band's pairs)."""
    out = []
    for band in bands:
        for item in items_of(band, rules):
            for n in players:
                if rules.cards[item].min_players <= n:
                    out.append((band, Case(item, n, band.never, games or band.games)))
    return out


def run_cases(
    cases: list[Case],
    content: str,
    bot: str,
    seed: int,
    jobs: int = 1,
    ray_address: str | None = None,
    progress: Callable[[Case], None] | None = None,
) -> dict[Case, dict[str, Any]]:
    """Each distinct case's summary (restrict.Result.summary()), its rounds on shared workers."""
    unique = list(dict.fromkeys(cases))
    with _mapper(jobs, ray_address) as mapper:

        def one(case: Case) -> dict[str, Any]:
            result = restrict_run(content, case.item, case.players, bot, seed, case.games,
                                  case.never, max(1, jobs), mapper)  # fmt: skip
            if progress is not None:
                progress(case)
            return result.summary()

        if mapper is None:
            summaries = [one(c) for c in unique]
        else:
            # enough threads that the workers always have rounds queued
            with ThreadPoolExecutor(max_workers=min(len(unique), max(2, 2 * jobs))) as threads:
                summaries = list(threads.map(one, unique))
    return dict(zip(unique, summaries, strict=True))


@contextmanager
def _mapper(jobs: int, ray_address: str | None) -> Iterator[Mapper | None]:
    """One mapper for every case: Ray tasks, a process pool, or None (play here)."""
    if ray_address is not None:
        from lastlight.interpreter.tools.lab.ray_run import ray_mapper, ray_session

        with ray_session(ray_address) as ray:
            yield ray_mapper(ray, play_task)
    elif jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield lambda tasks: list(pool.map(play_task, tasks))
    else:
        yield None


def check(
    planned: list[tuple[RestrictedBand, Case]],
    summaries: dict[Case, dict[str, Any]],
    item_locs: dict[str, Loc],
) -> list[Outcome]:
    """Every planned case under its band, in plan order."""
    return [
        Outcome(band, summaries[case], item_locs.get(case.item) or band.loc)
        for band, case in planned
    ]


def breaches(outcomes: list[Outcome]) -> list[RestrictedBreach]:
    return [RestrictedBreach(o) for o in outcomes if o.broken]


def render_table(outcomes: list[Outcome], bot: str) -> str:
    """The terminal table: each case's forced and free win shares, the paired change and the
    band, and whether it holds."""
    lines = [
        f"restricted play ({bot} in every seat; forced - free, points, paired; 95% t interval,"
        " exact binomial when all pairs are alike; BROKEN = the whole interval outside the band):",
        f"  {'item':<22} {'n':>2} {'mode':<5} {'pairs':>5} {'forced':>6} {'free':>6}"
        f"  {'forced - free [95%]':<22} {'band':<13} verdict",
    ]
    for o in outcomes:
        s = o.summary
        w = 100 * o.band.within
        band = f"[{-w:+.0f}, {w:+.0f}]"
        if not o.offered:
            lines.append(f"  {s['item']:<22} {s['players']}p {s['mode']:<5} {0:>5}"
                         f" {'':>6} {'':>6}  {'never offered':<22} {band:<13} -")  # fmt: skip
            continue
        lo, hi = s["change_interval"]
        change = f"{100 * s['change']:+.1f} [{100 * lo:+.1f}, {100 * hi:+.1f}]"
        lines.append(
            f"  {s['item']:<22} {s['players']}p {s['mode']:<5} {s['pairs']:>5}"
            f" {100 * s['forced_share']:5.1f}% {100 * s['free_share']:5.1f}%  {change:<22}"
            f" {band:<13} {'BROKEN' if o.broken else 'holds'}"
        )
    return "\n".join(lines)
