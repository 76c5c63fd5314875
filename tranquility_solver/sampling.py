"""Random valid grids, for tests, benchmarks and experiments.

>>> import random
>>> from tranquility_solver import Rules, violations
>>> grid = random_full_grid(Rules.seed(), random.Random(7))
>>> grid.is_full, violations(grid, Rules.seed())
(True, ())
"""

from __future__ import annotations

import random

from .grid import CELL_COUNT, FIRST_CARD, LAST_CARD, Grid
from .rules import Order, Rules

__all__ = ["random_full_grid", "random_linear_extension"]


def random_linear_extension(order: Order, rng: random.Random) -> list[int]:
    """All cell indices in a random sequence that respects the precedence pairs.

    >>> from tranquility_solver import Rules
    >>> random_linear_extension(Rules.published().order, random.Random(1))[:3]
    [0, 1, 2]
    """
    placed: set[int] = set()
    sequence: list[int] = []
    while len(sequence) < CELL_COUNT:
        ready = [
            cell
            for cell in range(CELL_COUNT)
            if cell not in placed and all(low in placed for low in order.predecessors[cell])
        ]
        cell = rng.choice(ready)
        placed.add(cell)
        sequence.append(cell)
    return sequence


def random_full_grid(rules: Rules, rng: random.Random) -> Grid:
    """A random filled grid that follows ``rules``' order: 36 random distinct cards 1–80,
    dealt in increasing order along a random linear extension of the order.

    Same ``rng`` state, same grid.

    >>> import random
    >>> from tranquility_solver import Rules
    >>> grid = random_full_grid(Rules.published(), random.Random(3))
    >>> list(grid.cells) == sorted(grid.cells)
    True
    """
    numbers = sorted(rng.sample(range(FIRST_CARD, LAST_CARD + 1), CELL_COUNT))
    cells: list[int | None] = [None] * CELL_COUNT
    for cell, number in zip(random_linear_extension(rules.order, rng), numbers, strict=True):
        cells[cell] = number
    return Grid(tuple(cells))
