from __future__ import annotations

from math import comb, factorial, prod

import pytest
from hypothesis import given, settings

import tranquility_solver as tq
from tranquility_solver.completion.count import count_ideals, count_runs

from .strategies import Instance, instances, presets, random_dags, total_orders

SEED = tq.Rules.seed()
PUBLISHED = tq.Rules.published()


def _young_tableaux_6x6() -> int:
    hooks = [(6 - row) + (6 - column) - 1 for row in range(6) for column in range(6)]
    return factorial(36) // prod(hooks)


@settings(max_examples=120, deadline=None)
@given(instances(max_empty=5, max_extra=3))
def test_count_matches_brute_force(instance: Instance) -> None:
    exact = tq.count_completions(instance.grid, instance.pool, instance.rules)
    brute = tq.count_completions(instance.grid, instance.pool, instance.rules, engine="brute")
    assert exact == brute
    assert (exact > 0) == tq.is_completable(instance.grid, instance.pool, instance.rules)


@settings(max_examples=60, deadline=None)
@given(instances(max_empty=36, max_extra=8, rules=PUBLISHED))
def test_runs_match_the_shape_programme_on_a_chain(instance: Instance) -> None:
    order = instance.rules.order
    assert order.chain is not None
    cells, pool = instance.grid.cells, instance.pool
    assert count_runs(cells, pool, order.chain) == count_ideals(cells, pool, order)


def test_empty_seed_grid_with_36_numbers_counts_young_tableaux() -> None:
    assert tq.count_completions(tq.Grid.empty(), range(1, 37), SEED) == _young_tableaux_6x6()


def test_empty_published_grid_counts_subsets() -> None:
    assert tq.count_completions(tq.Grid.empty(), range(1, 81), PUBLISHED) == comb(80, 36)


@given(presets)
def test_two_empty_cells_known_value(rules: tq.Rules) -> None:
    # Cells e6 and f6 empty, the rest 1..34 in an order every preset accepts: e6 < f6 and both
    # above everything else, so any 2 of the k pool numbers work in one way.
    cells: list[int | None] = [None] * 36
    for index in range(34):
        cells[index] = index + 1
    grid = tq.Grid(tuple(cells))
    pool = [40, 50, 60, 70]
    assert tq.count_completions(grid, pool, rules) == comb(4, 2)


def test_count_is_zero_when_out_of_order() -> None:
    grid = tq.Grid.from_mapping({"a1": 30, "b1": 20})
    assert tq.count_completions(grid, range(31, 81), SEED) == 0
    assert tq.count_completions(grid, range(31, 81), PUBLISHED) == 0


def test_single_wedged_cell() -> None:
    cells: list[int | None] = [2 * i + 10 for i in range(36)]
    cells[7] = None  # b2 sits between 22 (a2) and 26 (c2), above 12 (b1), below 36 (b3)
    grid = tq.Grid(tuple(cells))
    assert tq.count_completions(grid, [23, 24, 25], SEED) == 3
    assert tq.count_completions(grid, [23, 24, 25, 27], SEED) == 3


def test_unknown_counting_engine() -> None:
    with pytest.raises(tq.UnknownEngineError, match="guess"):
        tq.count_completions(tq.Grid.empty(), range(1, 37), engine="guess")  # type: ignore[arg-type]


def test_full_deck_count_on_empty_seed_grid_is_consistent() -> None:
    # Choosing which 36 of 80 numbers appear, times the tableaux on them.
    expected = comb(80, 36) * _young_tableaux_6x6()
    assert tq.count_completions(tq.Grid.empty(), range(1, 81), SEED) == expected


@settings(max_examples=100, deadline=None)
@given(instances(rules=total_orders() | random_dags()))
def test_counts_match_brute_force_on_orders_in_any_cell_order(instance: Instance) -> None:
    cells, pool, rules = instance.grid.cells, instance.pool, instance.rules
    brute = tq.count_completions(instance.grid, pool, rules, engine="brute")
    assert tq.count_completions(instance.grid, pool, rules) == brute
    assert count_ideals(cells, pool, rules.order) == brute
    if rules.order.chain is not None:
        assert count_runs(cells, pool, rules.order.chain) == brute
