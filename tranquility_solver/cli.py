"""Command line: ``tranquility check|count|hints GRIDFILE --available SPEC ...``.

Exit codes: 0 success, 1 when the answer is "none / not completable", 2 on bad input, 3 when
CP-SAT stopped undecided. Errors are one line on stderr, never a traceback.

>>> parse_numbers("1-3,7, 9-10")
(1, 2, 3, 7, 9, 10)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn, TextIO

from .completion import Engine, complete, count_completions
from .deals import cli as deals_cli
from .errors import CardError, GridFormatError, SolverTimeoutError, TranquilityError
from .game import cli as game_cli
from .grid import FIRST_CARD, LAST_CARD, Grid, digits_value, shorten
from .hints import dead_cells, explain, safe_placements
from .render import render_svg
from .rules import Rules

__all__ = ["main", "parse_numbers"]

EXIT_OK = 0
EXIT_NONE = 1
EXIT_BAD_INPUT = 2
EXIT_UNKNOWN = 3

# "brute" stays an API engine for tests and benchmarks: it is exponential and hangs on an
# ordinary grid with a few dozen empty cells, so the command line does not offer it.
CLI_ENGINES: tuple[Engine, ...] = ("fast", "cpsat")


class _UsageError(Exception):
    """Argument errors, turned into one line on stderr instead of argparse's usage dump."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def parse_numbers(spec: str) -> tuple[int, ...]:
    """Card numbers from a list of numbers and ranges such as ``1-20,35,40-80`` (sorted).

    >>> parse_numbers("")
    ()
    """
    numbers: set[int] = set()
    for part in spec.split(","):
        token = part.strip()
        if not token:
            continue
        first, dash, last = token.partition("-")
        bounds = [first.strip(), last.strip()] if dash else [first.strip()]
        # ASCII only: str.isdigit also accepts "²" and Arabic-Indic digits, which int() reads.
        if not all(bound.isascii() and bound.isdigit() for bound in bounds):
            raise CardError(
                f"cannot read {shorten(token)!r} in {shorten(spec)!r}: expected N or N-M, "
                "e.g. 1-20,35"
            )
        values = [value for value in map(digits_value, bounds) if value is not None]
        if len(values) < len(bounds):
            raise CardError(
                f"{shorten(token)!r} in {shorten(spec)!r} is outside {FIRST_CARD}-{LAST_CARD}"
            )
        low, high = values[0], values[-1]
        if low > high:
            raise CardError(f"range {shorten(token)!r} in {shorten(spec)!r} runs backwards")
        if low < FIRST_CARD or high > LAST_CARD:
            raise CardError(
                f"{shorten(token)!r} in {shorten(spec)!r} is outside {FIRST_CARD}-{LAST_CARD}"
            )
        numbers.update(range(low, high + 1))
    return tuple(sorted(numbers))


def _read_grid(path: str, stdin: TextIO) -> Grid:
    name = "<stdin>" if path == "-" else path
    try:
        # utf-8-sig: a byte-order mark, as some editors write, is not part of the first token.
        text = stdin.read() if path == "-" else Path(path).read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise GridFormatError(
            f"{name}: not UTF-8 text (byte 0x{error.object[error.start]:02x} at offset "
            f"{error.start})"
        ) from None
    try:
        return Grid.parse(text.removeprefix("\ufeff"))
    except TranquilityError as error:
        raise type(error)(f"{name}: {error}") from None


def _pool(grid: Grid, spec: str) -> tuple[int, ...]:
    # Cards already on the grid are dropped so that "1-80" means "every card not yet played".
    return tuple(number for number in parse_numbers(spec) if number not in grid.numbers)


def _check_svg_target(path: str | None) -> None:
    """Fail before any output when the picture could not be written."""
    if path is None:
        return
    target = Path(path)
    if target.is_dir() or not target.parent.is_dir():
        raise _UsageError(f"cannot write the picture to {path!r}: not a file in an existing folder")


def _write_svg(path: str | None, grid: Grid, highlight: Sequence[str], title: str) -> None:
    if path is not None:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(render_svg(grid, highlight=highlight, title=title))


def _check(args: argparse.Namespace, grid: Grid, rules: Rules) -> int:
    pool = _pool(grid, args.available)
    completion = complete(grid, pool, rules, engine=args.engine)
    if completion is None:
        reason = explain(grid, pool, rules)
        print("not completable")
        if reason is not None:
            print(f"reason: {reason.message}")
        _write_svg(args.svg, grid, reason.cells if reason else (), "not completable")
        return EXIT_NONE
    print("completable")
    print(completion, end="")
    _write_svg(args.svg, completion, grid.empty_cells, "a completion")
    return EXIT_OK


def _count(args: argparse.Namespace, grid: Grid, rules: Rules) -> int:
    total = count_completions(grid, _pool(grid, args.available), rules)
    print(total)
    _write_svg(args.svg, grid, (), f"{total} completions")
    return EXIT_OK if total else EXIT_NONE


def _hints(args: argparse.Namespace, grid: Grid, rules: Rules) -> int:
    hand = parse_numbers(args.hand)
    pool = _pool(grid, args.available)
    safe = safe_placements(grid, hand, pool, rules)
    for placement in safe:
        print(placement)
    if not safe:
        print("no safe placement")
    dead = dead_cells(grid, tuple(sorted(set(pool) | set(hand))), rules)
    if dead:
        print(f"dead cells: {' '.join(dead)}")
    _write_svg(args.svg, grid, tuple(dict.fromkeys(p.cell for p in safe)), "safe placements")
    return EXIT_OK if safe else EXIT_NONE


def _build_parser() -> _Parser:
    parser = _Parser(prog="tranquility", description="Analyse Tranquility grids.")
    commands = parser.add_subparsers(dest="command", required=True)

    def command(name: str, summary: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=summary, description=summary)
        sub.add_argument("grid", metavar="GRIDFILE", help="grid text file, or - for stdin")
        sub.add_argument(
            "--available",
            required=True,
            metavar="SPEC",
            help="card numbers still available, e.g. 1-20,35,40-80 (cards on the grid are ignored)",
        )
        sub.add_argument("--rules", choices=("seed", "published"), default="seed")
        sub.add_argument("--svg", metavar="OUT", help="also write an SVG picture to OUT")
        return sub

    check = command("check", "Can the grid still be completed? Prints a completion or a reason.")
    check.add_argument("--engine", choices=CLI_ENGINES, default="fast")
    command("count", "Count the completions exactly.")
    hints = command("hints", "List the safe plays for a hand, and the dead cells.")
    hints.add_argument(
        "--hand",
        required=True,
        metavar="SPEC",
        help="cards in hand, e.g. 12,40 (a card on the grid is an error naming its cell)",
    )
    game_cli.add_commands(commands)  # play, replay, simulate
    deals_cli.add_commands(commands)  # solve
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    >>> main(["count", "no-such-grid.txt", "--available", "1-36"])  # error goes to stderr
    2
    """
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
        if hasattr(args, "run"):  # a game subcommand
            return int(args.run(args))
        _check_svg_target(args.svg)
        grid = _read_grid(args.grid, sys.stdin)
        rules = Rules.by_name(args.rules)
        handler = {"check": _check, "count": _count, "hints": _hints}[args.command]
        return handler(args, grid, rules)
    except SystemExit as done:  # --help
        return done.code if isinstance(done.code, int) else EXIT_OK
    except SolverTimeoutError as error:
        print(f"tranquility: undecided: {error}", file=sys.stderr)
        return EXIT_UNKNOWN
    except _UsageError as error:
        print(f"tranquility: error: {error}", file=sys.stderr)
    except (TranquilityError, OSError) as error:
        print(f"tranquility: error: {error}", file=sys.stderr)
    except ValueError as error:
        # Safety net: whatever bad input slipped past the checks above is still one line, not a
        # traceback (TranquilityError is a ValueError too, so this only sees the unexpected).
        first_line = next(iter(str(error).splitlines()), type(error).__name__)
        print(f"tranquility: error: {shorten(first_line, 200)}", file=sys.stderr)
    return EXIT_BAD_INPUT
