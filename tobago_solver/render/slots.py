"""Where each thing sits inside one hexagon, so that nothing covers anything else.

Offsets are from the hex centre in hex sizes (the corner radius), y pointing down. The field's
name sits at the top, the landmark, cars and amulet across the middle, markers or a note along
the bottom. A statue's arrow claims its way out of the field and the rest make room for it: the
name moves aside from an arrow pointing up, the bottom row from one pointing down, and cars and
amulet beside a statue take places the arrow does not cross.

>>> slots = field_slots(glyph=True, facing=None, cars=1, amulet=False)
>>> slots.glyph is not None and slots.glyph.x < 0 < slots.cars[0].x
True
>>> all(inside_hex(disc) for disc in (slots.glyph, *slots.cars))
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

Point = tuple[float, float]

GLYPH_RADIUS: Final = 0.38
"""A landmark's badge alone in a field."""
CAR_RADIUS: Final = 0.3
AMULET_RADIUS: Final = 0.2
MARKER_RADIUS: Final = 0.17
"""A map's candidate marker."""
TREASURE_RADIUS: Final = 0.22
"""A located treasure's marker."""
LABEL_Y: Final = -0.57
LABEL_FONT: Final = 0.36
"""The field name's font size."""
ROW_Y: Final = 0.59
"""The bottom row: markers, or a note."""
ARROW_TIP: Final = 0.93
"""How far the statue's arrow reaches: just across the shared edge (0.87) into the neighbour."""
ARROW_HALF_WIDTH: Final = 0.16
"""Half the arrowhead's width, which is wider than the shaft and its halo."""
_GAP: Final = 0.03
_EDGE: Final = math.sqrt(3) / 2
"""The distance from a hex's centre to the middle of each edge."""
_NORMALS: Final = tuple(
    (math.cos(math.radians(angle)), math.sin(math.radians(angle)))
    for angle in (0, 60, 120, 180, 240, 300)
)
_CHARACTER_WIDTH: Final = 0.64
"""Width of a digit or a lowercase letter in font sizes (DejaVu Sans), to reserve room."""


@dataclass(frozen=True)
class Disc:
    """A round thing: its centre and radius."""

    x: float
    y: float
    r: float


@dataclass(frozen=True)
class Box:
    """An upright rectangle: the room a text takes."""

    left: float
    top: float
    right: float
    bottom: float

    def hits(self, disc: Disc) -> bool:
        """Whether the disc touches the box."""
        nearest_x = min(max(disc.x, self.left), self.right)
        nearest_y = min(max(disc.y, self.top), self.bottom)
        return math.hypot(disc.x - nearest_x, disc.y - nearest_y) < disc.r


@dataclass(frozen=True)
class FieldSlots:
    """The places of everything drawn in one field (see the module's description)."""

    label: Point
    """The centre of the field's name."""
    glyph: Disc | None
    arrow: tuple[Point, Point] | None
    """A statue's arrow: the start of its shaft and its tip."""
    cars: tuple[Disc, ...]
    amulet: Disc | None
    row: tuple[Disc, ...]
    """The bottom row's markers, in the order asked for."""
    note: Point
    """Where a note is written (the middle of the bottom row)."""


@functools.cache
def field_slots(
    *,
    glyph: bool,
    facing: Point | None,
    cars: int,
    amulet: bool,
    markers: tuple[float, ...] = (),
    label_characters: int = 3,
) -> FieldSlots:
    """The places in a field with a landmark (``glyph``), a statue's way (``facing``, a unit
    vector), ``cars`` cars, perhaps an amulet and markers of the given radii along the bottom.

    >>> up = field_slots(glyph=True, facing=(0.5, -0.866), cars=2, amulet=True)
    >>> up.label[0] < 0, len(up.cars)
    (True, 2)
    """
    label = _label_place(facing)
    row_left, row_right = _row_span(facing)
    row = _row(markers, row_left, row_right)
    note = ((row_left + row_right) / 2, ROW_Y)
    if facing is not None and glyph and (cars or amulet):
        return _beside_statue(label, facing, cars, amulet, row, note, label_characters)
    kinds = [*(["glyph"] if glyph else []), *(["car"] * cars), *(["amulet"] if amulet else [])]
    discs = _middle_rows(kinds)
    placed = dict(zip(range(len(kinds)), discs, strict=True))
    glyph_disc = placed[0] if glyph else None
    first_car = 1 if glyph else 0
    car_discs = tuple(placed[first_car + index] for index in range(cars))
    amulet_disc = placed[len(kinds) - 1] if amulet else None
    arrow = _arrow(glyph_disc, facing, label) if glyph_disc is not None and facing else None
    return FieldSlots(label, glyph_disc, arrow, car_discs, amulet_disc, row, note)


def label_box(label: Point, characters: int) -> Box:
    """The room a field's name of ``characters`` characters takes, its halo included."""
    half = _CHARACTER_WIDTH * LABEL_FONT * characters / 2 + 0.05
    x, y = label
    return Box(x - half, y - 0.45 * LABEL_FONT - 0.05, x + half, y + 0.35 * LABEL_FONT + 0.05)


def inside_hex(disc: Disc, margin: float = 0.04) -> bool:
    """Whether the disc lies inside the hexagon, ``margin`` from its edges."""
    return all(disc.x * nx + disc.y * ny + disc.r <= _EDGE - margin for nx, ny in _NORMALS)


def hits_arrow(disc: Disc, arrow: tuple[Point, Point]) -> bool:
    """Whether the disc touches the arrow (shaft and head)."""
    (ax, ay), (bx, by) = arrow
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((disc.x - ax) * dx + (disc.y - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(disc.x - ax - t * dx, disc.y - ay - t * dy) < disc.r + ARROW_HALF_WIDTH


def discs_meet(a: Disc, b: Disc) -> bool:
    """Whether two discs touch or overlap."""
    return math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r


def _label_place(facing: Point | None) -> Point:
    # An arrow pointing up leaves the field through the top, where the name is: the name steps
    # aside, away from it.
    if facing is not None and facing[1] < -0.1:
        return (-0.26 if facing[0] > 0 else 0.26, LABEL_Y)
    return (0.0, LABEL_Y)


def _row_span(facing: Point | None) -> tuple[float, float]:
    """The stretch of the bottom row that is free: all of it, or the side away from an arrow
    pointing down."""
    if facing is not None and facing[1] > 0.1:
        return (-0.7, 0.06) if facing[0] > 0 else (-0.06, 0.7)
    return (-0.7, 0.7)


def _row(radii: Sequence[float], left: float, right: float) -> tuple[Disc, ...]:
    """Discs of the given radii side by side, centred in ``[left, right]`` and shrunk until
    they fit in it and in the narrowing bottom of the hexagon."""
    if not radii:
        return ()
    scale = 1.0
    while True:
        discs = _row_at(radii, left, right, scale)
        width = discs[-1].x + discs[-1].r - (discs[0].x - discs[0].r)
        if width <= right - left and all(inside_hex(disc) for disc in discs):
            return discs
        scale *= 0.95


def _row_at(radii: Sequence[float], left: float, right: float, scale: float) -> tuple[Disc, ...]:
    needed = scale * (sum(2 * r for r in radii) + _GAP * (len(radii) - 1))
    # Large markers sit lower, so that they clear a landmark in the middle.
    large = max(radii) > MARKER_RADIUS
    y = ROW_Y + scale * max(radii) - MARKER_RADIUS + (_GAP if large else 0.0)
    x = (left + right) / 2 - needed / 2
    discs = []
    for radius in radii:
        r = scale * radius
        discs.append(Disc(x + r, y, r))
        x += 2 * r + scale * _GAP
    return tuple(discs)


_DEFAULT_RADIUS: Final = {"glyph": GLYPH_RADIUS, "car": CAR_RADIUS, "amulet": AMULET_RADIUS}


def _middle_rows(kinds: Sequence[str]) -> list[Disc]:
    """The landmark, cars and amulet in one row across the middle (two when more than three)."""
    if len(kinds) <= 1:
        return [Disc(0.0, 0.0, _DEFAULT_RADIUS[kind]) for kind in kinds]
    per_row = len(kinds) if len(kinds) <= 3 else (len(kinds) + 1) // 2
    rows = [kinds[start : start + per_row] for start in range(0, len(kinds), per_row)]
    spacing = 0.75 if per_row <= 2 else 1.5 / per_row
    cap = 0.46 * spacing if len(rows) == 1 else min(0.19, 0.46 * spacing)
    ys = [0.0] if len(rows) == 1 else [-0.19, 0.2]
    return [
        Disc((index - (len(row) - 1) / 2) * spacing, y, min(_DEFAULT_RADIUS[kind], cap))
        for y, row in zip(ys, rows, strict=True)
        for index, kind in enumerate(row)
    ]


def _arrow(glyph: Disc, facing: Point, label: Point) -> tuple[Point, Point]:
    ux, uy = facing
    start_at = glyph.r + _GAP
    if label != (0.0, LABEL_Y):
        # Past the name, which stepped aside but still reaches over the middle.
        start_at = max(start_at, 0.5)
    along = glyph.x * ux + glyph.y * uy
    tip_at = ARROW_TIP - along
    return (
        (glyph.x + start_at * ux, glyph.y + start_at * uy),
        (glyph.x + tip_at * ux, glyph.y + tip_at * uy),
    )


def _beside_statue(
    label: Point,
    facing: Point,
    cars: int,
    amulet: bool,
    row: tuple[Disc, ...],
    note: Point,
    label_characters: int,
) -> FieldSlots:
    """A statue keeps the middle and its arrow; cars and amulet take the nearest free places."""
    glyph = Disc(0.0, 0.0, 0.3)
    arrow = _arrow(glyph, facing, label)
    count = cars + (1 if amulet else 0)
    blocked_box = label_box(label, label_characters)
    row_boxes = [Box(d.x - d.r, d.y - d.r, d.x + d.r, d.y + d.r) for d in row]
    if not row:
        row_boxes.append(Box(note[0] - 0.2, ROW_Y - 0.2, note[0] + 0.2, ROW_Y + 0.2))
    sizes = (0.24, 0.2) if count == 1 else (0.2, 0.17) if count == 2 else (0.17, 0.14, 0.12, 0.1)
    for radius in sizes:
        placed = _greedy(count, radius, glyph, arrow, [blocked_box, *row_boxes])
        if placed is not None:
            break
    else:  # pragma: no cover - the smallest size always fits six (tested)
        raise ValueError(f"no room for {count} cars and amulets beside a statue")
    amulet_disc = placed[-1] if amulet else None
    return FieldSlots(label, glyph, arrow, tuple(placed[:cars]), amulet_disc, row, note)


@functools.cache
def _candidates(radius: float) -> tuple[Point, ...]:
    """Points where a disc of ``radius`` fits in the hex, nearest the middle line first."""
    steps = [i / 25 for i in range(-20, 21)]
    inside = [(x, y) for x in steps for y in steps if inside_hex(Disc(x, y, radius))]
    return tuple(sorted(inside, key=lambda p: (abs(p[1]), abs(p[0]))))


def _greedy(
    count: int, radius: float, glyph: Disc, arrow: tuple[Point, Point], boxes: list[Box]
) -> list[Disc] | None:
    placed: list[Disc] = []
    for _ in range(count):
        for x, y in _candidates(radius):
            disc = Disc(x, y, radius)
            padded = Disc(x, y, radius + _GAP)
            if not (
                discs_meet(padded, glyph)
                or any(discs_meet(padded, other) for other in placed)
                or hits_arrow(disc, arrow)
                or any(box.hits(padded) for box in boxes)
            ):
                placed.append(disc)
                break
        else:
            return None
    return placed
