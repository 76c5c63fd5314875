"""The analysis commands of ``tobago``: ``analyse`` (identifiability), ``puzzle`` and ``advise``.

>>> from tobago_solver.cli import main
>>> main(["analyse", "ABC-1"])  # doctest: +ELLIPSIS
field  terrain    cards  a shortest proof
...
ABC-1: 102 fields, 11 never located; mean 3.11 cards, worst 5
fields per number of cards: 2: 20, 3: 44, 4: 24, 5: 3, never: 11
0
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from tobago_solver import islands
from tobago_solver.analysis.advice import advice_table, advise
from tobago_solver.analysis.identifiability import identifiability, summary_markdown, summary_table
from tobago_solver.analysis.min_clues import DEFAULT_TIME_LIMIT
from tobago_solver.analysis.puzzles import make_puzzle
from tobago_solver.cli.common import (
    ISLAND_HELP,
    Commands,
    Once,
    add_rules_option,
    check_target,
    load_island,
    non_negative,
    read_text_file,
    seconds,
)
from tobago_solver.errors import TobagoError
from tobago_solver.game.records import GameRecord, replay
from tobago_solver.render import render_svg, write_svg


def _progress(total: int, enabled: bool) -> Any:
    if not enabled:
        return None
    from tqdm import tqdm  # type: ignore[import-untyped]  # only when a bar is wanted: slow

    return tqdm(total=total, file=sys.stderr, unit="island", desc="analysing")


def _analyse(args: argparse.Namespace) -> int:
    if args.all == (args.island is not None):
        raise TobagoError("give an island or --all, not both and not neither")
    check_target(args.svg, "picture")
    check_target(args.json, "JSON report")
    check_target(args.summary, "summary")
    if args.island is not None:
        if args.summary is not None:
            raise TobagoError("--summary goes with --all")
        report = identifiability(load_island(args.island), time_limit=args.time_limit)
        print(report.table())
        if args.json is not None:
            Path(args.json).write_text(report.to_json() + "\n", encoding="utf-8")
        if args.svg is not None:
            write_svg(args.svg, report.to_svg())
        return 0
    if args.svg is not None or args.json is not None:
        raise TobagoError("--svg and --json take one island; with --all use --summary")
    names = islands.names()
    bar = _progress(len(names), not args.no_progress)
    reports = []
    try:
        for name in names:
            reports.append(identifiability(islands.get(name), time_limit=args.time_limit))
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    print(summary_table(reports))
    if args.summary is not None:
        Path(args.summary).write_text(summary_markdown(reports), encoding="utf-8")
        print(f"summary written to {args.summary}")
    return 0


def _puzzle(args: argparse.Namespace) -> int:
    check_target(args.svg, "picture")
    island = load_island(args.island)
    seed = random.SystemRandom().randrange(1_000_000) if args.seed is None else args.seed
    if args.size == 0:
        raise TobagoError("--size must be at least 1")
    puzzle = make_puzzle(
        island,
        seed=seed,
        size=args.size,
        field=args.field,
        rules=args.rules,
        time_limit=args.time_limit,
    )
    print(puzzle.text(show_answer=args.show_answer))
    if args.svg is not None:
        title = f"Puzzle {island.name} #{seed}" + (
            f": the treasure is at {puzzle.answer}" if args.show_answer else ""
        )
        highlight = [puzzle.answer] if args.show_answer else []
        clues = [f"{number}. {clue}" for number, clue in enumerate(puzzle.clues, start=1)]
        write_svg(args.svg, render_svg(island, highlight=highlight, title=title, caption=clues))
    return 0


def _advise(args: argparse.Namespace) -> int:
    record = GameRecord.from_json(read_text_file(args.record, "game record"))
    states = list(replay(record))
    open_states = [state for state in states if not state.is_terminal]
    if not open_states:
        raise TobagoError(f"{args.record}: the game ends before anyone decides anything")
    if args.turn is None:
        state = open_states[-1]  # the last decision of the game
    else:
        at_turn = [state for state in open_states if state.turn == args.turn]
        if not at_turn:
            last = open_states[-1].turn
            raise TobagoError(f"--turn {args.turn}: the game's turns run from 0 to {last}")
        state = at_turn[0]  # the start of that turn
    ranked = advise(state)
    if args.board:
        print(state)  # the board as the player to decide sees it
    print(advice_table(state, ranked, args.top))
    if 0 < args.top < len(ranked):
        print(f"... and {len(ranked) - args.top} more (--top 0 lists all)")
    return 0


def add_commands(commands: Commands[Any]) -> None:
    """Register ``analyse``, ``puzzle`` and ``advise`` on the ``tobago`` parser."""
    analyse = commands.add_parser(
        "analyse",
        help="the fewest clue cards that locate each field (identifiability map)",
        description="For every land field, the fewest clue cards that locate it (proven "
        "optimal with CP-SAT), or 'never'.",
    )
    analyse.add_argument("island", nargs="?", help=ISLAND_HELP)
    analyse.add_argument(
        "--all", action="store_true", help="all 32 bundled islands, with a summary"
    )
    analyse.add_argument(
        "--json", metavar="FILE", action=Once, help="also write the report as JSON to FILE"
    )
    analyse.add_argument(
        "--svg", metavar="OUT", action=Once, help="also draw the heat map to this SVG file"
    )
    analyse.add_argument(
        "--summary",
        metavar="FILE",
        action=Once,
        help="with --all: write the summary as Markdown to FILE (e.g. docs/identifiability.md)",
    )
    analyse.add_argument(
        "--time-limit",
        type=seconds,
        default=DEFAULT_TIME_LIMIT,
        action=Once,
        metavar="SECONDS",
        help=f"CP-SAT time per field (default {DEFAULT_TIME_LIMIT:g}); "
        "a field still undecided ends the command with exit code 3",
    )
    analyse.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    analyse.set_defaults(run=_analyse)

    puzzle = commands.add_parser(
        "puzzle",
        help="a puzzle: clues that locate one field, each needed",
        description="A puzzle: clue cards, each legal when played in order, that leave exactly "
        "one field, with no card to spare. The answer stays hidden unless --show-answer.",
    )
    puzzle.add_argument("island", help=ISLAND_HELP)
    puzzle.add_argument(
        "--seed",
        type=non_negative,
        default=None,
        action=Once,
        metavar="N",
        help="the same seed gives the same puzzle; without one a seed is drawn and printed",
    )
    puzzle.add_argument(
        "--size",
        type=non_negative,
        default=None,
        action=Once,
        metavar="K",
        help="exactly this many clues (default: as few as the answer allows)",
    )
    puzzle.add_argument(
        "--field",
        action=Once,
        metavar="F",
        help="the answer (default: a field drawn from the seed)",
    )
    puzzle.add_argument("--show-answer", action="store_true", help="print the answer too")
    add_rules_option(puzzle)
    puzzle.add_argument(
        "--time-limit",
        type=seconds,
        default=DEFAULT_TIME_LIMIT,
        action=Once,
        metavar="SECONDS",
        help=f"CP-SAT time per attempt (default {DEFAULT_TIME_LIMIT:g})",
    )
    puzzle.add_argument(
        "--svg",
        metavar="OUT",
        action=Once,
        help="also draw the island (the answer marked only with --show-answer)",
    )
    puzzle.set_defaults(run=_puzzle)

    counsel = commands.add_parser(
        "advise",
        help="rank the legal actions at a point of a saved game",
        description="Rank the legal actions of the player to decide at a point of a saved game "
        "by the treasure cards they can expect (docs/analysis.md states the criterion), each "
        "with a one-line reason.",
    )
    counsel.add_argument("record", help="a JSON file written by 'tobago play --save'")
    counsel.add_argument(
        "--turn",
        type=non_negative,
        default=None,
        action=Once,
        metavar="N",
        help="advise at the start of this turn (default: the game's last decision)",
    )
    counsel.add_argument(
        "--top",
        type=non_negative,
        default=10,
        action=Once,
        metavar="K",
        help="list this many actions (default 10; 0 lists all)",
    )
    counsel.add_argument(
        "--board", action="store_true", help="print the board as the player sees it first"
    )
    counsel.set_defaults(run=_advise)
