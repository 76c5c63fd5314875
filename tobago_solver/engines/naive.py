"""The naive baseline: test every field against every clue straight from the hex geometry.

It shares nothing with the compiled tables (no precomputed distances, no bitmasks, its own walk
to the sea), which makes it the independent oracle the other engines are tested against.

>>> from tobago_solver import Clue, islands
>>> island = islands.default()
>>> len(candidates(island, [Clue.parse("in lake")])) == sum(
...     island.terrain(f) == "lake" for f in island.fields)
True
"""

from __future__ import annotations

from collections.abc import Iterable

from tobago_solver import hexgrid
from tobago_solver.clues import SEA, Clue
from tobago_solver.island import Island, LandmarkKind, Terrain


def _target_hexes(island: Island, clue: Clue) -> list[hexgrid.Hex]:
    if isinstance(clue.target, Terrain):
        if clue.largest:
            return [
                island.hex(f) for area in island.largest_areas(clue.target) for f in area.fields
            ]
        return [island.hex(f) for f in island.fields if island.terrain(f) is clue.target]
    assert isinstance(clue.target, LandmarkKind)
    return [island.hex(mark.field) for mark in island.landmarks_of(clue.target)]


def _sea_within(island: Island, origin: hexgrid.Hex, reach: int) -> bool:
    """Whether some non-land hex lies within ``reach`` steps of ``origin`` (a breadth-first walk
    over the plane, which also sees the sea beyond the map's edge)."""
    seen = {origin}
    ring = [origin]
    for _ in range(reach):
        ring = [n for h in ring for n in hexgrid.neighbours(h) if n not in seen]
        seen.update(ring)
        if any(not island.is_land(h) for h in ring):
            return True
    return False


def holds(island: Island, name: str, clue: Clue) -> bool:
    """Whether ``clue`` holds on the land field ``name``."""
    origin = island.hex(name)
    if clue.target == SEA:
        near = _sea_within(island, origin, clue.reach)
    else:
        near = any(
            hexgrid.distance(origin, target) <= clue.reach for target in _target_hexes(island, clue)
        )
    return near != clue.negated


def candidates(island: Island, clues: Iterable[Clue]) -> frozenset[str]:
    """The land fields where every clue holds, one field and one clue at a time."""
    clue_list = list(clues)
    return frozenset(
        name for name in island.fields if all(holds(island, name, clue) for clue in clue_list)
    )
