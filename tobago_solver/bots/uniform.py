"""RandomBot: a uniform choice among the legal actions.

>>> import random
>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=3)
>>> RandomBot().choose(state.observation(0), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tobago_solver.bots.turns import no_decision
from tobago_solver.game.actions import EXCHANGE, Action, Play
from tobago_solver.game.observation import Observation

__all__ = ["RandomBot"]


@dataclass(frozen=True)
class RandomBot:
    """Picks a legal action uniformly at random; with the ``exchange`` variant, exchanging is
    among its choices only when it holds no legal clue.

    >>> RandomBot().name
    'random'
    """

    name: str = "random"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        legal = observation.legal_actions
        if not legal:
            raise no_decision(observation)
        if observation.rules.exchange and any(isinstance(a, Play) for a in legal):
            legal = tuple(a for a in legal if a != EXCHANGE)
        return rng.choice(legal)
