"""The table both envs drive keeps what it worked out (catalogue ids per frame and decision, the
board's entries per seat, each player's cards) and must give what working it out anew gives."""

from __future__ import annotations

import numpy as np
import pytest
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.engine.ruleset import Rules
from lastlight.interpreter.envs.steps import Table

from tests.interpreter.envs.reference_encoding import reference_encode


@pytest.mark.parametrize(("players", "games"), [(2, 2), (4, 1)])
def test_kept_ids_and_vectors_equal_those_worked_out_anew(
    rules: Rules, players: int, games: int
) -> None:
    """Whole random games through one table (its memos filling, then reused): each
    option's ids are the catalogue's, and every seat's vector (before its decision's tokens)
    is the plain reading of the layout (reference_encoding.py)."""
    table = Table(rules)
    catalogue, cut = table.catalogue, table.encoder.decision_at
    rng = np.random.default_rng(players)
    checked = options = 0
    for seed in range(games):
        table.new_game(players, seed)
        game = table.game
        assert isinstance(game, Game)
        while table.to_move is not None:
            p = table.to_move
            for seat in range(players):
                want = reference_encode(table.encoder, game.observation(seat), seat)
                assert np.array_equal(table.vector(seat)[:cut], want[:cut]), (seed, seat)
            choice = table.choice
            assert choice is not None
            view = game.view(p)
            frame = catalogue.view(p, view.players_count, view.homes[p], view.rotation)
            for option, seq in zip(choice.legal, choice.seqs, strict=True):
                assert seq == catalogue.ids(option, frame), option
            options += len(choice.seqs)
            checked += 1
            table.apply(choice.legal[int(rng.integers(len(choice.legal)))])
    kept = sum(len(memo) for memo in table.ids._memo.values())
    assert checked > 100 and kept < options / 2, "the kept ids were seldom reused"
