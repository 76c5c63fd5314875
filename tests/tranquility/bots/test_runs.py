"""HeuristicBot's completion runs against the core's own count of completions.

``CompletionRuns`` counts what a play leaves by changing only the runs it touches; each count
is compared with ``count_runs`` (the core's count along the order) on the grid after the play.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tranquility_solver import Grid, Rules
from tranquility_solver.bots.runs import CompletionRuns
from tranquility_solver.completion.count import count_runs
from tranquility_solver.placement import pool_without

from ..strategies import Instance, instances, total_orders

_CHAINS = st.just(Rules.published()) | total_orders()


@settings(max_examples=150, deadline=None)
@given(instances(max_empty=36, max_extra=6, rules=_CHAINS))
def test_the_runs_multiply_to_the_count_of_completions(instance: Instance) -> None:
    chain = instance.rules.order.chain
    assert chain is not None
    runs = CompletionRuns.of(instance.grid.cells, instance.pool, chain)
    expected = count_runs(instance.grid.cells, instance.pool, chain)
    assert (0 if runs is None else runs.total) == expected


@settings(max_examples=150, deadline=None)
@given(instances(max_empty=36, max_extra=6, rules=_CHAINS, allow_swap=False), st.data())
def test_count_after_a_play_is_the_count_of_the_grid_after_it(
    instance: Instance, data: st.DataObject
) -> None:
    grid, pool, rules = instance.grid, instance.pool, instance.rules
    chain = rules.order.chain
    assert chain is not None
    runs = CompletionRuns.of(grid.cells, pool, chain)
    assert runs is not None  # a grid that follows the order
    fits = [
        (index, card)
        for low, high, cells, _ in runs.runs
        for index in cells
        for card in pool
        if low < card < high
    ]
    if not fits:
        return
    index, card = data.draw(st.sampled_from(fits))
    others = [number for number in pool if number != card]
    paying = st.lists(st.sampled_from(others), unique=True, max_size=3) if others else st.just([])
    paid = tuple(sorted(data.draw(paying)))
    removed = (card, *paid)
    after = Grid(tuple(card if at == index else value for at, value in enumerate(grid.cells)))
    expected = count_runs(after.cells, pool_without(pool, removed), chain)
    assert runs.count_after(index, card, removed) == (expected if runs.total else 0)
    assert runs.count_without(paid) == count_runs(grid.cells, pool_without(pool, paid), chain)


def test_a_grid_against_the_order_has_no_runs() -> None:
    grid = Grid.from_mapping({"a1": 40, "c1": 30})  # `published` climbs along the first row
    assert CompletionRuns.of(grid.cells, (35,), Rules.published().order.chain) is None
