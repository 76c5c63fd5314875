"""Solver-independent checks: the rules page in plain Python, used to test every engine.

>>> from tranquility_solver import Grid, Rules
>>> violations(Grid.from_mapping({"a1": 9, "b1": 4}), Rules.seed())
(('a1', 'b1'),)
"""

from __future__ import annotations

from collections.abc import Iterable

from .grid import CELL_NAMES, Grid
from .rules import Rules

__all__ = ["validate_completion", "violations"]


def violations(grid: Grid, rules: Rules) -> tuple[tuple[str, str], ...]:
    """Pairs ``(must-be-lower, must-be-higher)`` of filled cells that break the order rule.

    `seed` compares directly paired (adjacent) cells; `published` every two filled cells of the
    sequence.

    >>> violations(Grid.from_mapping({"a1": 9, "c1": 4}), Rules.published())
    (('a1', 'c1'),)
    """
    cells = grid.cells
    order = rules.order
    found: list[tuple[int, int]] = []
    for low, low_value in enumerate(cells):
        if low_value is None:
            continue
        if rules.transitive_order:
            higher = [c for c in range(len(cells)) if order.descendants[low] >> c & 1]
        else:
            higher = list(order.successors[low])
        for high in higher:
            high_value = cells[high]
            if high_value is not None and high_value <= low_value:
                found.append((low, high))
    return tuple((CELL_NAMES[low], CELL_NAMES[high]) for low, high in sorted(found))


def validate_completion(
    grid: Grid, completion: Grid, available: Iterable[int], rules: Rules
) -> tuple[str, ...]:
    """Problems that stop ``completion`` from being a completion of ``grid``; empty if valid.

    >>> grid = Grid.from_mapping({"a1": 5})
    >>> validate_completion(grid, grid.place("b1", 3), [3], Rules.seed())[:2]
    ('cell c1 is empty', 'cell d1 is empty')
    """
    pool = set(available)
    problems: list[str] = []
    used: set[int] = set()
    for name, before, after in zip(CELL_NAMES, grid.cells, completion.cells, strict=True):
        if after is None:
            problems.append(f"cell {name} is empty")
        elif before is not None and before != after:
            problems.append(f"cell {name} changed from {before} to {after}")
        elif before is None:
            if after not in pool:
                problems.append(f"cell {name} holds {after}, which is not available")
            if after in used:
                problems.append(f"card {after} is used twice")
            used.add(after)
    if not problems:
        # On a full grid the cover pairs imply every comparable pair, so check them all.
        for low, high in rules.precedences:
            low_value, high_value = completion.cells[low], completion.cells[high]
            if low_value is not None and high_value is not None and low_value >= high_value:
                problems.append(
                    f"{CELL_NAMES[low]}={low_value} must be lower than "
                    f"{CELL_NAMES[high]}={high_value}"
                )
    return tuple(problems)
