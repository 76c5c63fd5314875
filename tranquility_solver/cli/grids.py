"""The grid questions: ``tranquility check|count|hints GRIDFILE --available SPEC ...``.

``check`` answers whether the grid can still be completed (a completion, or the reason it
cannot), ``count`` counts the completions, ``hints`` lists the safe plays of a hand and the dead
cells; each can also draw the grid (``--svg OUT``). :func:`add_commands` registers them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..completion import Engine, complete, count_completions
from ..errors import TranquilityError
from ..grid import Grid
from ..hints import dead_cells, explain, plays_by_card, safe_placements
from ..render import render_svg
from ..rules import Rules
from .common import (
    EXIT_NONE,
    EXIT_OK,
    Once,
    add_rules_option,
    check_output_file,
    parse_numbers,
    read_input,
)

__all__ = ["CLI_ENGINES", "add_commands"]

# "brute" stays an API engine for tests and benchmarks: it is exponential and hangs on an
# ordinary grid with a few dozen empty cells, so the command line does not offer it.
CLI_ENGINES: tuple[Engine, ...] = ("fast", "cpsat")

_Handler = Callable[[argparse.Namespace, Grid, Rules], int]


def add_commands(commands: Any) -> None:
    """Register ``check``, ``count`` and ``hints`` on an argparse subparsers object."""

    def command(name: str, summary: str, handler: _Handler) -> argparse.ArgumentParser:
        sub: argparse.ArgumentParser = commands.add_parser(name, help=summary, description=summary)
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
        sub.set_defaults(run=_on_grid(handler))
        return sub

    check = command(
        "check", "Can the grid still be completed? Prints a completion or a reason.", _check
    )
    check.add_argument(
        "--engine",
        choices=CLI_ENGINES,
        default="fast",
        action=Once,
        help="fast (exact scheduling algorithm, the default) or cpsat (a CP-SAT model); "
        "both give the same answer",
    )
    command("count", "Count the completions exactly.", _count)
    hints = command("hints", "List the safe plays for a hand, and the dead cells.", _hints)
    hints.add_argument(
        "--hand",
        required=True,
        metavar="SPEC",
        action=Once,
        help="cards in hand, each once, e.g. 12,40 (a card on the grid is an error naming "
        "its cell)",
    )


def _on_grid(handler: _Handler) -> Callable[[argparse.Namespace], int]:
    """The command: check the picture's path, read the grid and the rules, then answer."""

    def run(args: argparse.Namespace) -> int:
        check_output_file(args.svg, "the picture")
        grid = _read_grid(args.grid, sys.stdin)
        return handler(args, grid, Rules.by_name(args.rules))

    return run


def _read_grid(path: str, stdin: TextIO | None) -> Grid:
    text = read_input(path, stdin)
    try:
        return Grid.parse(text)
    except TranquilityError as error:
        raise type(error)(f"{'<stdin>' if path == '-' else path}: {error}") from None


def _pool(grid: Grid, spec: str) -> tuple[int, ...]:
    # Cards already on the grid are dropped so that "1-80" means "every card not yet played".
    return tuple(number for number in parse_numbers(spec) if number not in grid.numbers)


def _write_svg(
    path: str | None,
    grid: Grid,
    highlight: Sequence[str],
    title: str,
    highlight_label: str = "highlighted",
    notes: dict[str, str] | None = None,
    *,
    dead: Sequence[str] = (),
    caption: Sequence[str] = (),
) -> None:
    if path is not None:
        svg = render_svg(
            grid,
            highlight=highlight,
            title=title,
            highlight_label=highlight_label,
            notes=notes,
            dead=dead,
            caption=caption,
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
        why = [f"reason: {reason.message}"] if reason is not None else []
        cells = reason.cells if reason else ()
        _write_svg(args.svg, grid, cells, "not completable", "why not", caption=why)
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


def _hints(args: argparse.Namespace, grid: Grid, rules: Rules) -> int:
    hand = parse_numbers(args.hand, once=True)
    pool = _pool(grid, args.available)
    safe = safe_placements(grid, hand, pool, rules)
    for line in plays_by_card(safe):
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
    caption = [] if safe else ["no safe placement"]
    if dead:
        caption.append(f"dead cells: {' '.join(dead)}")
    _write_svg(
        args.svg,
        grid,
        tuple(notes),
        "safe placements: the cards that fit",
        "safe",
        notes,
        dead=dead,
        caption=caption,
    )
    return EXIT_OK if safe else EXIT_NONE
