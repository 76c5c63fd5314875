"""Car movement (§5): a step goes to an adjacent land field of another terrain, or to any field
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

from typing import Final

import networkx as nx

from tobago_solver.island import Island

MAX_STEPS_PER_MOVE: Final = 3

_CACHE_KEY: Final = "tobago_solver.movement"


def movement_graph(island: Island) -> nx.DiGraph:  # type: ignore[type-arg]
    """A directed graph over land fields with an edge for every single step.

    Built from ``island.graph``: adjacency edges between different terrains, and every pair of
    fields of one area (a car crosses its whole area in one step).
    """
    graph: nx.DiGraph = nx.DiGraph()  # type: ignore[type-arg]
    graph.add_nodes_from(island.graph.nodes)
    for a, b in island.graph.edges:
        if island.graph.nodes[a]["terrain"] is not island.graph.nodes[b]["terrain"]:
            graph.add_edge(a, b)
            graph.add_edge(b, a)
    for area in island.areas:
        members = sorted(area.fields)
        graph.add_edges_from((a, b) for a in members for b in members if a != b)
    return graph


def _step_table(island: Island) -> dict[str, dict[str, int]]:
    table = island._cache.get(_CACHE_KEY)
    if table is None:
        table = island._cache[_CACHE_KEY] = dict(
            nx.all_pairs_shortest_path_length(movement_graph(island))
        )
    return table


def step_distance(island: Island, a: str, b: str) -> int:
    """The fewest steps from land field ``a`` to land field ``b`` (0 when they are the same).

    Every island here is one landmass, so some path always exists; for a hand-built island with
    separate landmasses, an unreachable field raises ValueError.
    """
    a, b = island.require_field(a), island.require_field(b)
    steps = _step_table(island)[a].get(b)
    if steps is None:
        raise ValueError(f"no car can drive from {a} to {b}: they lie on separate landmasses")
    return steps


def reachable(island: Island, start: str, steps: int = MAX_STEPS_PER_MOVE) -> frozenset[str]:
    """The fields a car on ``start`` can reach in at most ``steps`` steps (``start`` included)."""
    if steps < 0:
        raise ValueError(f"steps must not be negative, got {steps}")
    start = island.require_field(start)
    return frozenset(f for f, d in _step_table(island)[start].items() if d <= steps)
