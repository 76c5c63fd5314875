"""Shared hypothesis strategies for the Tranquility tests.

Instances are built from a random *valid* full grid with some cells removed, so completable and
uncompletable cases both occur often: the pool gets the removed numbers, minus a few, plus a few
unused ones, and sometimes two placed cards are swapped so the grid breaks the order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import strategies as st

from tranquility_solver import Grid, Rules
from tranquility_solver.rules import Order

PRESETS = (Rules.seed(), Rules.published())
presets = st.sampled_from(PRESETS)


@st.composite
def random_rules(draw: st.DrawFn) -> Rules:
    """A third preset with a random order relation: pairs (i, j), i < j, so it is a DAG."""
    pairs = draw(
        st.sets(
            st.tuples(st.integers(0, 34), st.integers(1, 35)).filter(lambda p: p[0] < p[1]),
            max_size=50,
        )
    )
    transitive = draw(st.booleans())
    return Rules("random", tuple(sorted(pairs)), transitive, PRESETS[0].discard_cost)


@dataclass(frozen=True)
class Instance:
    grid: Grid
    pool: tuple[int, ...]
    rules: Rules


def random_linear_extension(order: Order, rng: random.Random) -> list[int]:
    """The cells in a random order that respects the precedence pairs."""
    placed: set[int] = set()
    sequence: list[int] = []
    while len(sequence) < 36:
        ready = [
            cell
            for cell in range(36)
            if cell not in placed and all(low in placed for low in order.predecessors[cell])
        ]
        cell = rng.choice(ready)
        placed.add(cell)
        sequence.append(cell)
    return sequence


def random_full_grid(rules: Rules, rng: random.Random) -> Grid:
    """A random filled grid that follows the order rule."""
    numbers = sorted(rng.sample(range(1, 81), 36))
    cells: list[int | None] = [None] * 36
    for cell, number in zip(random_linear_extension(rules.order, rng), numbers, strict=True):
        cells[cell] = number
    return Grid(tuple(cells))


@st.composite
def instances(
    draw: st.DrawFn,
    max_empty: int = 5,
    max_extra: int = 3,
    rules: Rules | None = None,
    allow_swap: bool = True,
) -> Instance:
    chosen = draw(presets | random_rules()) if rules is None else rules
    rng = draw(st.randoms(use_true_random=False))
    full = random_full_grid(chosen, rng)
    empty_count = draw(st.integers(0, max_empty))
    removed = rng.sample(range(36), empty_count)
    cells = list(full.cells)
    removed_numbers = []
    for cell in removed:
        removed_numbers.append(cells[cell])
        cells[cell] = None
    if allow_swap and draw(st.integers(0, 9)) == 0:
        filled = [cell for cell in range(36) if cells[cell] is not None]
        if len(filled) >= 2:
            first, second = rng.sample(filled, 2)
            cells[first], cells[second] = cells[second], cells[first]
    kept = [n for n in removed_numbers if n is not None]
    rng.shuffle(kept)
    dropped = draw(st.integers(0, min(2, len(kept))))
    pool = set(kept[dropped:])
    unused = sorted(set(range(1, 81)) - set(full.cells))
    pool.update(rng.sample(unused, draw(st.integers(0, max_extra))))
    return Instance(Grid(tuple(cells)), tuple(sorted(pool)), chosen)


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    """Any grid: random distinct cards on random cells, order not respected."""
    cells = draw(st.lists(st.sampled_from(range(36)), unique=True, max_size=36))
    numbers = draw(
        st.lists(st.integers(1, 80), unique=True, min_size=len(cells), max_size=len(cells))
    )
    values: list[int | None] = [None] * 36
    for cell, number in zip(cells, numbers, strict=True):
        values[cell] = number
    return Grid(tuple(values))
