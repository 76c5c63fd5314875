"""Command line: ``tranquility check|count|hints GRIDFILE --available SPEC ...`` (``grids``),
the game's ``play|replay|simulate`` (``game``), the deal solver's ``solve`` (``deals``) and the
win odds of a saved game's position, ``odds`` (``odds``), and how winnable deals are, ``atlas``
(``atlas``).

This package is the top floor: it parses arguments, calls the library and prints; nothing in the
library imports it. Exit codes: 0 success, 1 when the answer is "none / not completable"
(``solve``: LOSS), 2 on bad input, 3 when the answer is undecided (CP-SAT or the deal search ran
out of time, a count hit its work limit). Errors are one line on stderr, never a traceback.

>>> parse_numbers("1-3,7, 9-10")
(1, 2, 3, 7, 9, 10)
"""

from __future__ import annotations

from . import atlas, deals, game, grids, odds, serve
from .common import MAX_FILE_BYTES, Parser, parse_numbers, run_command, version

__all__ = ["MAX_FILE_BYTES", "main", "parse_numbers"]


def _build_parser() -> Parser:
    parser = Parser(
        prog="tranquility",
        description="Analyse Tranquility grids, play games at the terminal, simulate many and "
        "solve deals.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    commands = parser.add_subparsers(
        dest="command",
        required=True,
        metavar="COMMAND",
        help="what to ask; COMMAND --help tells more",
    )
    grids.add_commands(commands)  # check, count, hints
    game.add_commands(commands)  # play, replay, simulate
    deals.add_commands(commands)  # solve
    odds.add_commands(commands)  # odds
    serve.add_commands(commands)  # serve
    atlas.add_commands(commands)  # atlas
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    >>> main(["count", "no-such-grid.txt", "--available", "1-36"])  # error goes to stderr
    2
    """

    def run() -> int:
        # Built inside run_command: Ctrl-C while the parser is built is one line too.
        args = _build_parser().parse_args(argv)
        return int(args.run(args))

    return run_command(run)
