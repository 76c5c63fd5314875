"""Analysis library for the cooperative card game Tranquility.

>>> import tranquility_solver as tq
>>> grid = tq.Grid.parse(str(tq.Grid.empty().place("a1", 1)))
>>> tq.is_completable(grid, range(2, 40))
True
>>> tq.count_completions(grid, range(2, 37), tq.Rules.published())
1
>>> import random
>>> tq.random_full_grid(tq.Rules.seed(), random.Random(0)).is_full
True
"""

from __future__ import annotations

from .completion import (
    CountEngine,
    Engine,
    Status,
    Verdict,
    check_completion,
    complete,
    count_completions,
    is_completable,
)
from .errors import (
    CardError,
    CellError,
    CountLimitError,
    GridFormatError,
    IllegalPlacementError,
    SolverTimeoutError,
    TranquilityError,
    UnknownEngineError,
    UnknownRulesError,
)
from .grid import CELL_NAMES, Grid, cell_index, cell_name
from .hints import Explanation, SafePlacement, dead_cells, explain, safe_placements
from .placement import Placement, check_placement, legal_placements, placement_cost
from .render import render_svg
from .rules import Rules, StartCardEvent
from .sampling import random_full_grid
from .validate import validate_completion, violations

__all__ = [
    "CELL_NAMES",
    "CardError",
    "CellError",
    "CountEngine",
    "CountLimitError",
    "Engine",
    "Explanation",
    "Grid",
    "GridFormatError",
    "IllegalPlacementError",
    "Placement",
    "Rules",
    "SafePlacement",
    "SolverTimeoutError",
    "StartCardEvent",
    "Status",
    "TranquilityError",
    "UnknownEngineError",
    "UnknownRulesError",
    "Verdict",
    "cell_index",
    "cell_name",
    "check_completion",
    "check_placement",
    "complete",
    "count_completions",
    "dead_cells",
    "explain",
    "is_completable",
    "legal_placements",
    "placement_cost",
    "random_full_grid",
    "render_svg",
    "safe_placements",
    "validate_completion",
    "violations",
]
