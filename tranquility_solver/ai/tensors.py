"""One player's observation as fixed-size numbers, and as text.

>>> from tranquility_solver.game import new_game
>>> from tranquility_solver.ai.ids import Choice
>>> choice = Choice(new_game(2, seed=1))
>>> tensor = ObservationTensor(2)
>>> tensor.size
3472
>>> values = tensor.set_from(choice, 0)
>>> float(tensor.dict["hand"].sum()), tensor.dict["grid"].shape
(5.0, (36, 80))

The pieces, in order (``P`` players; cards by value: 0 a start card, 1–80 island cards, 81 a
finish card; cells ``a1 b1 … f6``; counts are plain numbers, the rest 0 or 1):

================  =======  ==============================================================
piece             shape    holds
================  =======  ==============================================================
``player``        P        the observing player
``current``       P        whose turn it is (or share)
``phase``         3        play, share, over
``won``           1        1 once the game is won
``grid``          36 × 80  the island card on each cell
``hand``          82       own cards (private)
``own_discards``  82       cards this player discarded (private)
``discarded``     82       the discard pile as the preset shows it (`seed`: all of it)
``hand_sizes``    P        cards in each hand
``deck_sizes``    P        cards in each deck
``counts``        6        cards discarded, start played, team discard still to give, cards
                           the later players of the share round hold, how many they are,
                           the turn
``chosen``        4 × 82   this player's tokens chosen so far: the card played, its cell
                           (first 36), the paying cards, the shared cards (private)
================  =======  ==============================================================

OpenSpiel's observers may ask for the public part only (``private=False``: every piece but the
private ones) or the private part only (``public=False``: ``player`` and the private pieces).
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from ..game.board import board_text
from ..game.choices import card_text
from ..game.state import Observation
from ..grid import CELL_COUNT, FIRST_CARD, LAST_CARD, Grid
from .ids import CARD_VALUES, PAIR_BASE, PAY_BASE, PLACE_BASE, SHARE_BASE, Choice, token_name

__all__ = ["ObservationTensor", "observation_text"]

Floats = npt.NDArray[np.float32]
PRIVATE: Final = ("hand", "own_discards", "chosen")
"""The pieces only the observing player knows."""
BOTH: Final = ("player",)
"""The pieces of a public and of a private view alike: whose view it is."""


def pieces(
    players: int, *, public: bool = True, private: bool = True
) -> list[tuple[str, tuple[int, ...]]]:
    """The named pieces of the tensor and their shapes (see the module's table): the public
    ones, the private ones or both."""
    layout: list[tuple[str, tuple[int, ...]]] = [
        ("player", (players,)),
        ("current", (players,)),
        ("phase", (3,)),
        ("won", (1,)),
        ("grid", (CELL_COUNT, LAST_CARD - FIRST_CARD + 1)),
        ("hand", (CARD_VALUES,)),
        ("own_discards", (CARD_VALUES,)),
        ("discarded", (CARD_VALUES,)),
        ("hand_sizes", (players,)),
        ("deck_sizes", (players,)),
        ("counts", (6,)),
        ("chosen", (4, CARD_VALUES)),
    ]
    return [
        (name, shape)
        for name, shape in layout
        if name in BOTH or (private if name in PRIVATE else public)
    ]


class ObservationTensor:
    """A flat float32 array with a named view per piece; :meth:`set_from` fills it.

    ``tensor`` and ``dict`` are the shape OpenSpiel's Python observers have.
    """

    def __init__(self, players: int, *, public: bool = True, private: bool = True) -> None:
        self.layout = pieces(players, public=public, private=private)
        self.public = public
        self.private = private
        self.size = sum(int(np.prod(shape)) for _, shape in self.layout)
        self.tensor: Floats = np.zeros(self.size, np.float32)
        self.dict: dict[str, Floats] = {}
        # Where each piece starts in the flat tensor: set_from lists the places of the pieces
        # that count things (one entry per card) and writes them all at once.
        self._start: dict[str, int] = {}
        start = 0
        for name, shape in self.layout:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + length].reshape(shape)
            self._start[name] = start
            start += length
        if public:
            numbers = ("hand_sizes", "deck_sizes", "counts")
            self._number_places = np.concatenate(
                [self._start[name] + np.arange(self.dict[name].size) for name in numbers]
            )
        # The places of the last grid's cards and of the last discard pile's (each changes
        # at a few moves of a game; both are immutable, so the same object means the same).
        self._grid_of: Grid | None = None
        self._grid_places: list[int] = []
        self._pile_of: tuple[int, ...] | None = None
        self._pile_places: list[int] = []

    def set_from(self, choice: Choice, player: int) -> Floats:
        """Write ``player``'s view of ``choice`` into :attr:`tensor` and return it."""
        start = self._start
        obs = choice.state.observation(player)
        places = [start["player"] + player]
        if self.public:
            places += self._public(obs)
        if self.private:
            base = start["hand"]
            places += [base + card for card in obs.hand]
            base = start["own_discards"]
            places += [base + card for card in obs.own_discards]
            if player == obs.current_player:
                places += _chosen(start["chosen"], choice.chosen)
        tensor = self.tensor
        _put(tensor, places)
        if self.public:
            tensor[self._number_places] = (
                *obs.hand_sizes,
                *obs.deck_sizes,
                obs.discard_count,
                obs.start_played,
                obs.share_left,
                obs.later_capacity,
                obs.later_players,
                obs.turn,
            )
        return tensor

    def _public(self, obs: Observation) -> list[int]:
        """The places of the public pieces that are set or count cards."""
        start = self._start
        over = obs.outcome is not None
        places = [
            start["current"] + obs.current_player,
            start["phase"] + (2 if over else ("play", "share").index(obs.phase)),
        ]
        if obs.outcome is not None and obs.outcome.won:
            places.append(start["won"])
        if obs.grid is not self._grid_of:
            base, width = start["grid"] - FIRST_CARD, LAST_CARD - FIRST_CARD + 1
            self._grid_places = [
                base + cell * width + card
                for cell, card in enumerate(obs.grid.cells)
                if card is not None
            ]
            self._grid_of = obs.grid
        if obs.discarded is not self._pile_of:
            base = start["discarded"]
            self._pile_places = [base + card for card in obs.discarded]
            self._pile_of = obs.discarded
        return places + self._grid_places + self._pile_places


def _chosen(base: int, chosen: tuple[int, ...]) -> list[int]:
    """The places, in the ``chosen`` piece starting at ``base``, of the tokens chosen so far."""
    places = []
    for token in chosen:
        if PLACE_BASE <= token < PAY_BASE:
            card, cell = divmod(token - PLACE_BASE, CELL_COUNT)
            places += [base + card + FIRST_CARD, base + CARD_VALUES + cell]
        elif PAY_BASE <= token < PAIR_BASE:
            places.append(base + 2 * CARD_VALUES + token - PAY_BASE)
        elif token >= SHARE_BASE:
            places.append(base + 3 * CARD_VALUES + token - SHARE_BASE)
    return places


def observation_text(
    obs: Observation, chosen: tuple[int, ...] = (), *, public: bool = True, private: bool = True
) -> str:
    """The table as ``obs.player`` sees it: whose turn, the board
    (:func:`~tranquility_solver.game.board.board_text`), then (``private``) their hand, their
    discards and the tokens they have chosen so far. No other player's card is in it. A public
    view (``private=False``) leaves out everything of the player's own, the hand and discards
    the board shows them included; a private one (``public=False``) is only that.

    >>> from tranquility_solver.game import new_game
    >>> obs = new_game(2, seed=1).observation(0)
    >>> print(observation_text(obs))  # doctest: +ELLIPSIS
    turn 0: P0 to play; you are P0
    ...
    your hand: 3 5 12 45 68; your discards: none
    >>> observation_text(obs, public=False)
    'you are P0; your hand: 3 5 12 45 68; your discards: none'
    """
    lines = []
    if public:
        if obs.outcome is not None:
            status = f"game over, {obs.outcome}"
        elif obs.phase == "share":
            status = f"P{obs.current_player} to share ({obs.share_left} cards still to give)"
        else:
            status = f"P{obs.current_player} to play"
        lines += [
            f"turn {obs.turn}: {status}; you are P{obs.player}",
            board_text(obs, own_view=private),
        ]
    if private:
        hand = " ".join(map(card_text, obs.hand)) or "none"
        discards = " ".join(map(card_text, obs.own_discards)) or "none"
        mine = f"your hand: {hand}; your discards: {discards}"
        lines.append(mine if public else f"you are P{obs.player}; {mine}")
        if chosen and obs.player == obs.current_player:
            lines.append("chosen so far: " + ", ".join(map(token_name, chosen)))
    return "\n".join(lines)


def _put(tensor: Floats, places: list[int]) -> None:
    """Zeros but at ``places``: there, how often the place is listed (a card held twice)."""
    if len(set(places)) == len(places):
        tensor.fill(0)
        tensor[places] = 1
    else:
        tensor[:] = np.bincount(places, minlength=tensor.size)
