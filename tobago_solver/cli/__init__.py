"""The ``tobago`` command line: thin argument parsing over the public API, the top layer.

Exit codes: 0 success, 1 the answer is "none" (no candidate, an illegal clue), 2 bad input,
3 the solver stopped undecided. Errors are one line on stderr, never a traceback.

>>> code = main(["check-clue", "ABC-1", "--clue", "in lake", "--new", "in lake"])
illegal (no-new-information): in lake: the 7 candidates do not change (a clue must rule out a field)
h3 i3 c8 c9 i11 h12 i13
>>> code
1

The commands live in one module per group: ``islands`` (where, check-clue, reach, steps, deck,
islands, place-landmarks), ``assist`` (the table assistant's session), ``game`` (play, replay,
simulate) and ``analysis`` (analyse, puzzle, advise); ``common`` holds what they share.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from tobago_solver.cli import analysis, assist, game, islands, serve
from tobago_solver.cli.common import Parser, run_command, version

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``tobago`` command."""
    parser = Parser(
        prog="tobago",
        description="Tobago analysis: where can the treasure still be, and may a clue be played? "
        "Also plays games at the terminal (play), simulates many (simulate) and follows a game "
        "at a real table (assist).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    commands = parser.add_subparsers(
        dest="command",
        required=True,
        metavar="COMMAND",
        help="what to ask; COMMAND --help tells more",
    )
    for group in (islands, assist, game, analysis, serve):
        group.add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    >>> main(["where", "ABC-1", "--engine", "slow"])  # one line on stderr, no usage block
    2
    """

    def command() -> int:
        args = build_parser().parse_args(argv)
        return int(args.run(args))

    return run_command(command)
