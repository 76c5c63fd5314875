"""``legal_placements`` agrees with ``order_conflicts`` (the per-cell check) for any order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import tranquility_solver as tq
from tranquility_solver.placement import order_conflicts

from .strategies import grids, random_rules


@given(grids(), random_rules(), st.lists(st.integers(1, 80), min_size=1, max_size=5, unique=True))
def test_legal_placements_match_order_conflicts(
    grid: tq.Grid, rules: tq.Rules, hand: list[int]
) -> None:
    hand = [card for card in hand if card not in grid.numbers]
    # A hand so large that no cost rules a play out: only the order is compared.
    found = {(p.card, p.cell) for p in tq.legal_placements(grid, hand, rules, hand_size=1000)}
    expected = {
        (card, tq.CELL_NAMES[index])
        for card in hand
        for index in range(36)
        if grid.cells[index] is None and not order_conflicts(grid, index, card, rules)
    }
    assert found == expected
