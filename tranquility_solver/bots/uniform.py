"""RandomBot: a uniform choice among the legal actions.

>>> import random
>>> from tranquility_solver.game import new_game
>>> state = new_game(2, seed=4)
>>> RandomBot().choose(state.observation(0), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from ..game.actions import Action
from ..game.state import Observation
from .turns import check_turn

__all__ = ["RandomBot"]


@dataclass(frozen=True)
class RandomBot:
    """Uniform over the legal actions (every payment choice counts as its own action).

    >>> from tranquility_solver.game import new_game
    >>> RandomBot().choose(new_game(1, seed=0).observation(0), random.Random(1))
    Play(card=..., cell=..., discards=())
    """

    name: str = "random"
    picks_uniformly: ClassVar[bool] = True
    """Its choice is ``rng.choice`` over the lazy legal actions and nothing else, so games of
    such seats may be stepped without observations (:mod:`~tranquility_solver.game.uniform_play`),
    drawing the same actions."""

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        check_turn(observation, self.name)
        return rng.choice(observation.lazy_legal_actions())
