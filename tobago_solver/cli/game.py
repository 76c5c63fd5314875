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
from typing import Any, Final

from tobago_solver.bots import make_bot, simulate
from tobago_solver.cli.common import (
    EXIT_OK,
    ISLAND_HELP,
    SCREEN_WIDTH,
    Commands,
    InputEndedError,
    Once,
    add_rules_option,
    add_variant_option,
    check_target,
    load_island,
    non_negative,
    read_text_file,
    wrap_lines,
)
from tobago_solver.cli.screen import SCREEN_HEIGHT, RoundLog, screen
from tobago_solver.cli.seat import HumanSeat, QuitRequest, Terminal, line_editing
from tobago_solver.errors import TobagoError
from tobago_solver.game.actions import Action, parse_action
from tobago_solver.game.gamelog import events_text, start_text
from tobago_solver.game.records import Bot, GameRecord, bot_rng, record_of, replay
from tobago_solver.game.rules import GameRules
from tobago_solver.game.setup import new_game
from tobago_solver.game.state import GameState
from tobago_solver.placement import place_landmarks
from tobago_solver.render import render_game_svg, write_svg

HUMAN: Final = "human"
"""A seat played at the terminal, as the game record names it."""

FRESH_SEEDS: Final = 1_000_000
"""A game dealt without ``--seed`` gets one below this: short to note down and type again."""

PICTURES: Final = "step-*.svg"


def picture_name(step: int) -> str:
    """The file name of the picture of the game after ``step`` actions, in ``--svg-dir``.

    >>> picture_name(7)
    'step-0007.svg'
    """
    return f"step-{step:04d}.svg"


@dataclass
class Pictures:
    """Writes one picture per state of a game into a folder: ``step-0000.svg`` (the deal), then
    one after every action. The folder is made if missing; pictures of an earlier game there are
    removed first, so the folder holds exactly this game's.

    Each picture shows what the terminal shows: with one person at the table, their view (their
    observation: their hand, no other); else the board as everyone sees it. Its title names the
    moment as the log does (``turn 20 · P2: move a1 b2``), its status the turn as the board does.
    """

    folder: Path
    written: int = 0
    seat: int | None = None
    """The person's seat, whose view the pictures show (None: nobody's hand)."""

    @classmethod
    def open(cls, path: str | None) -> Pictures | None:
        """The writer for ``--svg-dir``, or None; bad folders are refused before any work."""
        if path is None:
            return None
        folder = Path(path)
        if folder.exists() and not folder.is_dir():
            raise TobagoError(f"--svg-dir {path!r} is not a folder")
        old = sorted(folder.glob(PICTURES)) if folder.is_dir() else []
        for picture in old:
            # A FIFO among the pictures to replace would block the game.
            check_target(picture, "board picture")
        folder.mkdir(parents=True, exist_ok=True)
        for picture in old:
            picture.unlink()
        return cls(folder)

    def write(self, state: GameState, title: str) -> None:
        seen = state if self.seat is None else state.observation(self.seat)
        svg = render_game_svg(seen, title=f"{state.island.name} · {title}")
        write_svg(self.folder / picture_name(self.written), svg)
        self.written += 1


@dataclass
class GameLog:
    """The game as it goes: one line per player's turn (its actions joined), then what
    followed (treasures found, gold, curses, the end), and a picture of every state. With
    ``hold`` (a person plays) the lines wait in ``round`` for the person's next screen, which
    writes them as tightly as it needs; else they are printed as they come."""

    bots: list[str]
    terminal: Terminal
    quiet: bool
    pictures: Pictures | None
    hold: bool = False
    round: RoundLog = field(default_factory=RoundLog)

    def start(self, state: GameState, *, seed: bool) -> None:
        if not self.quiet:
            self.terminal.say(start_text(state, self.bots, seed=seed))
        if self.pictures is not None:
            self.pictures.write(state, f"turn {state.turn} · the deal")

    def action(self, before: GameState, action: Action, after: GameState) -> None:
        who = before.to_move
        if self.pictures is not None:
            self.pictures.write(after, f"turn {before.turn} · P{who}: {action}")
        if self.quiet:
            return
        events = [event.strip() for event in events_text(before, action, after)]
        self.round.action(before.turn, who, self.bots[who], str(action), events)
        if not self.hold:
            # A turn's line is complete once something followed it or another turn began.
            done = self.round.entries[:-1] if not events else self.round.entries
            self._print(len(done))

    def flush(self) -> None:
        """Print what is still held (a game of bots)."""
        if not self.hold:
            self._print(len(self.round.entries))

    def _print(self, entries: int) -> None:
        if entries:
            shown = RoundLog(self.round.entries[:entries])
            self.terminal.say("\n".join(shown.lines(0)))
            del self.round.entries[:entries]

    def end(self, state: GameState, humans: list[int], tail: int) -> None:
        """The last screen: what happened since the last decision and the final board, as the
        one person at the table sees it (else as everyone does), with ``tail`` lines left
        for what follows."""
        if self.quiet:
            return
        self.flush()
        seat = humans[0] if len(humans) == 1 else 0
        # In a game of bots the board starts a screen of its own; the last line is kept for
        # the cursor, where the shell's prompt comes next.
        room = SCREEN_HEIGHT - 1 - tail - (self.terminal.lines if self.hold else 0)
        said = screen(state.observation(seat), self.round, room, public=len(humans) != 1)
        self.terminal.say("\n".join(said))
        self.round.done()


def _bot_names(text: str, players: int) -> list[str]:
    """One bot name per seat from ``--bots``: one name for every seat, or one per seat."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise TobagoError(f"--bots {text!r} names no bot")
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise TobagoError(
            f"--bots lists {len(names)} bots for {players} players: give one name for every "
            "seat, or one per seat"
        )
    for name in names:
        if name.lower() != HUMAN:
            make_bot(name)  # an unknown name is refused before any work
    return names


def _players(args: argparse.Namespace, bots: str) -> int:
    """``--players``, by default the number of names ``--bots`` lists (4 for one name)."""
    names = [name for name in bots.split(",") if name.strip()]
    players: int = args.players if args.players is not None else len(names) if len(names) > 1 else 4
    if not 2 <= players <= 4:
        raise TobagoError(f"--players must be 2 to 4, not {players}")
    return players


@dataclass
class _Game:
    """A game being played: its first state, the actions so far and who took them."""

    start: GameState
    state: GameState
    bots: list[str]
    actions: list[str] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)

    def record(self) -> GameRecord:
        return record_of(
            self.start, self.state, tuple(self.bots), tuple(self.actions), tuple(self.actors)
        )

    def save(self, path: Path) -> None:
        path.write_text(self.record().to_json() + "\n", encoding="utf-8")


_RESUME_CONFLICTS: Final = {
    "island": "the island",
    "players": "--players",
    "human": "--human",
    "bots": "--bots",
    "seed": "--seed",
    "rules": "--rules",
    "variant": "--variant",
    "place_landmarks": "--place-landmarks",
}
"""What a record fixes, so ``--resume`` takes none of it."""


def _resumed(args: argparse.Namespace) -> tuple[_Game, list[Bot | None], list[random.Random]]:
    """The game of ``--resume RECORD`` as it stood, with each bot's random source drawn on as
    far as the bot's own decisions in the record took it (so the bots go on as they would
    have)."""
    seen: set[str] = getattr(args, "_options_seen", set())  # options given, of those taken once
    given = [
        text
        for name, text in _RESUME_CONFLICTS.items()
        if name in seen or (name != "rules" and getattr(args, name))  # --rules has a default
    ]
    if given:
        raise TobagoError(
            f"--resume goes on with the game as its record says: leave out {given[0]}"
        )
    record = GameRecord.from_json(read_text_file(args.resume, "game record"))
    if record.finished:
        raise TobagoError(
            f"{args.resume}: that game is over ({record.end_reason}); 'tobago replay' shows it"
        )
    states = list(replay(record))
    actors = record.actors or tuple(state.to_move for state in states[:-1])
    bots = [None if name == HUMAN else make_bot(name) for name in record.bots]
    rngs = [bot_rng(record.seed, seat) for seat in range(record.players)]
    for state, actor in zip(states, actors, strict=False):
        bot = bots[actor]
        if bot is not None:
            bot.choose(state.observation(actor), rngs[actor])
    game = _Game(states[0], states[-1], list(record.bots), list(record.actions), list(actors))
    return game, bots, rngs


def _new(args: argparse.Namespace) -> tuple[_Game, list[Bot | None], list[random.Random]]:
    if args.island is None:
        raise TobagoError("name the island to play on, e.g. 'tobago play ABC-1'")
    island = load_island(args.island)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(FRESH_SEEDS)
    if args.place_landmarks:
        island = place_landmarks(island, seed=seed)
    rules = GameRules.named(args.rules).with_variants(args.variant)
    bots_text = args.bots or "greedy"
    players = _players(args, bots_text)
    for seat in args.human:
        if not 0 <= seat < players:
            raise TobagoError(f"--human {seat}: seats are 0 to {players - 1}")
    names = [
        HUMAN if seat in args.human else name
        for seat, name in enumerate(_bot_names(bots_text, players))
    ]
    bots = [None if name == HUMAN else make_bot(name) for name in names]
    state = new_game(island, players, seed=seed, rules=rules)
    rngs = [bot_rng(seed, seat) for seat in range(players)]
    return _Game(state, state, names), bots, rngs


def _play(args: argparse.Namespace) -> int:
    pictures = Pictures.open(args.svg_dir)
    save = args.save if args.save is not None else args.resume
    check_target(save, "game record")
    game, bots, rngs = _resumed(args) if args.resume else _new(args)
    humans = [seat for seat, bot in enumerate(bots) if bot is None]
    if pictures is not None and len(humans) == 1:
        pictures.seat = humans[0]
    typed = _is_terminal(sys.stdin)
    terminal = Terminal(sys.stdin, sys.stdout, echo=not typed)
    if humans and (sys.stdin is None or sys.stdin.closed):
        raise TobagoError("standard input is closed: a --human seat needs it to read moves")
    terminal.editing = bool(humans) and typed and line_editing(terminal)
    log = GameLog(game.bots, terminal, args.quiet, pictures, hold=bool(humans))
    seat = HumanSeat(terminal, save=game.save, log=log.round)
    log.start(game.state, seed=not humans)
    stopped = None
    try:
        while not game.state.is_terminal:
            state, player = game.state, game.state.to_move
            bot = bots[player]
            if bot is None:
                log.flush()
                action = seat.decide(state)
            else:
                action = bot.choose(state.observation(player), rngs[player])
            game.state = state.apply(action)
            game.actions.append(str(action))
            game.actors.append(player)
            log.action(state, action, game.state)
    except QuitRequest:
        stopped = "game stopped"
    except InputEndedError:
        stopped = "input ended before the game did"
    except KeyboardInterrupt:
        log.flush()
        if save is not None:
            game.save(Path(save))
            print(f"\nsaved to {save}")
        raise
    record = game.record()
    tail = [
        *([record.result_line()] if stopped is None else []),
        *([f"the game was dealt from seed {record.seed}"] if stopped is None and humans else []),
    ]
    named = [
        *([f"saved to {save}"] if save is not None else []),
        *([f"{pictures.written} pictures in {pictures.folder}"] if pictures is not None else []),
    ]
    if stopped is None:
        log.end(game.state, humans, _rows(tail, named))
    else:
        log.flush()
    if save is not None:
        game.save(Path(save))
    _close(terminal, tail, named)
    if stopped == "game stopped":
        resume = f"; 'tobago play --resume {save}' goes on with it" if save else ""
        print(f"game stopped at turn {game.state.turn}{resume}")
        return EXIT_OK
    if stopped is not None:
        raise TobagoError(stopped)
    return EXIT_OK


def _close(terminal: Terminal, lines: list[str], named: list[str]) -> None:
    """Write the closing lines: ``lines`` wrapped at 80 columns, the ``named`` lines (each
    naming a file) whole: a path broken over two lines could not be copied."""
    if lines:
        terminal.say("\n".join(lines))
    for line in named:
        print(line, file=terminal.out)


def _rows(lines: list[str], named: list[str]) -> int:
    """The rows of an 80-column screen that :func:`_close` takes."""
    return len(wrap_lines("\n".join(lines))) * bool(lines) + sum(
        max(1, -(-len(line) // SCREEN_WIDTH)) for line in named
    )


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError):
        return False


def _replay(args: argparse.Namespace) -> int:
    pictures = Pictures.open(args.svg_dir)
    record = GameRecord.from_json(read_text_file(args.record, "game record"))
    states = list(replay(record))  # the whole record is checked before anything is printed
    terminal = Terminal(None, sys.stdout, echo=False)
    log = GameLog(list(record.bots), terminal, args.quiet, pictures)
    log.start(states[0], seed=True)
    for text, before, after in zip(record.actions, states, states[1:], strict=False):
        log.action(before, parse_action(text), after)
    tail = [record.result_line()]
    named = [] if pictures is None else [f"{pictures.written} pictures in {pictures.folder}"]
    if record.finished:
        log.end(states[-1], [], _rows(tail, named))
    else:
        log.flush()
    _close(terminal, tail, named)
    return EXIT_OK


def _simulate(args: argparse.Namespace) -> int:
    island = load_island(args.island)
    players = _players(args, args.bots)
    names = _bot_names(args.bots, players)
    result = simulate(
        args.games,
        island=island,
        bots=names,
        seed=args.seed,
        rules=GameRules.named(args.rules).with_variants(args.variant),
        workers=args.workers,
        progress=not args.no_progress,
    )
    if args.json:
        print(json.dumps(result.summary(), indent=1))
        return EXIT_OK
    print(result.table())
    return EXIT_OK


BOTS_HELP = (
    "the bots: one name for every seat, or one per seat, comma-separated: greedy, random, "
    "search (default: %s)"
)
PLAYERS_HELP = "players, 2 to 4 (default: as many as --bots lists, or 4)"


def add_commands(commands: Commands[Any]) -> None:
    """Register ``play``, ``replay`` and ``simulate`` on the ``tobago`` parser."""
    play = commands.add_parser(
        "play",
        help="play a game: people at the terminal and bots",
        description="Play a game of Tobago: people at the terminal (--human) and bots. At a "
        "human seat, 'help' lists the moves you can type and the commands.",
    )
    play.add_argument("island", nargs="?", help=ISLAND_HELP)
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
        "--bots", default=None, metavar="NAMES", action=Once, help=BOTS_HELP % "greedy"
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
    add_variant_option(play)
    play.add_argument(
        "--place-landmarks",
        action="store_true",
        help="replace the island's landmarks by a random legal placement drawn from the seed",
    )
    play.add_argument(
        "--svg-dir",
        metavar="DIR",
        action=Once,
        help="draw the board after every action into DIR (made if missing; its old pictures "
        "are replaced)",
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
        "replay", help="replay a saved game record", description="Replay a saved game record."
    )
    again.add_argument("record", help="a JSON file written by 'tobago play --save'")
    again.add_argument(
        "--svg-dir", metavar="DIR", action=Once, help="draw the board after every action into DIR"
    )
    again.add_argument("--quiet", action="store_true", help="print only the result")
    again.set_defaults(run=_replay)

    batch = commands.add_parser(
        "simulate",
        help="many bot games: win rates and statistics",
        description="Play many bot games and report win rates with 95% intervals.",
    )
    batch.add_argument(
        "-n", "--games", type=non_negative, default=100, action=Once, help="games (default 100)"
    )
    batch.add_argument("--island", default="ABC-1", action=Once, help=ISLAND_HELP)
    batch.add_argument("--players", type=non_negative, default=None, action=Once, help=PLAYERS_HELP)
    batch.add_argument(
        "--bots",
        default="greedy,random,random,random",
        metavar="NAMES",
        action=Once,
        help=BOTS_HELP % "greedy,random,random,random",
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
