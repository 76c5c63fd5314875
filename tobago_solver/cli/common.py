"""What every ``tobago`` command shares: exit codes, option types and help, reading files within
their limits, and turning every error into one line on stderr.

>>> non_negative("12")
12
>>> seconds("2.5")
2.5
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
import textwrap
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path
from typing import IO, Any, NoReturn

from tobago_solver import islands
from tobago_solver.errors import SolverUnknownError, TobagoError
from tobago_solver.game.rules import VARIANTS
from tobago_solver.interrupts import CtrlCNoted, came_from_ctrl_c
from tobago_solver.island import Island

EXIT_OK, EXIT_NONE, EXIT_BAD_INPUT, EXIT_UNKNOWN = 0, 1, 2, 3
EXIT_INTERRUPTED = 130
"""Ctrl-C: 128 + SIGINT, as shells report it."""

MAX_FILE_BYTES = 1_000_000
"""The largest island file the command line reads (a real island takes about 1 kB)."""

MAX_LINE_CHARS = 1_000_000
"""The longest line read from the terminal or a pipe (a command takes a few dozen)."""


class InputEndedError(TobagoError):
    """The input ended (or was closed) while a line was expected."""


def read_line(source: IO[str] | None, limit: int = MAX_LINE_CHARS) -> str:
    """One line of ``source`` without its line break, at most ``limit`` characters.

    Raises :class:`InputEndedError` at the end of the input (or when standard input is closed),
    and TobagoError for a longer line: input with no line break, such as ``/dev/zero``, is
    refused instead of read without end.

    >>> import io
    >>> read_line(io.StringIO("move k7\\nnext"))
    'move k7'
    >>> read_line(io.StringIO("x" * 20), limit=10)
    Traceback (most recent call last):
    ...
    tobago_solver.errors.TobagoError: line too long: more than 10 characters
    """
    if source is None or source.closed:
        raise InputEndedError("standard input is closed")
    line = source.readline(limit + 1)
    if not line:
        raise InputEndedError("input ended")
    if len(line) > limit and not line.endswith("\n"):
        raise TobagoError(f"line too long: more than {limit:,} characters")
    return line.rstrip("\r\n")


SCREEN_WIDTH = 80
"""The columns of the terminal every screen is written for."""


def wrap_lines(text: str, width: int = SCREEN_WIDTH, indent: str = "  ") -> list[str]:
    """The lines of ``text``, each longer than ``width`` broken between words (a terminal would
    cut a word in two) with its continuations indented; lines that fit stay as they are.

    >>> wrap_lines("grey (9): b4 c5 d5 e5 f6 g6 h7 i8 j9", 20)
    ['grey (9): b4 c5 d5', '  e5 f6 g6 h7 i8 j9']
    """
    return [
        part
        for line in text.split("\n")
        for part in (
            textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False)
            if len(line) > width
            else [line]
        )
    ]


CLUE_GRAMMAR = """\
clues: [not] in|next to|in sight of [largest] TARGET, where TARGET is a terrain (beach, jungle,
river, scrubland, lake, mountain), sea, hut, palm or statue; "largest" goes with terrains only,
and "in sea" is not a clue. Case, articles and plurals do not matter: "Not next to the huts".
"""

ISLAND_HELP = "a bundled island name (see 'tobago islands') or an .island file"
RULES_HELP = (
    "seed (the game as the seed text describes it) or published (the printed game); default "
    "seed. Under seed every clue must rule out some of a map's fields, under published only "
    "once a map has 16 or fewer"
)
SVG_HELP = "also draw the island to this SVG file"

Commands = argparse._SubParsersAction  # the subcommands of ``tobago``, as argparse names them


class UsageError(Exception):
    """An argument error: one line on stderr instead of argparse's usage block."""


class Parser(argparse.ArgumentParser):
    """An argument parser that reports a mistake as a :class:`UsageError`."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


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


def version() -> str:
    """The installed package's version."""
    try:
        return metadata.version("tobago-tranquility-solver")
    except metadata.PackageNotFoundError:  # running from a source tree that was not installed
        return "unknown"


def non_negative(text: str) -> int:
    """An argparse type: a whole number ≥ 0 in ASCII digits."""
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number ≥ 0")
    return int(text)


def seconds(text: str) -> float:
    """An argparse type: a finite number of seconds > 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds > 0")
    return value


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules seed|published``, as every command that follows the rules takes it."""
    parser.add_argument(
        "--rules",
        choices=("seed", "published"),
        default="seed",
        action=Once,
        metavar="seed|published",
        help=RULES_HELP,
    )


VARIANT_HELP = (
    "turn on an optional variant (repeatable): exchange (a third action: discard all your clue "
    "cards and draw as many)"
)


def add_variant_option(parser: argparse.ArgumentParser) -> None:
    """``--variant NAME``: an optional variant of the rules, off by default (``exchange``)."""
    parser.add_argument(
        "--variant", choices=VARIANTS, action="append", default=[], help=VARIANT_HELP
    )


def add_svg_option(parser: argparse.ArgumentParser, help_text: str = SVG_HELP) -> None:
    """``--svg OUT``: also draw a picture."""
    parser.add_argument("--svg", metavar="OUT", action=Once, help=help_text)


def clue_command(commands: Commands[Any], name: str, summary: str) -> argparse.ArgumentParser:
    """A command whose help ends with the grammar of clues."""
    sub: argparse.ArgumentParser = commands.add_parser(
        name,
        help=summary,
        description=summary,
        epilog=CLUE_GRAMMAR,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return sub


def read_text_file(path: str, what: str) -> str:
    """The UTF-8 text of a regular file of at most ``MAX_FILE_BYTES``; TobagoError otherwise.

    ``what`` names the file in messages (``"game record"``, ``"island file"``).
    """
    file = Path(path)
    if not file.exists():
        raise TobagoError(f"no such file: {path}")
    if not file.is_file():
        raise TobagoError(f"{path}: not a regular file")
    with file.open("rb") as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise TobagoError(f"{path}: larger than {MAX_FILE_BYTES:,} bytes, not a {what}")
    try:
        # utf-8-sig: editors that write a byte-order mark still give a readable file.
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise TobagoError(f"{path}: not UTF-8 text (byte {error.start}: {error.reason})") from None


def load_island(spec: str) -> Island:
    """A bundled island by name, or an ``.island`` file by path (at most 1 MB)."""
    if spec in islands.names():
        return islands.get(spec)
    if not Path(spec).exists():
        raise TobagoError(
            f"unknown island {spec!r}: not a bundled name (see 'tobago islands') and no such file"
        )
    return Island.from_text(read_text_file(spec, "island file"))


def check_target(path: str | Path | None, what: str = "picture") -> None:
    """Fail before any work when an output file could not be written: a folder, a missing
    folder, or an existing file that is not a regular one (a FIFO would block, a device such as
    /dev/full fail after the whole answer)."""
    if path is None:
        return
    if "\0" in str(path):
        raise TobagoError(f"cannot write the {what} to {str(path)!r}: the name holds a NUL byte")
    target = Path(path)
    if target.is_dir() or not target.parent.is_dir():
        raise TobagoError(
            f"cannot write the {what} to {str(path)!r}: not a file in an existing folder"
        )
    if target.exists() and not target.is_file():
        raise TobagoError(f"cannot write the {what} to {str(path)!r}: not a regular file")


def one_line(text: str) -> str:
    """``text`` on one line: each line break (say, in an argument quoted back) escaped.

    >>> one_line("unrecognized arguments: a\\nb\\u2028c")
    'unrecognized arguments: a\\\\nb\\\\u2028c'
    """
    return "".join(
        char.encode("unicode_escape").decode("ascii") if len(f"{char}.".splitlines()) > 1 else char
        for char in text
    )


def interrupted() -> None:
    """Say on one line that Ctrl-C stopped the command (after ending a line begun on stdout)."""
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    print("tobago: interrupted", file=sys.stderr)


def run_command(command: Callable[[], int]) -> int:
    """Run a command; every error becomes one line on stderr and an exit code, never a
    traceback; Ctrl-C ends it with one line and exit 130."""
    ctrl_c = CtrlCNoted()
    try:
        with ctrl_c:
            code = command()
            # Flush here, not at exit, so that a reader who left early is handled below.
            sys.stdout.flush()
        return code
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else EXIT_OK
    except UsageError as error:
        print(f"tobago: error: {one_line(str(error))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except SolverUnknownError as error:
        print(f"tobago: undecided: {one_line(str(error))}", file=sys.stderr)
        return EXIT_UNKNOWN
    except BrokenPipeError:
        # The reader (e.g. `head`) left early; silence the rest of the output, as `cat` would.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:
        interrupted()
        return EXIT_INTERRUPTED
    except ImportError as error:
        # Ctrl-C while OR-Tools or numpy loads for the first time surfaces as an ImportError.
        if not came_from_ctrl_c(error, ctrl_c):
            raise
        interrupted()
        return EXIT_INTERRUPTED
    except (TobagoError, ValueError, OSError) as error:
        print(f"tobago: error: {one_line(str(error))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except MemoryError:
        print("tobago: error: out of memory (is the island file far too large?)", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception:
        # Ctrl-C raised in the middle of an import can surface as any error.
        if not ctrl_c.seen:
            raise
        interrupted()
        return EXIT_INTERRUPTED
