"""Every (choice) the game engine makes where the rules page leaves room, in one place.

The presets themselves (order, cost, finish cards, start event) live in
:mod:`tranquility_solver.rules`; this module holds the engine's readings of the rules of play
(dealing, turns, the end of the game) and the card values that are not island cards.

>>> card_text(START), card_text(FINISH), card_text(41)
('start', 'finish', '41')
>>> parse_card("finish") == FINISH
True
>>> deal_sizes(81, 2)
(41, 40)
"""

from __future__ import annotations

from ..errors import ActionFormatError
from ..grid import FIRST_CARD, LAST_CARD, digits_value, shorten
from ..rules import Rules

__all__ = [
    "FINISH",
    "HAND_SIZE",
    "START",
    "card_text",
    "deal_sizes",
    "discards_public",
    "is_island",
    "may_pay_with",
    "parse_card",
    "share_round",
    "sort_hand",
]

START = 0
"""A start card in a hand, deck or the discard pile (all start cards play alike).

>>> import tranquility_solver as tq
>>> tq.START
0
"""
FINISH = LAST_CARD + 1
"""A finish card (all finish cards play alike).

>>> import tranquility_solver as tq
>>> tq.FINISH
81
"""
HAND_SIZE = 5
"""Cards each player draws at set-up and draws back to at the end of a turn."""
DISCARD_ACTION_CARDS = 2
"""Cards discarded by the discard action."""
LOSS_NO_ACTION = "no legal action"
"""The cause of a loss when the player to move can do nothing."""
LOSS_OUT_OF_CARDS = "a player ran out of cards"
"""The cause of a loss when a player holds no card in hand or deck (see ``out_of_cards_check``)."""


def is_island(card: int) -> bool:
    """True for island cards 1–80, False for start and finish cards.

    >>> is_island(START), is_island(80)
    (False, True)
    """
    return FIRST_CARD <= card <= LAST_CARD


def card_text(card: int) -> str:
    """How a card is written in actions and records: its number, ``start`` or ``finish``."""
    if card == START:
        return "start"
    if card == FINISH:
        return "finish"
    return str(card)


def parse_card(token: str) -> int:
    """The card a token names; a bad token is an :class:`ActionFormatError` quoting it.

    >>> parse_card("81")
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.ActionFormatError: card '81' is not 1-80, 'start' or 'finish'
    """
    word = token.strip().lower()
    if word == "start":
        return START
    if word == "finish":
        return FINISH
    number = digits_value(word) if word.isascii() and word.isdigit() else None
    if number is None or not FIRST_CARD <= number <= LAST_CARD:
        raise ActionFormatError(
            f"card {shorten(token)!r} is not {FIRST_CARD}-{LAST_CARD}, 'start' or 'finish'"
        )
    return number


def sort_hand(cards: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """(choice) Hands are kept sorted: the order a player holds cards in carries no information.

    >>> sort_hand([FINISH, 3, START])
    (0, 3, 81)
    """
    return tuple(sorted(cards))


def deal_sizes(cards: int, players: int, first_player: int = 0) -> tuple[int, ...]:
    """Personal deck sizes by seat: as even as possible, and the players earlier in turn order,
    from ``first_player`` on, take the extra cards.

    >>> deal_sizes(81, 2, first_player=1)
    (40, 41)
    """
    share, extra = divmod(cards, players)
    return tuple(
        share + (1 if (seat - first_player) % players < extra else 0) for seat in range(players)
    )


def discards_public(rules: Rules) -> bool:
    """(choice) Discarded cards lie face up in `seed` (everyone sees them) and face down in
    `published`, where a player remembers only their own discards.

    >>> discards_public(Rules.seed()), discards_public(Rules.published())
    (True, False)
    """
    return rules.start_card.team_discard == 0


def share_round(starter: int, players: int) -> tuple[int, ...]:
    """(choice) The start card's team discard is a round: each player in turn, beginning with the
    one who played the start card and going clockwise, chooses how many and which cards to give.
    A player may give any number that still lets the players after them reach the total; once
    the total is reached the rest of the round is skipped. If all hands together hold fewer cards
    than the total, the team discards them all. When the round ends, only the player who played
    the start card draws back to five (the end of their turn); the others draw at the end of
    their own turns.

    >>> share_round(1, 3)
    (1, 2, 0)
    """
    return tuple((starter + step) % players for step in range(players))


def may_pay_with(card: int) -> bool:
    """(choice) Any card in hand pays a discard cost or the discard action, start and finish cards
    included (the rules say "cards from hand").

    >>> may_pay_with(START) and may_pay_with(FINISH)
    True
    """
    del card
    return True
