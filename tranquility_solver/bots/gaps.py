"""HeuristicBot's estimate, under `seed` costs, of the cards the gaps of the rows and columns
will still cost (:func:`gap_cost`), and how a play changes it.

>>> from tranquility_solver.grid import Grid
>>> gap_cost(Grid.from_mapping({"a1": 10, "c1": 14}).cells)  # b1 wedged between 10 and 14
4.0
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "LINES",
    "LineSplit",
    "gap_change",
    "gap_cost",
    "gaps_through",
    "line_gap",
    "line_split",
    "split_gap",
]


def gap_cost(cells: Sequence[int | None]) -> float:
    """Estimated cards it will cost to close the gaps of the rows and columns (`seed` costs).

    A run of ``k`` empty cells between filled ``low`` and ``high`` on one axis ends with a card
    wedged between two of them, about ``2 (high - low) / (k + 1)`` apart when the run is filled
    evenly; for ``k = 1`` that is exactly the wedged cell's cost. Runs that reach the border cost
    nothing.
    """
    return sum(line_gap(cells[start : start + 6 * step : step]) for start, step in LINES)


def gap_change(before: float, cells: Sequence[int | None], index: int, card: int) -> float:
    """How :func:`gap_cost` changes when ``card`` fills the empty cell ``index``: only its row
    and column change; ``before`` is what they contributed (:func:`gaps_through`)."""
    row, column = divmod(index, 6)
    across = list(cells[row * 6 : row * 6 + 6])
    across[column] = card
    up = list(cells[column::6])
    up[row] = card
    return line_gap(across) + line_gap(up) - before


def gaps_through(cells: Sequence[int | None], index: int) -> float:
    """What the row and the column through cell ``index`` contribute to :func:`gap_cost`."""
    row, column = divmod(index, 6)
    return line_gap(cells[row * 6 : row * 6 + 6]) + line_gap(cells[column::6])


def line_gap(line: Sequence[int | None]) -> float:
    """What one row or column (its six cells in order) contributes to :func:`gap_cost`."""
    return _scan(line)[0]


def _scan(line: Sequence[int | None]) -> tuple[float, int | None, int]:
    """:func:`line_gap` of ``line``, with its last filled value and the empty cells after it."""
    total = 0.0
    previous: int | None = None
    run = 0
    for value in line:
        if value is None:
            run += 1
            continue
        if previous is not None and run:
            total += 2 * abs(value - previous) / (run + 1)
        previous, run = value, 0
    return total, previous, run


LineSplit = tuple[float, int, int, int, int, tuple[float, ...]]
"""One line cut around an empty cell (:func:`line_split`): the sum so far, the filled value
below the cell and its divisor, the one above and its divisor (divisor 0: no term), and the
terms after them."""


def line_split(line: Sequence[int | None], position: int) -> LineSplit:
    """What :func:`line_gap` of ``line`` with a card on its empty cell ``position`` adds up,
    but for the two terms that read the card: :func:`split_gap` gives the same float.

    >>> split = line_split((10, None, None, 20, None, None), 1)
    >>> split, split_gap(split, 12) == line_gap((10, 12, None, 20, None, None))
    ((0.0, 10, 0, 20, 2, ()), True)
    """
    total, previous, run = _scan(line[:position])
    low, low_divisor = previous or 0, run + 1 if previous is not None and run else 0
    terms: list[float] = []
    previous, run = None, 0
    for value in line[position + 1 :]:
        if value is None:
            run += 1
            continue
        if previous is not None and run:
            terms.append(2 * abs(value - previous) / (run + 1))
        elif previous is None:
            high, high_divisor = value, run + 1 if run else 0
        previous, run = value, 0
    if previous is None:
        high, high_divisor = 0, 0
    return total, low, low_divisor, high, high_divisor, tuple(terms)


def split_gap(split: LineSplit, card: int) -> float:
    """:func:`line_gap` of the line :func:`line_split` cut, with ``card`` on its cell: the
    same terms added in the same order, so the same float to the last bit."""
    total, low, low_divisor, high, high_divisor, terms = split
    if low_divisor:
        total += 2 * abs(card - low) / low_divisor
    if high_divisor:
        total += 2 * abs(high - card) / high_divisor
    for term in terms:
        total += term
    return total


LINES = tuple((row * 6, 1) for row in range(6)) + tuple((column, 6) for column in range(6))
"""Each row (left to right) and column (bottom to top) as ``(first cell, step)``."""
