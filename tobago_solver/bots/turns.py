"""What every bot checks before it chooses: that the observation has something to decide.

>>> import tobago_solver as tb
>>> print(no_decision(tb.new_game(tb.islands.default(), 2, seed=1).observation(1)))
the observation of P1 has nothing to decide: it is P0's turn
"""

from __future__ import annotations

from tobago_solver.errors import NotToMoveError
from tobago_solver.game.observation import Observation

__all__ = ["no_decision"]


def no_decision(observation: Observation) -> NotToMoveError:
    """The error for a bot handed an observation with no legal action, saying why.

    >>> import tobago_solver as tb
    >>> print(no_decision(tb.new_game(tb.islands.default(), 2, seed=1).observation(1)))
    the observation of P1 has nothing to decide: it is P0's turn
    """
    if observation.phase == "over":
        why = f"the game is over ({observation.end_reason})"
    else:
        why = f"it is P{observation.to_move}'s turn"
    return NotToMoveError(f"the observation of P{observation.player} has nothing to decide: {why}")
