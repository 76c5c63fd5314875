"""Loss proofs for the deal search: the turn budget (:func:`turns_fit`, any preset) and, from
the `seed` discard cost, a cell no hand can ever afford to fill.

In `seed` a card costs, per axis, the difference between its two neighbours on that axis when
both are filled (:func:`~tranquility_solver.rules.adjacent_axis_cost`), and a placement is
legal only when the hand can pay it: at most ``hand - 1`` cards, so never more than
:func:`cost_cap`. Filled cells never empty, so an axis once wedged stays wedged at the same
difference, and the cost of an empty cell only grows. Hence two sound proofs that a grid can
never be full (docs/deals.md, rule 5):

- a cell already wedged beyond the cap can never be filled (:func:`overpriced_cell`);
- in a run of empty cells between two filled cells of one row or column, the cell of the run
  filled last is wedged between its two neighbours in the run, so some three values in a row
  of the run (the two ends counted) must lie within the cap; when no three cards still held
  can (:func:`unclosable_run`), the run can never be closed.

>>> from tranquility_solver.rules import Rules
>>> cap = cost_cap(Rules.seed())
>>> cells = (10, None, 20) + (None,) * 33
>>> cap, overpriced_cell(cells, cap)
(4, 1)
>>> cells = (10, None, None, 20) + (None,) * 32
>>> unclosable_run(cells, (12, 17), cap), unclosable_run(cells, (12, 13), cap)
(True, False)
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterator

from ..game.choices import HAND_SIZE
from ..grid import COLUMNS, ROWS, Cells
from ..rules import Rules, adjacent_axis_cost

__all__ = [
    "LINES",
    "cost_cap",
    "line_runs",
    "overpriced_cell",
    "turns_fit",
    "unaffordable",
    "unclosable_run",
]

LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(row * COLUMNS + column for column in range(COLUMNS)) for row in range(ROWS)
) + tuple(tuple(row * COLUMNS + column for row in range(ROWS)) for column in range(COLUMNS))
"""The rows, then the columns, each as its cells in increasing order."""


def cost_cap(rules: Rules) -> int | None:
    """The most any placement can ever cost under ``rules`` when their cost is the `seed`
    wedge cost (a hand holds at most five cards, seven in a two-player share round of a start
    event that draws two), else ``None``: no proof here.

    >>> cost_cap(Rules.seed()), cost_cap(Rules.published())
    (4, None)
    """
    if rules.discard_cost is not adjacent_axis_cost:
        return None
    return HAND_SIZE + rules.start_card.two_player_draw - 1


def overpriced_cell(cells: Cells, cap: int) -> int | None:
    """The first empty cell whose wedged axes already cost more than ``cap``, if any.

    >>> overpriced_cell((10, None, 14) + (None,) * 33, 4) is None
    True
    """
    for index, value in enumerate(cells):
        if value is None and adjacent_axis_cost(cells, index, 0) > cap:
            return index
    return None


def unclosable_run(cells: Cells, pool: tuple[int, ...], cap: int) -> bool:
    """Whether some run of two or more empty cells between two filled cells of a row or a
    column can never be closed: no three consecutive values of its two ends and the cards of
    the sorted ``pool`` between them lie within ``cap`` (the last cell of the run filled would
    cost at least their spread on that axis alone; a run of one is
    :func:`overpriced_cell`'s case).

    >>> unclosable_run((10, None, None, None, 30) + (None,) * 31, (11, 12, 29), 4)
    False
    """
    for line in LINES:
        for low, high, empty in line_runs(cells, line):
            if empty >= 2:
                values = [low, *pool[bisect_right(pool, low) : bisect_right(pool, high - 1)]]
                values.append(high)
                if all(values[i + 2] - values[i] > cap for i in range(len(values) - 2)):
                    return True
    return False


def line_runs(cells: Cells, line: tuple[int, ...]) -> Iterator[tuple[int, int, int]]:
    """``(low, high, empty)`` for each run of empty cells between two filled cells along
    ``line``, in order: the values around the run and how many cells it has.

    >>> list(line_runs((10, None, 14, None, None, 30), LINES[0]))
    [(10, 14, 1), (14, 30, 2)]
    """
    low: int | None = None
    empty = 0
    for index in line:
        value = cells[index]
        if value is None:
            empty += 1
            continue
        if low is not None and empty:
            yield low, value, empty
        low, empty = value, 0


def unaffordable(cells: Cells, pool: tuple[int, ...], cap: int) -> bool:
    """Whether some cell can never be filled for its cost: :func:`overpriced_cell` or
    :func:`unclosable_run` (``pool``: the island cards still held, sorted).

    >>> unaffordable((10, None, 20) + (None,) * 33, (15,), 4)
    True
    """
    return overpriced_cell(cells, cap) is not None or unclosable_run(cells, pool, cap)


def turns_fit(supply: list[int], current: int, needed: int, *, at_once: bool = True) -> bool:
    """Whether some game length ``T >= needed`` lets every player take their turns.

    Turns go round from ``current``; over ``T`` turns the player ``i`` seats on takes
    ``ceil((T - i) / n)``. Each turn costs its player at least one card of hand and deck, so a
    player needs at least as many cards as turns. When running out of cards loses ``at_once``,
    every player but the one who finishes must also still hold a card after their last turn:
    one card more. Adding ``n`` turns adds one to every count, so only ``T`` in
    ``needed .. needed + n - 1`` need checking. (When the loss waits for the player's turn, the
    counts only grow with ``T`` and ``T = needed`` alone decides.)

    >>> turns_fit([3, 2], 0, 5), turns_fit([3, 3], 0, 5), turns_fit([2, 3], 1, 5)
    (False, True, False)
    >>> turns_fit([3, 2], 0, 5, at_once=False), turns_fit([2, 2], 0, 5, at_once=False)
    (True, False)
    """
    players = len(supply)
    for total in range(needed, needed + players):
        finisher = (total - 1) % players
        if all(
            supply[(current + offset) % players]
            >= max(0, math.ceil((total - offset) / players)) + (at_once and offset != finisher)
            for offset in range(players)
        ):
            return True
    return False
