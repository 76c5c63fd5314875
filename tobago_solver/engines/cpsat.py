"""The CP-SAT engine: one Boolean per land field, exactly one true, each clue a constraint.

>>> from tobago_solver import Clue, islands
>>> island = islands.default()
>>> from tobago_solver.engines import fast
>>> clues = [Clue.parse("in sight of sea"), Clue.parse("not in beach")]
>>> candidates(island, clues) == fast.candidates(island, clues)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

from tobago_solver.clues import Clue
from tobago_solver.compile import clue_fields, compiled
from tobago_solver.errors import SolverUnknownError, require_time_limit
from tobago_solver.fieldset import FieldSet
from tobago_solver.island import Island

DEFAULT_TIME_LIMIT = 10.0
"""Seconds CP-SAT may spend on one solve before the answer is UNKNOWN."""


def _solver(time_limit: float) -> cp_model.CpSolver:
    from ortools.sat.python import cp_model  # lazy: ortools takes seconds to load

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = require_time_limit(time_limit)
    # One worker keeps answers reproducible; these models are tiny.
    solver.parameters.num_workers = 1
    return solver


def candidates(
    island: Island, clues: Sequence[Clue], *, time_limit: float = DEFAULT_TIME_LIMIT
) -> FieldSet:
    """The fields where every clue holds, found by the witness loop.

    Solve; the treasure's field in the solution is a candidate; forbid every candidate seen so
    far and solve again, until the model is infeasible. Raises :class:`SolverUnknownError` when
    a solve stops undecided.
    """
    from ortools.sat.python import cp_model  # lazy: ortools takes seconds to load

    model = cp_model.CpModel()
    treasure = {name: model.new_bool_var(name) for name in island.fields}
    model.add_exactly_one(treasure.values())
    for clue in clues:
        # With exactly one field chosen, "the chosen field is one where the clue holds".
        model.add_bool_or([treasure[name] for name in clue_fields(island, clue)])
    solver = _solver(time_limit)
    found: set[str] = set()
    while True:
        status = solver.solve(model)
        if status == cp_model.INFEASIBLE:
            break
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise SolverUnknownError(
                f"CP-SAT stopped undecided ({solver.status_name(status)}) after finding "
                f"{len(found)} candidate field(s)"
            )
        witness = next(name for name, var in treasure.items() if solver.boolean_value(var))
        found.add(witness)
        model.add(treasure[witness] == 0)
    table = compiled(island)
    return table.field_set(table.mask_of(found))


def smallest_conflict(
    island: Island,
    clues: Sequence[Clue],
    new_clue: Clue,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> tuple[int, ...]:
    """Indices of a smallest subset of ``clues`` that leaves no field together with ``new_clue``.

    A set-cover model: every field where ``new_clue`` holds must be ruled out by a chosen clue;
    minimise the number chosen. Raises ValueError when ``clues`` and ``new_clue`` together still
    leave a field (there is no conflict), :class:`SolverUnknownError` on a time-out.
    """
    from ortools.sat.python import cp_model  # lazy: ortools takes seconds to load

    table = compiled(island)
    open_fields = [i for i in range(len(table.fields)) if table.mask(new_clue) >> i & 1]
    masks = [table.mask(clue) for clue in clues]
    model = cp_model.CpModel()
    chosen = [model.new_bool_var(f"clue{i}") for i in range(len(clues))]
    for i in open_fields:
        excluders = [chosen[c] for c, mask in enumerate(masks) if not mask >> i & 1]
        if not excluders:
            raise ValueError(
                f"no conflict: {table.fields[i]} satisfies {new_clue} and every existing clue"
            )
        model.add_bool_or(excluders)
    model.minimize(sum(chosen))
    solver = _solver(time_limit)
    status = solver.solve(model)
    if status != cp_model.OPTIMAL:
        raise SolverUnknownError(
            f"CP-SAT could not prove a smallest conflicting set ({solver.status_name(status)})"
        )
    return tuple(i for i, var in enumerate(chosen) if solver.boolean_value(var))
