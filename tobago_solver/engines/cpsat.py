"""The CP-SAT engine: one Boolean per land field, exactly one true, each clue a constraint.

Its callers import it only when this engine is asked for, since ortools takes a while to load.

>>> from tobago_solver import Clue, islands
>>> island = islands.default()
>>> from tobago_solver.engines import fast
>>> clues = [Clue.parse("in sight of sea"), Clue.parse("not in beach")]
>>> candidates(island, clues) == fast.candidates(island, clues)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model

from tobago_solver.clues import Clue
from tobago_solver.compile import clue_fields, compiled
from tobago_solver.errors import SolverUnknownError
from tobago_solver.fieldset import FieldSet
from tobago_solver.island import Island
from tobago_solver.solving import new_solver, solve

DEFAULT_TIME_LIMIT = 10.0
"""Seconds CP-SAT may spend on one question before the answer is UNKNOWN."""


def candidates(
    island: Island, clues: Sequence[Clue], *, time_limit: float = DEFAULT_TIME_LIMIT
) -> FieldSet:
    """The fields where every clue holds: every solution of the model, enumerated in one search.

    ``time_limit`` bounds the whole question. Raises :class:`SolverUnknownError` when the search
    stops before it has seen every solution.
    """
    table = compiled(island)
    model = cp_model.CpModel()
    treasure = [model.new_bool_var(name) for name in table.fields]
    model.add_exactly_one(treasure)
    for clue in clues:
        # With exactly one field chosen, "the chosen field is one where the clue holds".
        model.add_bool_or([treasure[table.index[name]] for name in clue_fields(island, clue)])
    # The chosen field's index, so that each solution is read with one call.
    chosen = model.new_int_var(0, len(treasure) - 1, "treasure")
    model.add(chosen == sum(index * var for index, var in enumerate(treasure)))
    found = _Witnesses(chosen)
    solver = new_solver(time_limit)
    solver.parameters.enumerate_all_solutions = True
    status = solve(solver, model, found)
    if status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        raise SolverUnknownError(
            f"CP-SAT stopped undecided ({solver.status_name(status)}) after finding "
            f"{len(found.indices)} candidate field(s) in {time_limit:g} s"
        )
    return table.field_set(sum(1 << index for index in found.indices))


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
    solver = new_solver(time_limit)
    status = solve(solver, model)
    if status != cp_model.OPTIMAL:
        raise SolverUnknownError(
            f"CP-SAT could not prove a smallest conflicting set ({solver.status_name(status)})"
        )
    return tuple(i for i, var in enumerate(chosen) if solver.boolean_value(var))


class _Witnesses(cp_model.CpSolverSolutionCallback):
    """Collects the index of the treasure's field in every solution."""

    def __init__(self, chosen: cp_model.IntVar) -> None:
        super().__init__()
        self.chosen = chosen
        self.indices: list[int] = []

    def on_solution_callback(self) -> None:
        self.indices.append(int(self.value(self.chosen)))
