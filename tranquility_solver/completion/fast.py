"""The exact polynomial completability test, for any order relation.

Slots are the sorted pool numbers. Each empty cell gets a window of slot indices: its release is
the first slot above every filled cell it must exceed, its deadline the last slot below every
filled cell it must stay under. Windows are then tightened along the order between empty cells
(``u < v`` forces ``release(u) < release(v)`` and ``deadline(u) < deadline(v)``), and
earliest-deadline-first over the slots decides feasibility exactly. See docs/tranquility.md for
the proof sketch.

>>> from tranquility_solver.rules import Rules
>>> cells = (10, None, 14) + (None,) * 33
>>> order = Rules.seed().order
>>> feasible(cells, tuple(range(15, 50)), order)  # b1 needs 11, 12 or 13
False
>>> feasible(cells, (12, *range(15, 50)), order)
True
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from heapq import heappop, heappush

from ..grid import LAST_CARD, Cells
from ..rules import Order

__all__ = [
    "Shortage",
    "Windows",
    "chain_feasible",
    "feasible",
    "filled_conflict",
    "find_shortage",
    "schedule",
    "windows",
]

_NO_CARD_ABOVE = LAST_CARD + 1
_IDENTITY = tuple(range(36))


def filled_conflict(cells: Cells, order: Order) -> tuple[int, int] | None:
    """The first precedence pair of two filled cells in the wrong order, if any.

    Checking cover pairs is enough for completability: two comparable filled cells joined only
    through empty cells get an empty window in between.
    """
    for low, high in order.pairs:
        low_value = cells[low]
        if low_value is not None:
            high_value = cells[high]
            if high_value is not None and high_value <= low_value:
                return low, high
    return None


def chain_feasible(cells: Cells, pool: tuple[int, ...], chain: tuple[int, ...]) -> bool:
    """The run check for a total order: every run of empty cells fits between its two bounds.

    Placed cards must increase along ``chain``; a run of ``k`` empty cells between placed
    ``lo`` and ``hi`` needs ``k`` pool numbers strictly between them. Runs use disjoint ranges
    of numbers, so these checks together are exact.

    >>> chain_feasible((5, None, None, 9) + (None,) * 32, (6, 7) + tuple(range(10, 42)),
    ...                tuple(range(36)))
    True
    """
    previous = 0
    run = 0
    low_slot = 0
    # Reading order *is* the chain for `published`; skip the indirection then.
    sequence = cells if chain == _IDENTITY else [cells[cell] for cell in chain]
    for value in sequence:
        if value is None:
            run += 1
            continue
        if value <= previous:
            return False
        if run:
            if bisect_left(pool, value, low_slot) - low_slot < run:
                return False
            run = 0
        previous = value
        low_slot = bisect_right(pool, value, low_slot)
    return len(pool) - low_slot >= run


@dataclass(frozen=True)
class Windows:
    """Tightened slot windows of the empty cells (only built when none is empty).

    ``release[c]``/``deadline[c]`` are meaningful for the cells in ``empties`` only.
    """

    empties: tuple[int, ...]
    release: tuple[int, ...]
    deadline: tuple[int, ...]


def _tightened(
    cells: Cells, pool: tuple[int, ...], order: Order
) -> tuple[list[int], list[int], list[int], int | None]:
    """Releases and deadlines per cell, the empty cells in topological order, and the first
    empty cell whose window came out empty (``None`` if all windows are non-empty)."""
    predecessors = order.predecessors
    successors = order.successors
    release = [0] * 36
    deadline = [0] * 36
    empties = [cell for cell in order.topological if cells[cell] is None]
    for cell in empties:
        earliest = 0
        for low in predecessors[cell]:
            value = cells[low]
            candidate = release[low] + 1 if value is None else bisect_right(pool, value)
            if candidate > earliest:
                earliest = candidate
        release[cell] = earliest
    last = len(pool) - 1
    for cell in reversed(empties):
        latest = last
        for high in successors[cell]:
            value = cells[high]
            candidate = deadline[high] - 1 if value is None else bisect_left(pool, value) - 1
            if candidate < latest:
                latest = candidate
        deadline[cell] = latest
    for cell in empties:
        if release[cell] > deadline[cell]:
            return release, deadline, empties, cell
    return release, deadline, empties, None


def windows(cells: Cells, pool: tuple[int, ...], order: Order) -> Windows:
    """Tightened windows of all empty cells (some may be empty: release > deadline)."""
    release, deadline, empties, _ = _tightened(cells, pool, order)
    return Windows(tuple(empties), tuple(release), tuple(deadline))


def _earliest_deadline_first(
    empties: list[int], release: list[int], deadline: list[int]
) -> list[tuple[int, int]] | None:
    """Slots per cell by EDF, as ``(cell, slot)`` pairs, or ``None`` when a deadline is missed."""
    jobs = sorted([(release[cell], cell) for cell in empties])
    heap: list[tuple[int, int]] = []
    assignment = []
    count = len(jobs)
    next_job = 0
    slot = 0
    while next_job < count or heap:
        if not heap and jobs[next_job][0] > slot:
            slot = jobs[next_job][0]
        while next_job < count and jobs[next_job][0] <= slot:
            cell = jobs[next_job][1]
            heappush(heap, (deadline[cell], cell))
            next_job += 1
        due, cell = heappop(heap)
        if due < slot:
            return None
        assignment.append((cell, slot))
        slot += 1
    return assignment


def feasible(cells: Cells, pool: tuple[int, ...], order: Order) -> bool:
    """Whether the empty cells can be filled from ``pool`` (sorted, distinct, not on the grid).

    The hot path of the library: one pass in topological order both checks placed pairs and
    computes releases, so it avoids the helper functions above on purpose.
    """
    # Deliberately inlined copy of `_tightened` + `_earliest_deadline_first` (keep them in
    # step): fusing the placed-pair check into the release pass, stopping at the first empty
    # window and skipping the (cell, slot) bookkeeping make this about a quarter faster than
    # `schedule` on the benchmark's seed grids, and it is the call the benchmark targets
    # (docs/tranquility.md, Performance). Tests check that it and `schedule` always agree.
    chain = order.chain
    if chain is not None:
        return chain_feasible(cells, pool, chain)
    predecessors = order.predecessors
    release = [0] * len(cells)
    empties = []
    for cell in order.topological:
        value = cells[cell]
        if value is None:
            earliest = 0
            for low in predecessors[cell]:
                below = cells[low]
                candidate = release[low] + 1 if below is None else bisect_right(pool, below)
                if candidate > earliest:
                    earliest = candidate
            release[cell] = earliest
            empties.append(cell)
        else:
            for low in predecessors[cell]:
                below = cells[low]
                if below is not None and below >= value:
                    return False
    if not empties:
        return True
    last = len(pool) - 1
    if len(empties) > last + 1:
        return False
    successors = order.successors
    deadline = release[:]  # reuse the shape; every empty cell is overwritten below
    for cell in reversed(empties):
        latest = last
        for high in successors[cell]:
            above = cells[high]
            candidate = deadline[high] - 1 if above is None else bisect_left(pool, above) - 1
            if candidate < latest:
                latest = candidate
        if latest < release[cell]:
            return False
        deadline[cell] = latest
    # Earliest deadline first over the slots, jumping over idle stretches.
    empties.sort(key=release.__getitem__)
    heap: list[int] = []
    count = len(empties)
    next_job = 0
    slot = 0
    while next_job < count or heap:
        if not heap:
            first_release = release[empties[next_job]]
            if first_release > slot:
                slot = first_release
        while next_job < count and release[empties[next_job]] <= slot:
            heappush(heap, deadline[empties[next_job]])
            next_job += 1
        if heappop(heap) < slot:
            return False
        slot += 1
    return True


def schedule(cells: Cells, pool: tuple[int, ...], order: Order) -> Cells | None:
    """A completion (all cells filled, order respected) or ``None`` when there is none."""
    if filled_conflict(cells, order) is not None or cells.count(None) > len(pool):
        return None
    release, deadline, empties, empty_window = _tightened(cells, pool, order)
    if empty_window is not None:
        return None
    assignment = _earliest_deadline_first(empties, release, deadline)
    if assignment is None:
        return None
    completed = list(cells)
    for cell, slot in assignment:
        completed[cell] = pool[slot]
    return tuple(completed)


@dataclass(frozen=True)
class Shortage:
    """A Hall violation: ``cells`` all need a number strictly between ``low`` and ``high``
    (``0``/``81`` mean unbounded), but the pool has only ``numbers`` there."""

    cells: tuple[int, ...]
    low: int
    high: int
    numbers: tuple[int, ...]


def find_shortage(cells: Cells, pool: tuple[int, ...], order: Order) -> Shortage | None:
    """The smallest Hall violation among the tightened windows, or ``None`` if there is none.

    For unit jobs with interval windows, no schedule exists exactly when some slot interval
    ``[a, b]`` holds the windows of more than ``b - a + 1`` cells (Hall's theorem; a minimal
    violating set has windows whose union is one interval). An empty window is the case
    ``b = a - 1``. So this finds a violation whenever :func:`feasible` would say no (once filled
    cells are in order and there are enough numbers overall).
    """
    # Not shared with `hints._direct_shortage`, which looks alike: that one searches card values
    # between placed bounds, so cells whose bounds fall into the same gap of the pool stay apart
    # and explanations name the fewest cells; on slot indices they would be lumped together.
    release, deadline, empties, _ = _tightened(cells, pool, order)
    if not empties:
        return None
    size = len(pool)
    # Clamping keeps "release >= start" and "deadline <= end" true, so claims stay sound.
    clamped_release = {cell: min(release[cell], size) for cell in empties}
    clamped_deadline = {cell: max(deadline[cell], -1) for cell in empties}
    starts = sorted(set(clamped_release.values()))
    ends = sorted(set(clamped_deadline.values()) | {start - 1 for start in starts})
    best: tuple[int, int, int, tuple[int, ...]] | None = None
    for start in starts:
        for end in ends:
            if end < start - 1:
                continue
            inside = tuple(
                cell
                for cell in empties
                if clamped_release[cell] >= start and clamped_deadline[cell] <= end
            )
            capacity = end - start + 1
            if len(inside) > capacity:
                key = (len(inside), capacity, start, inside)
                if best is None or key < best:
                    best = key
    if best is None:
        return None
    _, capacity, start, inside = best
    end = start + capacity - 1
    low = pool[start - 1] if start > 0 else 0
    high = pool[end + 1] if end + 1 < size else _NO_CARD_ABOVE
    return Shortage(tuple(sorted(inside)), low, high, pool[start : end + 1])
