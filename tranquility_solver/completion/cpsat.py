"""CP-SAT model of completability (the only module that imports ortools).

Each empty cell is an integer variable whose domain is the pool, all variables differ, and every
precedence pair becomes ``lower < higher``. A time-out raises :class:`SolverTimeoutError`; it is
never reported as "not completable".

>>> from tranquility_solver.rules import Rules
>>> cells = (10, None, 14) + (None,) * 33
>>> cpsat_complete(cells, (11, 13) + tuple(range(20, 53)), Rules.seed().order)[1]
11
"""

from __future__ import annotations

from ..errors import SolverTimeoutError
from ..grid import Cells
from ..rules import Order
from ..solving import new_solver, solve

__all__ = ["DEFAULT_TIME_LIMIT", "cpsat_complete"]

DEFAULT_TIME_LIMIT = 10.0
"""Seconds CP-SAT may search before giving up with :class:`SolverTimeoutError`."""


def cpsat_complete(
    cells: Cells, pool: tuple[int, ...], order: Order, time_limit: float = DEFAULT_TIME_LIMIT
) -> Cells | None:
    """A completion found by CP-SAT, ``None`` if it proves there is none.

    Raises :class:`SolverTimeoutError` when the time limit ends the search undecided.
    """
    from ortools.sat.python import cp_model

    for low, high in order.pairs:
        low_value, high_value = cells[low], cells[high]
        if low_value is not None and high_value is not None and low_value >= high_value:
            return None
    empties = [cell for cell in range(len(cells)) if cells[cell] is None]
    if not empties:
        return tuple(cells)
    if len(empties) > len(pool):
        return None
    model = cp_model.CpModel()
    domain = cp_model.Domain.from_values(list(pool))
    variables = {cell: model.new_int_var_from_domain(domain, f"cell{cell}") for cell in empties}
    model.add_all_different(list(variables.values()))
    for low, high in order.pairs:
        low_var, high_var = variables.get(low), variables.get(high)
        if low_var is not None and high_var is not None:
            model.add(low_var < high_var)
        elif low_var is not None:
            model.add(low_var < int(cells[high] or 0))
        elif high_var is not None:
            model.add(high_var > int(cells[low] or 0))
    solver = new_solver(time_limit)
    status = solve(solver, model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        completed = list(cells)
        for cell, variable in variables.items():
            completed[cell] = int(solver.value(variable))
        return tuple(completed)
    if status == cp_model.INFEASIBLE:
        return None
    raise SolverTimeoutError(
        f"CP-SAT stopped undecided after {time_limit:g} s ({solver.status_name(status)}); "
        "try engine='fast'"
    )
