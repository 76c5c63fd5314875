"""The ``tobago`` command line: thin argument parsing over the public API.

Exit codes: 0 success, 1 the answer is "none" (no candidate, an illegal clue), 2 bad input,
3 the solver stopped undecided. Errors are one line on stderr, never a traceback.

>>> code = main(["check-clue", "ABC-1", "--clue", "in lake", "--new", "in lake"])
illegal (no-new-information): in lake: the 7 candidates do not change (rule 3)
h3 i3 c8 c9 i11 h12 i13
>>> code
1
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Iterable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, NoReturn

from tobago_solver import islands
from tobago_solver.clues import DECK, Clue
from tobago_solver.errors import SolverUnknownError, TobagoError
from tobago_solver.island import Island
from tobago_solver.legality import ClueVerdict, check_clue
from tobago_solver.movement import MAX_STEPS_PER_MOVE, reachable, step_distance
from tobago_solver.placement import place_landmarks
from tobago_solver.render import render_svg, write_svg
from tobago_solver.rules import TobagoRules
from tobago_solver.table import Table
from tobago_solver.treasure import ENGINES, as_clues, candidates

EXIT_OK, EXIT_NONE, EXIT_BAD_INPUT, EXIT_UNKNOWN = 0, 1, 2, 3

MAX_FILE_BYTES = 1_000_000
"""The largest island file the command line reads (a real island takes about 1 kB)."""


class _UsageError(Exception):
    """An argument error: one line on stderr instead of argparse's usage block."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see '{self.prog} --help')")


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


def _version() -> str:
    try:
        return metadata.version("tobago-tranquility-solver")
    except metadata.PackageNotFoundError:  # running from a source tree that was not installed
        return "unknown"


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


def _check_svg_target(path: str | None) -> None:
    """Fail before any work when the picture could not be written."""
    if path is None:
        return
    target = Path(path)
    if target.is_dir() or not target.parent.is_dir():
        raise TobagoError(f"cannot write the picture to {path!r}: not a file in an existing folder")


def _picture(
    path: str | None, island: Island, highlight: Iterable[str], title: str, **extra: Any
) -> None:
    if path:
        write_svg(path, render_svg(island, highlight=highlight, title=title, **extra))


def _first_illegal_clue(
    island: Island, clues: list[Clue], rules: TobagoRules
) -> tuple[int, ClueVerdict] | None:
    """The first clue that could not have been played after the ones before it (§3)."""
    for position, clue in enumerate(clues):
        verdict = check_clue(island, clues[:position], clue, rules)
        if not verdict.legal:
            return position, verdict
    return None


def _where(args: argparse.Namespace) -> int:
    _check_svg_target(args.svg)
    island = load_island(args.island)
    clues = as_clues(args.clue)
    if not args.no_check:
        illegal = _first_illegal_clue(island, clues, TobagoRules.named(args.rules))
        if illegal is not None:
            position, verdict = illegal
            print(f"clue {position + 1} is illegal ({verdict.reason}): {verdict.message}")
            return EXIT_NONE
    ordered = island.in_reading_order(candidates(island, clues, engine=args.engine))
    print(" ".join(ordered))
    print(len(ordered))
    if not ordered:
        print("tobago: no field satisfies every clue", file=sys.stderr)
    title = f"{island.name}: " + ("; ".join(str(c) for c in clues) or "no clue")
    _picture(args.svg, island, ordered, title, highlight_label="candidate")
    return EXIT_OK if ordered else EXIT_NONE


def _check_clue(args: argparse.Namespace) -> int:
    _check_svg_target(args.svg)
    island = load_island(args.island)
    verdict = check_clue(island, args.clue, args.new, TobagoRules.named(args.rules))
    verdict_line = "legal" if verdict.legal else f"illegal ({verdict.reason})"
    print(f"{verdict_line}: {verdict.message}")
    # A refused clue leaves the map as it was.
    left = island.in_reading_order(verdict.candidates if verdict.legal else verdict.before)
    print(" ".join(left))
    clues = [*as_clues(args.clue), verdict.clue]
    title = f"{island.name}: " + "; ".join(str(c) for c in clues)
    _picture(args.svg, island, left, title, highlight_label="candidate")
    return EXIT_OK if verdict.legal else EXIT_NONE


def _reach(args: argparse.Namespace) -> int:
    _check_svg_target(args.svg)
    island = load_island(args.island)
    start = island.require_field(args.field)
    fields = island.in_reading_order(reachable(island, start, args.steps))
    print(" ".join(fields))
    print(len(fields))
    title = f"{island.name}: within {args.steps} steps of {start}"
    _picture(args.svg, island, fields, title, cars={"start": start}, highlight_label="reachable")
    return EXIT_OK


def _steps(args: argparse.Namespace) -> int:
    island = load_island(args.island)
    print(step_distance(island, args.a, args.b))
    return EXIT_OK


def _deck(args: argparse.Namespace) -> int:
    del args
    for card in DECK:
        print(card)
    return EXIT_OK


def _islands_list(args: argparse.Namespace) -> int:
    del args
    for name in islands.names():
        island = islands.get(name)
        print(f"{name}\t{len(island)} fields\t{len(island.areas)} areas")
    return EXIT_OK


def _islands_show(args: argparse.Namespace) -> int:
    _check_svg_target(args.svg)
    island = load_island(args.name)
    print(island.to_text(), end="")
    print(f"\n{len(island)} land fields, {len(island.areas)} areas, {len(island.coast)} coastal")
    for terrain in sorted({area.terrain for area in island.areas}):
        areas = [area for area in island.areas if area.terrain is terrain]
        largest = island.largest_areas(terrain)
        print(
            f"  {terrain:<10} {sum(len(a) for a in areas):3d} fields in {len(areas)} areas; "
            f"largest {len(largest[0])} fields" + (" (tie)" if len(largest) > 1 else "")
        )
    for mark in island.landmarks:
        print(f"  {mark.kind:<6} {mark}")
    _picture(args.svg, island, (), island.name)
    return EXIT_OK


def _place(args: argparse.Namespace) -> int:
    _check_svg_target(args.svg)
    seed = random.SystemRandom().randrange(1_000_000) if args.seed is None else args.seed
    island = place_landmarks(load_island(args.island), seed=seed)
    # A comment line in the island format, so the output still loads and the run can be repeated.
    print(f"# placed with --seed {seed}")
    print(island.to_text(), end="")
    _picture(args.svg, island, (), f"{island.name}, seed {seed}")
    return EXIT_OK


def _assist(args: argparse.Namespace) -> int:
    from tobago_solver.assist import run_session

    table = Table.new(load_island(args.island), TobagoRules.named(args.rules))
    return run_session(table, force_all=args.force)


def non_negative(text: str) -> int:
    """An argparse type: a whole number ≥ 0 in ASCII digits."""
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number ≥ 0")
    return int(text)


CLUE_GRAMMAR = """\
clues: [not] in|next to|in sight of [largest] TARGET, where TARGET is a terrain (beach, jungle,
river, scrubland, lake, mountain), sea, hut, palm or statue; "largest" goes with terrains only,
and "in sea" is not a clue. Case, articles and plurals do not matter: "Not next to the huts".
"""

ISLAND_HELP = "a bundled island name (see 'tobago islands') or an .island file"
RULES_HELP = (
    "rule preset: seed (the user's description, default) or published (the printed game: a clue "
    "must shrink the candidates only once a map has 16 or fewer)"
)
SVG_HELP = "also draw the island to this SVG file"


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules seed|published``, as every command that follows the rules takes it."""
    parser.add_argument(
        "--rules", choices=("seed", "published"), default="seed", action=Once, help=RULES_HELP
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``tobago`` command."""
    parser = _Parser(
        prog="tobago",
        description="Tobago analysis: where can the treasure still be, and may a clue be played?",
        epilog=CLUE_GRAMMAR,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(
        dest="command",
        required=True,
        metavar="COMMAND",
        help="what to ask; COMMAND --help tells more",
    )

    def command(name: str, summary: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(
            name,
            help=summary,
            description=summary,
            epilog=CLUE_GRAMMAR,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        return sub

    def svg_option(sub: argparse.ArgumentParser, help_text: str = SVG_HELP) -> None:
        sub.add_argument("--svg", metavar="OUT", action=Once, help=help_text)

    where = command("where", "The fields where the treasure can still be, given a map's clues.")
    where.add_argument("island", help=ISLAND_HELP)
    where.add_argument(
        "--clue", action="append", default=[], help="a clue on the map, in the order played"
    )
    where.add_argument(
        "--engine",
        choices=ENGINES,
        default="fast",
        action=Once,
        help="fast (bitmasks, default), cpsat (CP-SAT witness loop) or naive (field by field); "
        "all three give the same answer",
    )
    add_rules_option(where)
    where.add_argument(
        "--no-check",
        action="store_true",
        help="skip checking that each clue was legal after the ones before it",
    )
    svg_option(where, "also draw the island with the candidates to this SVG file")
    where.set_defaults(run=_where)

    check = command("check-clue", "May a clue be added to a map? Prints the verdict and fields.")
    check.add_argument("island", help=ISLAND_HELP)
    check.add_argument("--clue", action="append", default=[], help="a clue already on the map")
    check.add_argument("--new", required=True, metavar="TEXT", action=Once, help="the clue to play")
    add_rules_option(check)
    svg_option(check, "also draw the fields the map keeps to this SVG file")
    check.set_defaults(run=_check_clue)

    reach = command("reach", "The fields a car reaches in one move (a step rule of §5).")
    reach.add_argument("island", help=ISLAND_HELP)
    reach.add_argument("field", help="the car's field, e.g. c3")
    reach.add_argument(
        "--steps",
        type=non_negative,
        default=MAX_STEPS_PER_MOVE,
        action=Once,
        help=f"at most this many steps (default {MAX_STEPS_PER_MOVE}, one move)",
    )
    svg_option(reach)
    reach.set_defaults(run=_reach)

    steps = command("steps", "The fewest steps a car needs from field A to field B.")
    steps.add_argument("island", help=ISLAND_HELP)
    steps.add_argument("a", metavar="A", help="the start field")
    steps.add_argument("b", metavar="B", help="the goal field")
    steps.set_defaults(run=_steps)

    deck = command("deck", "The 52 clue cards, one a line.")
    deck.set_defaults(run=_deck)

    listing = command("islands", "List the bundled islands, or show one ('islands show NAME').")
    listing.set_defaults(run=_islands_list)
    actions = listing.add_subparsers(
        dest="action", metavar="ACTION", help="list (the default) or show ISLAND"
    )
    actions.add_parser(
        "list", help="the 32 bundled islands with field and area counts (the default)"
    ).set_defaults(run=_islands_list)
    show = actions.add_parser(
        "show", help="an island's map, terrains and landmarks", description="Show one island."
    )
    show.add_argument("name", metavar="ISLAND", help=ISLAND_HELP)
    svg_option(show)
    show.set_defaults(run=_islands_show)

    place = command("place-landmarks", "A random legal landmark placement, drawn with CP-SAT.")
    place.add_argument("island", help=ISLAND_HELP)
    place.add_argument(
        "--seed",
        type=non_negative,
        default=None,
        action=Once,
        help="the same seed gives the same placement; without one a seed is drawn and printed",
    )
    svg_option(place)
    place.set_defaults(run=_place)

    assist = command(
        "assist",
        "Follow a game at a real table: play clues on the four maps, check, undo, save. "
        "Reads commands from the terminal or from a piped file ('help' lists them).",
    )
    assist.add_argument("island", help=ISLAND_HELP + "; its landmarks as in the file")
    add_rules_option(assist)
    assist.add_argument(
        "--force",
        action="store_true",
        help="play illegal clues anyway and mark their maps (for a table that made a mistake)",
    )
    assist.set_defaults(run=_assist)

    from tobago_solver.game.cli import add_game_commands  # the game's commands: play, replay, ...

    add_game_commands(commands)
    from tobago_solver.analysis.cli import add_analysis_commands  # analyse, puzzle, advise

    add_analysis_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    >>> main(["where", "ABC-1", "--engine", "slow"])  # one line on stderr, no usage block
    2
    """
    try:
        args = build_parser().parse_args(argv)
        code = int(args.run(args))
        # Flush here, not at exit, so that a reader who left early is handled below.
        sys.stdout.flush()
        return code
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else EXIT_OK
    except _UsageError as error:
        print(f"tobago: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except SolverUnknownError as error:
        print(f"tobago: undecided: {error}", file=sys.stderr)
        return EXIT_UNKNOWN
    except BrokenPipeError:
        # The reader (e.g. `head`) left early; silence the rest of the output, as `cat` would.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except (TobagoError, ValueError, OSError) as error:
        print(f"tobago: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except MemoryError:
        print("tobago: error: out of memory (is the island file far too large?)", file=sys.stderr)
        return EXIT_BAD_INPUT
