"""Playing a position on, and the candidate actions a search compares.

:func:`play_out` plays a state to its end (or for some actions) with bots in every seat;
:func:`candidate_actions` lists the distinct choices of HeuristicBot under a handful of
weightings, which differ exactly where the heuristic hesitates. SearchBot
(:mod:`tranquility_solver.bots.search`) builds on both.

>>> import random
>>> from tranquility_solver.game import new_game
>>> state = new_game(2, seed=4, rules="published")
>>> candidate_actions(state.observation(0))[0] == HeuristicBot().choose(state.observation(0),
...                                                                    random.Random(0))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..game.actions import Action
from ..game.records import Bot
from ..game.state import GameState, Observation
from .heuristic import HeuristicBot

__all__ = ["candidate_actions", "play_out"]

_VARIANTS = (
    HeuristicBot(),
    HeuristicBot(placement_bonus=0.0),
    HeuristicBot(cost_weight=3.0),
    HeuristicBot(wedge_weight=0.3),
    HeuristicBot(fit_weight=6.0),
    HeuristicBot(wedge_weight=3.0),
)
"""The weightings whose choices are the candidates, HeuristicBot's own first. The first three
differ only in `published` (where the bot counts completions), the last three only in `seed`
(where it estimates the cost of closing gaps): each set was picked for how often its choices
differ from the default, about half of the decisions."""


def play_out(
    state: GameState, bots: Bot | Sequence[Bot], rng: random.Random, turns: int | None = None
) -> GameState:
    """Play ``state`` on with one bot per seat (or one bot in every seat) until the game ends,
    or for at most ``turns`` actions.

    >>> from tranquility_solver.game import new_game
    >>> play_out(new_game(2, seed=4, rules="published"), HeuristicBot(), random.Random(0)).outcome
    Outcome(won=True, cause=None)
    """
    seats = [bots] * state.players if isinstance(bots, Bot) else list(bots)
    taken = 0
    while not state.is_terminal and (turns is None or taken < turns):
        player = state.current_player
        state = state.apply(seats[player].choose(state.observation(player), rng))
        taken += 1
    return state


def candidate_actions(
    observation: Observation, variants: Sequence[Bot] = _VARIANTS
) -> tuple[Action, ...]:
    """The distinct choices of ``variants`` in this position, in the variants' order.

    >>> from tranquility_solver.game import new_game
    >>> len(candidate_actions(new_game(2, seed=4).observation(0))) >= 1
    True
    """
    rng = random.Random(0)  # the shipped variants are deterministic
    return tuple(dict.fromkeys(variant.choose(observation, rng) for variant in variants))
