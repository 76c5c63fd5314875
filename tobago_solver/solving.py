"""Running CP-SAT so that Ctrl-C stays Python's: every solve of the package goes through here.

>>> from ortools.sat.python import cp_model
>>> model = cp_model.CpModel()
>>> x = model.new_int_var(0, 3, "x")
>>> model.maximize(x)
>>> solver = new_solver(time_limit=5)
>>> solve(solver, model) == cp_model.OPTIMAL, solver.value(x)
(True, 3)

CP-SAT catches SIGINT while it solves unless told not to, and leaves the default action behind
when it returns: the next Ctrl-C would then end Python at once, with no KeyboardInterrupt, no
save and no "interrupted" line (and a notebook's kernel would die). So CP-SAT never touches the
signal here. The solve runs on a worker thread (CP-SAT releases the GIL) while the main thread
waits where Python can raise KeyboardInterrupt; Ctrl-C then stops the search and is raised to the
caller as usual.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from tobago_solver.errors import require_time_limit

if TYPE_CHECKING:
    from ortools.sat.python import cp_model, cp_model_helper


def new_solver(time_limit: float, *, seed: int | None = None) -> cp_model.CpSolver:
    """A CP-SAT solver with one worker (answers do not depend on the machine's cores), the given
    time limit in seconds, CP-SAT's own random seed unless ``seed`` is given, and no SIGINT
    handler of its own."""
    from ortools.sat.python import cp_model  # lazy: ortools takes seconds to load

    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = require_time_limit(time_limit)
    solver.parameters.num_workers = 1
    if seed is not None:
        # CP-SAT takes a 32-bit seed.
        solver.parameters.random_seed = seed % 2**31
    solver.parameters.catch_sigint_signal = False
    return solver


def solve(
    solver: cp_model.CpSolver,
    model: cp_model.CpModel,
    callback: cp_model.CpSolverSolutionCallback | None = None,
) -> cp_model_helper.CpSolverStatus:
    """``solver.solve(model, callback)``, its status returned; Ctrl-C stops the search and raises
    KeyboardInterrupt here."""
    solver.parameters.catch_sigint_signal = False
    if threading.current_thread() is not threading.main_thread():
        # Python delivers signals to the main thread only: nothing to wait for here.
        return solver.solve(model, callback)
    outcome: list[cp_model_helper.CpSolverStatus | BaseException] = []
    # Released by the worker when the solve is over. A lock, not Thread.join: an interrupted
    # join can leave the thread marked as stopped while it still runs.
    running = threading.Lock()
    running.acquire()

    def run() -> None:
        try:
            outcome.append(solver.solve(model, callback))
        except BaseException as error:  # handed to the caller's thread below
            outcome.append(error)
        finally:
            running.release()

    threading.Thread(target=run, name="cp-sat", daemon=True).start()
    try:
        running.acquire()
    except KeyboardInterrupt:
        solver.stop_search()
        running.acquire()
        raise
    result = outcome[0]
    if isinstance(result, BaseException):
        raise result
    return result
