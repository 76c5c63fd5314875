"""The ``tobago`` command line: thin argument parsing over the public API.

Exit codes: 0 success, 1 the answer is "none" (no candidate, an illegal clue), 2 bad input,
3 the solver stopped undecided. Errors are one line on stderr, never a traceback.

>>> code = main(["check-clue", "ABC-1", "--clue", "in lake", "--new", "in lake"])
illegal (no-new-information): in lake: the 7 candidates do not change (rule 3)
candidates: 7 -> 7
>>> code
1
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from tobago_solver import islands
from tobago_solver.errors import SolverUnknownError, TobagoError
from tobago_solver.island import Island
from tobago_solver.legality import check_clue
from tobago_solver.placement import place_landmarks
from tobago_solver.render import render_svg, write_svg
from tobago_solver.rules import TobagoRules
from tobago_solver.treasure import ENGINES, as_clues, candidates

EXIT_OK, EXIT_NONE, EXIT_BAD_INPUT, EXIT_UNKNOWN = 0, 1, 2, 3


def load_island(spec: str) -> Island:
    """A bundled island by name, or an ``.island`` file by path."""
    if spec in islands.names():
        return islands.get(spec)
    path = Path(spec)
    if path.is_file():
        try:
            # utf-8-sig: editors that write a byte-order mark still give a readable file.
            text = path.read_text(encoding="utf-8-sig")
        except UnicodeDecodeError as error:
            raise TobagoError(
                f"{spec}: not UTF-8 text (byte {error.start}: {error.reason})"
            ) from None
        return Island.from_text(text)
    raise TobagoError(
        f"unknown island {spec!r}: neither a bundled name (see 'tobago islands') nor a file"
    )


def _check_svg_target(path: str | None) -> None:
    """Fail before any work when the picture could not be written."""
    if path is None:
        return
    target = Path(path)
    if target.is_dir() or not target.parent.is_dir():
        raise TobagoError(f"cannot write the picture to {path!r}: not a file in an existing folder")


def _where(args: argparse.Namespace) -> int:
    _check_svg_target(args.svg)
    island = load_island(args.island)
    clues = as_clues(args.clue)
    fields = candidates(island, clues, engine=args.engine)
    ordered = [f for f in island.fields if f in fields]
    print(" ".join(ordered))
    print(len(ordered))
    if args.svg:
        title = f"{island.name}: " + ("; ".join(str(c) for c in clues) or "no clue")
        write_svg(args.svg, render_svg(island, highlight=ordered, title=title))
    return EXIT_OK if ordered else EXIT_NONE


def _check_clue(args: argparse.Namespace) -> int:
    island = load_island(args.island)
    verdict = check_clue(island, args.clue, args.new, TobagoRules.named(args.rules))
    print(f"{'legal' if verdict.legal else 'illegal'} ({verdict.reason}): {verdict.message}")
    print(f"candidates: {len(verdict.before)} -> {len(verdict.candidates)}")
    return EXIT_OK if verdict.legal else EXIT_NONE


def _islands(args: argparse.Namespace) -> int:
    _check_svg_target(args.svg)
    if args.action is None:
        if args.name is not None or args.svg:
            raise TobagoError("a name and --svg go with 'islands show NAME'")
        for name in islands.names():
            island = islands.get(name)
            print(f"{name}\t{len(island)} fields\t{len(island.areas)} areas")
        return EXIT_OK
    if args.name is None:
        raise TobagoError("'islands show' needs an island: a bundled name or a file")
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
    if args.svg:
        write_svg(args.svg, render_svg(island, title=island.name))
    return EXIT_OK


def _place(args: argparse.Namespace) -> int:
    _check_svg_target(args.svg)
    island = place_landmarks(load_island(args.island), seed=args.seed)
    print(island.to_text(), end="")
    if args.svg:
        write_svg(args.svg, render_svg(island, title=f"{island.name}, seed {args.seed}"))
    return EXIT_OK


def _non_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise ValueError(text)
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``tobago`` command."""
    parser = argparse.ArgumentParser(
        prog="tobago", description="Tobago analysis: where can the treasure still be?"
    )
    commands = parser.add_subparsers(dest="command", required=True)
    island_help = "a bundled island name (see 'tobago islands') or an .island file"

    where = commands.add_parser("where", help="the fields where the treasure can still be")
    where.add_argument("island", help=island_help)
    where.add_argument("--clue", action="append", default=[], help="a clue (repeatable)")
    where.add_argument("--engine", choices=ENGINES, default="fast")
    where.add_argument("--svg", metavar="OUT", help="also draw the island with the candidates")
    where.set_defaults(run=_where)

    check = commands.add_parser("check-clue", help="may a clue be added to a map?")
    check.add_argument("island", help=island_help)
    check.add_argument("--clue", action="append", default=[], help="a clue already on the map")
    check.add_argument("--new", required=True, metavar="TEXT", help="the clue to play")
    check.add_argument("--rules", choices=("seed", "published"), default="seed")
    check.set_defaults(run=_check_clue)

    listing = commands.add_parser("islands", help="list the bundled islands, or 'show NAME'")
    listing.add_argument("action", nargs="?", choices=("show",))
    listing.add_argument("name", nargs="?", help="with 'show': a bundled name or a file")
    listing.add_argument("--svg", metavar="OUT", help="with 'show': also draw the island")
    listing.set_defaults(run=_islands)

    place = commands.add_parser("place-landmarks", help="a random legal landmark placement")
    place.add_argument("island", help=island_help)
    place.add_argument("--seed", type=_non_negative, default=0)
    place.add_argument("--svg", metavar="OUT", help="also draw the island")
    place.set_defaults(run=_place)

    from tobago_solver.game.cli import add_game_commands  # the game's commands: play, replay, ...

    add_game_commands(commands, load_island)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
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
