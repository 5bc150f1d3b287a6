"""A decision taken one catalogue token at a time, and the table both envs drive.

`Choice` holds the open decision as the token sequences of its legal options: each step takes
one token among those that continue some option (the mask); a step that every remaining option
shares is taken at once (as the engine takes a decision with one option), and once one option
is left it is the decision. `Table` is a game with the catalogue, the encoder and the current
`Choice`: the one place the PettingZoo and Gymnasium envs read and step. It reads the mover's
view once a decision, for both its vector and its `Choice`, and lets it go at once; the ids of
a decision are kept per seat frame (`CatalogueIds`).

An id outside the mask is refused (`IllegalStep`) and nothing changes. The table reads the game
through its public names and the seats' views (`Game.view(seat)`, engine/view.py) only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from lastlight.interpreter.engine.catalogue import catalogue_for
from lastlight.interpreter.engine.game import Game
from lastlight.interpreter.envs.encoding import Encoded, Encoder

if TYPE_CHECKING:
    from lastlight.interpreter.engine.catalogue import Catalogue
    from lastlight.interpreter.engine.ruleset import Rules


#: The observation space's upper bound: every entry is a flag or a count (of rounds, cards,
#: resources, ships), far below it.
OBS_HIGH = 65535.0


class IllegalStep(ValueError):
    """A token that continues no legal option of the open decision."""


class CatalogueIds:
    """The catalogue's ids of decisions (`Catalogue.ids`), kept per frame and per decision:
    most decisions of a game (play this card, manufacture that one, move from here to there)
    come again and again in a frame, and numbering one anew reads each slot's value through
    the catalogue's tables. A decision is keyed by its items as they are (compared as Python
    compares them): a slot holds values of one type (flags as booleans, numbers as integers,
    places and cards as strings), so equal keys are equal decisions. A decision with a value
    that has no hash (`attack.from`'s counts) is numbered each time. Bounded by the pack:
    frames x the decisions a frame can see."""

    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue
        self._memo: dict[tuple[int, int, str, int], dict[tuple[Any, ...], tuple[int, ...]]] = {}

    def of(
        self, legal: list[dict[str, Any]], seat: int, n: int, home: str, rot: int
    ) -> list[tuple[int, ...]]:
        """Each legal option's ids, as `seat` names it (its frame: the player count, its home,
        the board's rotation)."""
        catalogue = self.catalogue
        frame_key = (seat, n, home, rot % catalogue.board.period)
        memo = self._memo.get(frame_key)
        if memo is None:
            memo = self._memo[frame_key] = {}
        get = memo.get
        frame = None
        out = []
        for d in legal:
            try:
                key: tuple[Any, ...] | None = tuple(d.items())
                found = get(key)  # type: ignore[arg-type]
            except TypeError:  # a value with no hash: numbered each time
                key = found = None
            if found is None:
                if frame is None:
                    frame = catalogue.view(seat, n, home, rot)
                found = catalogue.ids(d, frame)
                if key is not None:
                    memo[key] = found
            out.append(found)
        return out


class Choice:
    """The open decision of one seat, taken token by token."""

    def __init__(self, legal: list[dict[str, Any]], seqs: list[tuple[int, ...]]):
        self.legal = legal
        self.seqs = seqs  # each option's catalogue ids (`CatalogueIds`)
        self.prefix: list[int] = []
        self.left = list(range(len(legal)))
        self._next: list[int] | None = None  # the ids that continue some option, once asked
        self._forced()

    def _forced(self) -> None:
        """Take the tokens every option left shares; keep the ids of the next step."""
        seqs, left, prefix = self.seqs, self.left, self.prefix
        while len(left) > 1:
            pos = len(prefix)
            column = [seqs[i][pos] for i in left]
            if column.count(column[0]) != len(column):
                self._next = sorted(set(column))
                return
            prefix.append(column[0])

    @property
    def done(self) -> int | None:
        """The index of the chosen option once only one is left."""
        return self.left[0] if len(self.left) == 1 else None

    def next_ids(self) -> list[int]:
        """The ids that continue some option (the mask), in order; worked out once a step."""
        found = self._next
        if found is None:  # one option left: its next token
            pos = len(self.prefix)
            found = self._next = sorted({self.seqs[i][pos] for i in self.left})
        return found

    def take(self, token: int) -> None:
        pos = len(self.prefix)
        kept = [i for i in self.left if self.seqs[i][pos] == token]
        if not kept:
            raise IllegalStep(f"action {token} continues no legal option here")
        self.left = kept
        self.prefix.append(token)
        self._next = None
        self._forced()


def spectator_line(game: Game) -> str:
    """What `render` shows: public facts only (the prompt may name secret cards)."""
    view = game.view(None)
    pending = view.pending
    if game.over:
        return f"round {view.round}: over, winners {game.winners}"
    who = "-" if pending is None else f"player {pending.seat} decides ({pending.kind})"
    return f"round {view.round}, rotation {view.rotation}: {who}"


def win_shares(game: Game) -> list[float]:
    """Each seat's share of the win: 1/k for each of k winners, 0 for the others."""
    winners = game.winners
    seats = game.view(None).players_count
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(seats)]


class Table:
    """A game driven one token at a time; observations as vectors with the mask."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.catalogue = catalogue_for(rules)
        self.ids = CatalogueIds(self.catalogue)
        self.encoder = Encoder(rules, self.catalogue)
        self.n_tokens = len(self.catalogue)
        self.obs_size = self.encoder.layout.size
        self.game: Game | None = None
        self._choice: Choice | None = None  # the open decision's, once asked (`choice`)
        self._mover: int | None = None  # the seat to move (None: the game is over)
        self._cache: dict[int, Encoded] = {}  # each seat's vector of this decision, in parts

    def new_game(self, players: int, seed: int) -> None:
        self.game = Game.new(self.rules, players, seed, log=False)
        self._open()

    def _open(self) -> None:
        """A new decision is open (or the game is over): its `Choice` and the mover's vector
        are worked out when first asked for (a bot's decision in gym_env asks for neither)."""
        game = self.game
        assert game is not None
        self._cache.clear()
        self._choice = None
        p = game.to_move
        self._mover = None if game.over else p

    def _take(self, p: int) -> Choice:
        """The mover's view of this decision, read once for both its vector and its `Choice`,
        and let go at once: the encoder keeps only the board it compares the next view's with
        (a view kept through the next `apply` would be walked by the garbage collector there)."""
        assert self.game is not None
        view = self.game.view(p)
        self._cache[p] = self.encoder.parts(view)
        legal = self.game.legal()
        seqs = self.ids.of(legal, p, view.players_count, view.homes[p], view.rotation)
        self._choice = found = Choice(legal, seqs)
        return found

    @property
    def choice(self) -> Choice | None:
        """The open decision, taken token by token (None when the game is over)."""
        found = self._choice
        if found is None and self._mover is not None:
            found = self._take(self._mover)
        return found

    @property
    def to_move(self) -> int | None:
        return self._mover

    def step(self, token: int) -> bool:
        """Take one token for the seat to move; True when that completed a decision (which
        is then applied, and the next one opened). Raises `IllegalStep`, changing nothing."""
        choice = self.choice
        if choice is None:
            raise IllegalStep("the game is over")
        choice.take(int(token))
        index = choice.done
        if index is None:
            return False
        assert self.game is not None
        self.game.apply(choice.legal[index])
        self._open()
        return True

    def apply(self, decision: dict[str, Any]) -> None:
        """Take a whole decision (a bot's) for the seat to move."""
        assert self.game is not None
        self.game.apply(decision)
        self._open()

    def mask(self, seat: int) -> np.ndarray:
        """The ids `seat` may take now (int8 0/1 over the catalogue; all 0 when not its turn):
        a new array each call."""
        out = bytearray(self.n_tokens)  # (a few ids set: quicker than numpy's indexing)
        choice = self.choice
        if choice is not None and self._mover == seat:
            for i in choice.next_ids():
                out[i] = 1
        return np.frombuffer(out, np.int8)

    def vector(self, seat: int) -> np.ndarray:
        """The seat's observation vector, with the decision so far when it is the seat's."""
        parts = self._cache.get(seat)
        if parts is None:
            assert self.game is not None
            if seat == self._mover:
                self._take(seat)
                parts = self._cache[seat]
            else:
                parts = self._cache[seat] = self.encoder.parts(self.game.view(seat))
        out = parts.vector()
        if self._mover == seat and (choice := self.choice) is not None:
            at = self.encoder.decision_at
            for t in choice.prefix:  # (with the tokens every option shares)
                out[at + t] = 1.0
        return out
