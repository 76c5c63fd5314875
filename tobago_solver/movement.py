"""Car movement: a step goes to an adjacent land field of another terrain, or to any field
of the car's current area.

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> start = island.fields[0]
>>> step_distance(island, start, start)
0
>>> start in reachable(island, start, steps=0)
True
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

import networkx as nx

from tobago_solver.errors import TobagoError
from tobago_solver.island import Island

MAX_STEPS_PER_MOVE: Final = 3

_CACHE_KEY: Final = "tobago_solver.movement"


def movement_graph(island: Island) -> nx.DiGraph:  # type: ignore[type-arg]
    """A directed graph over land fields with an edge for every single step.

    Built from ``island.graph``: adjacency edges between different terrains, and every pair of
    fields of one area (a car crosses its whole area in one step). It holds one edge per pair of
    fields of an area, so the distances below are found without it; it is here for users who want
    the movement rule as a networkx graph (and for tests, as a second way to the same answer).
    """
    graph: nx.DiGraph = nx.DiGraph()  # type: ignore[type-arg]
    graph.add_nodes_from(island.graph.nodes)
    for a, b in island.graph.edges:
        if island.terrain(a) is not island.terrain(b):
            graph.add_edge(a, b)
            graph.add_edge(b, a)
    for area in island.areas:
        members = sorted(area.fields)
        graph.add_edges_from((a, b) for a in members for b in members if a != b)
    return graph


@dataclass(frozen=True)
class _Steps:
    """Per island: the single steps out of each field, and distances found so far per start."""

    crossings: dict[str, tuple[str, ...]]
    """Adjacent land fields of another terrain."""
    area_fields: dict[str, tuple[str, ...]]
    """The fields of each field's area."""
    area_index: dict[str, int]
    from_start: dict[str, dict[str, int]]
    between: dict[tuple[str, str], int] = field(default_factory=dict)
    """:func:`step_distance` by the names it was given (each claim asks it for every car)."""


def _steps(island: Island) -> _Steps:
    steps = island._cache.get(_CACHE_KEY)
    if steps is None:
        crossings = {
            name: tuple(
                other
                for other in island.graph.neighbors(name)
                if island.terrain(other) is not island.terrain(name)
            )
            for name in island.fields
        }
        area_fields = {name: tuple(sorted(island.area_of(name).fields)) for name in island.fields}
        area_index = {name: island.area_of(name).index for name in island.fields}
        steps = island._cache[_CACHE_KEY] = _Steps(crossings, area_fields, area_index, {})
    return steps


def _distances_from(island: Island, start: str) -> dict[str, int]:
    """Steps from ``start`` to every field it can reach: one breadth-first search, then cached.

    Each area is expanded once, by the first of its fields taken from the queue: its other fields
    then lie at most one step further, and no later field of the area can bring them closer. So
    the search is linear in the island's size, where the area-clique graph is quadratic.
    """
    steps = _steps(island)
    found = steps.from_start.get(start)
    if found is not None:
        return found
    distance = {start: 0}
    expanded: set[int] = set()
    queue = deque([start])
    while queue:
        here = queue.popleft()
        further = distance[here] + 1
        moves: Iterable[str] = steps.crossings[here]
        if steps.area_index[here] not in expanded:
            expanded.add(steps.area_index[here])
            moves = (*moves, *steps.area_fields[here])
        for there in moves:
            if there not in distance:
                distance[there] = further
                queue.append(there)
    steps.from_start[start] = distance
    return distance


def step_distance(island: Island, a: str, b: str) -> int:
    """The fewest steps from land field ``a`` to land field ``b`` (0 when they are the same).

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> start = sorted(island.fields)[0]
    >>> tb.step_distance(island, start, start)
    0

    Every island here is one landmass, so some path always exists; for a hand-built island with
    separate landmasses, an unreachable field raises ValueError.
    """
    known = _steps(island).between
    steps = known.get((a, b))
    if steps is None:
        start, end = island.require_field(a), island.require_field(b)
        steps = _distances_from(island, start).get(end)
        if steps is None:
            raise TobagoError(
                f"no car can drive from {start} to {end}: they lie on separate landmasses"
            )
        known[a, b] = steps
    return steps


def reachable(island: Island, start: str, steps: int = MAX_STEPS_PER_MOVE) -> frozenset[str]:
    """The fields a car on ``start`` can reach in at most ``steps`` steps (``start`` included).

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> start = sorted(island.fields)[0]
    >>> start in tb.reachable(island, start, 2)
    True
    """
    if steps < 0:
        raise TobagoError(f"steps must not be negative, got {steps}")
    start = island.require_field(start)
    return frozenset(f for f, d in _distances_from(island, start).items() if d <= steps)
