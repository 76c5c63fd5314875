"""What every bot checks before it chooses: that the observation is its own turn's.

>>> from tranquility_solver.game import new_game
>>> check_turn(new_game(2, seed=1).observation(0), "heuristic") is None
True
"""

from __future__ import annotations

from ..errors import TranquilityError
from ..game.state import Observation

__all__ = ["check_turn"]


def check_turn(observation: Observation, bot: str) -> None:
    """Refuse, with a TranquilityError that says why, an observation a bot cannot choose from:
    not an observation, a finished game's, or one of a player who is not to move.

    >>> from tranquility_solver.game import new_game
    >>> check_turn(new_game(2, seed=1).observation(1), "heuristic")
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.TranquilityError: heuristic chooses for the player to move: this \
observation is player 1's, and player 0 is to move
    """
    if not isinstance(observation, Observation):
        raise TranquilityError(
            f"{bot} chooses from an observation, got {type(observation).__name__}: pass "
            "state.observation(state.current_player)"
        )
    if observation.outcome is not None:
        raise TranquilityError(
            f"{bot}: the game is over ({observation.outcome}), nothing to choose"
        )
    if observation.player != observation.current_player:
        raise TranquilityError(
            f"{bot} chooses for the player to move: this observation is player "
            f"{observation.player}'s, and player {observation.current_player} is to move"
        )
