"""Nothing drawn in a field covers anything else: name, landmark, arrow, cars, amulet, markers."""

from __future__ import annotations

import itertools
import math

import pytest

from tobago_solver.render.slots import (
    MARKER_RADIUS,
    TREASURE_RADIUS,
    Box,
    Disc,
    discs_meet,
    field_slots,
    hits_arrow,
    inside_hex,
    label_box,
)

# The screen directions of the six neighbours of a pointy-top hex (y grows downwards).
FACINGS = [None] + [
    (math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (0, -60, -120, 180, 120, 60)
]
MARKER_SETS = [
    (),
    (MARKER_RADIUS,),
    (MARKER_RADIUS,) * 4,
    (TREASURE_RADIUS,),
    (TREASURE_RADIUS, MARKER_RADIUS, MARKER_RADIUS),
    (TREASURE_RADIUS,) * 2,
]


def arrow_hits_box(arrow: tuple[tuple[float, float], tuple[float, float]], box: Box) -> bool:
    (ax, ay), (bx, by) = arrow
    return any(
        box.hits(Disc(ax + t * (bx - ax), ay + t * (by - ay), 0.1))
        for t in (i / 20 for i in range(21))
    )


@pytest.mark.parametrize("facing", FACINGS)
@pytest.mark.parametrize("markers", MARKER_SETS)
def test_nothing_in_a_field_overlaps(
    facing: tuple[float, float] | None, markers: tuple[float, ...]
) -> None:
    for glyph, cars, amulet in itertools.product((True, False), range(5), (True, False)):
        if facing is not None and not glyph:
            continue
        slots = field_slots(glyph=glyph, facing=facing, cars=cars, amulet=amulet, markers=markers)
        middle = [d for d in (slots.glyph, *slots.cars, slots.amulet) if d is not None]
        assert len(slots.cars) == cars
        assert len(slots.row) == len(markers)
        things = middle + list(slots.row)
        case = (glyph, cars, amulet, facing, markers)
        assert all(inside_hex(d, 0.0) for d in things), case
        for a, b in itertools.combinations(things, 2):
            assert not discs_meet(a, b), (case, a, b)
        name = label_box(slots.label, 3)
        assert not any(name.hits(d) for d in things), case
        if slots.arrow is not None:
            assert not arrow_hits_box(slots.arrow, name), case
            others = [d for d in things if d is not slots.glyph]
            assert not any(hits_arrow(d, slots.arrow) for d in others), case


def test_a_lone_car_sits_in_the_middle_of_its_field() -> None:
    (car,) = field_slots(glyph=False, facing=None, cars=1, amulet=False).cars
    assert (car.x, car.y) == (0.0, 0.0)
