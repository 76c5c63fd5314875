"""Solver-independent checks of the island rules: the specification in plain Python.

Every placement CP-SAT proposes and every bundled island is checked here, by code that knows
nothing of any solver.

>>> from tobago_solver import islands
>>> island_problems(islands.default())
[]
"""

from __future__ import annotations

from dataclasses import dataclass

from tobago_solver import hexgrid
from tobago_solver.errors import TobagoError
from tobago_solver.island import Island, Landmark, LandmarkKind, LandmarkProblem, Terrain

MIN_SAME_KIND_DISTANCE = 4
"""Two landmarks of the same kind stand at least this far apart."""

LAND_FIELDS_RANGE = (70, 120)
"""A bundled island has between 70 and 120 land fields, both included."""


@dataclass(frozen=True)
class LandmarkCounts:
    """How many landmarks of each kind a placement holds.

    >>> LandmarkCounts().of(LandmarkKind.HUT)
    4
    """

    huts: int = 4
    palms: int = 3
    statues: int = 3

    def of(self, kind: LandmarkKind) -> int:
        """The count of one kind."""
        return {LandmarkKind.HUT: self.huts, LandmarkKind.PALM: self.palms}.get(kind, self.statues)

    def __post_init__(self) -> None:
        if min(self.huts, self.palms, self.statues) < 0:
            raise TobagoError(f"landmark counts must not be negative: {self}")


def statue_facings(island: Island, field: str) -> tuple[hexgrid.Direction, ...]:
    """The directions a statue on ``field`` may face: towards land of another terrain (choice)."""
    own = island.terrain(field)
    hex_ = island.hex(field)
    allowed = []
    for direction in hexgrid.Direction:
        neighbour = island.field_at(hexgrid.step(hex_, direction))
        if neighbour is not None and island.terrain(neighbour) is not own:
            allowed.append(direction)
    return tuple(allowed)


def may_hold_statue(island: Island, field: str) -> bool:
    """Whether a statue may stand on ``field``: inland, with a neighbour of another terrain."""
    return field not in island.coast and bool(statue_facings(island, field))


def landmark_problems(island: Island) -> list[LandmarkProblem]:
    """Every breach of the landmark rules, in the island's landmark order."""
    problems: list[LandmarkProblem] = []
    for kind in LandmarkKind:
        for a, b in _close_pairs(island, island.landmarks_of(kind)):
            gap = island.distance(a.field, b.field)
            if gap < MIN_SAME_KIND_DISTANCE:
                problems.append(
                    LandmarkProblem(
                        b,
                        "spacing",
                        f"{kind}s on {a.field} and {b.field} stand {gap} apart; "
                        f"the same kind must stand at distance {MIN_SAME_KIND_DISTANCE} or more",
                    )
                )
    for statue in island.landmarks_of(LandmarkKind.STATUE):
        if statue.field in island.coast:
            problems.append(
                LandmarkProblem(
                    statue,
                    "coast",
                    f"statue on {statue.field}: a statue may not stand on the coast",
                )
            )
        assert statue.facing is not None
        faced = island.field_at(hexgrid.step(island.hex(statue.field), statue.facing))
        if faced is None:
            problems.append(
                LandmarkProblem(
                    statue, "facing", f"statue {statue}: it faces the sea, not a land field"
                )
            )
        elif island.terrain(faced) is island.terrain(statue.field):
            problems.append(
                LandmarkProblem(
                    statue,
                    "facing",
                    f"statue {statue}: it faces {faced}, {island.terrain(faced)} like its own "
                    "field; a statue faces a neighbour of another terrain",
                )
            )
    return problems


def _close_pairs(island: Island, marks: tuple[Landmark, ...]) -> list[tuple[Landmark, Landmark]]:
    """The pairs ``(a, b)``, ``a`` before ``b`` in ``marks``, closer than the spacing rule allows.

    Only the hexes around each landmark are looked at, so the check stays linear in the number of
    landmarks (a pairwise check is quadratic on a hand-made island full of huts).
    """
    position = {island.hex(mark.field): index for index, mark in enumerate(marks)}
    pairs: list[tuple[Landmark, Landmark]] = []
    for index, mark in enumerate(marks):
        later = sorted(
            other
            for hex_ in hexgrid.within(island.hex(mark.field), MIN_SAME_KIND_DISTANCE - 1)
            if (other := position.get(hex_, -1)) > index
        )
        pairs.extend((mark, marks[other]) for other in later)
    return pairs


def count_problems(island: Island, counts: LandmarkCounts) -> list[str]:
    """Differences between the island's landmark counts and ``counts``."""
    return [
        f"{len(island.landmarks_of(kind))} {kind}s instead of {counts.of(kind)}"
        for kind in LandmarkKind
        if len(island.landmarks_of(kind)) != counts.of(kind)
    ]


def island_problems(island: Island, counts: LandmarkCounts | None = None) -> list[str]:
    """Everything that keeps ``island`` from being a valid bundled island.

    >>> import tobago_solver as tb
    >>> tb.island_problems(tb.islands.default())
    []

    Checks one connected landmass, 70–120 land fields, all six terrains, a unique largest area per
    terrain, the landmark rules and, when ``counts`` is given (default 4/3/3), the landmark counts.
    """
    counts = counts or LandmarkCounts()
    problems: list[str] = []
    low, high = LAND_FIELDS_RANGE
    if not low <= len(island) <= high:
        problems.append(f"{len(island)} land fields; a bundled island has {low}–{high}")
    if island.fields and not _connected(island):
        problems.append("the land is not one connected landmass")
    for terrain in Terrain:
        largest = island.largest_areas(terrain)
        if not largest:
            problems.append(f"no {terrain} field")
        elif len(largest) > 1:
            sizes = ", ".join(sorted(min(area.fields) for area in largest))
            problems.append(
                f"{len(largest)} {terrain} areas tie for largest ({len(largest[0])} fields; "
                f"areas holding {sizes})"
            )
    problems.extend(problem.message for problem in landmark_problems(island))
    problems.extend(count_problems(island, counts))
    return problems


def largest_area_ties(island: Island) -> list[Terrain]:
    """Terrains whose largest area is not unique (the island is legal, but worth a warning)."""
    return [terrain for terrain in Terrain if len(island.largest_areas(terrain)) > 1]


def _connected(island: Island) -> bool:
    start = island.fields[0]
    seen = {start}
    frontier = [start]
    while frontier:
        for neighbour in island.land_neighbours(frontier.pop()):
            if neighbour not in seen:
                seen.add(neighbour)
                frontier.append(neighbour)
    return len(seen) == len(island)
