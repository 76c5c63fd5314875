"""Worlds one player cannot tell apart: the hidden cards of a game dealt again at random.

>>> import random
>>> from tranquility_solver.game import new_game
>>> state = new_game(3, seed=5, rules="published")
>>> world = sample_world(state, 0, random.Random(1))
>>> world.observation(0) == state.observation(0), world.hands[1] == state.hands[1]
(True, False)

Information-set search (OpenSpiel's ISMCTS) plays on such worlds. They come from the package's
world sampler, :func:`tranquility_solver.sample_worlds`: uniform over the placements of every
card the player cannot see (the others' hands, every deck, `published` face-down discards) that
fit what the player has seen, start cards only where the public history allows. It does not
weigh worlds by how likely the others' past choices made them (a player who kept a card for a
long time probably likes it).
"""

from __future__ import annotations

import random

from ..game.state import GameState
from ..game.worlds import sample_worlds

__all__ = ["sample_world"]


def sample_world(state: GameState, player: int, rng: random.Random) -> GameState:
    """A state with ``player``'s observation of ``state`` and the hidden cards dealt again."""
    return sample_worlds(state.observation(player), 1, seed=rng.getrandbits(64))[0]
