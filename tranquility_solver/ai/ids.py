"""Tranquility actions as sequences of fixed integer ids ("tokens"), chosen one at a time.

>>> from tranquility_solver.game import new_game, parse_action
>>> tokens(parse_action("play 41 d3 discard 12 77"))
(1458, 2895, 2960)
>>> [token_name(t) for t in _]
['play 41 d3', 'pay 12', 'pay 77']
>>> choice = Choice(new_game(2, seed=1))
>>> [token_name(token) for token in sorted(choice.options())[:2]]
['play 3 a1', 'play 3 b1']

A play with its payment has up to C(6, 3) = 20 forms for each card and cell, so the flat list of
every action would be long; instead a player chooses the card and cell first, then each card
paying for it, smallest first. The ids:

- ``0`` ``start``, ``1`` ``finish``, ``2`` ``share done`` (the end of this player's part of
  the `published` team discard);
- ``3``–``2882``: ``play CARD CELL`` as ``3 + 36 × (CARD − 1) +`` the cell's place in
  ``a1 b1 … f6`` (row 1 first);
- ``2883``–``2964``: ``pay CARD``, a card paying the play just chosen (``CARD`` 0 is a start
  card, 1–80 island cards, 81 a finish card, as everywhere in the engine);
- ``2965``–``6367``: ``discard A B`` (A ≤ B), the pairs in order (0 0), (0 1), … (81 81);
- ``6368``–``6449``: ``share CARD``, one card of this player's part of the team discard, smallest
  first, then ``share done``.

An action is the sequence of its tokens (:func:`tokens`); :class:`Choice` is a state with the
tokens chosen so far, and the action is applied, through ``GameState.apply``, as soon as only
one legal action begins with them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Final

from ..errors import IllegalActionError
from ..game.actions import Action, Discard, Play, Share, Start
from ..game.choices import FINISH, card_text
from ..game.state import GameState
from ..grid import CELL_COUNT, CELL_NAMES, FIRST_CARD, LAST_CARD

__all__ = ["COUNT", "Choice", "token_name", "tokens"]

START_ID: Final = 0
FINISH_ID: Final = 1
SHARE_DONE: Final = 2
PLACE_BASE: Final = 3
CARD_VALUES: Final = FINISH + 1
"""Card values 0 (start) to 81 (finish)."""
PAY_BASE: Final = PLACE_BASE + (LAST_CARD - FIRST_CARD + 1) * CELL_COUNT
PAIRS: Final = tuple((a, b) for a in range(CARD_VALUES) for b in range(a, CARD_VALUES))
PAIR_BASE: Final = PAY_BASE + CARD_VALUES
SHARE_BASE: Final = PAIR_BASE + len(PAIRS)
COUNT: Final = SHARE_BASE + CARD_VALUES
"""How many ids there are: every id is below this."""
_PAIR_INDEX: Final[dict[tuple[int, ...], int]] = {pair: i for i, pair in enumerate(PAIRS)}
_CELL_INDEX: Final = {name: i for i, name in enumerate(CELL_NAMES)}
_PAIR_TOKEN: Final = {pair: PAIR_BASE + i for pair, i in _PAIR_INDEX.items()}
_PLACE_ZERO: Final = PLACE_BASE - CELL_COUNT * FIRST_CARD
"""The id of ``play CARD CELL`` is ``_PLACE_ZERO + CELL_COUNT × CARD +`` the cell's index."""


def tokens(action: Action) -> tuple[int, ...]:
    """The ids that choose ``action``, in order."""
    if isinstance(action, Play):
        place = PLACE_BASE + CELL_COUNT * (action.card - FIRST_CARD) + _CELL_INDEX[action.cell]
        return (place, *(PAY_BASE + card for card in action.discards))
    if isinstance(action, Discard):
        return (PAIR_BASE + _PAIR_INDEX[(action.cards[0], action.cards[1])],)
    if isinstance(action, Share):
        return (*(SHARE_BASE + card for card in action.cards), SHARE_DONE)
    return (START_ID,) if isinstance(action, Start) else (FINISH_ID,)


def token_name(token: int) -> str:
    """What an id stands for, as text."""
    if not 0 <= token < COUNT:
        raise IllegalActionError(f"action id {token} is not 0 to {COUNT - 1}")
    if token < PLACE_BASE:
        return ("start", "finish", "share done")[token]
    if token < PAY_BASE:
        card, cell = divmod(token - PLACE_BASE, CELL_COUNT)
        return f"play {card + FIRST_CARD} {CELL_NAMES[cell]}"
    if token < PAIR_BASE:
        return f"pay {card_text(token - PAY_BASE)}"
    if token < SHARE_BASE:
        return "discard " + " ".join(map(card_text, PAIRS[token - PAIR_BASE]))
    return f"share {card_text(token - SHARE_BASE)}"


@dataclass(frozen=True)
class Choice:
    """A game state and the tokens its current player has chosen so far (none between actions).

    >>> from tranquility_solver.game import new_game
    >>> choice = Choice(new_game(1, seed=0)).choose(3 + 36 * 9)  # play 10 a1
    >>> choice.chosen, str(choice.state.grid).split()[30]
    ((), '10')

    Its facts are worked out when first asked for and kept (a choice is immutable): the legal
    tokens (:meth:`legal_tokens`) of a state come from the placements and card sets of its
    lazy listing (``GameState.lazy_legal_actions``) without building its actions, and
    :meth:`choose` builds only the action it applies.
    """

    state: GameState
    chosen: tuple[int, ...] = ()
    candidates: tuple[Action, ...] | None = field(default=None, compare=False, repr=False)
    """The legal actions that begin with :attr:`chosen` (all of them when None)."""

    @cached_property
    def _options(self) -> dict[int, tuple[Action, ...]]:
        depth = len(self.chosen)
        grouped: dict[int, list[Action]] = {}
        actions = self.state.legal_actions() if self.candidates is None else self.candidates
        for action in actions:
            grouped.setdefault(tokens(action)[depth], []).append(action)
        return {token: tuple(group) for token, group in grouped.items()}

    @cached_property
    def _first(self) -> dict[int, Any]:
        """Between actions, per legal token what it leaves, as little as tells it: in the share
        phase the card sets of the shares it begins; else for a play its placement ``(card,
        cost, cell index)``, for a discard its two cards, for start and finish the action.
        Actions are built only for the token chosen (most tokens of a position never are)."""
        legal = self.state.lazy_legal_actions()
        if self.state.phase == "share":
            shares: dict[int, Any] = {}
            for cards in legal.card_sets():
                shares.setdefault(SHARE_BASE + cards[0] if cards else SHARE_DONE, []).append(cards)
            return shares
        # Every placement listed has a payment: any card of the hand pays, and a placement is
        # listed only when the rest of the hand covers its cost.
        placements = legal.placements()
        places = [_PLACE_ZERO + CELL_COUNT * card + cell for card, _, cell in placements]
        found: dict[int, Any] = dict(zip(places, placements, strict=True))
        card_sets = legal.card_sets()
        found.update(zip(map(_PAIR_TOKEN.__getitem__, card_sets), card_sets, strict=True))
        for action in legal.tail():
            found[START_ID if isinstance(action, Start) else FINISH_ID] = action
        return found

    @cached_property
    def _legal_tokens(self) -> tuple[int, ...]:
        return tuple(sorted(self._options if self.candidates is not None else self._first))

    def options(self) -> dict[int, tuple[Action, ...]]:
        """The tokens the player may choose next, each with the legal actions it leaves."""
        return self._options

    def legal_tokens(self) -> tuple[int, ...]:
        """The tokens the player may choose next, in increasing order (the keys of
        :meth:`options`, without building every action).

        >>> from tranquility_solver.game import new_game
        >>> choice = Choice(new_game(2, seed=1))
        >>> choice.legal_tokens() == tuple(sorted(choice.options()))
        True
        """
        return self._legal_tokens

    def choose(self, token: int) -> Choice:
        """The choice after ``token``: the next state when one action is left, else the same
        state with one more token chosen. IllegalActionError when no legal action fits."""
        return self.step(token)[0]

    def step(self, token: int) -> tuple[Choice, Action | None]:
        """:meth:`choose`, with the action applied (None when the token leaves several).

        >>> from tranquility_solver.game import new_game
        >>> after, action = Choice(new_game(1, seed=0)).step(3 + 36 * 9)
        >>> str(action), after.state.turn
        ('play 10 a1', 1)
        """
        if self.candidates is None:
            entry = self._first.get(token)
            left = None if entry is None else self._left(token, entry)
        else:
            left = self._options.get(token)
        if left is None:
            raise IllegalActionError(f"action id {token} ({token_name(token)}) is not legal now")
        if len(left) == 1:
            return Choice(self.state.apply(left[0])), left[0]
        return Choice(self.state, (*self.chosen, token), left), None

    def _left(self, token: int, entry: Any) -> tuple[Action, ...]:
        """The legal actions a first token leaves, from its entry in :attr:`_first`."""
        if self.state.phase == "share":
            return tuple(map(Share._of, entry))
        if token < PLACE_BASE:
            return (entry,)
        if token < PAY_BASE:
            card, cost, cell = entry
            name = CELL_NAMES[cell]
            paid = self.state.lazy_legal_actions().payments(card, cost)
            return tuple(Play._of(card, name, cards) for cards in paid)
        return (Discard._of(entry),)
