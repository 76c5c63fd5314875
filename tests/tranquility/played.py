"""Whole games between bots, for the tests of pictures: the final state and the last play."""

from __future__ import annotations

from tranquility_solver.bots import make_bots
from tranquility_solver.game import new_game
from tranquility_solver.game.actions import Play
from tranquility_solver.game.records import bot_rng
from tranquility_solver.game.state import GameState


def played_game(seed: int, bot: str) -> tuple[GameState, str | None]:
    """A two-player game of ``bot`` on both seats, to its end, and the cell played last."""
    state = new_game(2, seed=seed)
    bots = make_bots(bot, 2)
    rng = bot_rng(state.seed)
    last = None
    while not state.is_terminal:
        action = bots[state.current_player].choose(state.observation(state.current_player), rng)
        state = state.apply(action)
        last = action.cell if isinstance(action, Play) else last
    return state, last


def ended_game(won: bool) -> tuple[GameState, str | None]:
    """The first game of the seeds 0, 1, … that is won (heuristic bots) or lost (random ones)."""
    for seed in range(60):
        state, last = played_game(seed, "heuristic" if won else "random")
        assert state.outcome is not None
        if state.outcome.won == won:
            return state, last
    raise AssertionError("no such game in 60 seeds")
