"""The observation vector holds nothing its seat may not see (the two-worlds test of
test_observe.py, on the encoded vector), and its layout covers it."""

from __future__ import annotations

import numpy as np
import pytest
from lastlight.interpreter.engine.catalogue import catalogue_for
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.envs.encoding import Encoder

from tests.interpreter.engine.test_observe import _midgame, hidden_pairs
from tests.interpreter.envs.reference_encoding import reference_encode


def test_the_vector_is_equal_when_only_hidden_information_differs(rules: Rules) -> None:
    enc = Encoder(rules, catalogue_for(rules))
    checked = differs = 0
    for game, other, seat in hidden_pairs(rules):
        mine = enc.encode(game.view(seat))
        assert np.array_equal(mine, enc.encode(other.view(seat)))
        # the test could fail: the seat whose hand changed may see it in its vector
        o = (seat + 1) % game.state["n"]
        if not np.array_equal(enc.encode(game.view(o)), enc.encode(other.view(o))):
            differs += 1
        checked += 1
    assert checked >= 10, f"only {checked} positions could be varied"
    assert differs >= checked // 2, "the vector does not show a seat its own hand"


def test_the_layout_names_every_entry_and_the_vector_fits_it(rules: Rules) -> None:
    enc = Encoder(rules, catalogue_for(rules))
    lay = enc.layout
    assert sum(len(labels) for _n, _o, labels in lay.fields) == lay.size
    offsets = [o for _n, o, _l in lay.fields]
    assert offsets == sorted(offsets) and offsets[0] == 0
    game = _midgame(rules, 4, 3, 150)
    for seat in range(4):
        vec = enc.encode(game.view(seat))
        assert vec.shape == (lay.size,) and vec.dtype == np.float32
        assert vec.min() >= 0 and not vec[enc.decision_at :].any()
        assert vec[lay.where["p+0.state.present"]] == 1
        assert vec[lay.where["players.4"]] == 1


def test_seats_see_the_table_from_their_own_home(rules: Rules) -> None:
    enc = Encoder(rules, catalogue_for(rules))
    game = _midgame(rules, 4, 0, 0)
    lay = enc.layout
    for seat in range(4):  # at the start every seat has its small ship at its own home
        vec = enc.encode(game.view(seat))
        assert vec[lay.where["home@0.ships.p+0.small"]] >= 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_vector_is_the_layout_read_entry_by_entry(rules: Rules, players: int) -> None:
    """Every entry of the fast encoder equals the plain reading of the layout's names
    (reference_encoding.py), from every seat, over whole random games."""
    enc = Encoder(rules, catalogue_for(rules))
    positions = 0
    for seed in range(2):
        game = Game.new(rules, players, seed, log=False)
        rng = np.random.default_rng(seed)
        while not game.over:
            for seat in range(players):
                got = enc.encode(game.view(seat))
                want = reference_encode(enc, game.observation(seat), seat)
                if not np.array_equal(got, want):
                    wrong = np.flatnonzero(got != want)[:5]
                    names = [_entry_name(enc, int(i)) for i in wrong]
                    raise AssertionError(f"seed {seed} seat {seat}: entries {names} differ")
                positions += 1
            legal = game.legal()
            game.apply(legal[int(rng.integers(len(legal)))])
    assert positions > 100 * players


def _entry_name(enc: Encoder, i: int) -> str:
    for name, offset, labels in enc.layout.fields:
        if offset <= i < offset + len(labels):
            label = labels[i - offset]
            return f"{name}.{label}" if label else name
    return str(i)
