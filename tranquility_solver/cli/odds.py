"""The win-odds subcommand: ``tranquility odds RECORD [--turn N] [--samples K]``.

It replays a saved game record to a position (the start of turn ``N``, by default the last
position of the record where someone is to move), then estimates the odds of the player to move
from what that player knows (see :func:`~tranquility_solver.analysis.odds.win_odds`): the share of
worlds that can be won with every card known (an upper bound on anyone's chances) and the share a
bot wins playing on (what that way of playing achieves). :func:`odds_report` is the same report
for any game state, for the human seat of ``tranquility play``.

>>> from tranquility_solver.game import new_game
>>> print(odds_report(new_game(2, seed=4, rules="published"), samples=2, seed=0))
... # doctest: +ELLIPSIS
P0 to move (rules: printed game), 2 sampled worlds, 95% intervals
winnable with every card known ...
won by heuristic playing on ...
"""

from __future__ import annotations

import argparse
import signal
import sys
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from ..analysis.odds import DEFAULT_TIME_LIMIT, WinOdds, win_odds
from ..bots import BOTS
from ..errors import TranquilityError
from ..game.records import GameRecord, replay
from ..game.state import GameState
from .common import EXIT_OK, Once, non_negative, read_text

__all__ = ["add_commands", "odds_report", "position_at"]

DEFAULT_SAMPLES = 100


def add_commands(commands: Any) -> None:
    """Register ``odds`` on an argparse subparsers object."""
    odds = commands.add_parser(
        "odds",
        help="How likely is the team to win from a position of a saved game?",
        description=(
            "Estimate the odds of the player to move at a position of a saved game. The cards "
            "that player cannot see are dealt again at random, many times, in every way that "
            "agrees with what they know (the grid, their hand, every hand and deck size, the "
            "discards they saw, where start cards can be). For these worlds it reports the "
            "share that can be won at all with every card known (an upper bound on anyone's "
            "chances; worlds the solver cannot decide within its time limit are counted apart) "
            "and the share a bot wins playing on (what that way of playing achieves), each "
            "with a 95% interval."
        ),
    )
    odds.add_argument("record", metavar="RECORD", help="game record JSON (from play --save)")
    odds.add_argument(
        "--turn",
        type=non_negative,
        default=None,
        action=Once,
        help="the position at the start of this turn (default: the record's last position)",
    )
    odds.add_argument(
        "--samples",
        type=non_negative,
        default=DEFAULT_SAMPLES,
        action=Once,
        help=f"worlds to sample (default {DEFAULT_SAMPLES}; about a second each on one core)",
    )
    odds.add_argument(
        "--seed", type=non_negative, default=0, action=Once, help="sampling seed (default 0)"
    )
    odds.add_argument(
        "--workers",
        type=non_negative,
        default=1,
        action=Once,
        help="processes to work on (default 1); the answer does not depend on it",
    )
    odds.add_argument(
        "--bot",
        default="heuristic",
        choices=sorted(BOTS),
        action=Once,
        help="the bot playing on in every seat (default heuristic)",
    )
    odds.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    odds.set_defaults(run=_odds)


def position_at(record: GameRecord, turn: int | None) -> GameState:
    """The state at the start of ``turn`` (the first one there, before any share round), or the
    last state where someone is to move; a turn the record does not reach is an error."""
    states = [state for state in replay(record) if not state.is_terminal]
    if not states:
        raise TranquilityError("the record holds no position where someone is to move")
    if turn is None:
        return states[-1]
    for state in states:
        if state.turn == turn:
            return state
    raise TranquilityError(
        f"--turn {turn}: the record has positions to move at turns 0-{states[-1].turn}"
    )


def odds_report(
    state: GameState,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    executor: Executor | None = None,
    bot: str = "heuristic",
    progress: bool = False,
) -> WinOdds:
    """The odds of ``state``'s player to move, with an optional progress bar on stderr."""
    bar = _bar(samples) if progress else None
    try:
        return win_odds(
            state.observation(state.current_player),
            samples=samples,
            seed=seed,
            executor=executor,
            bot=bot,
            time_limit=DEFAULT_TIME_LIMIT,
            progress=None if bar is None else bar.update,
        )
    finally:
        if bar is not None:
            bar.close()


def _bar(total: int) -> Any:
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:  # pragma: no cover - tqdm is in the dev extra
        return None
    return tqdm(total=total, file=sys.stderr, unit="world", leave=False)


def _leave_interrupts_to_the_parent() -> None:
    """Workers ignore Ctrl-C: the command stops them and says so in one line, where each
    worker would print its own traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _odds(args: argparse.Namespace) -> int:
    if args.samples < 1:
        raise TranquilityError("--samples must be at least 1")
    if args.workers < 1:
        raise TranquilityError(f"--workers must be at least 1, got {args.workers}")
    record = GameRecord.from_json(read_text(args.record, "a game record"))
    state = position_at(record, args.turn)
    print(f"turn {state.turn}, player {state.current_player} to move")
    print(state.observation(state.current_player))
    executor = (
        ProcessPoolExecutor(args.workers, initializer=_leave_interrupts_to_the_parent)
        if args.workers > 1
        else None
    )
    try:
        odds = odds_report(state, args.samples, args.seed, executor, args.bot, not args.no_progress)
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)
    print(odds)
    return EXIT_OK
