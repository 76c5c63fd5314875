"""The paths of a car's move: one shortest path to every field it reaches, cached.

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> start = island.fields[0]
>>> paths = move_paths(island, start, 3)
>>> set(paths) == tb.reachable(island, start) - {start}
True
>>> len(moves(island, start, 3)) == len(paths)
True
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Final

from tobago_solver.game.actions import Move
from tobago_solver.island import Island
from tobago_solver.movement import reachable

_MOVES_KEY: Final = "tobago_solver.game.moves"
_NO_STOPS: Final[frozenset[str]] = frozenset()
_STOPPED_MOVES_KEPT: Final = 4096
"""Move lists kept for starts with a located treasure nearby; the cache starts over beyond."""


def move_neighbours(island: Island) -> dict[str, tuple[str, ...]]:
    """For every field, the fields one step away (reading order), cached on the island."""
    cache = island._cache.setdefault(_MOVES_KEY, {})
    table: dict[str, tuple[str, ...]] | None = cache.get("neighbours")
    if table is None:
        order = {name: i for i, name in enumerate(island.fields)}
        table = {
            f: tuple(sorted(reachable(island, f, 1) - {f}, key=order.__getitem__))
            for f in island.fields
        }
        cache["neighbours"] = table
    return table


def _neighbour_masks(island: Island) -> tuple[dict[str, int], list[int]]:
    """Each field's index, and per field index the bitmask of :func:`move_neighbours`."""
    cache = island._cache.setdefault(_MOVES_KEY, {})
    found: tuple[dict[str, int], list[int]] | None = cache.get("neighbour masks")
    if found is None:
        index = {name: i for i, name in enumerate(island.fields)}
        neighbours = move_neighbours(island)
        masks = []
        for name in island.fields:
            mask = 0
            for there in neighbours[name]:
                mask |= 1 << index[there]
            masks.append(mask)
        found = cache["neighbour masks"] = (index, masks)
    return found


def move_paths(
    island: Island, start: str, steps: int, stops: frozenset[str] = frozenset()
) -> dict[str, tuple[str, ...]]:
    """One shortest path (breadth first, reading order) to every field within ``steps`` steps.

    A path never goes on from a field of ``stops`` (a located treasure: the car claims and stops).
    These are the paths of :func:`moves`, by destination.

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> start = island.fields[0]
    >>> paths = move_paths(island, start, 3)
    >>> set(paths) == reachable(island, start) - {start}
    True
    """
    return {move.destination: move.path for move in moves(island, start, steps, stops)}


def moves(
    island: Island, start: str, steps: int, stops: AbstractSet[str] = frozenset()
) -> MoveList:
    """A move along one shortest path (breadth first, reading order) to every field within
    ``steps`` steps, none going on from a field of ``stops`` (:func:`_walk`), cached on the
    island (the list is shared: do not change it).

    Only the stops a path could drive on from, those fewer than ``steps`` steps from ``start``,
    change the paths, and none of them does unless the walk without stops drives on from one
    (:func:`_inner_fields`); the cache is keyed by them, and most of the time there is none.

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> start = island.fields[0]
    >>> far = frozenset(island.fields) - tb.reachable(island, start)
    >>> moves(island, start, 3, far) is moves(island, start, 3)
    True
    """
    # Most of the time no treasure is located: no stop to look for.
    near = _NO_STOPS
    if stops:
        inner, parents = _inner_fields(island, start, steps)
        if not parents.isdisjoint(stops):
            near = inner.intersection(stops)
    key = (start, steps, near)
    # The cache's tables by subscript: the engine and the bots ask at every decision, and a
    # setdefault() would make an empty dict each time.
    cache = island._cache.get(_MOVES_KEY)
    if cache is None or "moves" not in cache:
        cache = island._cache.setdefault(_MOVES_KEY, {})
        cache.update(moves={}, stopped={}, steps={}, made={})
    kept: dict[tuple[str, int, frozenset[str]], MoveList] = cache["stopped" if near else "moves"]
    found = kept.get(key)
    if found is None:
        steps_from: dict[tuple[int, int], _Steps] = cache["steps"]
        made: dict[int, Move] = cache["made"]
        if near and len(kept) >= _STOPPED_MOVES_KEPT:
            kept.clear()
            steps_from.clear()
            made.clear()
        index, _ = _neighbour_masks(island)
        stop_mask = 0
        for stop in near:
            stop_mask |= 1 << index[stop]
        listed, ends = _walk(island, index[start], steps, stop_mask, steps_from, made)
        found = kept[key] = MoveList(listed, ends)
    return found


_Steps = tuple[list[Move], list[int], dict[int, int]]
"""The steps a path takes on to the fields it claims: their moves, their fields' indices, and
each field's path number."""


def _walk(
    island: Island,
    start: int,
    steps: int,
    stop_mask: int,
    steps_from: dict[tuple[int, int], _Steps],
    made: dict[int, Move],
) -> tuple[list[Move], list[int]]:
    """The walk of :func:`moves` on field indices: the moves, and the index of each one's end.

    Breadth first: the fields first reached from each field of one step, in the order they were
    reached, each in reading order (ascending bits, as :func:`move_neighbours` lists them); no
    path goes on from a field of ``stop_mask``.

    A path is numbered by its fields' indices plus one, as digits in base ``len(fields) + 1``
    (the first step the highest). A path goes on to the fields it claims in one group, which
    the walks from one start share whatever the stops (a stop changes a few groups):
    ``steps_from`` keeps each group by the path's number and the fields, so that a walk looks
    up a group of moves, not a move per field. ``made`` keeps each move by its path's number:
    the groups share them, and a new group reads the path it goes on from there.
    """
    fields = island.fields
    _, neighbour_masks = _neighbour_masks(island)
    code_of = {start: 0}
    seen = 1 << start
    frontier = [start]
    listed: list[Move] = []
    ends: list[int] = []
    for step in range(steps, 0, -1):
        following: list[int] = []
        for here in frontier:
            if stop_mask >> here & 1:
                continue
            new = neighbour_masks[here] & ~seen
            if not new:
                continue
            seen |= new
            code = code_of[here]
            group = steps_from.get((code, new))
            if group is None:
                group = steps_from[code, new] = _steps(fields, code, new, made)
            moves_on, theres, codes = group
            listed += moves_on
            ends += theres
            if step > 1:  # the last step's fields start no path
                following += theres
                code_of.update(codes)
        frontier = following
    return listed, ends


def _steps(fields: tuple[str, ...], code: int, claimed: int, made: dict[int, Move]) -> _Steps:
    """The group of :func:`_walk` for the path numbered ``code`` going on to ``claimed``."""
    # The path itself was claimed earlier in the walk, so its move is kept (none: the start).
    trail = made[code].path if code else ()
    prefix = code * (len(fields) + 1) + 1
    moves_on, theres, codes = [], [], {}
    while claimed:
        low = claimed & -claimed
        there = low.bit_length() - 1
        codes[there] = step = prefix + there
        move = made.get(step)
        if move is None:
            move = made[step] = Move((*trail, fields[there]))
        moves_on.append(move)
        theres.append(there)
        claimed ^= low
    return moves_on, theres, codes


class MoveList(list[Move]):
    """The moves of :func:`moves`, with the field index of each one's destination (a bot
    weighs the moves by where they end, read by index without a look-up per move).

    >>> import tobago_solver as tb
    >>> island = tb.islands.default()
    >>> listed = moves(island, island.fields[0], 3)
    >>> [island.fields[end] for end in listed.ends] == [m.destination for m in listed]
    True
    """

    __slots__ = ("ends",)

    def __init__(self, listed: list[Move], ends: list[int]) -> None:
        super().__init__(listed)
        self.ends = ends


def _inner_fields(island: Island, start: str, steps: int) -> tuple[frozenset[str], frozenset[str]]:
    """The fields a path of at most ``steps`` steps from ``start`` may drive on from, and those
    the paths of :func:`move_paths` without stops drive on from (with the start).

    The walk goes on from a field only to claim the fields first reached from it. When no stop
    is among the second set, each stop claimed nothing in the walk without stops, so stopping
    there leaves every step of the walk as it was: the paths are those without stops. (One stop
    among them changes the walk, and other fields may then start paths: the first set.)
    """
    cache = island._cache.setdefault(_MOVES_KEY, {})
    key = ("inner", start, steps)
    found: tuple[frozenset[str], frozenset[str]] | None = cache.get(key)
    if found is None:
        # From the walk without stops (kept): a breadth-first walk, so a path's length is its
        # end's distance, and the fields fewer than ``steps`` steps away are those a path of
        # fewer steps ends on.
        parents, inner = {start}, {start} if steps > 0 else set()
        for move in moves(island, start, steps):
            path = move.path
            parents.update(path[:-1])
            if len(path) < steps:
                inner.add(path[-1])
        found = cache[key] = (frozenset(inner), frozenset(parents))
    return found
