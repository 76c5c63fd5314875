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
from tobago_solver.game.observation import Observation, observe
from tobago_solver.game.position import MapState
from tobago_solver.game.rules import GameRules
from tobago_solver.game.state import GameState
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
        # Where each piece starts in the flat tensor: set_from lists the places of the pieces
        # that count things (one entry per thing) and writes them all at once.
        self._start: dict[str, int] = {}
        start = 0
        for name, shape in self.layout:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + length].reshape(shape)
            self._start[name] = start
            start += length
        self._field_index = {name: i for i, name in enumerate(island.fields)}
        self._mask_bytes = (len(island.fields) + 7) // 8
        self._gold_values = len(rules.gold_counts)
        if public:
            # The pieces holding numbers, in the order set_from lists them.
            numbers = ("amulets_held", "roses_left", "hand_sizes", "abandoned", "counts")
            self._number_places = np.concatenate(
                [self._start[name] + np.arange(self.dict[name].size) for name in numbers]
            )
            first, last = self.dict["candidates"], self.dict["map_roses"]
            # The three map pieces lie side by side: one block, worked out per set of maps.
            self._maps_at = slice(self._start["candidates"], self._start["map_roses"] + last.size)
            self._maps_block = np.zeros(self._maps_at.stop - self._maps_at.start, np.float32)
            assert first.size + self.dict["map_clues"].size + last.size == self._maps_block.size
        # Each player's last hand and its places; the pieces that change at a few moves of a
        # game (maps, amulets, gold, discards) written once into a template, kept for the
        # objects they were written from (all immutable: the same objects mean the same).
        self._hands: dict[int, tuple[tuple[Clue, ...], list[int]]] = {}
        self._maps_of: tuple[MapState, ...] | None = None
        self._template: Floats = np.zeros(self.size, np.float32)
        self._template_of: tuple[object, ...] = (None,) * 5

    def set_from(self, obs: Observation) -> Floats:
        """Write ``obs`` into :attr:`tensor` and return it (the same array each time)."""
        start = self._start
        places = [start["player"] + obs.player]
        if "hand" in start:
            places += self._hand_places(obs.player, obs.hand)
        tensor = self.tensor
        if not self.public:
            _put(tensor, places)
            return tensor
        index = self._field_index
        places.append(start["to_move"] + obs.to_move)
        places.append(start["phase"] + PHASES.index(obs.phase))
        base, width = start["cars"], len(index)
        places += [base + p * width + index[car] for p, car in enumerate(obs.cars)]
        maps, amulets, gold, cursed, discards = self._template_of
        if (
            obs.maps is not maps
            or obs.amulets is not amulets
            or obs.gold is not gold
            or obs.cursed_gold is not cursed
            or obs.clue_discards is not discards
        ):
            self._write_template(obs)
        # The template's pieces and these places' pieces are apart: copy, then add.
        tensor[:] = self._template
        if len(set(places)) == len(places):
            tensor[places] = 1
        else:
            np.add.at(tensor, places, 1)
        since = obs.turn - obs.last_map_change if obs.last_map_change >= 0 else obs.turn + 1
        tensor[self._number_places] = (
            *obs.amulets_held,
            *obs.roses_left,
            *obs.hand_sizes,
            *obs.abandoned,
            obs.treasure_deck_size,
            obs.clue_deck_size,
            obs.turn,
            since,
        )
        return tensor

    def _hand_places(self, player: int, hand: tuple[Clue, ...]) -> list[int]:
        """The places of ``player``'s cards (kept per player while the hand is the same)."""
        kept = self._hands.get(player)
        if kept is None or kept[0] is not hand:
            base = self._start["hand"]
            kept = self._hands[player] = (hand, [base + CARD_INDEX[clue] for clue in hand])
        return kept[1]

    def _write_template(self, obs: Observation) -> None:
        """The maps, amulets, gold cards and clue discards of ``obs``, in :attr:`_template`."""
        start, index = self._start, self._field_index
        base = start["amulets"]
        places = [base + index[field_name] for field_name in obs.amulets]
        base, width = start["gold"] - FIRST_GOLD, self._gold_values
        for p, cards in enumerate(obs.gold):
            places += [base + p * width + value for value in cards]
        base = start["cursed_gold"] - FIRST_GOLD
        places += [base + value for value in obs.cursed_gold]
        base = start["discards"]
        places += [base + CARD_INDEX[clue] for clue in obs.clue_discards]
        template = self._template
        _put(template, places)
        template[self._maps_at] = self._maps(obs.maps)
        self._template_of = (obs.maps, obs.amulets, obs.gold, obs.cursed_gold, obs.clue_discards)

    def _maps(self, maps: tuple[MapState, ...]) -> Floats:
        """The candidates, clues and roses of ``maps`` as one block (kept for the last maps:
        they change only when a clue is played or a treasure claimed)."""
        if maps is self._maps_of:
            return self._maps_block
        block = self._maps_block
        block.fill(0)
        fields, cards, players = self.dict["candidates"].shape[1], len(DECK), len(maps[0].roses)
        candidates = block[: len(maps) * fields].reshape(len(maps), fields)
        clues = block[len(maps) * fields : len(maps) * (fields + cards)].reshape(len(maps), cards)
        roses = block[len(maps) * (fields + cards) :].reshape(len(maps), players)
        for m, map_state in enumerate(maps):
            candidates[m] = self._mask_bits(map_state.candidates_mask)
            _count_cards(clues[m], map_state.clues)
            roses[m] = map_state.roses
        self._maps_of = maps
        return block

    def _mask_bits(self, mask: int) -> npt.NDArray[np.uint8]:
        # A candidate mask is a Python int with one bit per field (bit i: island.fields[i]).
        raw = np.frombuffer(mask.to_bytes(self._mask_bytes, "little"), np.uint8)
        return np.unpackbits(raw, bitorder="little")[: len(self.island.fields)]


def observation_of(state: GameState, player: int) -> Observation:
    """``state.observation(player)``, with the legal actions the state keeps (an adapter has
    listed them already for the ids; the state's own method lists them again).

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
    >>> observation_of(state, 0) == state.observation(0)
    True
    """
    return observe(state, player, state.legal_actions() if state.to_move == player else ())


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


def _put(tensor: Floats, places: list[int]) -> None:
    """Zeros but at ``places``: there, how often the place is listed (a card held twice)."""
    if len(set(places)) == len(places):
        tensor.fill(0)
        tensor[places] = 1
    else:
        tensor[:] = np.bincount(places, minlength=tensor.size)
