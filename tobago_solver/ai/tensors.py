"""One player's observation as fixed-size numbers, and as text.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> tensor = ObservationTensor(state.island, 2, state.rules)
>>> tensor.size
1072
>>> values = tensor.set_from(state.observation(0))
>>> float(tensor.dict["hand"].sum()), tensor.dict["cars"].shape
(6.0, (2, 102))

The pieces, in order (``P`` players, ``F`` land fields of the island in reading order, ``C`` the
52 clue cards in deck order, 4 maps grey, brown, black, white; counts are plain numbers, the
rest 0 or 1):

=================  ============  =========================================================
piece              shape         holds
=================  ============  =========================================================
``player``         P             the observing player
``to_move``        P             who decides now
``phase``          5             opening, action, bonus, curse, over
``hand``           C             own clue cards (private)
``candidates``     4 × F         the fields each map still allows
``map_clues``      4 × C         the clues played on each map
``map_roses``      4 × P         each player's wind roses on each map
``cars``           P × F         where each car stands
``amulets``        F             fields holding an amulet
``amulets_held``   P             amulets each player holds
``roses_left``     P             wind roses each player has not placed
``hand_sizes``     P             clue cards each player holds
``gold``           P × G         each player's gold cards by value (G values: 2, 3, … 6)
``cursed_gold``    G             gold cards lost to curses, by value
``discards``       C             the clue discard pile
``abandoned``      4             how often each map was abandoned (published)
``counts``         4             treasure cards left, clue cards left, the turn, turns since
                                 a map last changed
=================  ============  =========================================================

OpenSpiel's observers may ask for the public part only (``private=False``: every piece but
``hand``) or the private part only (``public=False``: ``player`` and ``hand``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from tobago_solver.ai.ids import CARD_INDEX, CARD_TEXT
from tobago_solver.clues import DECK, Clue
from tobago_solver.game.board import board_text
from tobago_solver.game.observation import Observation
from tobago_solver.game.rules import GameRules
from tobago_solver.island import Island
from tobago_solver.rules import MAP_NAMES

PHASES: Final = ("opening", "action", "bonus", "curse", "over")
FIRST_GOLD: Final = 2
"""The value of the lowest gold card (``GameRules.gold_counts`` starts there)."""

Floats = npt.NDArray[np.float32]


def pieces(
    island: Island, players: int, rules: GameRules, *, public: bool = True, private: bool = True
) -> list[tuple[str, tuple[int, ...]]]:
    """The named pieces of the tensor and their shapes (see the module's table): the public
    ones, the private ones or both."""
    p, f, c, m, g = players, len(island.fields), len(DECK), len(MAP_NAMES), len(rules.gold_counts)
    layout: list[tuple[str, tuple[int, ...]]] = [
        ("player", (p,)),
        ("to_move", (p,)),
        ("phase", (len(PHASES),)),
        ("hand", (c,)),
        ("candidates", (m, f)),
        ("map_clues", (m, c)),
        ("map_roses", (m, p)),
        ("cars", (p, f)),
        ("amulets", (f,)),
        ("amulets_held", (p,)),
        ("roses_left", (p,)),
        ("hand_sizes", (p,)),
        ("gold", (p, g)),
        ("cursed_gold", (g,)),
        ("discards", (c,)),
        ("abandoned", (m,)),
        ("counts", (4,)),
    ]
    return [
        (name, shape)
        for name, shape in layout
        if name == "player" or (private if name == "hand" else public)
    ]


class ObservationTensor:
    """A flat float32 array with a named view per piece; :meth:`set_from` fills it.

    ``tensor`` and ``dict`` are the shape OpenSpiel's Python observers have.
    """

    def __init__(
        self,
        island: Island,
        players: int,
        rules: GameRules,
        *,
        public: bool = True,
        private: bool = True,
    ) -> None:
        self.island = island
        self.layout = pieces(island, players, rules, public=public, private=private)
        self.public = public
        self.size = sum(int(np.prod(shape)) for _, shape in self.layout)
        self.tensor: Floats = np.zeros(self.size, np.float32)
        self.dict: dict[str, Floats] = {}
        start = 0
        for name, shape in self.layout:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + length].reshape(shape)
            start += length
        self._field_index = {name: i for i, name in enumerate(island.fields)}
        self._mask_bytes = (len(island.fields) + 7) // 8

    def set_from(self, obs: Observation) -> Floats:
        """Write ``obs`` into :attr:`tensor` and return it (the same array each time)."""
        self.tensor.fill(0)
        views, index = self.dict, self._field_index
        views["player"][obs.player] = 1
        if "hand" in views:
            _count_cards(views["hand"], obs.hand)
        if not self.public:
            return self.tensor
        views["to_move"][obs.to_move] = 1
        views["phase"][PHASES.index(obs.phase)] = 1
        for m, map_state in enumerate(obs.maps):
            views["candidates"][m] = self._mask_bits(map_state.candidates_mask)
            _count_cards(views["map_clues"][m], map_state.clues)
            views["map_roses"][m] = map_state.roses
        for p, car in enumerate(obs.cars):
            views["cars"][p, index[car]] = 1
        for field_name in obs.amulets:
            views["amulets"][index[field_name]] += 1
        views["amulets_held"][:] = obs.amulets_held
        views["roses_left"][:] = obs.roses_left
        views["hand_sizes"][:] = obs.hand_sizes
        for p, cards in enumerate(obs.gold):
            _count_gold(views["gold"][p], cards)
        _count_gold(views["cursed_gold"], obs.cursed_gold)
        _count_cards(views["discards"], obs.clue_discards)
        views["abandoned"][:] = obs.abandoned
        since = obs.turn - obs.last_map_change if obs.last_map_change >= 0 else obs.turn + 1
        views["counts"][:] = (obs.treasure_deck_size, obs.clue_deck_size, obs.turn, since)
        return self.tensor

    def _mask_bits(self, mask: int) -> npt.NDArray[np.uint8]:
        # A candidate mask is a Python int with one bit per field (bit i: island.fields[i]).
        raw = np.frombuffer(mask.to_bytes(self._mask_bytes, "little"), np.uint8)
        return np.unpackbits(raw, bitorder="little")[: len(self.island.fields)]


def _count_cards(view: Floats, clues: Sequence[Clue]) -> None:
    for clue in clues:
        view[CARD_INDEX[clue]] += 1


def _count_gold(view: Floats, cards: Sequence[int]) -> None:
    for value in cards:
        view[value - FIRST_GOLD] += 1


def observation_text(obs: Observation) -> str:
    """The board as ``obs.player`` sees it (:func:`~tobago_solver.game.board.board_text`), with
    the facts the board leaves out: hand sizes, the clue discards, lost gold, abandoned maps and
    when a map last changed. No other player's card is in it.

    >>> import tobago_solver as tb
    >>> text = observation_text(tb.new_game(tb.islands.default(), 2, seed=1).observation(1))
    >>> text.splitlines()[-1]
    'hand sizes P0 6, P1 6; clue discards -; cursed gold -; abandoned 0 0 0 0; last map change -1'
    """
    sizes = ", ".join(f"P{p} {n}" for p, n in enumerate(obs.hand_sizes))
    discards = "; ".join(CARD_TEXT[clue] for clue in obs.clue_discards) or "-"
    cursed = " ".join(map(str, obs.cursed_gold)) or "-"
    abandoned = " ".join(map(str, obs.abandoned))
    return (
        f"{board_text(obs)}\nhand sizes {sizes}; clue discards {discards}; cursed gold {cursed}; "
        f"abandoned {abandoned}; last map change {obs.last_map_change}"
    )


def hand_text(obs: Observation) -> str:
    """What only ``obs.player`` knows: their clue cards.

    >>> import tobago_solver as tb
    >>> hand_text(tb.new_game(tb.islands.default(), 2, seed=1).observation(1))[:40]
    'you are P1; your hand: not next to palm;'
    """
    hand = "; ".join(CARD_TEXT[clue] for clue in obs.hand) or "none"
    return f"you are P{obs.player}; your hand: {hand}"
