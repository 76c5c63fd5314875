"""The Tranquility game: state, actions, set-up, the table as text, bots, records and simulation.

>>> from tranquility_solver.game import new_game
>>> new_game(2, seed=0).legal_actions()[0]
Play(card=10, cell='a1', discards=())
"""

from __future__ import annotations

from .actions import Action, Discard, Finish, Play, Share, Start, parse_action
from .board import board_text
from .bots import Bot, HeuristicBot, RandomBot, make_bot
from .choices import FINISH, START
from .lookahead import loses_at_once
from .records import GameRecord, play_game, replay
from .setup import new_game
from .simulate import GameResult, SimulationResult, simulate
from .state import GameState, Observation, Outcome
from .worlds import consistency_errors, sample_worlds

__all__ = [
    "FINISH",
    "START",
    "Action",
    "Bot",
    "Discard",
    "Finish",
    "GameRecord",
    "GameResult",
    "GameState",
    "HeuristicBot",
    "Observation",
    "Outcome",
    "Play",
    "RandomBot",
    "Share",
    "SimulationResult",
    "Start",
    "board_text",
    "consistency_errors",
    "loses_at_once",
    "make_bot",
    "new_game",
    "parse_action",
    "play_game",
    "replay",
    "sample_worlds",
    "simulate",
]
