"""A deal the search cannot decide within seconds, for the tests of time-outs and progress."""

from __future__ import annotations

from functools import cache

from tranquility_solver.bots import HeuristicBot
from tranquility_solver.deals import Deal
from tranquility_solver.game import play_game, replay
from tranquility_solver.game.worlds import sample_worlds


@cache
def undecided_deal() -> Deal:
    """A world of turn 10 of the two-player `seed` game HeuristicBot plays from seed 11 (the
    win odds benchmark's `seed` row): the search leaves it undecided after 5 s, and neither
    the bot nor the guide of the odds wins it playing on."""
    record = play_game([HeuristicBot(), HeuristicBot()], seed=11, rules="seed")
    state = next(state for state in replay(record) if state.turn == 10)
    return Deal.from_state(sample_worlds(state.observation(state.current_player), 20, 0)[19])
