"""The game commands of ``tobago``: ``play``, ``replay`` and ``simulate``.

>>> from tobago_solver.cli import main
>>> main(["play", "ABC-1", "--players", "2", "--seed", "1", "--quiet"])  # doctest: +ELLIPSIS
game over (...): scores P0 ... P1 ...; winner...
0
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from tobago_solver.cli.common import (
    ISLAND_HELP,
    Commands,
    Once,
    add_rules_option,
    add_variant_option,
    check_target,
    load_island,
    non_negative,
    read_text_file,
)
from tobago_solver.errors import TobagoError
from tobago_solver.game.actions import Action, parse_action
from tobago_solver.game.board import action_text, board_text, numbered, start_text
from tobago_solver.game.bots import Bot, make_bot
from tobago_solver.game.observation import Observation
from tobago_solver.game.records import GameRecord, play_game, record_of, replay
from tobago_solver.game.rules import GameRules
from tobago_solver.game.simulate import simulate
from tobago_solver.game.state import GameState
from tobago_solver.placement import place_landmarks
from tobago_solver.render import render_game_svg, write_svg


class InputEndedError(TobagoError):
    """The human player's input ended before the game did."""


@dataclass
class HumanBot:
    """A person at the terminal: shows the board, lists the legal actions, reads a choice."""

    source: TextIO
    out: TextIO
    name: str = "human"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """Ask until the answer is a legal action (a number from the list or the action's text)."""
        legal = observation.legal_actions
        print(board_text(observation), file=self.out)
        print(numbered(legal), file=self.out)
        while True:
            print(f"your action (1-{len(legal)} or its text): ", end="", file=self.out)
            self.out.flush()
            line = self.source.readline()
            if not line:
                print(file=self.out)  # end the prompt's line
                raise InputEndedError("input ended before the game did")
            answer = line.strip()
            if answer.isdigit():
                if 1 <= int(answer) <= len(legal):
                    return legal[int(answer) - 1]
                print(f"no action numbered {answer}: choose 1 to {len(legal)}", file=self.out)
                continue
            try:
                action = parse_action(answer)
            except TobagoError as error:
                print(f"{error}; try again", file=self.out)
                continue
            if action in legal:
                return action
            print(f"{answer!r} is not legal now; choose one of the list", file=self.out)


@dataclass
class _Log:
    """Prints a readable turn log and writes the board after every turn."""

    bots: list[str]
    out: TextIO
    quiet: bool
    svg_dir: Path | None
    previous: GameState | None = None
    pictures: list[Path] = field(default_factory=list)

    def __call__(self, state: GameState, action: Action | None) -> None:
        before = self.previous
        self.previous = state
        if before is None:
            if not self.quiet:
                print(start_text(state, self.bots), file=self.out)
            self._picture(state)
            return
        assert action is not None
        if not self.quiet:
            print(action_text(before, action, state, self.bots), file=self.out)
        if state.turn != before.turn or state.is_terminal:
            self._picture(state)

    def _picture(self, state: GameState) -> None:
        if self.svg_dir is None:
            return
        path = self.svg_dir / picture_name(state.turn)
        check_target(path, "board picture")
        write_svg(path, render_game_svg(state))
        self.pictures.append(path)


def picture_name(turn: int) -> str:
    """The file name of the board after ``turn`` in ``--svg-dir``.

    >>> picture_name(7)
    'turn-0007.svg'
    """
    return f"turn-{turn:04d}.svg"


def _svg_dir(path: str | None) -> Path | None:
    if path is None:
        return None
    folder = Path(path)
    if not folder.is_dir():
        raise TobagoError(f"--svg-dir {path!r} is not an existing folder")
    for existing in folder.glob("turn-*.svg"):
        # Before any work: a FIFO among the pictures to overwrite would block the game.
        check_target(existing, "board picture")
    return folder


def _bot_names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _play(args: argparse.Namespace) -> int:
    island = load_island(args.island)
    if args.place_landmarks:
        island = place_landmarks(island, seed=args.seed)
    svg_dir = _svg_dir(args.svg_dir)
    check_target(args.save, "game record")
    rules = GameRules.named(args.rules).with_variants(args.variant)
    players = args.players
    if not 2 <= players <= 4:
        raise TobagoError(f"--players must be 2 to 4, not {players}")
    humans = set(args.human)
    for seat in humans:
        if not 0 <= seat < players:
            raise TobagoError(f"--human {seat}: seats are 0 to {players - 1}")
    names = _bot_names(args.bots)
    if not names:
        raise TobagoError(f"--bots {args.bots!r} names no bot")
    bots: list[Bot] = []
    others = iter(names * players)
    for seat in range(players):
        if seat in humans:
            bots.append(HumanBot(sys.stdin, sys.stdout))
        else:
            bots.append(make_bot(next(others)))
    log = _Log([b.name for b in bots], sys.stdout, args.quiet, svg_dir)
    if humans:
        print(island.to_text(), end="")  # the board once, so a person can find the fields
    try:
        record = play_game(island, bots, seed=args.seed, rules=rules, watch=log)
    except KeyboardInterrupt:
        print(file=sys.stdout)
        raise TobagoError("interrupted before the game ended") from None
    print(record.result_line())
    if args.save is not None:
        Path(args.save).write_text(record.to_json() + "\n", encoding="utf-8")
        print(f"saved to {args.save}")
    if svg_dir is not None:
        print(f"{len(log.pictures)} pictures in {svg_dir}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    svg_dir = _svg_dir(args.svg_dir)
    record = GameRecord.from_json(read_text_file(args.record, "game record"))
    log = _Log(list(record.bots), sys.stdout, args.quiet, svg_dir)
    states = replay(record)
    first = next(states)
    log(first, None)
    final = first
    for text_action, state in zip(record.actions, states, strict=False):
        log(state, parse_action(text_action))
        final = state
    for _ in states:  # runs the replay's final check
        pass
    print(record_of(first, final, record.bots, record.actions).result_line())
    return 0


def _simulate(args: argparse.Namespace) -> int:
    if args.n < 0:
        raise TobagoError(f"-n must not be negative, got {args.n}")
    island = load_island(args.island)
    names = _bot_names(args.bots)
    if not 2 <= len(names) <= 4:
        raise TobagoError(f"--bots {args.bots!r}: give 2 to 4 bots, one per seat")
    result = simulate(
        args.n,
        island=island,
        bots=names,
        seed=args.seed,
        rules=GameRules.named(args.rules).with_variants(args.variant),
        workers=args.workers,
        progress=not args.no_progress,
    )
    if args.json:
        print(json.dumps(result.summary(), indent=1))
        return 0
    print(result.table())
    return 0


def add_commands(commands: Commands[Any]) -> None:
    """Register ``play``, ``replay`` and ``simulate`` on the ``tobago`` parser."""
    play = commands.add_parser(
        "play",
        help="play a game: people in the terminal and bots",
        description="Play a game of Tobago: people at the terminal (--human) and bots.",
    )
    play.add_argument("island", help=ISLAND_HELP)
    play.add_argument(
        "--players", type=non_negative, default=4, action=Once, help="2 to 4 (default 4)"
    )
    play.add_argument(
        "--human",
        type=non_negative,
        action="append",
        default=[],
        metavar="SEAT",
        help="a seat played at the terminal (repeatable); without it bots play",
    )
    play.add_argument(
        "--bots",
        default="greedy",
        metavar="NAMES",
        action=Once,
        help="bots for the other seats, comma-separated, cycled: greedy, random (default greedy)",
    )
    play.add_argument(
        "--seed",
        type=non_negative,
        default=0,
        action=Once,
        help="deals the game: the same seed gives the same game (default 0)",
    )
    add_rules_option(play)
    add_variant_option(play)
    play.add_argument(
        "--place-landmarks",
        action="store_true",
        help="replace the island's landmarks by a random legal placement drawn from the seed",
    )
    play.add_argument(
        "--svg-dir", metavar="DIR", action=Once, help="write the board after every turn"
    )
    play.add_argument("--save", metavar="FILE", action=Once, help="save the game record as JSON")
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.set_defaults(run=_play)

    again = commands.add_parser(
        "replay", help="replay a saved game record", description="Replay a saved game record."
    )
    again.add_argument("record", help="a JSON file written by 'tobago play --save'")
    again.add_argument(
        "--svg-dir", metavar="DIR", action=Once, help="write the board after every turn"
    )
    again.add_argument("--quiet", action="store_true", help="print only the result")
    again.set_defaults(run=_replay)

    batch = commands.add_parser(
        "simulate",
        help="many bot games: win rates and statistics",
        description="Play many bot games and report win rates with 95%% intervals.",
    )
    batch.add_argument(
        "-n", type=non_negative, default=100, action=Once, help="games (default 100)"
    )
    batch.add_argument("--island", default="ABC-1", action=Once, help=ISLAND_HELP)
    batch.add_argument(
        "--bots",
        default="greedy,random,random,random",
        metavar="NAMES",
        action=Once,
        help="one bot per seat, comma-separated: greedy, random "
        "(default greedy,random,random,random)",
    )
    batch.add_argument(
        "--seed",
        type=non_negative,
        default=0,
        action=Once,
        help="game i is dealt from the i-th child of numpy SeedSequence(seed) (default 0)",
    )
    add_rules_option(batch)
    add_variant_option(batch)
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
