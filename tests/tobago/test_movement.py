"""Car movement: steps between fields, checked against an independent breadth-first search."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb

from .strategies import islands


def reference_steps(island: tb.Island, start: str) -> dict[str, int]:
    """Breadth-first search straight from the rule text, over fields and hex neighbours."""
    steps = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        terrain = island.terrain(here)
        area = island.area_of(here).fields
        moves = [n for n in island.land_neighbours(here) if island.terrain(n) is not terrain]
        moves += [f for f in area if f != here]
        for there in moves:
            if there not in steps:
                steps[there] = steps[here] + 1
                queue.append(there)
    return steps


@settings(max_examples=60)
@given(islands(), st.data())
def test_step_distance_matches_reference_search(island: tb.Island, data: st.DataObject) -> None:
    start = data.draw(st.sampled_from(island.fields))
    expected = reference_steps(island, start)
    for field in island.fields:
        if field in expected:
            assert tb.step_distance(island, start, field) == expected[field]
        else:
            with pytest.raises(ValueError, match="separate landmasses"):
                tb.step_distance(island, start, field)
    for steps in range(4):
        assert tb.reachable(island, start, steps) == {f for f, d in expected.items() if d <= steps}


@given(islands(), st.data())
def test_steps_are_symmetric(island: tb.Island, data: st.DataObject) -> None:
    a = data.draw(st.sampled_from(island.fields))
    b = data.draw(st.sampled_from(island.fields))
    reach_a = tb.reachable(island, a, steps=50)
    if b in reach_a:
        assert tb.step_distance(island, a, b) == tb.step_distance(island, b, a)


def test_a_whole_area_is_one_step() -> None:
    island = tb.islands.default()
    area = max(island.areas, key=len)
    first, *rest = sorted(area.fields)
    assert all(tb.step_distance(island, first, other) == 1 for other in rest)


def test_default_move_reaches_three_steps() -> None:
    island = tb.islands.default()
    start = island.fields[len(island.fields) // 2]
    three = tb.reachable(island, start)
    assert three == tb.reachable(island, start, steps=3)
    assert all(tb.step_distance(island, start, f) <= 3 for f in three)
    assert all(tb.step_distance(island, start, f) > 3 for f in set(island.fields) - three)


def test_unknown_fields_and_negative_steps_are_errors() -> None:
    island = tb.islands.default()
    with pytest.raises(tb.UnknownFieldError, match="'z99'"):
        tb.step_distance(island, "z99", island.fields[0])
    with pytest.raises(ValueError, match="negative"):
        tb.reachable(island, island.fields[0], steps=-1)


def test_a_distance_asked_again_is_the_same() -> None:
    """``step_distance`` keeps each pair it was asked, by the names given: asked again, or with
    the names written differently, it answers the same; an unknown field is still an error."""
    island = tb.islands.default()
    start = island.fields[0]
    expected = reference_steps(island, start)
    for _ in range(2):
        for field in island.fields:
            assert tb.step_distance(island, start, field) == expected[field]
            assert tb.step_distance(island, f" {start.upper()}", field.upper()) == expected[field]
    with pytest.raises(tb.UnknownFieldError, match="'z99'"):
        tb.step_distance(island, start, "z99")
