"""Command line: ``tranquility check|count|hints GRIDFILE --available SPEC ...``, and the game's
``play|replay|simulate`` and the deal solver's ``solve``, registered from their own modules.

Exit codes: 0 success, 1 when the answer is "none / not completable" (``solve``: LOSS), 2 on bad
input, 3 when the answer is undecided (CP-SAT or the deal search ran out of time, a count hit its
work limit). Errors are one line on stderr, never a traceback.

>>> parse_numbers("1-3,7, 9-10")
(1, 2, 3, 7, 9, 10)
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, NoReturn, TextIO

from .completion import Engine, complete, count_completions
from .errors import CardError, GridFormatError, SolverTimeoutError, TranquilityError
from .grid import FIRST_CARD, LAST_CARD, Grid, cell_index, digits_value, shorten
from .hints import SafePlacement, dead_cells, explain, safe_placements
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
        raise _UsageError(f"{message} (see '{self.prog} --help')")


MAX_FILE_BYTES = 1_000_000
"""The most a grid file (or standard input) may hold; a grid takes about 100 bytes."""


def parse_numbers(spec: str, *, once: bool = False) -> tuple[int, ...]:
    """Card numbers from a list of numbers and ranges such as ``1-20,35,40-80`` (sorted).

    With ``once`` a number listed twice is an error (a hand holds each card once).

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
        twice = numbers.intersection(range(low, high + 1)) if once else set()
        if twice:
            raise CardError(
                f"card {min(twice)} is listed twice in {shorten(spec)!r}: "
                "a hand holds each card once"
            )
        numbers.update(range(low, high + 1))
    return tuple(sorted(numbers))


def _read_input(path: str, stdin: TextIO | None) -> str:
    """The text of a grid file, or of standard input for ``-``: at most ``MAX_FILE_BYTES``."""
    name = "<stdin>" if path == "-" else path
    if path == "-":
        if stdin is None or stdin.closed:
            raise GridFormatError("standard input is closed: pipe a grid in, or name a file")
        text = stdin.read(MAX_FILE_BYTES + 1)
        if len(text.encode("utf-8", "surrogateescape")) > MAX_FILE_BYTES:
            raise GridFormatError(f"{name}: more than {MAX_FILE_BYTES:,} bytes, not a grid")
        return text.removeprefix("\ufeff")
    file = Path(path)
    if not file.exists():
        raise GridFormatError(f"no such file: {name}")
    if not file.is_file():
        raise GridFormatError(f"{name}: not a regular file")
    with file.open("rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise GridFormatError(f"{name}: larger than {MAX_FILE_BYTES:,} bytes, not a grid")
    try:
        # utf-8-sig: a byte-order mark, as some editors write, is not part of the first token.
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise GridFormatError(
            f"{name}: not UTF-8 text (byte 0x{error.object[error.start]:02x} at offset "
            f"{error.start})"
        ) from None


def _read_grid(path: str, stdin: TextIO | None) -> Grid:
    text = _read_input(path, stdin)
    try:
        return Grid.parse(text)
    except TranquilityError as error:
        raise type(error)(f"{'<stdin>' if path == '-' else path}: {error}") from None


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


def _write_svg(
    path: str | None,
    grid: Grid,
    highlight: Sequence[str],
    title: str,
    highlight_label: str = "highlighted",
    notes: dict[str, str] | None = None,
) -> None:
    if path is not None:
        svg = render_svg(
            grid, highlight=highlight, title=title, highlight_label=highlight_label, notes=notes
        )
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(svg)


def _check(args: argparse.Namespace, grid: Grid, rules: Rules) -> int:
    pool = _pool(grid, args.available)
    completion = complete(grid, pool, rules, engine=args.engine)
    if completion is None:
        reason = explain(grid, pool, rules)
        print("not completable")
        if reason is not None:
            print(f"reason: {reason.message}")
        _write_svg(args.svg, grid, reason.cells if reason else (), "not completable", "why not")
        return EXIT_NONE
    print("completable")
    print(completion, end="")
    _write_svg(args.svg, completion, grid.empty_cells, "a completion", "filled by the completion")
    return EXIT_OK


def _count(args: argparse.Namespace, grid: Grid, rules: Rules) -> int:
    total = count_completions(grid, _pool(grid, args.available), rules)
    print(f"{total:,}")
    _write_svg(args.svg, grid, (), f"{total:,} completions")
    return EXIT_OK if total else EXIT_NONE


def _plays_by_card(safe: Sequence[SafePlacement]) -> list[str]:
    """One line per card, the card with the cheapest play first; its cells cheapest first.

    >>> _plays_by_card([SafePlacement(9, "b1", 2, (3, 4)), SafePlacement(7, "a2", 0, ())])
    ['7: a2 (cost 0)', '9: b1 (cost 2, discard 3 4)']
    """
    by_card: dict[int, list[SafePlacement]] = {}
    for placement in safe:
        by_card.setdefault(placement.card, []).append(placement)
    lines = []
    for card, plays in sorted(
        by_card.items(), key=lambda item: (min(p.cost for p in item[1]), item[0])
    ):
        cells = "; ".join(
            f"{p.cell} (cost {p.cost}"
            + (f", discard {' '.join(map(str, p.discards))}" if p.discards else "")
            + ")"
            for p in sorted(plays, key=lambda p: (p.cost, cell_index(p.cell)))
        )
        lines.append(f"{card}: {cells}")
    return lines


def _hints(args: argparse.Namespace, grid: Grid, rules: Rules) -> int:
    hand = parse_numbers(args.hand, once=True)
    pool = _pool(grid, args.available)
    safe = safe_placements(grid, hand, pool, rules)
    for line in _plays_by_card(safe):
        print(line)
    if not safe:
        print("no safe placement")
    dead = dead_cells(grid, tuple(sorted(set(pool) | set(hand))), rules)
    if dead:
        print(f"dead cells: {' '.join(dead)}")
    cards_by_cell: dict[str, list[str]] = {}
    for placement in safe:
        cards_by_cell.setdefault(placement.cell, []).append(str(placement.card))
    notes = {cell: " ".join(cards) for cell, cards in cards_by_cell.items()}
    _write_svg(args.svg, grid, tuple(notes), "safe placements: the cards that fit", "safe", notes)
    return EXIT_OK if safe else EXIT_NONE


class Once(argparse.Action):
    """Store an option's value, refusing a second one: "the last one wins" hides mistakes."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        seen: set[str] = namespace.__dict__.setdefault("_options_seen", set())
        if self.dest in seen:
            parser.error(f"{option_string} was given twice; give it once")
        seen.add(self.dest)
        setattr(namespace, self.dest, values)


RULES_HELP = (
    "rule preset: seed (rows and columns increase; the default) or published (one increasing "
    "sequence a1..f6, the printed game)"
)


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules seed|published``, as every command that follows the rules takes it."""
    parser.add_argument(
        "--rules", choices=("seed", "published"), default="seed", action=Once, help=RULES_HELP
    )


def non_negative(text: str) -> int:
    """An argparse type: a whole number ≥ 0 in ASCII digits."""
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number ≥ 0")
    return int(text)


def read_text(path: str) -> str:
    """The text of a regular file of at most ``MAX_FILE_BYTES``, or of standard input for ``-``."""
    return _read_input(path, sys.stdin)


def _version() -> str:
    try:
        return metadata.version("tobago-tranquility-solver")
    except metadata.PackageNotFoundError:  # running from a source tree that was not installed
        return "unknown"


def _build_parser() -> _Parser:
    parser = _Parser(prog="tranquility", description="Analyse Tranquility grids.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(
        dest="command",
        required=True,
        metavar="COMMAND",
        help="what to ask; COMMAND --help tells more",
    )

    def command(name: str, summary: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=summary, description=summary)
        sub.add_argument("grid", metavar="GRIDFILE", help="grid text file, or - for stdin")
        sub.add_argument(
            "--available",
            required=True,
            metavar="SPEC",
            action=Once,
            help="card numbers still available, e.g. 1-20,35,40-80 (cards on the grid are ignored)",
        )
        add_rules_option(sub)
        sub.add_argument(
            "--svg", metavar="OUT", action=Once, help="also write an SVG picture to OUT"
        )
        return sub

    check = command("check", "Can the grid still be completed? Prints a completion or a reason.")
    check.add_argument(
        "--engine",
        choices=CLI_ENGINES,
        default="fast",
        action=Once,
        help="fast (exact scheduling algorithm, the default) or cpsat (a CP-SAT model); "
        "both give the same answer",
    )
    command("count", "Count the completions exactly.")
    hints = command("hints", "List the safe plays for a hand, and the dead cells.")
    hints.add_argument(
        "--hand",
        required=True,
        metavar="SPEC",
        action=Once,
        help="cards in hand, each once, e.g. 12,40 (a card on the grid is an error naming "
        "its cell)",
    )
    from .deals.cli import add_commands as add_deal_commands  # solve
    from .game.cli import add_commands as add_game_commands  # play, replay, simulate

    add_game_commands(commands)
    add_deal_commands(commands)
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
            code = int(args.run(args))
        else:
            _check_svg_target(args.svg)
            grid = _read_grid(args.grid, sys.stdin)
            rules = Rules.by_name(args.rules)
            handler = {"check": _check, "count": _count, "hints": _hints}[args.command]
            code = handler(args, grid, rules)
        # Flush here, not at exit, so that a reader who left early is handled below.
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # The reader (e.g. `head`) left early: silence the rest of the output, as `cat` would.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
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
