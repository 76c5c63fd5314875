"""What a person types at the table, read into an action: an action's full text or a short form.

>>> from dataclasses import replace
>>> from tranquility_solver.game import new_game
>>> from tranquility_solver.grid import Grid
>>> state = replace(new_game(1, seed=3), grid=Grid.from_mapping({"a1": 20, "c1": 22}),
...                 hands=((2, 21, 41, 57, 79),))
>>> reading = read_action(state.observation(0), "21 b1")
>>> print(reading.action); print(reading.note)  # doctest: +NORMALIZE_WHITESPACE
play 21 b1 discard 2 41
21 b1 costs 2 cards, paid with 2 (no way to fill the grid uses it) and 41 (used by 56% of
the ways to fill the grid)
to choose the cards: 'play 21 b1 discard A B'

The short forms, beside the full text of :func:`~tranquility_solver.game.actions.parse_action`:

- ``CARD CELL`` (or ``play CARD CELL`` without discards): play the card there; a cost is paid
  with the cheapest cards (:func:`~.payments.default_payment`, as ``hint`` shows them), and
  the note says which and why.
- ``#N`` (or ``# N``): action N of the numbered list of every legal action (``moves``).

Whether the action is legal is the engine's part (``state.apply``), which says why not.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ActionFormatError, TranquilityError
from ..grid import shorten
from ..placement import check_placement
from .actions import Action, Play, parse_action
from .choices import parse_card
from .payments import cheapest_first, default_payment
from .state import Observation

__all__ = ["Reading", "cheapest_first", "cheapest_payment", "read_action"]

_NUMBER_DIGITS = 6
"""The most digits of an action's number in the ``moves`` list (it holds some hundreds)."""


@dataclass(frozen=True)
class Reading:
    """An action read from a line, and how a short form was read (empty for a full text)."""

    action: Action
    note: str = ""


def read_action(observation: Observation, text: str) -> Reading:
    """The action a line means for the player of ``observation``; a line that is no action is
    an :class:`~tranquility_solver.errors.ActionFormatError`, and no other error is raised for
    any text (legal or not is the engine's part).

    >>> from tranquility_solver.game import new_game
    >>> read_action(new_game(2, seed=1).observation(0), "#1").action
    Play(card=3, cell='a1', discards=())
    """
    if not isinstance(text, str):
        raise TypeError(f"read_action expects str, got {type(text).__name__}")
    words = text.split()
    if words[:1] == ["#"] and len(words) == 2:
        words = [f"#{words[1]}"]  # '# 3' as '#3'
    if len(words) == 1 and words[0].startswith("#"):
        return _numbered(observation, words[0])
    if len(words) == 1 and words[0].isdigit():
        card = parse_card(words[0])  # a number that is no card says so
        raise ActionFormatError(
            f"'{card}': say where, e.g. '{card} d3' ('#N' picks action N of 'moves')"
        )
    if words and words[0][:1].isdigit():
        words = ["play", *words]
    action = parse_action(" ".join(words))
    if isinstance(action, Play) and not action.discards and len(words) == 3:
        return _paid(observation, action)
    return Reading(action)


def _numbered(observation: Observation, word: str) -> Reading:
    legal = observation.lazy_legal_actions()
    digits = word[1:]
    # The list runs to hundreds of actions (each way to pay a play is one): more digits than a
    # card's, but a number of thousands of digits is still no number to read.
    significant = digits.lstrip("0")
    readable = digits.isascii() and digits.isdigit() and len(significant) <= _NUMBER_DIGITS
    number = int(significant or "0") if readable else None
    if number is None or not 1 <= number <= len(legal):
        span = f"#1 to #{len(legal)}" if len(legal) else "nothing: it is not your turn"
        raise ActionFormatError(
            f"{shorten(word)!r}: the list of legal actions ('moves') runs {span}"
        )
    return Reading(legal[number - 1])


def _paid(observation: Observation, play: Play) -> Reading:
    try:
        cost = check_placement(
            observation.grid, play.cell, play.card, observation.rules, len(observation.hand)
        )
    except TranquilityError:
        return Reading(play)  # not legal: the engine says why
    if cost == 0:
        return Reading(play)
    payment = default_payment(observation, play.card, play.cell, cost)
    if payment is None:
        return Reading(
            play
        )  # the card is not in the hand, or the hand cannot pay: the engine says so
    risk = (
        ""
        if payment.safe
        else "; after it the grid cannot be filled from the cards you cannot rule out"
    )
    note = (
        f"{play.card} {play.cell} costs {cost} card{'s' * (cost != 1)}, paid with "
        f"{payment.reasons_text()}{risk}\nto choose the cards: 'play {play.card} {play.cell} "
        f"discard {' '.join('ABCDEFGH'[:cost])}'"
    )
    return Reading(Play(play.card, play.cell, payment.cards), note)


def cheapest_payment(
    observation: Observation, card: int, cell: str, cost: int
) -> tuple[int, ...] | None:
    """The cards of :func:`~.payments.default_payment`, or ``None`` when the hand does not
    hold ``card`` and ``cost`` other cards.

    >>> from dataclasses import replace
    >>> from tranquility_solver.game import new_game
    >>> from tranquility_solver.grid import Grid
    >>> state = replace(new_game(1, seed=3), grid=Grid.from_mapping({"a1": 20, "c1": 24}),
    ...                 hands=((0, 2, 22, 41, 57),))
    >>> cheapest_payment(state.observation(0), 22, "b1", 3)  # 2 fits no cell; keep the start
    (2, 41, 57)
    """
    payment = default_payment(observation, card, cell, cost)
    return None if payment is None else payment.cards
