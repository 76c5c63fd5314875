"""The 6 × 6 Tranquility grid: cell names, the text format and the immutable :class:`Grid`.

>>> grid = Grid.empty().place("a1", 5).place("b1", 9)
>>> grid["b1"]
9
>>> print(str(grid).splitlines()[-1])
 5  9  .  .  .  .
>>> Grid.parse(str(grid)) == grid
True
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from .errors import CardError, CellError, GridFormatError, IllegalPlacementError

__all__ = [
    "CELL_COUNT",
    "CELL_INDEX",
    "CELL_NAMES",
    "COLUMNS",
    "FIRST_CARD",
    "LAST_CARD",
    "ROWS",
    "Cells",
    "Grid",
    "cell_index",
    "cell_name",
    "check_card",
    "digits_value",
    "shorten",
]

COLUMNS = 6
ROWS = 6
CELL_COUNT = COLUMNS * ROWS
FIRST_CARD = 1
LAST_CARD = 80
_COLUMN_LETTERS = "abcdef"
_CARD_DIGITS = len(str(LAST_CARD))

# Cell index = (row - 1) * 6 + column, so index order is the reading order from the bottom
# (a1, b1, …, f1, a2, …, f6) that the `published` order rule uses.
CELL_NAMES: tuple[str, ...] = tuple(
    f"{letter}{row}" for row in range(1, ROWS + 1) for letter in _COLUMN_LETTERS
)
"""The 36 cell names in reading order from the bottom row: ``a1`` … ``f1``, ``a2`` … ``f6``.

>>> import tranquility_solver as tq
>>> tq.CELL_NAMES[:3], len(tq.CELL_NAMES)
(('a1', 'b1', 'c1'), 36)
"""
CELL_INDEX: Mapping[str, int] = MappingProxyType(
    {name: index for index, name in enumerate(CELL_NAMES)}
)
"""Index of each cell name as written in :data:`CELL_NAMES` (``cell_index`` also reads other
spellings and checks)."""

Cells = tuple[int | None, ...]
"""Card number per cell index (``None`` = empty); length 36."""


def cell_index(cell: str | int) -> int:
    """Index 0–35 of a cell given by name or index.

    >>> cell_index("a1"), cell_index("f1"), cell_index("a2"), cell_index("F6")
    (0, 5, 6, 35)
    """
    if isinstance(cell, int) and not isinstance(cell, bool):
        if 0 <= cell < CELL_COUNT:
            return cell
        raise CellError(f"cell index {cell} is outside 0-{CELL_COUNT - 1}")
    if isinstance(cell, str):
        index = CELL_INDEX.get(cell.strip().lower())
        if index is not None:
            return index
    raise CellError(f"unknown cell {cell!r}: expected a name a1-f6 (column a-f, row 1-6)")


def cell_name(index: int) -> str:
    """Name of the cell with the given index.

    >>> cell_name(0), cell_name(35)
    ('a1', 'f6')
    """
    return CELL_NAMES[cell_index(index)]


def check_card(card: object, where: str = "") -> int:
    """``card`` as a plain ``int`` if it is an island card number 1–80, else raise
    :class:`CardError`.

    Any integer type is accepted (``IntEnum`` members, numpy integers: whatever has
    ``__index__``); ``bool`` is refused, as ``True`` is no card.

    >>> check_card(80)
    80
    """
    if isinstance(card, bool):
        raise CardError(f"{where}card {card!r} is not an integer")
    try:
        number = operator.index(card)  # type: ignore[arg-type]
    except TypeError:
        raise CardError(f"{where}card {card!r} is not an integer") from None
    if not FIRST_CARD <= number <= LAST_CARD:
        raise CardError(f"{where}card {number} is outside {FIRST_CARD}-{LAST_CARD}")
    return number


def shorten(text: str, limit: int = 20) -> str:
    """``text`` cut to about ``limit`` characters, so an error message stays one short line.

    >>> shorten("1" * 5000)
    '1111111111… (5000 characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[: limit // 2]}… ({len(text)} characters)"


def digits_value(token: str) -> int | None:
    """The number an ASCII-digit token spells, ``None`` if it has too many digits for a card.

    ``int()`` refuses strings of thousands of digits with a message that names no cell, and
    ``str.isdigit`` also accepts "²" or Arabic-Indic digits; callers check ``token.isascii() and
    token.isdigit()`` first and word the errors themselves.

    >>> digits_value("007"), digits_value("0" * 50 + "1000")
    (7, None)
    """
    significant = token.lstrip("0")
    if len(significant) > _CARD_DIGITS:
        return None
    return int(significant or "0")  # int() counts leading zeros against its digit limit too


@dataclass(frozen=True, repr=False)
class Grid:
    """An immutable 6 × 6 grid; ``cells[i]`` is the card on cell ``CELL_NAMES[i]`` or ``None``.

    >>> grid = Grid.parse('''
    ... .  .  .  .  .  .
    ... .  .  .  .  .  .
    ... .  .  .  .  .  .
    ... .  .  .  .  .  .
    ... 7  .  .  .  .  .
    ... 1  2  .  .  .  .
    ... ''')
    >>> grid["a2"], grid.filled_count
    (7, 3)
    >>> eval(repr(grid)) == grid
    True
    """

    cells: Cells = (None,) * CELL_COUNT

    def __post_init__(self) -> None:
        given = tuple(self.cells)
        if len(given) != CELL_COUNT:
            raise GridFormatError(f"a grid has {CELL_COUNT} cells, got {len(given)}")
        # Plain ints from here on, so numpy or IntEnum cards hash, compare and print as cards.
        cells = tuple(
            None if card is None else check_card(card, where=f"cell {CELL_NAMES[index]}: ")
            for index, card in enumerate(given)
        )
        object.__setattr__(self, "cells", cells)
        seen: dict[int, int] = {}
        for index, card in enumerate(cells):
            if card is None:
                continue
            if card in seen:
                raise CardError(
                    f"cell {CELL_NAMES[index]}: card {card} is already on {CELL_NAMES[seen[card]]}"
                )
            seen[card] = index

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def empty(cls) -> Grid:
        """The grid with no card on it.

        >>> Grid.empty().filled_count
        0
        """
        return cls()

    @classmethod
    def from_mapping(cls, cards: Mapping[str, int]) -> Grid:
        """Build a grid from ``{cell name: card}``; naming one cell twice is a :class:`CellError`.

        >>> Grid.from_mapping({"a1": 3, "f6": 80})["f6"]
        80
        >>> Grid.from_mapping({"a1": 3, "A1": 4})
        Traceback (most recent call last):
        ...
        tranquility_solver.errors.CellError: cell a1 is given twice ('a1' and 'A1')
        """
        cells: list[int | None] = [None] * CELL_COUNT
        given: dict[int, str] = {}
        for cell, card in cards.items():
            index = cell_index(cell)
            if index in given:
                raise CellError(
                    f"cell {CELL_NAMES[index]} is given twice ({given[index]!r} and {cell!r})"
                )
            given[index] = cell
            cells[index] = card
        return cls(tuple(cells))

    @classmethod
    def parse(cls, text: str) -> Grid:
        """Read the text format: six lines, top row (6) first, six tokens ``1``–``80`` or ``.``.

        Blank lines and ``#`` comments are ignored.

        >>> Grid.parse(str(Grid.empty())) == Grid.empty()
        True
        """
        if not isinstance(text, str):
            hint = (
                " (decode bytes first, e.g. data.decode('utf-8'))"
                if isinstance(text, bytes | bytearray)
                else ""
            )
            raise TypeError(
                f"Grid.parse expects the grid text as str, got {type(text).__name__}{hint}"
            )
        rows: list[list[str]] = []
        for raw_line in text.splitlines():
            tokens = raw_line.split("#", 1)[0].split()
            if tokens:
                rows.append(tokens)
        if len(rows) != ROWS:
            plural = "row" if len(rows) == 1 else "rows"
            raise GridFormatError(
                f"expected {ROWS} rows of {COLUMNS} tokens, got {len(rows)} {plural}"
            )
        cells: list[int | None] = [None] * CELL_COUNT
        for position, tokens in enumerate(rows):
            row = ROWS - position
            if len(tokens) != COLUMNS:
                raise GridFormatError(
                    f"row {row} (line {position + 1} of the grid) has {len(tokens)} tokens, "
                    f"expected {COLUMNS}: {' '.join(tokens)!r}"
                )
            for column, token in enumerate(tokens):
                index = (row - 1) * COLUMNS + column
                if token == ".":
                    continue
                if not (token.isascii() and token.isdigit()):
                    raise GridFormatError(
                        f"cell {CELL_NAMES[index]}: token {token!r} is neither a card number "
                        f"{FIRST_CARD}-{LAST_CARD} nor '.'"
                    )
                number = digits_value(token)
                if number is None:
                    raise CardError(
                        f"cell {CELL_NAMES[index]}: card {shorten(token)} is outside "
                        f"{FIRST_CARD}-{LAST_CARD}"
                    )
                cells[index] = number
        return cls(tuple(cells))

    def __str__(self) -> str:
        lines = []
        for row in range(ROWS, 0, -1):
            start = (row - 1) * COLUMNS
            tokens = ("." if card is None else str(card) for card in self.cells[start : start + 6])
            lines.append(" ".join(token.rjust(2) for token in tokens))
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return f"Grid.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        # Imported here, not at the top: render draws grids, so it imports this module.
        from .render import render_svg

        return render_svg(self)

    # -- queries ------------------------------------------------------------------------------

    def __getitem__(self, cell: str | int) -> int | None:
        return self.cells[cell_index(cell)]

    def __iter__(self) -> Iterator[tuple[str, int | None]]:
        """Pairs ``(cell name, card or None)`` in index order (a1, b1, …, f6)."""
        return zip(CELL_NAMES, self.cells, strict=True)

    @cached_property
    def numbers(self) -> frozenset[int]:
        """The cards on the grid."""
        return frozenset(card for card in self.cells if card is not None)

    def cell_of(self, card: int) -> str | None:
        """The name of the cell holding ``card``, ``None`` if it is not on the grid.

        >>> Grid.empty().place("c3", 40).cell_of(40)
        'c3'
        """
        if card not in self.numbers:
            return None
        return CELL_NAMES[self.cells.index(card)]

    def check_play(self, cell: str | int, card: int) -> tuple[int, int]:
        """``(cell index, card)`` after checking ``card`` may go on ``cell`` as far as the grid
        itself goes (order and cost aside); shared by :meth:`place` and the placement checks so
        both raise the same errors.

        An occupied cell is an :class:`IllegalPlacementError`; a card already on the grid, like
        everywhere else in the library, a :class:`CardError` naming the cell that holds it.

        >>> Grid.empty().place("a1", 3).check_play("b1", 3)
        Traceback (most recent call last):
        ...
        tranquility_solver.errors.CardError: cannot play 3 on b1: card 3 is already on a1
        """
        index = cell_index(cell)
        name = CELL_NAMES[index]
        number = check_card(card, where=f"cell {name}: ")
        held = self.cells[index]
        if held is not None:
            raise IllegalPlacementError(
                f"cannot play {number} on {name}: the cell already holds {held}"
            )
        where = self.cell_of(number)
        if where is not None:
            raise CardError(f"cannot play {number} on {name}: card {number} is already on {where}")
        return index, number

    @property
    def filled_count(self) -> int:
        """How many cells hold a card."""
        return CELL_COUNT - self.cells.count(None)

    @property
    def is_full(self) -> bool:
        """True when all 36 cells hold a card."""
        return None not in self.cells

    @property
    def empty_cells(self) -> tuple[str, ...]:
        """Names of the empty cells in index order."""
        return tuple(
            name for name, card in zip(CELL_NAMES, self.cells, strict=True) if card is None
        )

    def place(self, cell: str | int, card: int) -> Grid:
        """A new grid with ``card`` on the empty ``cell`` (no order or cost check; errors as in
        :meth:`check_play`).

        >>> Grid.empty().place("c3", 40)["c3"]
        40
        """
        index, number = self.check_play(cell, card)
        cells = list(self.cells)
        cells[index] = number
        return Grid._checked(tuple(cells))

    def _placed(self, index: int, card: int) -> Grid:
        """:meth:`place` for a placement already checked (an empty cell index, an island card
        not on the grid): the game engine's, once it has checked the play."""
        return Grid._of_placed(self.cells, index, card)

    @classmethod
    def _of_placed(cls, cells: Cells, index: int, card: int) -> Grid:
        """:meth:`_placed` on the grid of ``cells``."""
        changed = list(cells)
        changed[index] = card
        return cls._checked(tuple(changed))

    @classmethod
    def _checked(cls, cells: Cells) -> Grid:
        """A grid from cells known to be valid (plain ints, distinct, 36 of them): skips the
        checks of ``__post_init__``, which games pay on every card played otherwise."""
        grid = object.__new__(cls)
        object.__setattr__(grid, "cells", cells)
        return grid

    def with_cards(self, cards: Iterable[tuple[str | int, int]]) -> Grid:
        """A new grid with several ``(cell, card)`` placements applied in turn."""
        grid = self
        for cell, card in cards:
            grid = grid.place(cell, card)
        return grid
