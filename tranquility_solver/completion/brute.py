"""Brute-force search: tries every pool number in every empty cell. Exponential; for tests.

It knows nothing of windows or scheduling, only the precedence pairs, so it is an independent
reference for the other engines.

>>> from tranquility_solver.rules import Rules
>>> cells = (*range(1, 35), None, None)
>>> brute_count(cells, (40, 41, 42), Rules.published().order)
3
"""

from __future__ import annotations

from ..grid import Cells
from ..rules import Order

__all__ = ["brute_complete", "brute_count"]


def _search(
    cells: Cells, pool: tuple[int, ...], order: Order, stop_at_first: bool
) -> tuple[int, Cells | None]:
    for low, high in order.pairs:
        low_value, high_value = cells[low], cells[high]
        if low_value is not None and high_value is not None and low_value >= high_value:
            return 0, None
    empties = [cell for cell in order.topological if cells[cell] is None]
    if len(empties) > len(pool):
        return 0, None
    values = list(cells)
    used = [False] * len(pool)
    found: list[Cells] = []
    total = 0

    def fits(cell: int, number: int) -> bool:
        # Predecessors come earlier in topological order, so they are all set by now.
        for low in order.predecessors[cell]:
            below = values[low]
            if below is not None and below >= number:
                return False
        for high in order.successors[cell]:
            above = values[high]
            if above is not None and above <= number:
                return False
        return True

    def extend(position: int) -> bool:
        nonlocal total
        if position == len(empties):
            total += 1
            if not found:
                found.append(tuple(values))
            return stop_at_first
        cell = empties[position]
        for slot, number in enumerate(pool):
            if used[slot] or not fits(cell, number):
                continue
            used[slot] = True
            values[cell] = number
            stop = extend(position + 1)
            values[cell] = None
            used[slot] = False
            if stop:
                return True
        return False

    extend(0)
    return total, (found[0] if found else None)


def brute_complete(cells: Cells, pool: tuple[int, ...], order: Order) -> Cells | None:
    """The first completion found by exhaustive search, or ``None``."""
    return _search(cells, pool, order, stop_at_first=True)[1]


def brute_count(cells: Cells, pool: tuple[int, ...], order: Order) -> int:
    """The number of completions, by enumerating them all."""
    return _search(cells, pool, order, stop_at_first=False)[0]
