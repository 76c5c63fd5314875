"""The game's subcommands: ``tranquility play``, ``tranquility replay``, ``tranquility simulate``.

:func:`add_commands` registers them on the main parser; each sets ``args.run``, which returns
the exit code: 0 for a won game or a finished batch, 1 for a lost game, 2 on bad input
(including input that ends before the game does).

>>> from tranquility_solver.cli import main
>>> main(["simulate", "-n", "2", "--players", "1", "--bots", "random", "--seed", "1",
...       "--no-progress"])  # doctest: +ELLIPSIS
2 games, 1 player, rules seed, bots random: won 0 (0.0%, 95% interval 0.0%-65.8%)
...
0
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from ..errors import TranquilityError
from ..game.actions import Action, Play, parse_action
from ..game.bots import BOTS, Bot, make_bots
from ..game.choices import is_island
from ..game.records import GameRecord, bot_rng, record_of, replay
from ..game.setup import MAX_PLAYERS, MIN_PLAYERS, new_game
from ..game.simulate import simulate
from ..game.state import GameState
from ..grid import cell_index
from ..hints import safe_placements
from ..render import render_game_svg
from .common import (
    EXIT_BAD_INPUT,
    EXIT_NONE,
    EXIT_OK,
    Once,
    add_rules_option,
    check_output_file,
    check_output_folder,
    non_negative,
    read_text,
)

__all__ = ["add_commands"]


class InputEndedError(TranquilityError):
    """The human player's input ended before the game did."""


def add_commands(commands: Any) -> None:
    """Register ``play``, ``replay`` and ``simulate`` on an argparse subparsers object."""
    play = commands.add_parser(
        "play",
        help="Play a game in the terminal, or watch bots play one.",
        description="Play a game: bots on every seat but --human; the log shows every turn.",
    )
    play.add_argument(
        "--players", type=non_negative, default=2, action=Once, help="1-5 players (default 2)"
    )
    play.add_argument(
        "--human",
        type=non_negative,
        action="append",
        default=[],
        metavar="SEAT",
        help="a seat played from the terminal (0 is the first player); repeatable",
    )
    play.add_argument(
        "--bots",
        "--bot",
        default="heuristic",
        metavar="NAMES",
        action=Once,
        help=f"bot for the other seats, or one per seat: {', '.join(BOTS)}",
    )
    play.add_argument(
        "--seed",
        type=non_negative,
        default=None,
        action=Once,
        help="deals the game: the same seed gives the same game (default: drawn and printed)",
    )
    add_rules_option(play)
    play.add_argument(
        "--svg-dir", metavar="DIR", action=Once, help="write the grid after every turn here"
    )
    play.add_argument(
        "--save", metavar="FILE", action=Once, help="save the game record (JSON) here"
    )
    play.set_defaults(run=_play)

    again = commands.add_parser(
        "replay", help="Replay a saved game record.", description="Replay a saved game record."
    )
    again.add_argument("record", metavar="RECORD", help="game record JSON (from play --save)")
    again.add_argument(
        "--svg-dir", metavar="DIR", action=Once, help="write the grid after every turn here"
    )
    again.set_defaults(run=_replay)

    batch = commands.add_parser(
        "simulate",
        help="Play many bot games and report the win rate.",
        description="Play many bot games and report the win rate, losses and game length.",
    )
    batch.add_argument(
        "-n", "--games", type=non_negative, default=1000, action=Once, help="games (default 1000)"
    )
    batch.add_argument(
        "--players", type=non_negative, default=2, action=Once, help="1-5 players (default 2)"
    )
    batch.add_argument(
        "--bots",
        "--bot",
        default="heuristic",
        metavar="NAMES",
        action=Once,
        help=f"one bot for every seat, or one per seat: {', '.join(BOTS)} (default heuristic)",
    )
    add_rules_option(batch)
    batch.add_argument(
        "--seed",
        type=non_negative,
        default=0,
        action=Once,
        help="game i is dealt from the i-th child of numpy SeedSequence(seed) (default 0)",
    )
    batch.add_argument(
        "--workers",
        type=non_negative,
        default=1,
        action=Once,
        help="processes to play on (default 1); the results do not depend on it",
    )
    batch.add_argument("--json", action="store_true", help="print the summary as JSON")
    batch.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    batch.set_defaults(run=_simulate)


# -- play ----------------------------------------------------------------------------------


_STEP_FILES = "step-*.svg"


def _svg_writer(folder: str | None) -> Callable[[GameState, Action | None], None]:
    """Writes step-000.svg (the deal), step-001.svg, … into ``folder``, one per call."""
    if folder is None:
        return lambda state, action: None
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    steps = itertools.count()

    def write(state: GameState, action: Action | None) -> None:
        last = action.cell if isinstance(action, Play) else None
        title = f"turn {state.turn}: {action if action else 'deal'}"
        (target / f"step-{next(steps):03d}.svg").write_text(
            render_game_svg(state, last_play=last, title=title), encoding="utf-8"
        )

    return write


def _menu(state: GameState) -> list[tuple[str, Action]]:
    """The legal actions in display order, with a label: plays grouped by card, cheapest first,
    safe ones marked; then the other actions."""
    observation = state.observation(state.current_player)
    legal = observation.legal_actions()
    island = [card for card in observation.hand if is_island(card)]
    safe = set()
    if island and observation.phase == "play":
        unknown = observation.unknown_cards()
        safe = {(s.card, s.cell) for s in safe_placements(state.grid, island, unknown, state.rules)}
    plays = sorted(
        (a for a in legal if isinstance(a, Play)),
        key=lambda a: (a.card, len(a.discards), cell_index(a.cell), a.discards),
    )
    menu: list[tuple[str, Action]] = [
        (f"{a}{'   [safe]' if (a.card, a.cell) in safe else ''}", a) for a in plays
    ]
    menu.extend((str(a), a) for a in legal if not isinstance(a, Play))
    return menu


def _ask(state: GameState, stdin: TextIO, out: TextIO) -> Action:
    player = state.current_player
    hand = state.describe_hand(player)
    print(f"\nYour turn, player {player} ({state.phase} phase). Your hand: {hand}", file=out)
    if state.phase == "share":
        print(f"The team still discards {state.share_left} cards.", file=out)
    menu = _menu(state)
    current = None
    for number, (label, action) in enumerate(menu, start=1):
        group = action.card if isinstance(action, Play) else None
        if group != current:
            heading = f"card {group}:" if group is not None else "other actions:"
            print(heading, file=out)
            current = group
        print(f"  {number:3d}. {label}", file=out)
    while True:
        print("Your action (number or text): ", end="", file=out, flush=True)
        line = stdin.readline()
        if not line:
            raise InputEndedError("input ended before the game did")
        text = line.strip()
        if not text:
            continue
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(menu):
                return menu[number - 1][1]
            print(f"no action {number}: choose 1-{len(menu)}", file=out)
            continue
        try:
            action = parse_action(text)
            state.apply(action)
        except TranquilityError as error:
            print(f"not allowed: {error}", file=out)
            continue
        return action


def _check_seats(players: int, humans: list[int]) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TranquilityError(f"--players must be {MIN_PLAYERS}-{MAX_PLAYERS}, got {players}")
    for seat in humans:
        if not 0 <= seat < players:
            raise TranquilityError(f"--human {seat}: seats are 0-{players - 1}")


def _log_action(state: GameState, player: int, who: str, action: Action, out: TextIO) -> None:
    print(f"\nturn {state.turn}: player {player} ({who}): {action}", file=out)
    print(state, file=out)


def _play(args: argparse.Namespace) -> int:
    _check_seats(args.players, args.human)
    bots: tuple[Bot, ...] = make_bots(args.bots, args.players)
    # Checked before the game, so a long game is never lost to a bad path at the end.
    check_output_file(args.save, "the game record")
    check_output_folder(args.svg_dir, _STEP_FILES, "the pictures")
    state = new_game(args.players, seed=args.seed, rules=args.rules)
    out = sys.stdout
    rng = bot_rng(state.seed)
    write_svg = _svg_writer(args.svg_dir)
    seats = ["you" if seat in args.human else bots[seat].name for seat in range(args.players)]
    print(
        f"Tranquility, {args.players} players, rules {state.rules.name}, seed {state.seed}; "
        f"seats: {', '.join(f'{i}={name}' for i, name in enumerate(seats))}",
        file=out,
    )
    print(state, file=out)
    write_svg(state, None)
    actions: list[tuple[int, str]] = []
    try:
        while not state.is_terminal:
            player = state.current_player
            if player in args.human:
                action = _ask(state, sys.stdin, out)
            else:
                action = bots[player].choose(state.observation(player), rng)
            state = state.apply(action)
            actions.append((player, str(action)))
            _log_action(state, player, seats[player], action, out)
            write_svg(state, action)
    except InputEndedError as error:
        print(f"tranquility: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("tranquility: interrupted", file=sys.stderr)
        return EXIT_BAD_INPUT
    finally:
        if args.save is not None:
            record = record_of(state, seats, actions)
            Path(args.save).write_text(record.to_json() + "\n", encoding="utf-8")
    print(
        f"\nThe game is {'won' if state.outcome and state.outcome.won else state.outcome}"
        f" after {state.turn} turns.",
        file=out,
    )
    return EXIT_OK if state.outcome is not None and state.outcome.won else EXIT_NONE


# -- replay --------------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    check_output_folder(args.svg_dir, _STEP_FILES, "the pictures")
    record = GameRecord.from_json(read_text(args.record))
    # The whole record is checked before anything is printed: a bad one is only an error.
    first, *states = list(replay(record))
    write_svg = _svg_writer(args.svg_dir)
    out = sys.stdout
    print(
        f"Replaying {record.players} players, rules {record.rules}, seed {record.seed}; "
        f"seats: {', '.join(record.bots)}",
        file=out,
    )
    print(first, file=out)
    write_svg(first, None)
    for (player, text_action), state in zip(record.actions, states, strict=True):
        print(f"\nturn {state.turn}: player {player}: {text_action}", file=out)
        print(state, file=out)
        write_svg(state, parse_action(text_action))
    print(f"\n{record.outcome or 'unfinished'} after {record.turns} turns.", file=out)
    return EXIT_OK if record.won else EXIT_NONE


# -- simulate ------------------------------------------------------------------------------


def _simulate(args: argparse.Namespace) -> int:
    _check_seats(args.players, [])
    if args.games < 0:
        raise TranquilityError(f"-n must be at least 0, got {args.games}")
    if args.workers < 1:
        raise TranquilityError(f"--workers must be at least 1, got {args.workers}")
    result = simulate(
        args.games,
        players=args.players,
        bots=args.bots,
        seed=args.seed,
        rules=args.rules,
        workers=args.workers,
        progress=not args.no_progress,
    )
    if args.json:
        print(json.dumps(result.summary(), indent=1))
        return EXIT_OK
    print(result.summary_text())
    return EXIT_OK
