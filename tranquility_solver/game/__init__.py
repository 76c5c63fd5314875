"""The Tranquility game, its rules only: state, actions, set-up, the table as text, observations
and the worlds they allow, records and the batch of games the bots (in ``bots``) play.

>>> from tranquility_solver.game import new_game
>>> new_game(2, seed=0).legal_actions()[0]
Play(card=10, cell='a1', discards=())
"""

from __future__ import annotations

from .actions import Action, Discard, Finish, Play, Share, Start, parse_action
from .board import board_text
from .choices import FINISH, START
from .lookahead import loses_at_once
from .records import Bot, GameRecord, play_game, replay
from .setup import new_game
from .simulate import GameResult, SimulationResult, play_games
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
    "Observation",
    "Outcome",
    "Play",
    "Share",
    "SimulationResult",
    "Start",
    "board_text",
    "consistency_errors",
    "loses_at_once",
    "new_game",
    "parse_action",
    "play_game",
    "play_games",
    "replay",
    "sample_worlds",
]
