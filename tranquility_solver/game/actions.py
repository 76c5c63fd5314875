"""Game actions: small frozen values whose text form parses back.

Grammar (words separated by spaces, case-insensitive; a card is ``1``–``80``, ``start`` or
``finish``)::

    play CARD CELL [discard CARD ...]   an island card onto an empty cell, paying its cost
    discard CARD CARD                   discard exactly two cards
    start                               play a start card to the start spot
    finish                              play a finish card (full grid, start played): a win
    share [CARD ...] | share none       `published` start event: this player's part of the
                                        team discard (see ``choices.share_round``)

>>> parse_action("play 41 d3 discard 12 77")
Play(card=41, cell='d3', discards=(12, 77))
>>> str(parse_action("DISCARD 80 start"))
'discard start 80'
>>> all(str(parse_action(text)) == text for text in ["start", "finish", "share none", "share 3 9"])
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ActionFormatError, CellError
from ..grid import CELL_NAMES, cell_index, shorten
from .choices import FINISH, card_text, is_island, parse_card, sort_hand

__all__ = [
    "Action",
    "Discard",
    "Finish",
    "Play",
    "Share",
    "Start",
    "parse_action",
]


_CARD_TEXTS = tuple(card_text(card) for card in range(FINISH + 1))
""":func:`card_text` of every card, by value."""


def _cards_text(cards: tuple[int, ...]) -> str:
    return " ".join(map(_CARD_TEXTS.__getitem__, cards))


def play_text(card: int, cell: str, discards: tuple[int, ...]) -> str:
    """The text of the play of ``card`` on ``cell`` paid with ``discards`` (a cell name and
    sorted cards, as :meth:`Play._of` takes them), without making the play: a game loop that
    records text only asks for this.

    >>> play_text(41, "d3", (7, 80)) == str(Play(41, "d3", (80, 7)))
    True
    """
    if discards:
        return f"play {card} {cell} discard {_cards_text(discards)}"
    return f"play {card} {cell}"


def discard_text(cards: tuple[int, ...]) -> str:
    """The text of the discard of ``cards`` (sorted), as :func:`play_text` for a play.

    >>> discard_text((3, 80)) == str(Discard((80, 3)))
    True
    """
    return "discard " + _cards_text(cards)


@dataclass(frozen=True, order=True)
class Play:
    """Play island ``card`` on the empty ``cell``, discarding ``discards`` to pay its cost.

    >>> str(Play(41, "d3"))
    'play 41 d3'
    """

    card: int
    cell: str
    discards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", CELL_NAMES[cell_index(self.cell)])
        object.__setattr__(self, "discards", sort_hand(tuple(self.discards)))

    @classmethod
    def _of(cls, card: int, cell: str, discards: tuple[int, ...]) -> Play:
        """A play from values already checked (a cell name, sorted discards): the engine builds
        thousands per game, so it skips the normalisation of ``__init__``."""
        play = object.__new__(cls)
        play.__dict__.update(card=card, cell=cell, discards=discards)
        return play

    def __str__(self) -> str:
        return play_text(self.card, self.cell, self.discards)


@dataclass(frozen=True, order=True)
class Discard:
    """Discard exactly two cards from hand (the rules' fourth kind of turn).

    >>> str(Discard((80, 3)))
    'discard 3 80'
    """

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", sort_hand(tuple(self.cards)))

    @classmethod
    def _of(cls, cards: tuple[int, ...]) -> Discard:
        """A discard of cards already sorted (see :meth:`Play._of`)."""
        action = object.__new__(cls)
        object.__setattr__(action, "cards", cards)
        return action

    def __str__(self) -> str:
        return discard_text(self.cards)


@dataclass(frozen=True, order=True)
class Start:
    """Play a start card to the start spot.

    >>> str(Start())
    'start'
    """

    def __str__(self) -> str:
        return "start"


@dataclass(frozen=True, order=True)
class Finish:
    """Play a finish card: allowed on a full grid after a start card, and wins the game.

    >>> str(Finish())
    'finish'
    """

    def __str__(self) -> str:
        return "finish"


@dataclass(frozen=True, order=True)
class Share:
    """This player's part of the `published` start event's team discard (possibly none).

    >>> str(Share(())), str(Share((9, 3)))
    ('share none', 'share 3 9')
    """

    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", sort_hand(tuple(self.cards)))

    @classmethod
    def _of(cls, cards: tuple[int, ...]) -> Share:
        """A share of cards already sorted (see :meth:`Play._of`)."""
        action = object.__new__(cls)
        object.__setattr__(action, "cards", cards)
        return action

    def __str__(self) -> str:
        return f"share {_cards_text(self.cards)}" if self.cards else "share none"


Action = Play | Discard | Start | Finish | Share
"""Any game action.

>>> import tranquility_solver as tq
>>> action: tq.Action = tq.parse_action("play 41 d3")
>>> type(action).__name__
'Play'
"""


def parse_action(text: str) -> Action:
    """Read an action from its text form; errors quote the text and say what was expected.

    >>> parse_action("play 41 z9")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.ActionFormatError: 'play 41 z9': unknown cell 'z9': expected ...
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_action expects str, got {type(text).__name__}")
    words = text.split()
    quoted = repr(shorten(text.strip(), 60))
    if not words:
        raise ActionFormatError("empty action: expected play, discard, start, finish or share")
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb in ("start", "finish"):
            if rest:
                raise ActionFormatError(f"{verb!r} takes no further words")
            return Start() if verb == "start" else Finish()
        if verb == "discard":
            if len(rest) != 2:
                raise ActionFormatError("'discard' takes exactly two cards, e.g. 'discard 3 80'")
            return Discard(tuple(parse_card(word) for word in rest))
        if verb == "share":
            if [word.lower() for word in rest] == ["none"]:
                return Share(())
            return Share(tuple(parse_card(word) for word in rest))
        if verb == "play":
            if len(rest) < 2:
                raise ActionFormatError("'play' needs a card and a cell, e.g. 'play 41 d3'")
            card = parse_card(rest[0])
            if not is_island(card):
                raise ActionFormatError(
                    f"only island cards go on the grid; write {card_text(card)!r} alone"
                )
            cell = CELL_NAMES[cell_index(rest[1])]
            paid = rest[2:]
            if paid and paid[0].lower() != "discard":
                raise ActionFormatError(f"expected 'discard' after the cell, got {paid[0]!r}")
            if paid and len(paid) == 1:
                raise ActionFormatError("'discard' after a play needs at least one card")
            return Play(card, cell, tuple(parse_card(word) for word in paid[1:]))
    except (ActionFormatError, CellError) as error:
        raise ActionFormatError(f"{quoted}: {error}") from None
    raise ActionFormatError(
        f"{quoted}: unknown action {shorten(words[0])!r}: expected play, discard, start, finish "
        "or share"
    )
