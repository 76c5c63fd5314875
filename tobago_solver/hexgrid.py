"""Hex geometry of the island: field names, neighbours, directions and distances.

Fields are pointy-top hexagons in rows; row 1 is the top row and even rows are drawn shifted right
by half a hex. Internally a hex is ``(column, row)`` counted from 0, which may be negative or beyond
the map (that is sea).

>>> parse_field("c3")
(2, 2)
>>> field_name(2, 2)
'c3'
>>> distance(parse_field("a1"), parse_field("c3"))
3
>>> [field_name(*h) for h in neighbours(parse_field("b2"))]
['c2', 'c1', 'b1', 'a2', 'b3', 'c3']
"""

from __future__ import annotations

import re
from enum import StrEnum

Hex = tuple[int, int]
"""A hex as ``(column, row)``, both counted from 0 (row 0 is the top row)."""

_COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_FIELD_RE = re.compile(r"([a-z])([1-9][0-9]*)")


class Direction(StrEnum):
    """The six neighbour directions of a pointy-top hex.

    >>> import tobago_solver as tb
    >>> [direction.value for direction in tb.Direction]
    ['e', 'ne', 'nw', 'w', 'sw', 'se']
    """

    E = "e"
    NE = "ne"
    NW = "nw"
    W = "w"
    SW = "sw"
    SE = "se"


# Offsets (d_column, d_row) for rows with an even 0-based index (odd 1-based rows) and odd ones:
# even rows (1-based) are drawn shifted right, so their upper and lower neighbours lean right.
_OFFSETS_EVEN_ROW: dict[Direction, Hex] = {
    Direction.E: (1, 0),
    Direction.NE: (0, -1),
    Direction.NW: (-1, -1),
    Direction.W: (-1, 0),
    Direction.SW: (-1, 1),
    Direction.SE: (0, 1),
}
_OFFSETS_ODD_ROW: dict[Direction, Hex] = {
    Direction.E: (1, 0),
    Direction.NE: (1, -1),
    Direction.NW: (0, -1),
    Direction.W: (-1, 0),
    Direction.SW: (0, 1),
    Direction.SE: (1, 1),
}


def field_name(column: int, row: int) -> str:
    """Name the hex at 0-based ``(column, row)``, e.g. ``(2, 2)`` is ``'c3'``."""
    if not 0 <= column < len(_COLUMN_LETTERS) or row < 0:
        raise ValueError(f"hex ({column}, {row}) has no field name")
    return f"{_COLUMN_LETTERS[column]}{row + 1}"


def parse_field(name: str) -> Hex:
    """The 0-based ``(column, row)`` of a field name such as ``'c3'`` (case-insensitive)."""
    # ASCII only: str.lower would also read the Kelvin sign as 'k'.
    match = _FIELD_RE.fullmatch(name.strip().lower()) if name.isascii() else None
    if match is None:
        raise ValueError(
            f"{name!r} is not a field name (expected a column letter and a row, e.g. 'c3')"
        )
    return _COLUMN_LETTERS.index(match.group(1)), int(match.group(2)) - 1


def step(hex_: Hex, direction: Direction) -> Hex:
    """The neighbour of ``hex_`` in ``direction``."""
    column, row = hex_
    d_column, d_row = (_OFFSETS_ODD_ROW if row % 2 else _OFFSETS_EVEN_ROW)[direction]
    return column + d_column, row + d_row


def neighbours(hex_: Hex) -> tuple[Hex, ...]:
    """The six neighbours, in the order e, ne, nw, w, sw, se."""
    return tuple(step(hex_, direction) for direction in Direction)


def direction_between(a: Hex, b: Hex) -> Direction | None:
    """The direction from ``a`` to its neighbour ``b``, or None when they are not adjacent."""
    for direction in Direction:
        if step(a, direction) == b:
            return direction
    return None


def to_axial(hex_: Hex) -> tuple[int, int]:
    """Axial ``(q, r)`` coordinates, in which a translation keeps every shape intact."""
    column, row = hex_
    return column - (row - (row & 1)) // 2, row


def from_axial(q: int, r: int) -> Hex:
    """The inverse of :func:`to_axial`."""
    return q + (r - (r & 1)) // 2, r


def within(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """Every hex at distance ``radius`` or less from ``centre``, ``centre`` included.

    >>> len(within((4, 4), 3))
    37
    """
    q, r = to_axial(centre)
    return tuple(
        from_axial(q + dq, r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
    )


def distance(a: Hex, b: Hex) -> int:
    """Hex distance on the plane (it may cross sea)."""
    aq, ar = to_axial(a)
    bq, br = to_axial(b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
