"""What one player may know of a game: :class:`Observation`, made by
:meth:`GameState.observation <tranquility_solver.game.state.GameState.observation>`.

A state keeps what its players see of the discards up to date as the game goes, so an
observation takes every field as it is: it holds only what its player may know.

>>> from tranquility_solver.game import new_game
>>> observation = new_game(2, seed=1).observation(0)
>>> observation.hand, observation.hand_sizes
((3, 5, 12, 45, 68), (5, 5))
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any

from ..grid import FIRST_CARD, LAST_CARD, Grid
from ..rules import Rules
from .actions import Action, Discard
from .board import board_text
from .legal import LegalActions, Phase, legal_actions_of

__all__ = ["ActingFacts", "LegalActionViews", "Observation", "Outcome"]

_ISLAND_CARDS = frozenset(range(FIRST_CARD, LAST_CARD + 1))


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``won``, or lost with ``cause`` (one of the two loss causes).

    >>> str(Outcome(False, "no legal action"))
    'lost: no legal action'
    """

    won: bool
    cause: str | None = None

    def __str__(self) -> str:
        return "won" if self.won else f"lost: {self.cause}"


class LegalActionViews:
    """The legal-action views a game state and an observation share: the listing is made once
    per value, on first use, from the facts :meth:`_acting` gives."""

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of the player to move; none once the game is over (and, for an
        observation, none when it is not this player's turn)."""
        return self._legal_actions

    def lazy_legal_actions(self) -> LegalActions:
        """The same actions in the same order, built only when looked at: ``len`` and ``in``
        build none, indexing builds one (see :class:`~.legal.LegalActions`)."""
        return self._legal

    def _acting(self) -> ActingFacts | None:
        """What :func:`~.legal.legal_actions_of` needs, or ``None`` when nobody here may act."""
        raise NotImplementedError

    # Cached in the instance's __dict__, which a state's _with does not copy, so a changed
    # copy never sees the old list.
    @cached_property
    def _legal_actions(self) -> tuple[Action, ...]:
        return tuple(self._legal)

    @cached_property
    def _legal(self) -> LegalActions:
        facts = self._acting()
        return _NO_ACTIONS if facts is None else legal_actions_of(*facts)


ActingFacts = tuple[Rules, Grid, tuple[int, ...], Phase, bool, int, int]
"""Rules, grid, hand, phase, start played, share left, later capacity."""


@dataclass(frozen=True)
class Observation(LegalActionViews):
    """What one player may know: the grid, what the preset shows of the discards, their own hand
    and discards, every hand's and deck's size. Bots see only this.

    >>> from tranquility_solver.game import new_game
    >>> observation = new_game(3, seed=2, rules=Rules.published()).observation(1)
    >>> observation.hand, observation.deck_sizes, observation.discarded
    ((31, 39, 41, 55, 62), (25, 24, 24), ())
    """

    rules: Rules
    player: int
    players: int
    current_player: int
    turn: int
    phase: Phase
    grid: Grid
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    discarded: tuple[int, ...]
    """The discard pile as this preset shows it: every card in `seed`, nothing in `published`."""
    discard_count: int
    own_discards: tuple[int, ...]
    """Cards this player discarded (a player remembers those even when they lie face down)."""
    start_played: bool
    share_left: int
    later_capacity: int
    """In the share phase: cards the players after this one in the round still hold."""
    later_players: int
    """In the share phase: how many players come after this one in the round."""
    outcome: Outcome | None
    discard_players: tuple[int, ...]
    """Who discarded each card of the pile, in order (public even when the cards lie face
    down: everyone sees a player discard)."""
    start_player: int | None
    """Who played the start card, once one is played (public)."""
    start_bounds: tuple[tuple[int, int], ...]
    """Per player, what the public history proves about where their start card is (see
    :attr:`GameState.start_bounds`); empty when nothing is known of the history."""

    @classmethod
    def _reading(cls, values: dict[str, Any], legal: LegalActions | None) -> Observation:
        """An observation made from ``values``, one per field, without ``__init__`` (a frozen
        dataclass's, slow) on every turn; ``legal`` is the state's listing when this player is
        the one to move (made from this player's hand, so theirs to know)."""
        if len(values) != len(_OBSERVATION_FIELDS):
            raise TypeError(f"an observation is made from {list(_OBSERVATION_FIELDS)}")
        observation = object.__new__(cls)
        observation.__dict__.update(values)
        if legal is not None:
            observation.__dict__["_legal"] = legal
        return observation

    def __getstate__(self) -> dict[str, Any]:
        """The fields alone (not the cached listing), so a pickle or copy is the value."""
        return {name: self.__dict__[name] for name in _OBSERVATION_FIELDS}

    def _acting(self) -> ActingFacts | None:
        if self.outcome is not None or self.player != self.current_player:
            return None
        return (
            self.rules,
            self.grid,
            self.hand,
            self.phase,
            self.start_played,
            self.share_left,
            self.later_capacity,
        )

    def __str__(self) -> str:
        """The table as this player sees it, with their hand and where each card fits (see
        :func:`~.board.board_text`)."""
        return board_text(self)

    def _repr_svg_(self) -> str:
        """The picture a notebook shows: the grid, the spots, the sizes and this player's hand."""
        # Lazy: the pictures are drawn above the game, from its values.
        from ..render import render_game_svg

        return render_game_svg(self)

    def unknown_cards(self) -> tuple[int, ...]:
        """Island cards this player cannot place anywhere yet: in a deck or another hand, or
        discarded face down by someone else. Their own hand is not included."""
        unknown = _ISLAND_CARDS.difference(
            self.grid.numbers, self.hand, self.discarded, self.own_discards
        )
        return tuple(sorted(unknown))

    def possible_cards(self) -> tuple[int, ...]:
        """Island cards that may still go on the grid as this player knows: their own island
        cards and the :meth:`unknown_cards`, sorted (what the bots complete the grid from).

        >>> from tranquility_solver.game import new_game
        >>> obs = new_game(2, seed=1).observation(0)
        >>> obs.hand, len(obs.possible_cards())
        ((3, 5, 12, 45, 68), 80)
        >>> set(obs.possible_cards()) == {*obs.unknown_cards(), *obs.hand}
        True
        """
        # Every island card but those seen on the grid or discarded: one's own hand included.
        left = _ISLAND_CARDS.difference(self.grid.numbers, self.discarded, self.own_discards)
        return tuple(sorted(left))


_OBSERVATION_FIELDS = tuple(field.name for field in fields(Observation))
_NO_ACTIONS = LegalActions((), [], [], Discard, ())
"""The listing of a player who may not act (the game is over, or it is not their turn)."""
