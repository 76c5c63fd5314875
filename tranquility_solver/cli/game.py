"""The game's subcommands: ``tranquility play``, ``tranquility replay``, ``tranquility simulate``.

:func:`add_commands` registers them on the main parser; each sets ``args.run``, which returns
the exit code: 0 for a won game or a finished batch, 1 for a lost game, 2 on bad input
(including input that ends before the game does).

>>> from tranquility_solver.cli import main
>>> main(["simulate", "-n", "2", "--players", "1", "--bots", "random", "--seed", "1",
...       "--no-progress"])  # doctest: +ELLIPSIS
2 games, 1 player, rules: seed text, bots random: won 0 (0.0%, 95% interval 0.0%-65.8%)
...
0
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import BOTS, make_bot, make_bots, simulate
from ..errors import TranquilityError
from ..game.actions import Action, Play, parse_action
from ..game.board import action_seen
from ..game.records import Bot, GameRecord, bot_rng, record_of, replay
from ..game.setup import MAX_PLAYERS, MIN_PLAYERS, new_game
from ..game.state import GameState
from ..render import render_game_svg
from ..rules import rules_label
from .common import (
    EXIT_NONE,
    EXIT_OK,
    InputEndedError,
    Once,
    UsageError,
    add_rules_option,
    check_output_file,
    check_output_folder,
    non_negative,
    read_text,
)
from .editing import LineEditor
from .seat import HumanSeat, QuitRequest, Terminal

__all__ = ["add_commands"]


BOTS_HELP = (
    f"the bots: one name for every seat, or one per seat, comma-separated: {', '.join(BOTS)} "
    "(default heuristic)"
)
PLAYERS_HELP = "players, 1-5 (default: as many as --bots lists, or 2)"


def add_commands(commands: Any) -> None:
    """Register ``play``, ``replay`` and ``simulate`` on an argparse subparsers object."""
    play = commands.add_parser(
        "play",
        help="Play a game in the terminal, or watch bots play one.",
        description="Play a game: bots on every seat but --human; the log shows every turn. At "
        "a human seat type a move short ('41 d3': card 41 on d3, a cost paid with your cheapest "
        "cards; '#N': action N of the numbered 'moves' list) or in full ('play 41 d3 discard "
        "12'); 'help' lists the moves and the commands.",
    )
    play.add_argument("--players", type=non_negative, default=None, action=Once, help=PLAYERS_HELP)
    play.add_argument(
        "--human",
        type=non_negative,
        action="append",
        default=[],
        metavar="SEAT",
        help="a seat played at the terminal, 0 first (repeatable); without it bots play",
    )
    play.add_argument(
        "--bots", "--bot", default="heuristic", metavar="NAMES", action=Once, help=BOTS_HELP
    )
    play.add_argument(
        "--seed",
        type=non_negative,
        default=None,
        action=Once,
        help="deals the game: the same seed gives the same game (default: a new one, told at "
        "the end)",
    )
    add_rules_option(play)
    play.add_argument(
        "--svg-dir",
        metavar="DIR",
        action=Once,
        help="draw the table after every action into DIR (made if missing; its old pictures "
        "are replaced); with a --human seat, as that seat sees it",
    )
    play.add_argument(
        "--save",
        metavar="FILE",
        action=Once,
        help="save the game record whenever the game stops: at its end, on Ctrl-C, at the end "
        "of input or on 'quit'",
    )
    play.add_argument(
        "--resume",
        metavar="RECORD",
        action=Once,
        help="go on with a game saved before its end (saved again to RECORD unless --save)",
    )
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.set_defaults(run=_play)

    again = commands.add_parser(
        "replay", help="Replay a saved game record.", description="Replay a saved game record."
    )
    again.add_argument("record", metavar="RECORD", help="game record JSON (from play --save)")
    again.add_argument(
        "--svg-dir", metavar="DIR", action=Once, help="draw the table after every action into DIR"
    )
    again.add_argument("--quiet", action="store_true", help="print only the result")
    again.set_defaults(run=_replay)

    batch = commands.add_parser(
        "simulate",
        help="Play many bot games and report the win rate.",
        description="Play many bot games and report the win rate, losses and game length.",
    )
    batch.add_argument(
        "-n", "--games", type=non_negative, default=100, action=Once, help="games (default 100)"
    )
    batch.add_argument("--players", type=non_negative, default=None, action=Once, help=PLAYERS_HELP)
    batch.add_argument(
        "--bots", "--bot", default="heuristic", metavar="NAMES", action=Once, help=BOTS_HELP
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

HUMAN = "human"
"""A seat played at the terminal, as the game record names it (records of version 1: "you")."""

FRESH_SEEDS = 1_000_000
"""A game dealt without ``--seed`` gets one below this: short to note down and type again."""

_STEP_FILES = "step-*.svg"


class Pictures:
    """Writes one picture per state into a folder: ``step-0000.svg`` (the deal), then one after
    every action. The folder is made if missing; pictures of an earlier game there are removed
    first, so the folder holds exactly this game's.

    With a ``viewer`` seat the pictures show what that seat's screen shows: drawn from their
    observation, another seat's face-down cards only as a count. Without one (bots only, a
    replay) they show the table and every action in full, as the log does. A picture's title
    names the action with the turn the log gives it.
    """

    def __init__(self, folder: str, viewer: int | None = None) -> None:
        check_output_folder(folder, _STEP_FILES, "the pictures")
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        for old in self.folder.glob(_STEP_FILES):
            old.unlink()
        self.written = 0
        self.viewer = viewer

    def write(self, state: GameState, step: tuple[GameState, int, Action] | None = None) -> None:
        """The picture of ``state``, reached by ``step`` (the state before, its player and
        their action; none for the deal)."""
        last = title = None
        if step is None:
            title = f"turn {state.turn}: the deal"
        else:
            before, player, action = step
            hidden = self.viewer is not None and player != self.viewer
            seen = action_seen(action, before.rules, face_down_hidden=hidden)
            title = f"turn {before.turn}: P{player} {seen}"
            last = action.cell if isinstance(action, Play) else None
        drawn = state if self.viewer is None else state.observation(self.viewer)
        (self.folder / f"step-{self.written:04d}.svg").write_text(
            render_game_svg(drawn, last_play=last, title=title), encoding="utf-8"
        )
        self.written += 1


def _check_seats(players: int, humans: list[int]) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TranquilityError(f"--players must be {MIN_PLAYERS}-{MAX_PLAYERS}, got {players}")
    for seat in humans:
        if not 0 <= seat < players:
            raise TranquilityError(f"--human {seat}: seats are 0-{players - 1}")


def _players(args: argparse.Namespace) -> int:
    """``--players``, by default as many as ``--bots`` lists (2 for one name)."""
    if args.players is not None:
        return int(args.players)
    names = [name for name in args.bots.split(",") if name.strip()]
    return len(names) if len(names) > 1 else 2


@dataclass
class _Game:
    """A game being played: the state, the actions so far with their players, the seats."""

    state: GameState
    seats: list[str]
    actions: list[tuple[int, str]] = field(default_factory=list)

    def record(self) -> GameRecord:
        return record_of(self.state, self.seats, self.actions)

    def save(self, path: Path) -> None:
        path.write_text(self.record().to_json() + "\n", encoding="utf-8")


_RESUME_CONFLICTS = {"players": "--players", "bots": "--bots", "seed": "--seed", "rules": "--rules"}
"""What a record fixes, so ``--resume`` takes none of it."""


def _resumed(args: argparse.Namespace) -> tuple[_Game, list[Bot | None], random.Random]:
    """The game of ``--resume RECORD`` as it stood, with the bots' random source drawn on as
    far as their own decisions in the record took it (so they go on as they would have)."""
    if not args.resume.strip():
        raise UsageError("--resume needs the file of a saved game record, got ''")
    seen: set[str] = getattr(args, "_options_seen", set())  # options given, of those taken once
    given = [text for name, text in _RESUME_CONFLICTS.items() if name in seen]
    if given or args.human:
        raise TranquilityError(
            "--resume goes on with the game as its record says: leave out "
            + (given[0] if given else "--human")
        )
    record = GameRecord.from_json(read_text(args.resume, "a game record"))
    if record.finished:
        raise TranquilityError(
            f"{args.resume}: that game is over ({record.outcome}); 'tranquility replay' shows it"
        )
    states = list(replay(record))
    bots: list[Bot | None] = [
        None if name in (HUMAN, "you") else make_bot(name) for name in record.bots
    ]
    rng = bot_rng(record.seed)
    for state, (player, _) in zip(states, record.actions, strict=False):
        bot = bots[player]
        if bot is not None:
            bot.choose(state.observation(player), rng)
    return _Game(states[-1], list(record.bots), list(record.actions)), bots, rng


def _new(args: argparse.Namespace) -> tuple[_Game, list[Bot | None], random.Random]:
    players = _players(args)
    _check_seats(players, args.human)
    made = make_bots(args.bots, players)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(FRESH_SEEDS)
    state = new_game(players, seed=seed, rules=args.rules)
    bots: list[Bot | None] = [None if seat in args.human else bot for seat, bot in enumerate(made)]
    seats = [HUMAN if bot is None else bot.name for bot in bots]
    return _Game(state, seats), bots, bot_rng(state.seed)


def _log_line(state: GameState, player: int, name: str, text: str) -> str:
    return f"turn {state.turn:3d} P{player} ({name}): {text}"


def _play(args: argparse.Namespace) -> int:
    save = args.save if args.save is not None else args.resume
    # Checked before the game, so a long game is never lost to a bad path at the end.
    check_output_file(save, "the game record")
    if args.svg_dir is not None:
        check_output_folder(args.svg_dir, _STEP_FILES, "the pictures")
    game, bots, rng = _resumed(args) if args.resume is not None else _new(args)
    humans = {seat for seat, bot in enumerate(bots) if bot is None}
    if humans and (sys.stdin is None or sys.stdin.closed):
        raise TranquilityError("standard input is closed: a --human seat needs it to read moves")
    # The pictures show what the (first) human seat's screen shows.
    viewer = min(humans) if humans else None
    pictures = Pictures(args.svg_dir, viewer) if args.svg_dir is not None else None
    interactive = _is_terminal(sys.stdin) and _is_terminal(sys.stdout)
    terminal = Terminal(
        sys.stdin,
        sys.stdout,
        echo=not _is_terminal(sys.stdin),
        editor=LineEditor(sys.stdout) if humans and interactive else None,
    )
    seat = HumanSeat(terminal, save=game.save)
    state = game.state
    seats = ", ".join(f"P{i} {name}" for i, name in enumerate(game.seats))
    dealt = "" if humans else f", seed {state.seed}"
    if not args.quiet:
        terminal.say(f"Tranquility, {state.players} players ({state.rules.label}){dealt}: {seats}")
        if not humans:
            terminal.say(str(state))
    if pictures is not None:
        pictures.write(state)
    stopped = None
    try:
        stopped = _play_on(game, bots, rng, seat, pictures, humans, args.quiet)
    except BaseException:
        # However the game ends badly (Ctrl-C, an error), what was played is kept.
        if save is not None:
            game.save(Path(save))
            print(f"\nsaved to {save}")
        raise
    state = game.state
    if stopped is None:
        if humans and not args.quiet:
            terminal.say(str(state))
        print(f"The game is {state.outcome} after {state.turn} turns.")
        if humans:
            print(f"The game was dealt from seed {state.seed}.")
    if save is not None:
        game.save(Path(save))
        print(f"saved to {save}")
    if pictures is not None:
        print(f"{pictures.written} pictures in {pictures.folder}")
    if stopped == "game stopped":
        resume = f"; 'tranquility play --resume {save}' goes on with it" if save else ""
        print(f"game stopped at turn {state.turn}{resume}")
        return EXIT_OK
    if stopped is not None:
        raise TranquilityError(stopped)
    return EXIT_OK if state.outcome is not None and state.outcome.won else EXIT_NONE


def _play_on(
    game: _Game,
    bots: list[Bot | None],
    rng: random.Random,
    seat: HumanSeat,
    pictures: Pictures | None,
    humans: set[int],
    quiet: bool,
) -> str | None:
    """Play ``game`` on to its end, or until the person stops: then why (else None)."""
    terminal = seat.terminal
    try:
        while not game.state.is_terminal:
            before = game.state
            player = before.current_player
            bot = bots[player]
            action = (
                seat.decide(before.observation(player))
                if bot is None
                else bot.choose(before.observation(player), rng)
            )
            game.state = before.apply(action)
            game.actions.append((player, str(action)))
            if pictures is not None:
                pictures.write(game.state, (before, player, action))
            if not quiet:
                text = action_seen(
                    action, before.rules, face_down_hidden=bool(humans) and player not in humans
                )
                terminal.say(_log_line(before, player, game.seats[player], text))
                if not humans:
                    terminal.say(str(game.state))
    except QuitRequest:
        return "game stopped"
    except InputEndedError:
        return "input ended before the game did"
    return None


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError):
        return False


# -- replay --------------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    if args.svg_dir is not None:
        check_output_folder(args.svg_dir, _STEP_FILES, "the pictures")
    record = GameRecord.from_json(read_text(args.record, "a game record"))
    # The whole record is checked before anything is printed: a bad one is only an error.
    first, *states = list(replay(record))
    pictures = Pictures(args.svg_dir) if args.svg_dir is not None else None
    out = sys.stdout
    if not args.quiet:
        print(
            f"Replaying {record.players} players ({rules_label(record.rules)}), seed "
            f"{record.seed}: " + ", ".join(f"P{i} {name}" for i, name in enumerate(record.bots)),
            file=out,
        )
        print(first, file=out)
    if pictures is not None:
        pictures.write(first)
    before = first
    for (player, text_action), state in zip(record.actions, states, strict=True):
        if not args.quiet:
            print(_log_line(before, player, record.bots[player], text_action), file=out)
            print(state, file=out)
        if pictures is not None:
            pictures.write(state, (before, player, parse_action(text_action)))
        before = state
    print(f"{record.outcome or 'unfinished'} after {record.turns} turns.", file=out)
    if pictures is not None:
        print(f"{pictures.written} pictures in {pictures.folder}", file=out)
    return EXIT_OK if record.won else EXIT_NONE


# -- simulate ------------------------------------------------------------------------------


def _simulate(args: argparse.Namespace) -> int:
    args.players = _players(args)
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
