"""Exact counting of completions.

For any order relation: a dynamic programme over order ideals ("shapes": sets of cells closed
downwards), processing every number (pool and placed) in increasing order. For `seed` the ideals
are the 924 down-left-closed shapes of the 6 × 6 grid. For a total order (`published`): a product
of binomial coefficients over runs of empty cells.

>>> from tranquility_solver.rules import Rules
>>> empty = (None,) * 36
>>> count_ideals(empty, tuple(range(1, 37)), Rules.published().order)
1
>>> count_runs(empty, tuple(range(1, 38)), tuple(range(36)))
37
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from math import comb, perm
from typing import Final

from ..errors import CountLimitError
from ..grid import CELL_COUNT, LAST_CARD, Cells
from ..rules import Order

__all__ = ["MAX_COUNT_WORK", "count", "count_ideals", "count_runs"]


def count_runs(cells: Cells, pool: tuple[int, ...], chain: tuple[int, ...]) -> int:
    """Completions under a total order: each run of ``k`` empty cells between filled values
    ``lo`` and ``hi`` takes any ``k`` of the pool numbers strictly between them, in order."""
    total = 1
    previous = 0
    run = 0
    for cell in (*chain, None):
        value = LAST_CARD + 1 if cell is None else cells[cell]
        if value is None:
            run += 1
            continue
        if value <= previous:
            return 0
        if run:
            between = bisect_left(pool, value) - bisect_right(pool, previous)
            total *= comb(between, run)
            run = 0
        previous = value
    return total


MAX_COUNT_WORK: Final = 1_500_000
"""Shape steps (a shape tried, or one of its corners) :func:`count_ideals` may take before it
gives up with :class:`CountLimitError`.

The empty seed grid with all 80 cards needs about 166,000 (924 shapes); about half a second at most
is spent before giving up; a custom order with many independent chains can have millions of
shapes, and its exact count would run for hours.
"""


def count_ideals(
    cells: Cells, pool: tuple[int, ...], order: Order, work_limit: int | None = None
) -> int:
    """Completions for any order: count increasing fillings shape by shape.

    A completion lists its cells by increasing number; each prefix is an ideal. So process the
    numbers in increasing order: a placed number must extend the current ideal exactly at its
    own cell, a pool number is either unused or extends it at an empty cell whose lower cells
    are all inside. Completions and paths to the full ideal correspond one to one.

    Cells the order leaves free (no pair names them) take no part in the shapes: whatever the
    constrained cells use, the ``k`` free empty cells take any ``k`` of the numbers left, in any
    arrangement, which is ``perm(left, k)`` ways. Raises :class:`CountLimitError` when the shapes
    need more than ``work_limit`` steps (default :data:`MAX_COUNT_WORK`).
    """
    limit = MAX_COUNT_WORK if work_limit is None else work_limit
    free = [
        cell
        for cell in range(CELL_COUNT)
        if not order.predecessors[cell] and not order.successors[cell]
    ]
    free_empty = sum(1 for cell in free if cells[cell] is None)
    constrained = [cell for cell in range(CELL_COUNT) if cell not in free]
    predecessor_masks = [sum(1 << low for low in lows) for lows in order.predecessors]
    empty_cells = [cell for cell in constrained if cells[cell] is None]
    placed_at = {value: cell for cell in constrained if (value := cells[cell]) is not None}
    numbers = sorted((*pool, *placed_at))
    full = sum(1 << cell for cell in constrained)
    corners: dict[int, tuple[int, ...]] = {}

    def empty_corners(ideal: int) -> tuple[int, ...]:
        found = corners.get(ideal)
        if found is None:
            found = tuple(
                cell
                for cell in empty_cells
                if not ideal >> cell & 1
                and predecessor_masks[cell] & ideal == predecessor_masks[cell]
            )
            corners[ideal] = found
        return found

    work = 0
    states = {0: 1}
    for remaining, number in zip(range(len(numbers), 0, -1), numbers, strict=True):
        cell = placed_at.get(number)
        grown: dict[int, int] = {}
        if cell is not None:
            bit = 1 << cell
            needed = predecessor_masks[cell]
            for ideal, ways in states.items():
                if needed & ideal == needed:
                    grown[ideal | bit] = ways
        else:
            for ideal, ways in states.items():
                # Skipping is only useful if enough numbers remain to fill the rest.
                if (remaining - 1) >= len(constrained) - ideal.bit_count():
                    grown[ideal] = grown.get(ideal, 0) + ways
                corners_here = empty_corners(ideal)
                work += 1 + len(corners_here)
                if work > limit:
                    raise CountLimitError(
                        f"counting the completions needs more than {limit:,} shape steps under "
                        "this order; the count is undecided (the shipped presets need far fewer)"
                    )
                for corner in corners_here:
                    target = ideal | (1 << corner)
                    grown[target] = grown.get(target, 0) + ways
        states = grown
        if not states:
            return 0
    arranged = states.get(full, 0)
    if not arranged:
        return 0
    return arranged * perm(len(pool) - len(empty_cells), free_empty)


def count(cells: Cells, pool: tuple[int, ...], order: Order) -> int:
    """Exact number of completions, by the fastest method that fits ``order``."""
    if order.chain is not None:
        return count_runs(cells, pool, order.chain)
    return count_ideals(cells, pool, order)
