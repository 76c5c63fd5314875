"""The Tranquility game: state, actions, set-up, bots, records and simulation.

>>> from tranquility_solver.game import new_game
>>> new_game(2, seed=0).legal_actions()[0]
Play(card=10, cell='a1', discards=())
"""

from __future__ import annotations

from .actions import Action, Discard, Finish, Play, Share, Start, parse_action
from .choices import FINISH, START
from .setup import new_game
from .state import GameState, Observation, Outcome

__all__ = [
    "FINISH",
    "START",
    "Action",
    "Discard",
    "Finish",
    "GameState",
    "Observation",
    "Outcome",
    "Play",
    "Share",
    "Start",
    "new_game",
    "parse_action",
]
