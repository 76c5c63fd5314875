"""What a finished game is worth to each player: zero-sum returns.

>>> import tobago_solver as tb
>>> state = tb.replay(tb.play_game(tb.islands.default(), [tb.GreedyBot()] * 2, seed=1))
>>> final = list(state)[-1]
>>> returns_of(final) in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
True

A sole winner gets ``players - 1`` and everyone else ``-1``; when ``k`` players tie for the most
gold each of them gets ``players / k - 1``. The returns add up to zero, and a win is worth the
same whatever the margin (the game asks for the most gold, not for a lot of it).
"""

from __future__ import annotations

from tobago_solver.game.state import GameState


def returns_of(state: GameState) -> list[float]:
    """Each player's return (zeros before the end)."""
    if not state.is_terminal:
        return [0.0] * state.players
    winners = state.winners
    share = state.players / len(winners)
    return [share - 1.0 if p in winners else -1.0 for p in range(state.players)]
