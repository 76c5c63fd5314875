"""``python -m tobago_solver`` and the ``tobago`` command: the command line, started so that Ctrl-C
while its modules load ends it as quietly as Ctrl-C later does (one line, exit 130)."""

import sys


def main() -> int:
    """Load and run the command line; returns the exit code."""
    try:
        from tobago_solver.cli import main as run
    except KeyboardInterrupt:
        print("tobago: interrupted", file=sys.stderr)
        return 130
    except ImportError as error:
        # Ctrl-C while a compiled module (numpy, OR-Tools) initialises surfaces as an ImportError
        # caused by the KeyboardInterrupt.
        if not isinstance(error.__cause__ or error.__context__, KeyboardInterrupt):
            raise
        print("tobago: interrupted", file=sys.stderr)
        return 130
    return run()


if __name__ == "__main__":
    raise SystemExit(main())
