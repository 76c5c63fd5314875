"""The deal solver's subcommand: ``tranquility solve``.

``tranquility solve DEAL.json`` or ``tranquility solve --players 2 --rules published --seed 5``
prints the verdict, the winning line and the statistics. Exit codes: 0 WIN, 1 LOSS, 3 UNKNOWN
(the time limit ran out), 2 bad input. :func:`add_commands` registers it on the main parser.

>>> from tranquility_solver.cli import main
>>> main(["solve", "--players", "1", "--seed", "3", "--no-progress", "--quiet"])
verdict: WIN
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from ..analysis import solve_deal
from ..deals.deal import Deal, DealFormatError
from ..deals.solve import DealStatus, Progress
from ..errors import TranquilityError
from ..game.choices import card_text
from ..game.setup import MAX_PLAYERS, MIN_PLAYERS
from ..grid import shorten
from .common import (
    EXIT_NONE,
    EXIT_OK,
    EXIT_UNKNOWN,
    Once,
    check_output_file,
    non_negative,
    read_text,
)

__all__ = ["EXIT_CODES", "add_commands"]

EXIT_CODES = {DealStatus.WIN: EXIT_OK, DealStatus.LOSS: EXIT_NONE, DealStatus.UNKNOWN: EXIT_UNKNOWN}


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shorten(text)!r} is not a number of seconds") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{shorten(text)!r}: expected positive seconds")
    return value


def add_commands(commands: Any) -> None:
    """Register ``solve`` on an argparse subparsers object."""
    solve = commands.add_parser(
        "solve",
        help="Decide whether a deal can be won with every card known.",
        description=(
            "Decide whether a deal can be won when every hand and deck order is known: WIN with "
            "a winning line, LOSS (proven by exhaustive search), or UNKNOWN when the time limit "
            "runs out. Exit 0 WIN, 1 LOSS, 3 UNKNOWN, 2 bad input."
        ),
    )
    solve.add_argument(
        "deal",
        nargs="?",
        metavar="DEAL",
        help="deal JSON file (see docs/deals.md), or - for stdin; or deal one with --seed",
    )
    solve.add_argument(
        "--players",
        type=non_negative,
        action=Once,
        default=None,
        help=f"players of a dealt game, {MIN_PLAYERS}-{MAX_PLAYERS} (default 2; needs --seed)",
    )
    solve.add_argument(
        "--rules",
        choices=("seed", "published"),
        action=Once,
        default=None,
        help="rules preset of a dealt game (default seed; needs --seed)",
    )
    solve.add_argument(
        "--seed",
        type=non_negative,
        action=Once,
        default=None,
        help="deal the game that 'tranquility play --seed' and tq.new_game deal",
    )
    solve.add_argument(
        "--first-player",
        type=non_negative,
        action=Once,
        default=None,
        help="first player of a dealt game (default 0; needs --seed)",
    )
    solve.add_argument(
        "--time-limit",
        type=_positive_seconds,
        action=Once,
        default=60.0,
        metavar="SECONDS",
        help="give up with UNKNOWN after this long (default 60)",
    )
    solve.add_argument(
        "--save-deal", action=Once, metavar="FILE", help="also write the deal's JSON to FILE"
    )
    solve.add_argument(
        "--no-progress", action="store_true", help="no progress line on stderr while searching"
    )
    solve.add_argument(
        "--quiet", action="store_true", help="print the verdict only, not the line or statistics"
    )
    solve.set_defaults(run=_solve)


def _read_deal(path: str) -> Deal:
    try:
        return Deal.from_json(read_text(path, "a deal"))
    except TranquilityError as error:
        name = "<stdin>" if path == "-" else path
        message = str(error).removeprefix("deal: ")
        raise DealFormatError(
            message if message.startswith(name) else f"{name}: {message}"
        ) from None


def _deal(args: argparse.Namespace) -> tuple[Deal, str]:
    dealt = [args.players, args.rules, args.first_player]
    if args.deal is not None:
        if args.seed is not None or any(value is not None for value in dealt):
            raise TranquilityError(
                "give a deal file or --seed (with --players, --rules, --first-player), not both"
            )
        return _read_deal(args.deal), args.deal
    if args.seed is None:
        raise TranquilityError("give a deal file, or --seed to deal a game")
    players = 2 if args.players is None else args.players
    rules = "seed" if args.rules is None else args.rules
    first = 0 if args.first_player is None else args.first_player
    deal = Deal.random(players, rules=rules, seed=args.seed, first_player=first)
    return deal, f"{players} players, seed {args.seed}"


def _progress_line(err: TextIO, time_limit: float) -> Callable[[Progress], None]:
    def show(progress: Progress) -> None:
        err.write(
            f"\rsearching: {progress.nodes:,} positions, {progress.solver_calls:,} checks, "
            f"depth {progress.depth}, {progress.seconds:.0f} of {time_limit:g} s "
        )
        err.flush()

    return show


def _solve(args: argparse.Namespace) -> int:
    check_output_file(args.save_deal, "the deal")
    deal, name = _deal(args)
    if args.save_deal is not None:
        Path(args.save_deal).write_text(deal.to_json(indent=1) + "\n", encoding="utf-8")
    err = sys.stderr
    show = None if args.no_progress or not err.isatty() else _progress_line(err, args.time_limit)
    try:
        solution = solve_deal(deal, time_limit=args.time_limit, progress=show)
    finally:
        if show is not None:
            err.write("\r\033[K")
            err.flush()
    out = sys.stdout
    if not args.quiet:
        hands = " | ".join(" ".join(map(card_text, hand)) for hand in deal.hands)
        out.write(f"deal: {name} ({deal.rules.label}); hands: {hands}\n")
    out.write(f"verdict: {solution.status.name}\n")
    if not args.quiet:
        if solution.won:
            out.write(f"winning line ({len(solution.line)} actions):\n")
            out.write(solution.line_text(deal) + "\n" if solution.line else "")
        elif solution.status is DealStatus.LOSS:
            out.write("no line wins: every line was searched (or cut by a sound bound)\n")
        elif solution.interrupted:
            out.write(f"undecided: interrupted after {solution.seconds:.1f} s\n")
        else:
            out.write(f"undecided after {args.time_limit:g} s\n")
        out.write(solution.statistics_text() + "\n")
    if solution.interrupted:
        raise KeyboardInterrupt  # the answer so far is out; Ctrl-C still ends with 130
    return EXIT_CODES[solution.status]
