"""``python -m tranquility_solver`` and the ``tranquility`` command: the command line, started so
that Ctrl-C while its modules load ends it as quietly as Ctrl-C later does (one line, exit 130)."""

import sys
from collections.abc import Callable

from tranquility_solver.interrupts import CtrlCNoted, came_from_ctrl_c


def main() -> int:
    """Load and run the command line; returns the exit code."""
    # Ctrl-C while the modules load waits until they have (about a second): raised in the middle
    # of an import it can come out as any error, from numpy or from Python's own machinery.
    run: Callable[[], int] | None = None
    with CtrlCNoted(defer=True) as ctrl_c:
        try:
            from tranquility_solver.cli import main as run
        except KeyboardInterrupt:
            pass
        except ImportError as error:
            # A KeyboardInterrupt raised by other means (a debugger, a test) while a compiled
            # module initialises surfaces as an ImportError caused by it.
            if not came_from_ctrl_c(error, ctrl_c):
                raise
    if run is None or ctrl_c.seen:
        print("tranquility: interrupted", file=sys.stderr)
        return 130
    return run()


if __name__ == "__main__":
    raise SystemExit(main())
