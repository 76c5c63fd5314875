"""Random legal landmark placements, drawn with CP-SAT.

>>> from tobago_solver import islands
>>> island = place_landmarks(islands.default(), seed=7)
>>> island.landmark_problems()
[]
>>> [len(island.landmarks_of(kind)) for kind in LandmarkKind]
[4, 3, 3]
>>> place_landmarks(islands.default(), seed=7) == island
True
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

from tobago_solver.errors import (
    NoLandmarkPlacementError,
    SolverUnknownError,
    TobagoError,
    require_time_limit,
)
from tobago_solver.hexgrid import Direction
from tobago_solver.island import Island, Landmark, LandmarkKind
from tobago_solver.solving import new_solver, solve
from tobago_solver.validation import (
    MIN_SAME_KIND_DISTANCE,
    LandmarkCounts,
    count_problems,
    may_hold_statue,
    statue_facings,
)

_WEIGHT_RANGE = 1_000
"""Objective weights are drawn from 0 .. _WEIGHT_RANGE - 1: wide enough that two seeds rarely
share an optimum, small enough that the optimum is proven quickly."""


def place_landmarks(
    island: Island,
    *,
    seed: int = 0,
    counts: LandmarkCounts = LandmarkCounts(),  # noqa: B008 - a frozen value, safe as default
    time_limit: float = 10.0,
) -> Island:
    """A copy of ``island`` with a random legal placement of landmarks (existing ones replaced).

    >>> from tobago_solver import islands
    >>> placed = place_landmarks(islands.get("abc-3"), seed=1, counts=LandmarkCounts(2, 1, 1))
    >>> [len(placed.landmarks_of(kind)) for kind in LandmarkKind]
    [2, 1, 1]

    The placement follows the landmark rules: at most one landmark per field, the same kind at
    distance ``MIN_SAME_KIND_DISTANCE`` or more, statues inland facing land of another terrain. A
    numpy generator seeded by ``seed`` draws random objective weights and CP-SAT runs
    single-threaded with the same seed, so one seed always gives the same placement and other
    seeds others.

    Raises :class:`NoLandmarkPlacementError` when CP-SAT proves that no placement exists and
    :class:`SolverUnknownError` when ``time_limit`` seconds pass without any placement (which
    proves nothing). A placement found but not proven optimal is still legal and is returned.
    """
    from ortools.sat.python import cp_model  # lazy: ortools takes seconds to load

    require_time_limit(time_limit)
    if seed < 0:
        raise TobagoError(f"seed must not be negative, got {seed}")
    _check_enough_candidates(island, counts)
    rng = np.random.default_rng(seed)
    model = cp_model.CpModel()
    objective: list[cp_model.LinearExprT] = []

    def weighted_bool(name: str) -> cp_model.IntVar:
        var = model.new_bool_var(name)
        objective.append(int(rng.integers(_WEIGHT_RANGE)) * var)
        return var

    placed: dict[LandmarkKind, dict[str, cp_model.IntVar]] = {}
    for kind in LandmarkKind:
        placed[kind] = {
            field: weighted_bool(f"{kind}@{field}") for field in _candidate_fields(island, kind)
        }
        if counts.of(kind):
            model.add(sum(placed[kind].values()) == counts.of(kind))
        else:
            for var in placed[kind].values():
                model.add(var == 0)
        for a, b in combinations(placed[kind], 2):
            if island.distance(a, b) < MIN_SAME_KIND_DISTANCE:
                model.add_at_most_one(placed[kind][a], placed[kind][b])

    for field in island.fields:
        here = [by_field[field] for by_field in placed.values() if field in by_field]
        if len(here) > 1:
            model.add_at_most_one(here)

    facing: dict[str, dict[Direction, cp_model.IntVar]] = {}
    for field, statue in placed[LandmarkKind.STATUE].items():
        facing[field] = {
            direction: weighted_bool(f"statue@{field}>{direction}")
            for direction in statue_facings(island, field)
        }
        # A statue faces exactly one allowed neighbour; an empty field faces nothing.
        model.add(sum(facing[field].values()) == statue)

    model.maximize(sum(objective))
    # numpy already spreads a seed beyond CP-SAT's 32 bits over the weights.
    solver = new_solver(time_limit, seed=seed)
    status = solve(solver, model)

    if status == cp_model.INFEASIBLE:
        raise NoLandmarkPlacementError(_no_placement_message(island, counts))
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise SolverUnknownError(
            f"CP-SAT found no landmark placement for island {island.name!r} within "
            f"{time_limit} s (status {solver.status_name(status)}); this does not mean none "
            "exists — retry with a larger time_limit"
        )

    landmarks: list[Landmark] = []
    for kind, by_field in placed.items():
        for field, var in by_field.items():
            if not solver.boolean_value(var):
                continue
            direction = None
            if kind is LandmarkKind.STATUE:
                direction = next(d for d, v in facing[field].items() if solver.boolean_value(v))
            landmarks.append(Landmark(kind, field, direction))
    result = island.with_landmarks(landmarks)
    # The solver-independent validator has the last word on every placement we hand out.
    problems = [p.message for p in result.landmark_problems()] + count_problems(result, counts)
    if problems:
        raise RuntimeError(f"CP-SAT proposed an illegal placement: {problems}")
    return result


def _candidate_fields(island: Island, kind: LandmarkKind) -> tuple[str, ...]:
    if kind is LandmarkKind.STATUE:
        return tuple(field for field in island.fields if may_hold_statue(island, field))
    return island.fields


def _count(number: int, kind: LandmarkKind) -> str:
    return f"{number} {kind}" + ("" if number == 1 else "s")


def _describe(counts: LandmarkCounts) -> str:
    huts, palms, statues = (_count(counts.of(kind), kind) for kind in LandmarkKind)
    return f"{huts}, {palms} and {statues}"


def _statue_fields_note(island: Island) -> str:
    statue_fields = len(_candidate_fields(island, LandmarkKind.STATUE))
    return (
        f"{len(island)} land fields, {statue_fields} of which may hold a statue "
        "(inland, next to another terrain)"
    )


def _check_enough_candidates(island: Island, counts: LandmarkCounts) -> None:
    """Reject counts that exceed the candidate fields outright, without building a model."""
    for kind in LandmarkKind:
        if counts.of(kind) > len(_candidate_fields(island, kind)):
            raise NoLandmarkPlacementError(
                f"island {island.name!r} cannot hold {_count(counts.of(kind), kind)}: it has "
                f"{_statue_fields_note(island)}"
            )


def _no_placement_message(island: Island, counts: LandmarkCounts) -> str:
    return (
        f"island {island.name!r} admits no legal placement of {_describe(counts)} "
        f"(same kinds at distance {MIN_SAME_KIND_DISTANCE} or more, one landmark per field); "
        f"it has {_statue_fields_note(island)}"
    )
