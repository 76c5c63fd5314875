from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

import tranquility_solver as tq
from tranquility_solver.completion import fast

from .strategies import Instance, instances

SEED = tq.Rules.seed()
PUBLISHED = tq.Rules.published()


def _brute_completable(grid: tq.Grid, pool: object, rules: tq.Rules) -> bool:
    return tq.is_completable(grid, pool, rules, engine="brute")  # type: ignore[arg-type]


def _filled_bounds(grid: tq.Grid, cell: str, rules: tq.Rules) -> tuple[int, int]:
    """Largest placed card the cell must exceed and smallest it must stay under."""
    order = rules.order
    index = tq.cell_index(cell)
    below = [v for c, v in enumerate(grid.cells) if v and order.ancestors[index] >> c & 1]
    above = [v for c, v in enumerate(grid.cells) if v and order.descendants[index] >> c & 1]
    return max(below, default=0), min(above, default=81)


@settings(max_examples=150, deadline=None)
@given(instances(max_empty=5, max_extra=3))
def test_explanations_are_true(instance: Instance) -> None:
    grid, pool, rules = instance.grid, instance.pool, instance.rules
    explanation = tq.explain(grid, pool, rules)
    completable = _brute_completable(grid, pool, rules)
    assert (explanation is None) == completable
    if explanation is None:
        return
    if explanation.kind == "order":
        low_cell, high_cell = explanation.cells
        low_value, high_value = explanation.numbers
        assert grid[low_cell] == low_value
        assert grid[high_cell] == high_value
        assert low_value >= high_value
        order = rules.order
        assert order.descendants[tq.cell_index(low_cell)] >> tq.cell_index(high_cell) & 1
        return
    assert explanation.low is not None
    assert explanation.high is not None
    low, high = explanation.low, explanation.high
    assert explanation.numbers == tuple(n for n in pool if low < n < high)
    assert len(explanation.cells) > len(explanation.numbers)
    assert all(grid[cell] is None for cell in explanation.cells)
    assert str(len(explanation.cells)) in explanation.message or len(explanation.cells) == 1
    assert explanation.kind == "shortage"
    for cell in explanation.cells:
        floor, ceiling = _filled_bounds(grid, cell, rules)
        assert floor >= low
        assert ceiling <= high


@settings(max_examples=200, deadline=None)
@given(instances(max_empty=36, max_extra=6))
def test_a_direct_explanation_exists_whenever_the_grid_is_dead(instance: Instance) -> None:
    # The theorem in docs/tranquility.md ("Explanations"): bounds read off placed cards are
    # enough, so explain() never needs the exact algorithm's tightened windows.
    grid, pool, rules = instance.grid, instance.pool, instance.rules
    explanation = tq.explain(grid, pool, rules)
    assert (explanation is None) == fast.feasible(grid.cells, pool, rules.order)
    if explanation is None or explanation.kind == "order":
        return
    assert explanation.kind == "shortage"
    assert explanation.low is not None
    assert explanation.high is not None
    assert explanation.numbers == tuple(n for n in pool if explanation.low < n < explanation.high)
    assert len(explanation.cells) > len(explanation.numbers)
    for cell in explanation.cells:
        floor, ceiling = _filled_bounds(grid, cell, rules)
        assert grid[cell] is None
        assert explanation.low <= floor
        assert ceiling <= explanation.high


def test_the_textbook_explanation() -> None:
    grid = tq.Grid.from_mapping({"b4": 40, "f4": 44})
    pool = [n for n in range(1, 81) if n not in (40, 42, 44)]
    explanation = tq.explain(grid, pool, SEED)
    assert explanation is not None
    assert explanation.kind == "shortage"
    assert explanation.cells == ("c4", "d4", "e4")
    assert (explanation.low, explanation.high, explanation.numbers) == (40, 44, (41, 43))
    assert str(explanation) == (
        "cells c4, d4, e4 need 3 numbers between 40 and 44; only 2 are available (41, 43)"
    )


def test_order_explanation_names_both_cards() -> None:
    grid = tq.Grid.from_mapping({"c3": 40, "d3": 30})
    explanation = tq.explain(grid, range(41, 81), SEED)
    assert explanation is not None
    assert explanation.kind == "order"
    assert "c3=40" in explanation.message
    assert "d3=30" in explanation.message


@settings(max_examples=150, deadline=None)
@given(instances(max_empty=36, max_extra=6))
def test_tightened_window_shortage_is_found_whenever_scheduling_fails(
    instance: Instance,
) -> None:
    # `fast.find_shortage`: a Hall violation on the exact algorithm's tightened windows.
    cells, pool, order = instance.grid.cells, instance.pool, instance.rules.order
    if fast.filled_conflict(cells, order) is not None:
        return
    shortage = fast.find_shortage(cells, pool, order)
    if fast.feasible(cells, pool, order):
        assert shortage is None
        return
    assert shortage is not None
    assert len(shortage.cells) > len(shortage.numbers)
    assert shortage.numbers == tuple(n for n in pool if shortage.low < n < shortage.high)
    windows = fast.windows(cells, pool, order)
    # The slots of the pool numbers strictly between low and high.
    start, end = bisect_right(pool, shortage.low), bisect_left(pool, shortage.high) - 1
    assert end - start + 1 == len(shortage.numbers)
    for cell in shortage.cells:
        assert cells[cell] is None
        # Every completion puts the cell inside its window, so the window must lie inside the
        # claimed range for the claim "these cells need numbers between low and high" to hold.
        assert start <= windows.release[cell]
        assert windows.deadline[cell] <= end


@settings(max_examples=100, deadline=None)
@given(instances(max_empty=5, max_extra=3))
def test_dead_cells_mean_not_completable(instance: Instance) -> None:
    dead = tq.dead_cells(instance.grid, instance.pool, instance.rules)
    assert set(dead) <= set(instance.grid.empty_cells)
    if dead:
        assert not _brute_completable(instance.grid, instance.pool, instance.rules)


def test_dead_cell_example() -> None:
    grid = tq.Grid.from_mapping({"a1": 10, "c1": 12})
    assert tq.dead_cells(grid, range(13, 60), SEED) == ("b1",)
    assert tq.dead_cells(grid, [11, *range(13, 60)], SEED) == ()


@settings(max_examples=80, deadline=None)
@given(instances(max_empty=5, max_extra=3, allow_swap=False), st.data())
def test_safe_placements_match_brute_force(instance: Instance, data: st.DataObject) -> None:
    grid, rules = instance.grid, instance.rules
    if not instance.pool:
        return
    hand = data.draw(st.lists(st.sampled_from(instance.pool), unique=True, min_size=1, max_size=4))
    available = [n for n in instance.pool if n not in hand]
    safe = {(s.card, s.cell): s for s in tq.safe_placements(grid, hand, available, rules)}
    pool = set(instance.pool)
    for placement in tq.legal_placements(grid, hand, rules):
        after = grid.place(placement.cell, placement.card)
        others = [c for c in hand if c != placement.card]
        expected = any(
            _brute_completable(after, sorted(pool - {placement.card} - set(d)), rules)
            for d in combinations(others, placement.cost)
        )
        assert ((placement.card, placement.cell) in safe) == expected
        if expected:
            witness = safe[(placement.card, placement.cell)]
            rest = sorted(pool - {placement.card} - set(witness.discards))
            assert len(witness.discards) == placement.cost
            assert _brute_completable(after, rest, rules)


@settings(max_examples=80, deadline=None)
@given(instances(max_empty=8, max_extra=3, allow_swap=False), st.data())
def test_greedy_discards_match_trying_every_discard_set(
    instance: Instance, data: st.DataObject
) -> None:
    # Bigger hands than the brute-force test: the reference tries every discard set with the
    # fast check, and must find the same safe plays and the same (lexicographically first)
    # discards as the greedy.
    grid, rules = instance.grid, instance.rules
    if not instance.pool:
        return
    hand = data.draw(st.lists(st.sampled_from(instance.pool), unique=True, min_size=1, max_size=8))
    available = [n for n in instance.pool if n not in hand]
    safe = {(s.card, s.cell): s.discards for s in tq.safe_placements(grid, hand, available, rules)}
    pool = set(instance.pool)
    expected = {}
    for placement in tq.legal_placements(grid, hand, rules):
        after = grid.place(placement.cell, placement.card)
        others = sorted(c for c in hand if c != placement.card)
        for discards in combinations(others, placement.cost):
            rest = tuple(sorted(pool - {placement.card} - set(discards)))
            if fast.feasible(after.cells, rest, rules.order):
                expected[(placement.card, placement.cell)] = discards
                break
    assert safe == expected


def test_safe_placements_with_a_large_hand() -> None:
    # 39 cards in hand and plays on b1 costing 20: C(38, 20) discard sets per play, which the
    # old exhaustive search never finished; the greedy needs at most 38 checks per play.
    grid = tq.Grid.from_mapping({"a1": 10, "c1": 30, "f6": 80})
    hand = [*range(11, 30), *range(31, 51)]
    available = [n for n in range(1, 80) if n not in (10, 30, *hand)]
    safe = {(s.card, s.cell): s for s in tq.safe_placements(grid, hand, available, SEED)}
    play = safe[(11, "b1")]
    assert play.cost == 20
    assert play.discards == (*range(12, 30), 31, 32)
    rest = sorted((set(available) | set(hand)) - {11, *play.discards})
    assert tq.is_completable(grid.place("b1", 11), rest, SEED)
    # Dead f6 above 80 on e6: nothing is safe, and that is found without any discard search.
    dead = tq.Grid.from_mapping({"a1": 10, "c1": 30, "e6": 80})
    assert tq.safe_placements(dead, hand, available, SEED) == ()


def test_hand_cards_count_as_available() -> None:
    # b1 needs the 11 from the hand; playing 50 elsewhere is safe only if 11 still counts.
    grid = tq.Grid.from_mapping({"a1": 10, "c1": 12})
    available = [n for n in range(13, 80) if n != 50]
    listed = tq.safe_placements(grid, [11, 50], [11, *available], PUBLISHED)
    unlisted = tq.safe_placements(grid, [11, 50], available, PUBLISHED)
    assert listed == unlisted
    assert any(s.card == 50 and s.cell == "f6" for s in unlisted)
    assert any(s.card == 11 and s.cell == "b1" for s in unlisted)
