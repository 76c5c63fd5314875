from __future__ import annotations

import dataclasses
import enum
import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tranquility_solver as tq
from tranquility_solver.rules import (
    adjacent_axis_cost,
    combine_axis_costs,
    compile_order,
    nearest_sequence_neighbour_cost,
)

from .strategies import grids, presets

SEED = tq.Rules.seed()
PUBLISHED = tq.Rules.published()


def test_presets_differ_where_the_rules_page_says() -> None:
    assert SEED.finish_cards == 1
    assert PUBLISHED.finish_cards == 5
    assert not SEED.start_card.must_play
    assert PUBLISHED.start_card.must_play
    assert PUBLISHED.start_card.team_discard == 8
    assert PUBLISHED.start_card.two_player_draw == 2
    assert len(SEED.precedences) == 2 * 6 * 5
    assert len(PUBLISHED.precedences) == 35
    assert ("f1", "a2") in PUBLISHED.precedence_names
    assert ("a1", "a2") in SEED.precedence_names
    assert SEED.out_of_cards_check == "at once"
    assert PUBLISHED.out_of_cards_check == "on turn"
    assert PUBLISHED.start_card.refill == "starter"


def test_unknown_readings_of_a_choice_are_refused() -> None:
    with pytest.raises(tq.UnknownRulesError, match="out_of_cards_check 'never'"):
        dataclasses.replace(SEED, out_of_cards_check="never")  # type: ignore[arg-type]
    custom = dataclasses.replace(SEED, name="patient", out_of_cards_check="on turn")
    assert "out_of_cards_check='on turn'" in repr(custom)


def test_rules_by_name_and_repr() -> None:
    assert tq.Rules.by_name("SEED") is SEED
    assert repr(PUBLISHED) == "Rules.published()"
    with pytest.raises(tq.UnknownRulesError, match="fancy"):
        tq.Rules.by_name("fancy")


def test_a_third_preset_is_a_few_lines() -> None:
    # Columns only: each cell is lower than the one above it.
    columns = tuple((cell, cell + 6) for cell in range(30))
    rules = tq.Rules("columns", columns, False, adjacent_axis_cost)
    grid = tq.Grid.from_mapping({"a1": 50, "b1": 10})
    pool = [n for n in range(1, 81) if n not in (10, 50)]
    assert rules.order.chain is None
    assert tq.is_completable(grid, pool, rules)
    assert tq.is_completable(grid, pool, rules, engine="cpsat")
    assert not tq.is_completable(grid, pool, SEED)


def test_cyclic_relation_is_rejected() -> None:
    with pytest.raises(tq.UnknownRulesError, match="cycle"):
        compile_order(((0, 1), (1, 0)))


@given(presets)
def test_closure_is_consistent(rules: tq.Rules) -> None:
    order = rules.order
    position = {cell: index for index, cell in enumerate(order.topological)}
    for low, high in rules.precedences:
        assert position[low] < position[high]
        assert order.descendants[low] >> high & 1
        assert order.ancestors[high] >> low & 1
        assert order.descendants[high] & order.descendants[low] == order.descendants[high]


def test_seed_cost_is_the_difference_of_the_wedging_neighbours() -> None:
    grid = tq.Grid.from_mapping({"a2": 10, "c2": 16})
    assert tq.placement_cost(grid, "b2", 12, SEED) == 6
    assert tq.placement_cost(grid, "d2", 20, SEED) == 0


def test_seed_cost_adds_both_axes() -> None:
    grid = tq.Grid.from_mapping({"a2": 10, "c2": 16, "b1": 5, "b3": 30})
    assert tq.placement_cost(grid, "b2", 12, SEED) == combine_axis_costs(6, 25) == 31


def test_published_cost_is_the_nearest_sequence_neighbour() -> None:
    grid = tq.Grid.from_mapping({"e1": 20, "a2": 30})
    assert tq.placement_cost(grid, "f1", 27, PUBLISHED) == 3
    assert tq.placement_cost(grid, "f1", 21, PUBLISHED) == 1
    assert tq.placement_cost(grid, "c1", 5, PUBLISHED) == 0
    assert nearest_sequence_neighbour_cost(grid.cells, 0, 1) == 0


def test_placement_errors_name_cell_and_card() -> None:
    grid = tq.Grid.from_mapping({"a1": 10})
    with pytest.raises(tq.IllegalPlacementError, match=r"11 on a1"):
        tq.placement_cost(grid, "a1", 11, SEED)
    with pytest.raises(tq.IllegalPlacementError, match=r"5 on b1.*10 on a1"):
        tq.check_placement(grid, "b1", 5, SEED)
    with pytest.raises(tq.CellError, match="g7"):
        tq.placement_cost(grid, "g7", 11, SEED)
    wedged = tq.Grid.from_mapping({"a1": 10, "c1": 20})
    with pytest.raises(tq.IllegalPlacementError, match=r"costs 10.*4 cards"):
        tq.check_placement(wedged, "b1", 15, SEED, hand_size=5)


@given(grids(), presets, st.integers(1, 80), st.integers(1, 6))
def test_legal_placements_match_the_validator(
    grid: tq.Grid, rules: tq.Rules, card: int, hand_size: int
) -> None:
    if card in grid.numbers:
        return
    legal = {
        (p.cell, p.cost) for p in tq.legal_placements(grid, [card], rules, hand_size=hand_size)
    }
    before = set(tq.violations(grid, rules))
    for cell in grid.empty_cells:
        after = grid.place(cell, card)
        new_conflicts = set(tq.violations(after, rules)) - before
        cost = tq.placement_cost(grid, cell, card, rules)
        expected = not new_conflicts and cost <= hand_size - 1
        assert ((cell, cost) in legal) == expected, cell


def test_seed_order_compares_only_adjacent_cells() -> None:
    grid = tq.Grid.from_mapping({"a1": 50})
    assert any(p.cell == "c1" for p in tq.legal_placements(grid, [10], SEED))
    assert not any(p.cell == "c1" for p in tq.legal_placements(grid, [10], PUBLISHED))


class _Card(enum.IntEnum):
    LOW = 5
    HIGH = 9


def test_pool_accepts_int_subclasses_and_numpy_integers() -> None:
    numpy = pytest.importorskip("numpy")
    grid = tq.Grid.from_mapping({"a1": 7})
    expected = tuple(n for n in range(1, 81) if n != 7)
    pools = [
        [_Card.LOW, _Card.HIGH, *(n for n in expected if n not in (5, 9))],
        numpy.array(expected, dtype=numpy.int64),
        [numpy.int16(n) for n in expected],
    ]
    for pool in pools:
        assert tq.count_completions(grid, pool, PUBLISHED) == tq.count_completions(
            grid, expected, PUBLISHED
        )
        assert tq.is_completable(grid, pool, SEED)


@pytest.mark.parametrize(
    ("available", "fragment"),
    [
        ([True, 3], "True"),
        ([_Card.LOW, 5], "twice"),
        ([7.0], "7.0"),
        (["8"], "'8'"),
        ([_Card.HIGH, 81], "81"),
    ],
)
def test_pool_checks_agree_on_bad_numbers(available: list[object], fragment: str) -> None:
    with pytest.raises(tq.CardError, match=fragment):
        tq.is_completable(tq.Grid.empty(), available)  # type: ignore[arg-type]


def test_pool_names_the_cell_of_a_card_on_the_grid() -> None:
    numpy = pytest.importorskip("numpy")
    grid = tq.Grid.from_mapping({"c2": 7})
    with pytest.raises(tq.CardError, match=r"7 is already on the grid at c2"):
        tq.is_completable(grid, [numpy.int64(7)])


def test_rules_store_precedences_as_tuples() -> None:
    rules = tq.Rules("lists", [[0, 1], [1, 2]], False, adjacent_axis_cost)  # type: ignore[arg-type]
    assert rules.precedences == ((0, 1), (1, 2))
    assert hash(rules) == hash(tq.Rules("lists", ((0, 1), (1, 2)), False, adjacent_axis_cost))


def test_rules_repr_with_a_partial_cost() -> None:
    cost = functools.partial(nearest_sequence_neighbour_cost)
    rules = tq.Rules("partial", ((0, 1),), True, cost)
    assert "discard_cost=functools.partial(" in repr(rules)
    assert "discard_cost=adjacent_axis_cost" in repr(
        tq.Rules("named", ((0, 1),), True, adjacent_axis_cost)
    )


def test_hand_card_on_the_grid_names_its_cell() -> None:
    grid = tq.Grid.from_mapping({"d4": 40})
    with pytest.raises(tq.CardError, match=r"hand: card 40 is already on the grid at d4"):
        tq.legal_placements(grid, [12, 40])
    with pytest.raises(tq.CardError, match=r"hand: card 40 is already on the grid at d4"):
        tq.safe_placements(grid, [12, 40], range(41, 81))
