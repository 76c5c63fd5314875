"""GreedyBot's race in bulk against its plain meaning (issue 18).

The bot finds the fields each car reaches first with a precomputed bitmask per pair of fields
(``_Race.beaten``) and one AND per other car. The plain meaning, asked of the core's
``step_distance`` one field at a time: a field of ``wanted`` counts for a car when every other
car needs more steps to it.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.game.bots import _race
from tobago_solver.movement import step_distance

ISLANDS = ("ABC-1", "abc-4")


def plain_firsts(island: tb.Island, car: int, others: list[int], wanted: int) -> int:
    fields = island.fields
    found = 0
    for j, name in enumerate(fields):
        mine = step_distance(island, fields[car], name)
        if wanted >> j & 1 and all(step_distance(island, fields[o], name) > mine for o in others):
            found |= 1 << j
    return found


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_firsts_are_the_fields_reached_in_fewer_steps_than_every_other_car(
    data: st.DataObject,
) -> None:
    island = tb.islands.get(data.draw(st.sampled_from(ISLANDS)))
    size = len(island.fields)
    field_index = st.integers(0, size - 1)
    cars = data.draw(st.lists(field_index, min_size=1, max_size=6))
    others = data.draw(st.lists(field_index, max_size=3))
    wanted = data.draw(st.integers(0, (1 << size) - 1))
    race = _race(island)
    assert race.firsts(cars, others, wanted) == [
        plain_firsts(island, car, others, wanted) for car in cars
    ]


def test_a_car_on_the_field_of_another_reaches_nothing_first() -> None:
    island = tb.islands.get("ABC-1")
    everything = (1 << len(island.fields)) - 1
    assert _race(island).firsts([5], [5], everything) == [0]
    assert _race(island).firsts([5], [], everything) == [everything]
