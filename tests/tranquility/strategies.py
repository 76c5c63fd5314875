"""Shared hypothesis strategies for the Tranquility tests.

Instances are built from a random *valid* full grid with some cells removed, so completable and
uncompletable cases both occur often: the pool gets the removed numbers, minus a few, plus a few
unused ones, and sometimes two placed cards are swapped so the grid breaks the order.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from tranquility_solver import Grid, Rules, random_full_grid

PRESETS = (Rules.seed(), Rules.published())
presets = st.sampled_from(PRESETS)


@st.composite
def random_dags(draw: st.DrawFn) -> Rules:
    """A third preset with a random order relation whose pairs are *not* index-ordered: pairs
    (i, j) with i < j are a DAG, then a random permutation renames the cells."""
    pairs = draw(
        st.sets(
            st.tuples(st.integers(0, 34), st.integers(1, 35)).filter(lambda p: p[0] < p[1]),
            max_size=50,
        )
    )
    rename = draw(st.permutations(range(36)))
    transitive = draw(st.booleans())
    renamed = sorted((rename[low], rename[high]) for low, high in pairs)
    return Rules("random", tuple(renamed), transitive, PRESETS[0].discard_cost)


@st.composite
def total_orders(draw: st.DrawFn) -> Rules:
    """A random total order: one sequence through all 36 cells in a random (non-reading) order,
    so the run check and the run count follow a chain that is not the identity."""
    sequence = draw(st.permutations(range(36)))
    pairs = tuple((sequence[i], sequence[i + 1]) for i in range(35))
    transitive = draw(st.booleans())
    return Rules("chain", pairs, transitive, PRESETS[1].discard_cost)


def random_rules() -> st.SearchStrategy[Rules]:
    """Random presets: DAGs with non-index-ordered pairs, and total orders."""
    return random_dags() | total_orders()


@dataclass(frozen=True)
class Instance:
    grid: Grid
    pool: tuple[int, ...]
    rules: Rules


@st.composite
def instances(
    draw: st.DrawFn,
    max_empty: int = 5,
    max_extra: int = 3,
    rules: Rules | st.SearchStrategy[Rules] | None = None,
    allow_swap: bool = True,
) -> Instance:
    if isinstance(rules, Rules):
        chosen = rules
    else:
        chosen = draw(presets | random_rules() if rules is None else rules)
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
