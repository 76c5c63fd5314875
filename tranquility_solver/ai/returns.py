"""What a finished game is worth: the same to every player, 1 for a win and 0 for a loss.

>>> from tranquility_solver.game import new_game
>>> returns_of(new_game(3, seed=1))
[0.0, 0.0, 0.0]

Tranquility is cooperative: the players win or lose together, so every player's return is the
same (OpenSpiel calls this an "identical" utility).
"""

from __future__ import annotations

from ..game.state import GameState

__all__ = ["returns_of"]


def returns_of(state: GameState) -> list[float]:
    """1.0 for everyone once the game is won, else 0.0 (also before the end)."""
    won = float(state.outcome is not None and state.outcome.won)
    return [won] * state.players
