"""Can the empty cells still be filled? Three engines answer the same question.

* ``"fast"``: exact polynomial scheduling algorithm (:mod:`.fast`), the default;
* ``"cpsat"``: a CP-SAT model (:mod:`.cpsat`), the only place ortools is used;
* ``"brute"``: exhaustive search (:mod:`.brute`), for small cases and tests.

>>> from tranquility_solver import Grid, Rules
>>> grid = Grid.from_mapping({"a1": 10, "c1": 14})
>>> is_completable(grid, range(15, 60), engine="fast")
False
>>> is_completable(grid, [11, 13, *range(20, 60)], engine="cpsat")
True
>>> complete(grid, [11, 13, *range(20, 60)])["b1"]
11
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..errors import SolverTimeoutError, UnknownEngineError, require_time_limit
from ..grid import Cells, Grid
from ..placement import normalize_pool
from ..rules import Order, Rules
from . import brute, count, fast

__all__ = [
    "COUNT_ENGINES",
    "ENGINES",
    "CountEngine",
    "Engine",
    "Status",
    "Verdict",
    "check_completion",
    "complete",
    "count_completions",
    "is_completable",
]

Engine = Literal["fast", "cpsat", "brute"]
"""Completability engines: exact scheduling, CP-SAT, exhaustive search.

>>> import tranquility_solver as tq
>>> grid = tq.Grid.empty().place("a1", 50).place("b1", 40)
>>> tq.is_completable(grid, range(1, 40), engine="cpsat")
False
"""
CountEngine = Literal["dp", "brute"]
"""Counting engines: the shape/run programme, or enumeration.

>>> import random
>>> import tranquility_solver as tq
>>> full = tq.random_full_grid(tq.Rules.seed(), random.Random(0))
>>> left = [full["a1"], full["b1"], full["a2"]]  # three cards taken off a full grid
>>> grid = tq.Grid.from_mapping({c: full[c] for c in tq.CELL_NAMES if full[c] not in left})
>>> tq.count_completions(grid, left, engine="brute") == tq.count_completions(grid, left)
True
"""
ENGINES: tuple[Engine, ...] = ("fast", "cpsat", "brute")
COUNT_ENGINES: tuple[CountEngine, ...] = ("dp", "brute")
_SEED = Rules.seed()


class Status(enum.Enum):
    """The answer of one engine, including "unknown" for a solver time-out.

    >>> import tranquility_solver as tq
    >>> tq.check_completion(tq.Grid.empty(), range(1, 81)).status
    <Status.COMPLETABLE: 'completable'>
    """

    COMPLETABLE = "completable"
    NOT_COMPLETABLE = "not completable"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Verdict:
    """A status, the completion found (if any) and the engine that answered.

    >>> check_completion(Grid.empty(), range(1, 37)).status
    <Status.COMPLETABLE: 'completable'>
    """

    status: Status
    completion: Grid | None
    engine: str

    def __bool__(self) -> bool:
        """Refuse to collapse "unknown" into a boolean silently."""
        if self.status is Status.UNKNOWN:
            raise SolverTimeoutError(f"engine {self.engine} timed out: the answer is unknown")
        return self.status is Status.COMPLETABLE


def _solve(
    engine: Engine, cells: Cells, pool: tuple[int, ...], order: Order, time_limit: float | None
) -> Cells | None:
    if engine == "fast":
        return fast.schedule(cells, pool, order)
    if engine == "brute":
        return brute.brute_complete(cells, pool, order)
    if engine == "cpsat":
        from .cpsat import DEFAULT_TIME_LIMIT, cpsat_complete

        limit = DEFAULT_TIME_LIMIT if time_limit is None else time_limit
        return cpsat_complete(cells, pool, order, time_limit=limit)
    raise UnknownEngineError(f"unknown engine {engine!r}: expected one of {', '.join(ENGINES)}")


def check_completion(
    grid: Grid,
    available: Iterable[int],
    rules: Rules = _SEED,
    engine: Engine = "fast",
    time_limit: float | None = None,
) -> Verdict:
    """The richer answer: never raises on a time-out, returns ``Status.UNKNOWN`` instead.

    >>> import tranquility_solver as tq
    >>> verdict = tq.check_completion(tq.Grid.empty().place("a1", 50), range(51, 60))
    >>> verdict.status
    <Status.NOT_COMPLETABLE: 'not completable'>

    ``time_limit`` (seconds) applies to ``cpsat`` only.
    """
    if time_limit is not None:
        require_time_limit(time_limit)
    pool = normalize_pool(grid, available)
    try:
        completed = _solve(engine, grid.cells, pool, rules.order, time_limit)
    except SolverTimeoutError:
        return Verdict(Status.UNKNOWN, None, engine)
    if completed is None:
        return Verdict(Status.NOT_COMPLETABLE, None, engine)
    return Verdict(Status.COMPLETABLE, Grid(completed), engine)


def is_completable(
    grid: Grid, available: Iterable[int], rules: Rules = _SEED, engine: Engine = "fast"
) -> bool:
    """Whether the empty cells can be filled from ``available`` so the whole grid is in order.

    ``available``: distinct card numbers 1–80, none on the grid (else :class:`CardError`).
    Raises :class:`SolverTimeoutError` if ``cpsat`` times out, never answers ``False`` then.

    >>> is_completable(Grid.empty(), range(1, 36))
    False
    """
    pool = normalize_pool(grid, available)
    if engine == "fast":
        return fast.feasible(grid.cells, pool, rules.order)
    return _solve(engine, grid.cells, pool, rules.order, None) is not None


def complete(
    grid: Grid, available: Iterable[int], rules: Rules = _SEED, engine: Engine = "fast"
) -> Grid | None:
    """A filled grid that extends ``grid`` with numbers from ``available``, or ``None``.

    >>> complete(Grid.empty(), range(1, 37), Rules.published())["f6"]
    36
    """
    pool = normalize_pool(grid, available)
    completed = _solve(engine, grid.cells, pool, rules.order, None)
    return None if completed is None else Grid(completed)


def count_completions(
    grid: Grid, available: Iterable[int], rules: Rules = _SEED, engine: CountEngine = "dp"
) -> int:
    """The exact number of completions (``engine="brute"`` enumerates them, for tests).

    >>> count_completions(Grid.empty(), range(1, 38), Rules.published())
    37
    """
    pool = normalize_pool(grid, available)
    if engine == "dp":
        return count.count(grid.cells, pool, rules.order)
    if engine == "brute":
        return brute.brute_count(grid.cells, pool, rules.order)
    raise UnknownEngineError(
        f"unknown counting engine {engine!r}: expected one of {', '.join(COUNT_ENGINES)}"
    )
