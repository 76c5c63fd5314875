"""What every ``tranquility`` command shares: exit codes, option types, reading a file or standard
input within its size limit, and turning the way a command ended into one line and an exit code.

>>> parse_numbers("1-3,7, 9-10")
(1, 2, 3, 7, 9, 10)
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, NoReturn, TextIO

from ..errors import CardError, GridFormatError, SolverTimeoutError, TranquilityError
from ..grid import FIRST_CARD, LAST_CARD, digits_value, shorten
from ..interrupts import CtrlCNoted, came_from_ctrl_c

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "EXIT_NONE",
    "EXIT_OK",
    "EXIT_UNKNOWN",
    "MAX_FILE_BYTES",
    "MAX_LINE_CHARS",
    "RULES_HELP",
    "InputEndedError",
    "Once",
    "Parser",
    "UsageError",
    "add_rules_option",
    "check_output_file",
    "check_output_folder",
    "non_negative",
    "one_line",
    "parse_numbers",
    "read_input",
    "read_line",
    "read_text",
    "run_command",
    "version",
]

EXIT_OK = 0
EXIT_NONE = 1
"""The answer is no: not completable, no completion, no safe play, a lost game, a LOSS."""
EXIT_BAD_INPUT = 2
EXIT_UNKNOWN = 3
"""Undecided: CP-SAT or the deal search ran out of time, or a count hit its work limit."""
EXIT_INTERRUPTED = 130
"""Ctrl-C: 128 + SIGINT, as shells report it."""

MAX_FILE_BYTES = 1_000_000
"""The most a grid file (or standard input) may hold; a grid takes about 100 bytes."""

MAX_LINE_CHARS = 1_000_000
"""The longest line read from the terminal or a pipe (a move takes a few characters)."""


class InputEndedError(TranquilityError):
    """The input ended (or was closed) while a line was expected."""


def read_line(source: TextIO | None, limit: int = MAX_LINE_CHARS) -> str:
    """One line of ``source`` without its line break, at most ``limit`` characters.

    Raises :class:`InputEndedError` at the end of the input (or when standard input is closed),
    and TranquilityError for a longer line: input with no line break, such as ``/dev/zero``, is
    refused instead of read without end.

    >>> import io
    >>> read_line(io.StringIO("41 d3\\nnext"))
    '41 d3'
    >>> read_line(io.StringIO("x" * 20), limit=10)
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.TranquilityError: line too long: more than 10 characters
    """
    if source is None or source.closed:
        raise InputEndedError("standard input is closed")
    line = source.readline(limit + 1)
    if not line:
        raise InputEndedError("input ended")
    if len(line) > limit and not line.endswith("\n"):
        raise TranquilityError(f"line too long: more than {limit:,} characters")
    return line.rstrip("\r\n")


class UsageError(Exception):
    """Argument errors, turned into one line on stderr instead of argparse's usage dump."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a :class:`UsageError` (subcommands inherit it)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


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


def read_input(path: str, stdin: TextIO | None, what: str = "a grid") -> str:
    """The text of a file holding ``what`` (a grid, a game record, a deal), or of standard
    input for ``-``: at most ``MAX_FILE_BYTES``; errors name what was being read.

    >>> read_input("no-such.json", None, "a game record")
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.TranquilityError: no such file: no-such.json (a game record)
    """
    error_type = GridFormatError if what == "a grid" else TranquilityError
    reading = "" if what == "a grid" else f" ({what})"
    name = "<stdin>" if path == "-" else path
    if path == "-":
        if stdin is None or stdin.closed:
            raise error_type(f"standard input is closed: pipe {what} in, or name a file")
        text = stdin.read(MAX_FILE_BYTES + 1)
        if len(text.encode("utf-8", "surrogateescape")) > MAX_FILE_BYTES:
            raise error_type(f"{name}: more than {MAX_FILE_BYTES:,} bytes, not {what}")
        return text.removeprefix("\ufeff")
    file = Path(path)
    if not file.exists():
        raise error_type(f"no such file: {name}{reading}")
    if not file.is_file():
        raise error_type(f"{name}: not a regular file{reading}")
    with file.open("rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise error_type(f"{name}: larger than {MAX_FILE_BYTES:,} bytes, not {what}")
    try:
        # utf-8-sig: a byte-order mark, as some editors write, is not part of the first token.
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise error_type(
            f"{name}: not UTF-8 text (byte 0x{error.object[error.start]:02x} at offset "
            f"{error.start})"
        ) from None


def check_output_file(path: str | None, what: str) -> None:
    """Refuse, before any work, an output path that cannot take a file: a folder, a path in no
    existing folder, or anything that exists and is not a regular file (a FIFO would block, a
    device such as ``/dev/full`` fail only after the answer was printed)."""
    if path is None:
        return
    target = Path(path)
    if target.exists() and not target.is_file():
        kind = "a folder" if target.is_dir() else "not a regular file"
        raise UsageError(f"cannot write {what} to {path!r}: it is {kind}")
    if not target.parent.is_dir():
        raise UsageError(f"cannot write {what} to {path!r}: no folder {str(target.parent)!r}")


def check_output_folder(path: str | None, pattern: str, what: str) -> None:
    """Refuse, before any work, a folder for output files that is a file, or that holds an
    entry named like one of the files to write (``pattern``) which is not a regular file."""
    if path is None:
        return
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"cannot write {what} into {path!r}: it is not a folder")
    if folder.is_dir():
        for entry in sorted(folder.glob(pattern)):
            if not entry.is_file():
                raise UsageError(f"cannot write {what} to {str(entry)!r}: not a regular file")


def read_text(path: str, what: str = "a grid") -> str:
    """The text of a regular file of at most ``MAX_FILE_BYTES`` holding ``what``, or of standard
    input for ``-``."""
    return read_input(path, sys.stdin, what)


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
    "seed (the game as the seed text describes it) or published (the printed game); default "
    "seed. Under seed rows and columns increase, under published one sequence a1..f6 does"
)


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules seed|published``, as every command that follows the rules takes it."""
    parser.add_argument(
        "--rules", choices=("seed", "published"), default="seed", action=Once, help=RULES_HELP
    )


MAX_NUMBER_DIGITS = 100
"""The most digits a number given as an option may have (a seed has at most 19)."""


def non_negative(text: str) -> int:
    """An argparse type: a whole number ≥ 0 in ASCII digits (at most 100 of them).

    >>> non_negative("1" * 101)
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '1111111111… (101 characters)' has more than 100 digits
    """
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a whole number ≥ 0")
    if len(text.lstrip("0")) > MAX_NUMBER_DIGITS:
        raise argparse.ArgumentTypeError(
            f"{shorten(text)!r} has more than {MAX_NUMBER_DIGITS} digits"
        )
    return int(text.lstrip("0") or "0")


def version() -> str:
    """The installed package's version, or ``unknown`` in a source tree that was not installed."""
    try:
        return metadata.version("tobago-tranquility-solver")
    except metadata.PackageNotFoundError:
        return "unknown"


_LINE_BREAKS = re.compile("[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]")


def one_line(text: str) -> str:
    """``text`` with every line break written as its escape, so a message quoting an argument
    or a file name that holds one is still one line.

    >>> print(one_line("invalid choice: 'a" + chr(10) + "b'"))
    invalid choice: 'a\\nb'
    """
    return _LINE_BREAKS.sub(lambda match: ascii(match.group())[1:-1], text)


def _say(message: str) -> None:
    print(f"tranquility: {one_line(message)}", file=sys.stderr)


def run_command(run: Callable[[], int]) -> int:
    """Run a command and return its exit code; how it failed becomes one line on stderr.

    A reader that leaves early (``| head``) ends the output quietly with 0; ``--help`` and
    ``--version`` end with 0; an undecided answer is 3; bad input is 2, never a traceback;
    Ctrl-C is one line, ``tranquility: interrupted``, and 130.

    >>> run_command(lambda: int("x"))  # the message goes to stderr
    2
    """
    ctrl_c = CtrlCNoted()
    try:
        with ctrl_c:
            code = run()
            # Flush here, not at exit, so that a reader who left early is handled below.
            sys.stdout.flush()
        return code
    except BrokenPipeError:
        # The reader (e.g. `head`) left early: silence the rest of the output, as `cat` would.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except (KeyboardInterrupt, ImportError) as error:
        # Ctrl-C while OR-Tools or numpy loads for the first time surfaces as an ImportError.
        if isinstance(error, ImportError) and not came_from_ctrl_c(error, ctrl_c):
            raise
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
        _say("interrupted")
        return EXIT_INTERRUPTED
    except SystemExit as done:  # --help
        return done.code if isinstance(done.code, int) else EXIT_OK
    except SolverTimeoutError as error:
        _say(f"undecided: {error}")
        return EXIT_UNKNOWN
    except (UsageError, TranquilityError, OSError) as error:
        _say(f"error: {error}")
    except ValueError as error:
        # Safety net: whatever bad input slipped past the checks above is still one line, not a
        # traceback (TranquilityError is a ValueError too, so this only sees the unexpected).
        first_line = next(iter(str(error).splitlines()), type(error).__name__)
        _say(f"error: {shorten(first_line, 200)}")
    except Exception:
        # Ctrl-C raised in the middle of an import can surface as any error.
        if not ctrl_c.seen:
            raise
        _say("interrupted")
        return EXIT_INTERRUPTED
    return EXIT_BAD_INPUT
