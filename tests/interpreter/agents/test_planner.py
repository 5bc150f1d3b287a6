"""The planner: values cards from their clauses, plays every part of the game, beats the
heuristic bot. Fixed seeds, so every figure here is exact for this content."""

from __future__ import annotations

import dataclasses

import pytest
from lastlight.interpreter.agents import make_bot, play_game
from lastlight.interpreter.agents.planner import valuation as val
from lastlight.interpreter.agents.planner.bot import PlannerBot, Seat
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.tools.lab.logstats import Summary, game_stats, technology_designs


def test_every_shipped_phrase_form_has_a_valuation(rules: Rules) -> None:
    """A form the planner cannot value would make it blind to a card (Forge's silent
    'never play' fallback): every form in the shipped cards must be known."""
    assert val.unknown_forms(rules.cards.values()) == {}


def test_a_player_count_condition_is_known_not_guessed(rules: Rules) -> None:
    """`if players < 3` is true or false at a table: Shard Mercantile's common back is worth a
    common at 2 players and nothing at 3; its second common lost at 4 players (`lose 1 common if
    players > 3`) costs a common there and nothing at 3."""
    sm = rules.cards["shard-mercantile"]
    two, three, four = (val.Context(rounds_left=10, players=n) for n in (2, 3, 4))
    assert val.card_value(sm, two) > val.card_value(sm, three) > val.card_value(sm, four)
    back, lose = (step for step in sm.clauses[0].effect.steps if step.cond is not None)
    assert (val.cond_chance(back.cond, two), val.cond_chance(back.cond, three)) == (1.0, 0.0)
    assert val.step_value(lose, three) == 0.0
    assert val.step_value(lose, four) == pytest.approx(-four.res_value("common"))
    assert val.step_value(lose, four) == -val.step_value(back, two)


def test_a_card_is_valued_by_its_clauses_not_its_name(rules: Rules) -> None:
    ctx = val.Context(rounds_left=10)
    rare = rules.cards["photon-harvester"]  # exhaust: gain 1 rare
    uncommon = rules.cards["crystal-lattice"]  # exhaust: gain 1 uncommon
    assert val.card_value(rare, ctx) > val.card_value(uncommon, ctx) > 0
    # a designer's new card: the same clauses under another name and id are worth the same
    renamed = dataclasses.replace(rare, id="designer-new-card", name="Brand New")
    assert val.card_value(renamed, ctx) == val.card_value(rare, ctx)
    # and a card whose exhaust pays more than it gains is worth nothing
    refinery = rules.cards["orbital-refinery"]  # exhaust, pay 2 common: gain 1 rare
    assert val.card_value(refinery, val.Context(rounds_left=10, res_scale=1.0)) >= 0


def test_conditional_clauses_are_valued_on_what_a_seat_is_expected_to_hold(rules: Rules) -> None:
    """A faction is kept before the seat holds a planet or a center ship: a clause conditioned
    on them is valued on what a seat is expected to hold, not on the empty start, and an
    ability open during an action is used as often as that action is played."""
    corona = rules.cards["corona-brokers"]  # after Trade: 1 common, 1 uncommon if an inner planet
    ash = rules.cards["ash-sovereignty"]  # at rotation: 1 light if a ship in the center
    barges = rules.cards["ore-barges"]  # during mine, exhaust: 2 common
    start = val.Context(rounds_left=18, action_rate={"mine": 0.2, "trade": 0.15})
    held = val.Context(
        rounds_left=18, planets=3, planets_by_place={"outer": 2, "inner": 1}, center_ships=1,
        action_rate={"mine": 0.2, "trade": 0.15},
    )  # fmt: skip
    for card in (corona, ash):
        assert 0 < val.card_value(card, start) <= val.card_value(card, held)
    # the condition's expected chance, not the 10% floor of an empty board
    assert val.card_value(ash, start) > 0.3 * val.card_value(ash, held)
    mining = dataclasses.replace(start, action_rate={"mine": 0.4, "trade": 0.15})
    assert val.card_value(barges, mining) == pytest.approx(2 * val.card_value(barges, start))


def test_planner_decides_from_its_seat_view_only(rules: Rules) -> None:
    """The planner is handed its seat's view (hidden fields None) and the legal decisions; it
    never sees the game. Its choice is one of the legal decisions."""
    game = Game.new(rules, 3, 4, log=False)
    bot = make_bot("planner", 1, rules)
    for _ in range(150):
        if game.over:
            break
        seat = game.to_move
        view = game.view(seat)
        assert view.to_json()["deck"] is None and "rng" not in view.to_json()
        assert all(pl.tech_hand is None for pl in view.players if pl.seat != seat)
        legal = game.legal()
        choice = bot.decide(view, legal)
        assert choice in legal
        game.apply(choice)


def test_refresh_is_worth_its_claims(rules: Rules) -> None:
    """Refresh is valued from what its phases do (claim), so once the seat holds planets the
    Refresh card is worth at least its claims, less those it would give up by refreshing
    before building on the planets its ships stand on."""
    from lastlight.interpreter.agents.planner.weights import shipped

    T = shipped()

    game = Game.new(rules, 2, 3, log=False)
    bots = [make_bot("planner", p, rules) for p in range(2)]
    checked = 0
    while not game.over and checked < 5:
        seat_no = game.to_move
        view = game.view(seat_no)
        seat = Seat(view, seat_no)
        if seat.claim_now() > 0:
            floor = seat.claim_now() - T.FOREGONE * seat.pending_claims()
            assert seat.action_value("refresh") >= floor
            checked += 1
        game.apply(bots[seat_no].decide(view, game.legal()))
    assert checked == 5


@pytest.mark.slow
def test_all_planner_games_play_every_part_of_the_game(rules: Rules) -> None:
    """A small-N version of benchmarks/bench_bots.py stats (1,000 games in the README): at 12
    games we assert every action card is played and the per-player averages clear the issue's
    bars with room (research >= 1.5, trade >= 0.5, manufactures >= 3); the share of designs
    manufactured is asserted at a level 12 games can reach (at least half)."""
    summary = Summary()
    for seed in range(12):
        bots = [make_bot("planner", seed * 10 + p, rules) for p in range(4)]
        summary.add(game_stats(play_game(Game.new(rules, 4, seed), bots)))
    assert not [a.id for a in rules.actions if summary.plays[a.id] == 0]
    assert summary.per_player("research") >= 1.5
    assert summary.per_player("trade") >= 0.5
    assert summary.manufactures_per_player() >= 3
    designs = technology_designs(rules)
    assert len(summary.designs & designs) >= len(designs) / 2
    assert summary.stalls == 0


@pytest.mark.parametrize(
    ("players", "games", "need"), [(2, 16, 11), pytest.param(4, 40, 12, marks=pytest.mark.slow)]
)
def test_planner_beats_heuristic(rules: Rules, players: int, games: int, need: int) -> None:
    """One planner against heuristic bots, the planner's seat rotated. The README's figures
    come from 1,000 games each; here a short fixed-seed run must clear well above a fair share
    (2 players: 1/2, 4 players: 1/4). At 4 players the planner wins ~37% of 200 games today, so
    16 games (need 6) sat on the mean and flipped with any change to the bots' random draws;
    40 games need 12 (30%)."""
    wins = 0
    for seed in range(games):
        seat = seed % players
        bots = [
            make_bot("planner" if p == seat else "heuristic", seed * 10 + p, rules)
            for p in range(players)
        ]
        game = play_game(Game.new(rules, players, 300 + seed, log=False), bots)
        wins += seat in game.winners
    assert wins >= need, f"planner won {wins} of {games}"


def test_planner_is_a_registered_bot(rules: Rules) -> None:
    assert isinstance(make_bot("planner", 1, rules), PlannerBot)


def test_a_tied_trade_gift_favours_no_seat(rules: Rules) -> None:
    """R-TRD-02: the planner gives the common to whoever has the least light; among players tied
    on light it used to pick the highest seat every time, which handed the last seat most gifts
    and most wins at 3 and 4 players. The tie now breaks on the bot's own generator, so over a
    few all-planner games the lowest tied seat is picked too."""
    from lastlight.interpreter.agents.base import ask

    picks: list[bool] = []  # per tied gift: was the highest tied seat chosen?
    for seed in range(3):
        game = Game.new(rules, 4, 700 + seed, log=False)
        bots = [make_bot("planner", seed * 10 + p, rules) for p in range(4)]
        while not game.over:
            legal = game.legal()
            d = ask(bots[game.to_move], game)
            if d["kind"] == "player":
                players = game.view(None).players
                light = {o["player"]: players[o["player"]].light for o in legal}
                tied = [p for p, v in light.items() if v == min(light.values())]
                if len(tied) > 1:
                    picks.append(d["player"] == max(tied))
            game.apply(d)
    assert len(picks) >= 10, "too few tied gifts to tell"
    assert not all(picks) and any(picks)


def test_the_lumos_do_not_deter_the_planner_from_the_center(rules: Rules) -> None:
    """R-TWO-02: at 2 players the Lumos start in the center. Their dice no longer mark the
    center down for the planner (it won more contesting it), and a center ship is counted for
    CENTER_STAY_2P rotations; a player's ships there still mark it down."""
    from lastlight.interpreter.agents.planner.fleet import Ship
    from lastlight.interpreter.agents.planner.weights import shipped
    from lastlight.interpreter.engine.view import LUMOS

    T = shipped()

    game = Game.new(rules, 2, 1, log=False)
    view = game.view(0)
    seat = Seat(view, 0)
    center = view.center
    assert LUMOS in seat.owners_in(center)
    assert seat.center_value() == pytest.approx(
        view.param(0, "center_light") * min(T.CENTER_STAY_2P, seat.cycles_left)
    )
    assert seat.desire(center, "small") >= seat.center_value()
    rival = next(u for u in view.units.values() if u.owner == 1 and u.is_ship)
    assert rival.size is not None
    seat.ships_at.setdefault(center, []).append(Ship(center, rival.size, 1))
    seat._desire.clear()
    assert seat.desire(center, "small") < seat.center_value()


def test_an_achievement_is_kept_for_what_it_scores_not_its_colour(rules: Rules) -> None:
    """The secret achievement is valued by its clauses on what a seat is expected to hold when
    the game ends (val.END_STATE), its colour's share taken from the planets near the home. It
    was valued by the nearby planets of its colour alone: the planner kept green (1 light per 2
    planets) as often as blue (2 light per blue planet), and its green games scored about a
    third of the achievement light of its blue ones."""
    from lastlight.interpreter.effects.parser import parse_clause

    game = Game.new(rules, 4, 9000, log=False)
    bots = [make_bot("planner", p, rules) for p in range(4)]
    while not (game.legal()[0]["kind"] == "keep" and "achievement" in game.legal()[0]["card"]):
        game.apply(bots[game.to_move].decide(game.view(game.to_move), game.legal()))
    me = game.to_move
    seat = Seat(game.view(me), me)
    blue, green = rules.cards["achievement-blue"], rules.cards["achievement-green"]
    assert seat.achievement_value(blue) > seat.achievement_value(green) > 0
    choice = bots[me].decide(game.view(me), game.legal())
    assert choice["card"].startswith("achievement-blue")
    # a designer's change to what green scores changes what it is worth, under any name
    richer, errors = parse_clause(
        "when the game ends if you control a green planet: gain 2 light per planet you control"
    )
    assert not errors and richer is not None
    redesigned = dataclasses.replace(green, id="designer-green", clauses=(richer,))
    assert seat.achievement_value(redesigned) > seat.achievement_value(blue)
    # and the colour's share counts: with no green planet near, the condition rarely holds
    no_green = val.end_context(seat.ctx, val.END_STATE["planets"], {"green": 0.0}, rules.sizes)
    assert val.card_value(redesigned, no_green) < seat.achievement_value(redesigned)


def test_a_planet_is_worth_what_it_adds_to_the_kept_achievement(rules: Rules) -> None:
    """A planet's worth counts what it adds to the seat's achievement at the end, read from the
    achievement's clauses: 2 light for each blue planet with Azure Dominion (2 light per blue
    planet), nothing for a planet without blue; with Crimson Reach ("if you control a red
    planet") the first red planet adds its chance and a second one less."""
    game = Game.new(rules, 4, 9000, log=False)
    seat = Seat(game.view(0), 0)
    planets = [s for s, info in game.view(0).sectors.items() if info.planet]
    blue = next(s for s in planets if "blue" in seat.planet_colors(s))
    plain = next(s for s in planets if not {"blue", "red"} & set(seat.planet_colors(s)))

    def kept(card: str) -> Seat:
        with game.edit() as st:
            st["players"][0]["ach"] = card
        return Seat(game.view(0), 0)

    seat = kept("achievement-blue#1")
    assert seat.achievement_gain(blue) == pytest.approx(2.0)
    assert seat.achievement_gain(plain) == pytest.approx(0.0)
    red = next(s for s in planets if "red" in seat.planet_colors(s))
    seat = kept("achievement-red#1")
    first = seat.achievement_gain(red)
    seat.ctx.planets_by_color["red"] = 1
    assert first > seat.achievement_gain(red) >= 0.0
    assert seat.achievement_gain(plain) == pytest.approx(0.0)
