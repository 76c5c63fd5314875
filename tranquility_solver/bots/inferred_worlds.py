"""Worlds weighted by what the other players' face-down discards say about them.

:func:`~.worlds.sample_worlds` draws the worlds a player cannot tell apart uniformly: in
`published`, where discards lie face down, it puts the cards the grid still needs among the
partner's discards as often as anywhere else. A partner who plays as HeuristicBot does never
does that willingly: it gives away the cards whose loss costs the fewest completions, so the
grid stays completable from what it cannot rule out. Uniform worlds therefore hold too many
deals the team can no longer finish, and a search over them is misled.

:func:`sample_inferred_worlds` draws from the same consistent worlds, each weighted by how
likely the other players' discards make it (:class:`DiscardLikelihood`). The weight reads one
feature of a world, its *class*:

- ``"live"``: the grid can be completed from the island cards still in play (hands and decks);
- ``"their view"``: not that, but from each other player's point of view it can — from every
  island card off the grid except the ones that player discarded (the cards they cannot rule
  out, which their own discards left completable);
- ``"neither"``.

The default weights are the likelihood ratios of the three classes, measured on development
deals: the class frequencies of the true positions of `published` HeuristicBot games (with at
most 10 empty cells, each seen by the player to move) divided by those of uniform worlds drawn
from the same observations, scaled so the largest is 1 (``"live"`` 94.8% of true positions
against 77.8% of uniform worlds, ``"their view"`` 3.7% against 6.8%, ``"neither"`` 1.4%
against 15.4%). The worlds are drawn by rejection: a uniform world is kept with probability its
weight, so each consistent world comes out with probability proportional to its weight.

>>> from tranquility_solver.game import new_game, parse_action
>>> state = new_game(2, seed=3, rules="published").apply(parse_action("discard 21 33"))
>>> worlds = sample_inferred_worlds(state.observation(1), 3, seed=0)
>>> from tranquility_solver.game.worlds import consistency_errors
>>> [consistency_errors(world, state.observation(1)) for world in worlds]
[(), (), ()]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from ..completion import is_completable
from ..errors import TranquilityError
from ..game.choices import discards_public
from ..game.state import GameState, Observation
from ..game.worlds import check_observation, check_seed, hidden_layout, sample_worlds, uniform_world
from ..grid import FIRST_CARD, LAST_CARD

__all__ = ["DISCARD_LIKELIHOOD", "DiscardLikelihood", "sample_inferred_worlds", "world_class"]

WorldClass = Literal["live", "their view", "neither"]


def world_class(world: GameState, player: int) -> WorldClass:
    """Which cards can still complete ``world``'s grid, seen from ``player``'s partners (see the
    module docstring).

    >>> from tranquility_solver.game import new_game
    >>> world_class(new_game(2, seed=1, rules="published"), 0)
    'live'
    """
    grid = world.grid
    off_grid = set(range(FIRST_CARD, LAST_CARD + 1)) - set(grid.numbers)
    discarded = {card for _, card in world.discards}
    if is_completable(grid, off_grid - discarded, world.rules):
        return "live"
    for seat in range(world.players):
        if seat == player:
            continue
        theirs = {card for who, card in world.discards if who == seat}
        if not is_completable(grid, off_grid - theirs, world.rules):
            return "neither"
    return "their view"


@dataclass(frozen=True)
class DiscardLikelihood:
    """The relative likelihood of a world of each class (:func:`world_class`), all > 0; the
    largest is the chance a uniform world of that class is kept.

    >>> DISCARD_LIKELIHOOD.weight("neither")
    0.08
    """

    live: float = 1.0
    their_view: float = 0.45
    neither: float = 0.08

    def __post_init__(self) -> None:
        if not all(weight > 0 for weight in (self.live, self.their_view, self.neither)):
            raise TranquilityError("every class of world needs a weight above 0")

    def weight(self, kind: WorldClass) -> float:
        if kind == "live":
            return self.live
        return self.their_view if kind == "their view" else self.neither

    def keep_chance(self, kind: WorldClass) -> float:
        return self.weight(kind) / max(self.live, self.their_view, self.neither)


DISCARD_LIKELIHOOD = DiscardLikelihood()
"""The measured weights (module docstring)."""


def sample_inferred_worlds(
    observation: Observation,
    n: int,
    seed: int | None = 0,
    likelihood: DiscardLikelihood = DISCARD_LIKELIHOOD,
) -> tuple[GameState, ...]:
    """``n`` worlds consistent with ``observation``, each drawn independently with probability
    proportional to its weight under ``likelihood``; the same seed gives the same worlds.

    When no other player's discard is hidden (`seed`, where discards are public, or no one else
    has discarded yet) every world has the same class, and these are the worlds of
    :func:`~.worlds.sample_worlds` with the same seed.

    >>> from tranquility_solver.game import new_game
    >>> observation = new_game(2, seed=1).observation(0)
    >>> sample_inferred_worlds(observation, 2, seed=5) == sample_worlds(observation, 2, seed=5)
    True
    """
    check_observation(observation)
    check_seed(seed)
    me = observation.player
    hidden_discards = not discards_public(observation.rules) and any(
        who != me for who in observation.discard_players
    )
    if not hidden_discards:
        return sample_worlds(observation, n, seed)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise TranquilityError(f"the number of worlds must be a whole number ≥ 0, got {n!r}")
    layout = hidden_layout(observation)
    rng = random.Random(seed)
    worlds: list[GameState] = []
    while len(worlds) < n:
        # Rejection: every class is kept with a chance above 0, so this ends (about 12 draws
        # per world at worst with the default weights).
        world = uniform_world(layout, rng)
        if rng.random() < likelihood.keep_chance(world_class(world, me)):
            worlds.append(world)
    return tuple(worlds)
