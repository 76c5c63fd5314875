"""Every Tobago action on one island as a fixed integer id, and back.

>>> import tobago_solver as tb
>>> ids = ActionIds(tb.islands.default())
>>> state = tb.new_game(tb.islands.default(), 2, seed=1)
>>> legal = ids.legal(state)
>>> [str(legal[i]) for i in sorted(legal)][:2]
['play in river on grey', 'play in river on brown']
>>> ids.of(tb.parse_action("end turn")), ids.of(tb.parse_action("play in lake on white"))
(2, 41)

The ids, the same in every state of a game on that island:

- ``0``–``5``: ``take amulet``, ``spend amulet``, ``end turn``, ``accept curse``, ``exchange``,
  ``pass``;
- ``6``–``213``: ``play CLUE on MAP`` as ``6 + 4 × card + map``, ``card`` the clue's place in
  the 52-card deck (:data:`tobago_solver.DECK`) and ``map`` 0 grey, 1 brown, 2 black, 3 white;
- ``214`` on: ``move`` to a field, ``214 +`` the field's place in ``island.fields``. A move is
  named by where it ends: the engine lists one path to each field it reaches (a shortest one),
  and the path changes nothing but the car's field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from tobago_solver.clues import DECK
from tobago_solver.errors import IllegalActionError, TobagoError
from tobago_solver.game.actions import (
    ACCEPT_CURSE,
    END_TURN,
    EXCHANGE,
    PASS,
    SPEND_AMULET,
    TAKE_AMULET,
    Action,
    Move,
    Play,
)
from tobago_solver.game.state import ActionListing, GameState
from tobago_solver.island import Island
from tobago_solver.rules import MAP_NAMES

SIMPLE: Final = (TAKE_AMULET, SPEND_AMULET, END_TURN, ACCEPT_CURSE, EXCHANGE, PASS)
"""The actions without arguments, by id."""
PLAY_BASE: Final = len(SIMPLE)
MAPS: Final = len(MAP_NAMES)
MOVE_BASE: Final = PLAY_BASE + len(DECK) * len(MAP_NAMES)
_LISTS_KEPT: Final = 4096
"""How many shared lists of plays and moves an ActionIds keeps the ids of."""
_SIMPLE_IDS: Final = {action: i for i, action in enumerate(SIMPLE)}
CARD_INDEX: Final = {clue: i for i, clue in enumerate(DECK)}
"""Each clue card's place in :data:`~tobago_solver.clues.DECK`."""
CARD_TEXT: Final = {clue: str(clue) for clue in DECK}
"""Each clue card's text, worked out once (views print thousands of them)."""


class ActionIds:
    """The action ids of games on ``island`` (see the module's text for the numbering).

    >>> import tobago_solver as tb
    >>> ids = ActionIds(tb.islands.default())
    >>> ids.name(ids.count - 1)
    'move to j14'
    """

    def __init__(self, island: Island) -> None:
        self.island = island
        self._field_index = {name: i for i, name in enumerate(island.fields)}
        self.count: Final = MOVE_BASE + len(island.fields)
        """How many ids there are: every id is below this."""
        plays = (str(Play(clue, m)) for clue in DECK for m in range(len(MAP_NAMES)))
        moves = (f"move to {field_name}" for field_name in island.fields)
        self._names = (*map(str, SIMPLE), *plays, *moves)
        # The last position asked about and its legal ids in order (OpenSpiel asks for them
        # more than once a position).
        self._last: tuple[GameState, tuple[int, ...]] | None = None
        # By the id of a list the engine shares (kept with the list, so the id stays its own).
        self._lists: dict[int, _ListIds] = {}

    def of(self, action: Action) -> int:
        """The id of ``action`` (a move's id is that of its destination)."""
        if isinstance(action, Play):
            return PLAY_BASE + MAPS * CARD_INDEX[action.clue] + action.map
        if isinstance(action, Move):
            return MOVE_BASE + self._field_index[action.destination]
        return _SIMPLE_IDS[action]

    def name(self, action_id: int) -> str:
        """What an id stands for, as text: an action's text, or ``move to FIELD``."""
        if not 0 <= action_id < self.count:
            raise TobagoError(f"action id {action_id} is not 0 to {self.count - 1}")
        return self._names[action_id]

    def legal(self, state: GameState) -> dict[int, Action]:
        """The legal actions of ``state`` by id (one action per id), in the order of
        ``state.legal_actions()``."""
        listing = state.legal_listing()
        by_id: dict[int, Action] = {}
        for part in (listing.plays, listing.moves):
            if part:
                by_id.update(self._shared_list(part).by_id)
        by_id.update(self._rest(listing))
        return by_id

    def legal_ids(self, state: GameState) -> tuple[int, ...]:
        """The ids of the legal actions of ``state``, in increasing order (kept for the last
        position asked about: a state is immutable, so its listing never changes).

        >>> import tobago_solver as tb
        >>> ids = ActionIds(tb.islands.default())
        >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
        >>> ids.legal_ids(state) == tuple(sorted(ids.legal(state)))
        True
        """
        last = self._last
        if last is not None and last[0] is state:
            return last[1]
        listing = state.legal_listing()
        plays, moves = listing.plays, listing.moves
        # The ids of the rest (actions without arguments) come first, then plays, then moves.
        rest = listing.rest
        ordered = tuple(sorted(map(self.of, rest))) if rest else ()
        if plays:
            ordered += self._shared_list(plays).ids
        if moves:
            ordered += self._shared_list(moves).ids
        self._last = (state, ordered)
        return ordered

    def action(self, state: GameState, action_id: int) -> Action:
        """The legal action of ``state`` with this id; IllegalActionError when there is none."""
        listing = state.legal_listing()
        if action_id < PLAY_BASE:
            found = self._rest(listing).get(action_id)
        else:
            part = listing.moves if action_id >= MOVE_BASE else listing.plays
            found = self._shared_list(part).by_id.get(action_id) if part else None
        if found is None:
            raise IllegalActionError(
                f"action id {action_id} ({self.name(action_id)}) is not legal now",
                "a turn's actions",
            )
        return found

    def _rest(self, listing: ActionListing) -> dict[int, Action]:
        """The actions of ``listing`` after its plays and moves (those without arguments) by
        id."""
        return {self.of(action): action for action in listing.rest}

    def mask(self, state: GameState) -> npt.NDArray[np.int8]:
        """A new array of :attr:`count` zeros with ones at the legal ids of ``state``.

        >>> import tobago_solver as tb
        >>> ids = ActionIds(tb.islands.default())
        >>> state = tb.new_game(tb.islands.default(), 2, seed=1)
        >>> tuple(ids.mask(state).nonzero()[0]) == ids.legal_ids(state)
        True
        """
        mask = np.zeros(self.count, np.int8)
        listing = state.legal_listing()
        for part in (listing.plays, listing.moves):
            if part:
                mask[self._shared_list(part).array] = 1
        for action in listing.rest:
            mask[self.of(action)] = 1
        return mask

    def _shared_list(self, actions: Sequence[Action]) -> _ListIds:
        key = id(actions)
        found = self._lists.get(key)
        if found is None or found.actions is not actions:
            by_id = {self.of(action): action for action in actions}
            ordered = tuple(sorted(by_id))
            if len(self._lists) >= _LISTS_KEPT:
                self._lists.clear()
            found = self._lists[key] = _ListIds(actions, ordered, by_id, np.array(ordered))
        return found


class _ListIds(NamedTuple):
    """The ids of a list of actions the engine shares: in order, with their actions, as an
    array (to set a mask with)."""

    actions: Sequence[Action]
    ids: tuple[int, ...]
    by_id: dict[int, Action]
    array: npt.NDArray[np.intp]
