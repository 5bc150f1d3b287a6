"""Hidden information (R-SET-06, R-RND-07): a seat's observation holds what it may know, and
nothing it may not; bots are handed observations, never the game."""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterator
from typing import Any, NotRequired, get_origin, get_type_hints

from lastlight.interpreter.agents import (
    Bot,
    RandomBot,
    ask,
    bot_names,
    make_bot,
    play_game,
    resolve_bot,
)
from lastlight.interpreter.engine import observe
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.observe import ALL, PRIVATE_KEYS, visible_log
from lastlight.interpreter.engine.ruleset import Rules


def _midgame(rules: Rules, players: int, seed: int, steps: int) -> Game:
    game = Game.new(rules, players, seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(ask(bot, game))
    return game


def _hide_differently(game: Game, seat: int) -> Game:
    """A copy of the game that differs only in what `seat` cannot know: another player's
    technology hand, the deck order, the generator, face-down token identities, another
    player's kept achievement."""
    other = Game.from_json(game.rules, game.to_json())
    # `cards_changed=False`: no card in play changes, and a bumped `ver` (which observations
    # carry) would make the two observations differ for a reason the test is not about
    with other.edit(cards_changed=False) as st:
        o = (seat + 1) % st["n"]
        hand, deck = st["players"][o]["tech_hand"], st["deck"]
        assert hand and len(deck) > 2, "the position needs a hand and a deck to vary"
        hand[0], deck[0] = deck[0], hand[0]
        deck.reverse()
        st["rng"] = [x ^ 0x9E3779B9 for x in st["rng"]] if isinstance(st["rng"], list) else 12345
        face_down: dict[str, list[str]] = {}
        piles = game.rules.token_piles_by_id
        for sector, info in st["sectors"].items():
            if info["token"] and not info["up"]:
                face_down.setdefault(piles[info["token"]], []).append(sector)
        swapped = False
        for sectors in face_down.values():
            if len(sectors) >= 2:
                a, b = st["sectors"][sectors[0]], st["sectors"][sectors[1]]
                if a["token"] != b["token"]:
                    a["token"], b["token"] = b["token"], a["token"]
                    swapped = True
        assert swapped, "the position needs two different face-down tokens of one pile"
        ach = st["players"][o]["ach"]
        others = [a for a in game.rules.achievements if a != ach]
        st["players"][o]["ach"] = others[0]
    return other


def hidden_pairs(rules: Rules) -> Iterator[tuple[Game, Game, int]]:
    """Mid-game positions and a twin differing only in what the mover may not know: (game,
    twin, mover), for the positions that could be varied."""
    for seed in range(1, 40):
        game = _midgame(rules, 3, seed, 60)
        if game.over:
            continue
        seat = game.to_move
        assert seat is not None
        try:
            other = _hide_differently(game, seat)
        except AssertionError:
            continue
        yield game, other, seat


def test_observation_is_equal_when_only_hidden_information_differs(rules: Rules) -> None:
    checked = 0
    for game, other, seat in hidden_pairs(rules):
        assert game.observation(seat) == other.observation(seat)
        assert game.legal() == other.legal()
        # the test could fail: the player whose hand changed sees the difference
        o = (seat + 1) % game.state["n"]
        assert game.observation(o) != other.observation(o)
        assert game.to_json() != other.to_json()
        checked += 1
    assert checked >= 10, f"only {checked} positions could be varied"


def test_an_observation_is_plain_json_without_private_parts(rules: Rules) -> None:
    game = _midgame(rules, 4, 5, 120)
    for seat in [*range(4), None]:
        obs = game.observation(seat)
        assert json.loads(json.dumps(obs)) == obs
        for key in PRIVATE_KEYS:
            assert key not in obs
        assert obs["deck"] is None and obs["deck_count"] == len(game.state["deck"])
        for o, pl in enumerate(obs["players"]):
            if o == seat:
                assert pl["tech_hand"] == game.state["players"][o]["tech_hand"]
            else:
                assert pl["tech_hand"] is None
                assert pl["tech_hand_count"] == len(game.state["players"][o]["tech_hand"])
                assert pl["ach"] is None and pl["offer_a"] is None
                if obs["stage"] == "select":  # revealed together once all have chosen
                    assert pl["chosen"] is None
        tokens = set(rules.tokens)
        for info in obs["sectors"].values():
            if info["token"] and not info["up"]:
                assert info["token"] not in tokens  # only the pile its back shows
            assert info["deep"] in (None, True)


def test_setup_choices_are_kept_secretly_and_factions_revealed_together(rules: Rules) -> None:
    game = Game.new(rules, 3, 7)
    first = game.to_move
    assert game.state["stage"] == "faction" and first is not None
    kept = game.legal()[0]["card"]
    game.apply(game.legal()[0])
    nxt = game.to_move
    assert nxt is not None and nxt != first
    # the next player chooses without seeing the kept faction, or that player's offer
    seen = game.observation(nxt)["players"][first]
    assert seen["faction"] is None and seen["faction_kept"] is True
    assert kept not in json.dumps(game.observation(nxt))
    assert all(e.get("see") == [first] for e in game.log if e["event"] == "keep")
    while game.state["stage"] == "faction":
        game.apply(game.legal()[0])
    # every faction kept, no achievement yet: still secret (both are chosen before any reveal)
    assert game.observation(nxt)["players"][first]["faction"] is None
    assert not [e for e in game.log if e["event"] == "factions_revealed"]
    while game.state["stage"] == "achievement":
        game.apply(game.legal()[0])
    # both kept by all: the factions are revealed together, to everyone
    assert game.observation(nxt)["players"][first]["faction"] == kept
    assert game.observation(None)["players"][first]["faction"] == kept
    events = [e["event"] for e in game.log]
    last_keep = max(i for i, e in enumerate(events) if e == "keep")
    assert events.index("factions_revealed") > last_keep
    achs = [pl["ach"] for pl in game.state["players"]]
    for seat in range(3):
        obs = game.observation(seat)
        for o in range(3):
            assert obs["players"][o]["ach"] == (achs[o] if o == seat else None)


def test_a_chosen_action_card_is_hidden_until_all_have_chosen(rules: Rules) -> None:
    game = Game.new(rules, 2, 3)
    while game.state["stage"] != "select":
        game.apply(game.legal()[0])
    p = game.to_move
    assert p is not None
    game.apply(game.legal()[-1])
    q = game.to_move
    assert q is not None and q != p
    seen = game.observation(q)["players"][p]
    assert seen["chosen"] is None and seen["has_chosen"] is True
    assert game.observation(q)["pending"]["options"] == game.legal()
    assert game.observation(p)["pending"]["options"] is None  # not p's decision


def test_the_log_shows_each_reader_only_what_they_may_know(rules: Rules) -> None:
    game = _midgame(rules, 4, 11, 400)
    draws = [e for e in game.log if e["event"] in ("draw", "keep") and "see" in e]
    assert draws, "no secret events in 400 decisions"
    for seat in range(4):
        for e, shown in zip(game.log, visible_log(game.log, seat), strict=True):
            if "see" in e and seat not in e["see"]:
                assert shown["hidden"] is True
                assert "card" not in shown and "cards" not in shown
            else:
                assert shown == e
    assert visible_log(game.log, ALL) == game.log
    for e, shown in zip(game.log, visible_log(game.log, None), strict=True):
        assert shown.get("hidden") is ("see" in e or None)


class _Spy(Bot):
    """Wraps a bot and records exactly what it was handed."""

    def __init__(self, inner: Bot):
        super().__init__(0)
        self.inner = inner
        self.seen: list[tuple[Any, Any]] = []
        self.needs_observation = True

    def bind(self, rules: Rules) -> None:
        self.rules = rules
        self.inner.bind(rules)

    def decide(self, obs: Any, legal: Any) -> Any:
        self.seen.append((obs, legal))
        return self.inner.decide(obs, legal)


def test_bots_receive_their_seat_view_and_the_legal_decisions_only(rules: Rules) -> None:
    from lastlight.interpreter.engine.view import SeatView

    for name in bot_names():
        params = list(inspect.signature(resolve_bot(name).decide).parameters)
        assert params == ["self", "view", "legal"], f"{name}.decide takes {params}"
    spies = [_Spy(make_bot(name, 3)) for name in ("heuristic", "random", "planner")]
    game = play_game(Game.new(rules, 3, 9, log=False), spies)
    assert game.over
    for seat, spy in enumerate(spies):
        assert spy.seen
        for view, legal in spy.seen[::7]:
            assert type(view) is SeatView and type(legal) is list
            obs = view.to_json()  # what the view holds: the seat's observation
            json.dumps(obs)
            assert obs["seat"] == seat
            for key in PRIVATE_KEYS:
                assert key not in obs
            for o, pl in enumerate(obs["players"]):
                if o != seat:
                    assert pl["tech_hand"] is None and pl["offer_f"] is None
                    if not obs["over"]:
                        assert pl["ach"] is None
            assert obs["pending"]["options"] == legal


def test_r_set_06_no_seat_keeps_its_achievement_knowing_another_seats_faction(
    rules: Rules,
) -> None:
    """R-SET-06: faction and achievement are kept secretly and simultaneously; the factions are
    revealed together only after every player has kept both. A 4-player game, checked at every
    achievement decision: the deciding seat's observation and its log hold no other seat's kept
    faction (nor does a spectator's), and after the draft every faction is public."""
    game = Game.new(rules, 4, 303)
    bots = [make_bot("heuristic", 40 + s) for s in range(4)]
    checked = 0
    while not game.over:
        p = game.to_move
        assert p is not None
        if game.state["stage"] == "achievement":
            kept = {o: pl["faction"] for o, pl in enumerate(game.state["players"])}
            assert all(kept.values()), "every faction is kept before any achievement"
            for reader in (p, None):
                obs = game.observation(reader)
                shown = json.dumps(obs) + json.dumps(visible_log(game.log, reader))
                for o, faction in kept.items():
                    if o == reader:
                        assert obs["players"][o]["faction"] == faction
                        continue
                    assert obs["players"][o]["faction"] is None
                    assert obs["players"][o]["faction_kept"] is True
                    assert faction not in shown, (reader, o, faction)
            assert not [e for e in game.log if e["event"] == "factions_revealed"]
            checked += 1
        game.apply(ask(bots[p], game))
        if checked == 4 and game.state["stage"] == "select":  # the draft just ended
            factions = [pl["faction"] for pl in game.state["players"]]
            revealed = [e for e in game.log if e["event"] == "factions_revealed"]
            assert len(revealed) == 1 and revealed[0]["factions"] == factions
            assert "see" not in revealed[0]  # to everyone
            for reader in (0, 1, 2, 3, None):
                obs = game.observation(reader)
                assert [pl["faction"] for pl in obs["players"]] == factions
            checked += 1
    assert checked == 5, "four achievement decisions, then the reveal"


def test_the_typed_dicts_name_every_key_of_an_observation(rules: Rules) -> None:
    """`Observation` and its parts name exactly the keys an observation has (the optional
    `dice`, which only scenarios set, apart), for a seat, another seat and a spectator."""
    hints = get_type_hints(observe.Observation, include_extras=True)
    optional = {k for k, t in hints.items() if get_origin(t) is NotRequired}
    assert optional == {"dice"}
    for players in (2, 4):
        game = _midgame(rules, players, 3, 150)
        assert game.state["pending"] is not None
        for seat in (0, 1, None):
            obs = game.observation(seat)
            assert set(obs) == set(hints) - optional
            for pl in obs["players"]:
                assert set(pl) == set(get_type_hints(observe.SeenPlayer))
            for sector in obs["sectors"].values():
                assert set(sector) == set(get_type_hints(observe.SeenSector))
            assert set(obs["pending"] or {}) == set(get_type_hints(observe.SeenPending))
