"""What a person types at the table, read into an action: an action's full text or a short form.

>>> from dataclasses import replace
>>> from tranquility_solver.game import new_game
>>> from tranquility_solver.grid import Grid
>>> state = replace(new_game(1, seed=3), grid=Grid.from_mapping({"a1": 20, "c1": 22}),
...                 hands=((2, 21, 41, 57, 79),))
>>> reading = read_action(state.observation(0), "21 b1")
>>> print(reading.action); print(reading.note)  # doctest: +NORMALIZE_WHITESPACE
play 21 b1 discard 2 41
21 b1 costs 2 cards: paid with 2 41, the cards that fit the fewest empty cells
(to choose, write 'play 21 b1 discard A B')

The short forms, beside the full text of :func:`~tranquility_solver.game.actions.parse_action`:

- ``CARD CELL`` (or ``play CARD CELL`` without discards): play the card there; a cost is paid
  with the cheapest cards (:func:`cheapest_payment`), and the note says which.
- ``#N``: action N of the numbered list of every legal action.

Whether the action is legal is the engine's part (``state.apply``), which says why not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import ActionFormatError, TranquilityError
from ..grid import Grid
from ..placement import check_placement, order_conflicts
from .actions import Action, Play, parse_action
from .choices import FINISH, START, card_text, is_island
from .state import Observation

__all__ = ["Reading", "cheapest_first", "cheapest_payment", "read_action"]


@dataclass(frozen=True)
class Reading:
    """An action read from a line, and how a short form was read (empty for a full text)."""

    action: Action
    note: str = ""


def read_action(observation: Observation, text: str) -> Reading:
    """The action a line means for the player of ``observation``; a line that is no action is
    an :class:`~tranquility_solver.errors.ActionFormatError`.

    >>> from tranquility_solver.game import new_game
    >>> read_action(new_game(2, seed=1).observation(0), "#1").action
    Play(card=3, cell='a1', discards=())
    """
    words = text.split()
    if len(words) == 1 and words[0].startswith("#"):
        return _numbered(observation, words[0])
    if len(words) == 1 and words[0].isdigit():
        raise ActionFormatError(
            f"{words[0]!r}: say where, e.g. '{words[0]} d3' ('#N' picks action N of 'moves')"
        )
    if words and words[0][:1].isdigit():
        words = ["play", *words]
    action = parse_action(" ".join(words))
    if isinstance(action, Play) and not action.discards and len(words) == 3:
        return _paid(observation, action)
    return Reading(action)


def _numbered(observation: Observation, word: str) -> Reading:
    legal = observation.legal_actions()
    number = word[1:]
    if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= len(legal):
        span = f"#1 to #{len(legal)}" if legal else "nothing: it is not your turn"
        raise ActionFormatError(f"{word!r}: the list of legal actions ('moves') runs {span}")
    return Reading(legal[int(number) - 1])


def _paid(observation: Observation, play: Play) -> Reading:
    try:
        cost = check_placement(
            observation.grid, play.cell, play.card, observation.rules, len(observation.hand)
        )
    except TranquilityError:
        return Reading(play)  # not legal: the engine says why
    if cost == 0:
        return Reading(play)
    payment = cheapest_payment(observation, play.card, play.cell, cost)
    if payment is None:
        return Reading(play)  # the hand cannot pay: the engine says so
    paid = Play(play.card, play.cell, payment)
    note = (
        f"{play.card} {play.cell} costs {cost} card{'s' * (cost != 1)}: paid with "
        f"{' '.join(map(card_text, payment))}, "
        f"{'the card that fits' if cost == 1 else 'the cards that fit'} the fewest empty cells "
        f"(to choose, write 'play {play.card} {play.cell} discard "
        f"{' '.join('ABCDEFGH'[:cost])}')"
    )
    return Reading(paid, note)


def cheapest_payment(
    observation: Observation, card: int, cell: str, cost: int
) -> tuple[int, ...] | None:
    """The ``cost`` cards of the hand (other than ``card``) whose loss hurts least, or ``None``
    when the hand holds fewer (see :func:`cheapest_first`).

    >>> from dataclasses import replace
    >>> from tranquility_solver.game import new_game
    >>> from tranquility_solver.grid import Grid
    >>> state = replace(new_game(1, seed=3), grid=Grid.from_mapping({"a1": 20, "c1": 24}),
    ...                 hands=((0, 2, 22, 41, 57),))
    >>> cheapest_payment(state.observation(0), 22, "b1", 3)  # 2 fits no cell; keep the start
    (2, 41, 57)
    """
    others = list(observation.hand)
    others.remove(card)
    if len(others) < cost:
        return None
    ranked = cheapest_first(observation, others, observation.grid.place(cell, card))
    return tuple(sorted(ranked[:cost]))


def cheapest_first(
    observation: Observation, cards: Sequence[int], grid: Grid | None = None
) -> list[int]:
    """``cards`` (of the player's hand) from the one whose loss hurts least to the one that
    hurts most, on ``grid`` (default: the observation's).

    First a start card once one was played and finish cards beyond the one a win needs (they
    can do nothing more); then island cards, those that fit the fewest empty cells first (by the
    order rule: a card that fits none is worth nothing), of those first the ones that cost the
    most to place; last the start card not yet played and the last finish card.

    >>> from tranquility_solver.game import new_game
    >>> seen = new_game(2, seed=1).observation(0)
    >>> seen.hand, cheapest_first(seen, seen.hand)  # 3 fits 6 empty cells, 5 fits 15, the rest 36
    ((3, 5, 12, 45, 68), [3, 5, 12, 45, 68])
    """
    grid = observation.grid if grid is None else grid
    fits = _fitting_cells(grid, cards, observation)
    finishes = list(cards).count(FINISH)

    def worth(item: tuple[int, int]) -> tuple[int, tuple[int, int], int]:
        position, held = item
        if held == START:
            return (0 if observation.start_played else 2, (0, 0), held)
        if held == FINISH:
            spare = list(cards)[:position].count(FINISH) < finishes - 1
            return (0 if spare else 2, (0, 0), held)
        return (1, fits.get(held, (0, 0)), held)

    return [held for _, held in sorted(enumerate(cards), key=worth)]


def _fitting_cells(
    grid: Grid, cards: Sequence[int], observation: Observation
) -> dict[int, tuple[int, int]]:
    """For each island card of ``cards``: how many empty cells take it by the order rule, and
    less the cheapest cost among them (a card placed for free is worth more than one that
    costs cards)."""
    empties = [index for index, value in enumerate(grid.cells) if value is None]
    rules = observation.rules
    fits = {}
    for card in filter(is_island, cards):
        costs = [
            rules.cost(grid.cells, index, card)
            for index in empties
            if not order_conflicts(grid, index, card, rules)
        ]
        fits[card] = (len(costs), -min(costs, default=0))
    return fits
