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
from typing import ClassVar

from tobago_solver.bots.turns import no_decision
from tobago_solver.game.actions import Action
from tobago_solver.game.observation import Observation
from tobago_solver.game.uniform_play import uniform_choices

__all__ = ["RandomBot"]


@dataclass(frozen=True)
class RandomBot:
    """Picks a legal action uniformly at random; with the ``exchange`` variant, exchanging is
    among its choices only when it holds no legal clue.

    >>> RandomBot().name
    'random'
    """

    name: str = "random"
    picks_uniformly: ClassVar[bool] = True
    """Its choice is ``rng.choice`` over ``uniform_choices`` of the legal actions, nothing
    else: ``play_game`` may play its games without an observation per turn
    (:mod:`~tobago_solver.game.uniform_play`)."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        legal = observation.legal_actions
        if not legal:
            raise no_decision(observation)
        return rng.choice(uniform_choices(legal, observation.rules))
