"""The island commands of ``tobago``: ``where``, ``check-clue``, ``reach``, ``steps``, ``deck``,
``islands`` and ``place-landmarks``.

>>> from tobago_solver.cli import main
>>> main(["steps", "ABC-1", "h3", "i3"])
1
0
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterable
from typing import Any

from tobago_solver import islands
from tobago_solver.cli.common import (
    EXIT_NONE,
    EXIT_OK,
    ISLAND_HELP,
    Commands,
    Once,
    add_rules_option,
    add_svg_option,
    check_target,
    clue_command,
    load_island,
    non_negative,
)
from tobago_solver.clues import DECK, Clue
from tobago_solver.island import Island
from tobago_solver.legality import ClueVerdict, check_clue
from tobago_solver.movement import MAX_STEPS_PER_MOVE, reachable, step_distance
from tobago_solver.placement import place_landmarks
from tobago_solver.render import render_svg, write_svg
from tobago_solver.rules import TobagoRules
from tobago_solver.treasure import ENGINES, as_clues, candidates


def _picture(
    path: str | None, island: Island, highlight: Iterable[str], title: str, **extra: Any
) -> None:
    if path:
        write_svg(path, render_svg(island, highlight=highlight, title=title, **extra))


def _first_illegal_clue(
    island: Island, clues: list[Clue], rules: TobagoRules
) -> tuple[int, ClueVerdict] | None:
    """The first clue that the clue rules forbid after the ones before it."""
    for position, clue in enumerate(clues):
        verdict = check_clue(island, clues[:position], clue, rules)
        if not verdict.legal:
            return position, verdict
    return None


def _where(args: argparse.Namespace) -> int:
    check_target(args.svg)
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
    check_target(args.svg)
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
    check_target(args.svg)
    island = load_island(args.island)
    start = island.require_field(args.field)
    # The car's own field is no destination: a move leaves it.
    fields = island.in_reading_order(reachable(island, start, args.steps) - {start})
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
    check_target(args.svg)
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
    check_target(args.svg)
    seed = random.SystemRandom().randrange(1_000_000) if args.seed is None else args.seed
    island = place_landmarks(load_island(args.island), seed=seed)
    # A comment line in the island format, so the output still loads and the run can be repeated.
    print(f"# placed with --seed {seed}")
    print(island.to_text(), end="")
    _picture(args.svg, island, (), f"{island.name}, seed {seed}")
    return EXIT_OK


def add_commands(commands: Commands[Any]) -> None:
    """Register the island commands on the ``tobago`` parser."""
    where = clue_command(
        commands, "where", "The fields where the treasure can still be, given a map's clues."
    )
    where.add_argument("island", help=ISLAND_HELP)
    where.add_argument(
        "--clue", action="append", default=[], help="a clue on the map, in the order played"
    )
    where.add_argument(
        "--engine",
        choices=ENGINES,
        default="fast",
        action=Once,
        help="fast (bitmasks, default), cpsat (every solution of a CP-SAT model) or naive (field "
        "by field); all three give the same answer",
    )
    add_rules_option(where)
    where.add_argument(
        "--no-check",
        action="store_true",
        help="skip checking that each clue was legal after the ones before it",
    )
    add_svg_option(where, "also draw the island with the candidates to this SVG file")
    where.set_defaults(run=_where)

    check = clue_command(
        commands, "check-clue", "May a clue be added to a map? Prints the verdict and fields."
    )
    check.add_argument("island", help=ISLAND_HELP)
    check.add_argument("--clue", action="append", default=[], help="a clue already on the map")
    check.add_argument("--new", required=True, metavar="TEXT", action=Once, help="the clue to play")
    add_rules_option(check)
    add_svg_option(check, "also draw the fields the map keeps to this SVG file")
    check.set_defaults(run=_check_clue)

    reach = commands.add_parser(
        "reach",
        help="the fields a car reaches in one move",
        description="The fields a car on FIELD reaches in one move of 1 to 3 steps: a step goes "
        "to a neighbouring land field of another terrain, or to any field of the terrain area the "
        "car stands in. The car's own field is not listed: a move leaves it.",
    )
    reach.add_argument("island", help=ISLAND_HELP)
    reach.add_argument("field", help="the car's field, e.g. c3")
    reach.add_argument(
        "--steps",
        type=non_negative,
        default=MAX_STEPS_PER_MOVE,
        action=Once,
        help=f"at most this many steps (default {MAX_STEPS_PER_MOVE}, one move)",
    )
    add_svg_option(reach)
    reach.set_defaults(run=_reach)

    steps = clue_command(commands, "steps", "The fewest steps a car needs from field A to field B.")
    steps.add_argument("island", help=ISLAND_HELP)
    steps.add_argument("a", metavar="A", help="the start field")
    steps.add_argument("b", metavar="B", help="the goal field")
    steps.set_defaults(run=_steps)

    deck = clue_command(commands, "deck", "The 52 clue cards, one a line.")
    deck.set_defaults(run=_deck)

    listing = clue_command(
        commands, "islands", "List the bundled islands, or show one ('islands show NAME')."
    )
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
    add_svg_option(show)
    show.set_defaults(run=_islands_show)

    place = clue_command(
        commands, "place-landmarks", "A random legal landmark placement, drawn with CP-SAT."
    )
    place.add_argument("island", help=ISLAND_HELP)
    place.add_argument(
        "--seed",
        type=non_negative,
        default=None,
        action=Once,
        help="the same seed gives the same placement; without one a seed is drawn and printed",
    )
    add_svg_option(place)
    place.set_defaults(run=_place)
