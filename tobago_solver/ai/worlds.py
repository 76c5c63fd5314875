"""Worlds one player cannot tell apart: the hidden cards of a game dealt again at random.

>>> import random
>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 3, seed=5)
>>> world = sample_world(state, 0, random.Random(1))
>>> world.observation(0) == state.observation(0), world.hands[1] == state.hands[1]
(True, False)

Information-set search (OpenSpiel's ISMCTS) plays on such worlds. They come from the package's
world sampler, :func:`tobago_solver.sample_worlds`: uniform over the deals of the hidden cards
(other hands, the clue deck, the unrevealed treasure cards, later reshuffles) that fit what the
player has seen, including which deck each hand card came from. It does not weigh worlds by
how likely the others' past choices made them (a player who kept a card for a long time
probably likes it).
"""

from __future__ import annotations

import random

from tobago_solver.game.state import GameState
from tobago_solver.game.worlds import sample_worlds


def sample_world(state: GameState, player: int, rng: random.Random) -> GameState:
    """A state with ``player``'s observation of ``state`` and the hidden cards dealt again."""
    return sample_worlds(state.observation(player), 1, seed=rng.getrandbits(64))[0]
