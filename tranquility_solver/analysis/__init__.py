"""Questions about a game in progress: can this deal be won, how likely is the team to win from
here, which plays are safe, and over many deals how often one can be won at all (``atlas``).
They play the bots, so they sit above them.

>>> import tranquility_solver as tq
>>> odds = tq.win_odds(tq.new_game(2, seed=4, rules="published"), samples=2, seed=1)
>>> odds.samples
2
"""

from __future__ import annotations

from .deals import solve_deal
from .odds import WinOdds, win_odds

__all__ = ["WinOdds", "solve_deal", "win_odds"]
