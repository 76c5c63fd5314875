"""Deal solvability: can the team win a deal when every card is known?

>>> from tranquility_solver.deals import Deal
>>> deal = Deal.random(1, seed=0)
>>> deal.players
1
"""

from __future__ import annotations

from .deal import DEAL_FORMAT, Deal, DealFormatError
from .odds import WinOdds, win_odds
from .search import SearchBot
from .solve import DEAL_ENGINES, DealEngine, DealStatus, Progress, Solution, solve_deal

__all__ = [
    "DEAL_ENGINES",
    "DEAL_FORMAT",
    "Deal",
    "DealEngine",
    "DealFormatError",
    "DealStatus",
    "Progress",
    "SearchBot",
    "Solution",
    "WinOdds",
    "solve_deal",
    "win_odds",
]
