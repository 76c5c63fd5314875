"""Deal solvability: can the team win a deal when every card is known? The deal value and
the search; the public ``solve_deal`` (in ``analysis``) guides the search with HeuristicBot.

>>> from tranquility_solver.deals import Deal
>>> deal = Deal.random(1, seed=0)
>>> deal.players
1
"""

from __future__ import annotations

from .deal import DEAL_FORMAT, Deal, DealFormatError
from .solve import DEAL_ENGINES, DealEngine, DealStatus, Progress, Solution, search_deal

__all__ = [
    "DEAL_ENGINES",
    "DEAL_FORMAT",
    "Deal",
    "DealEngine",
    "DealFormatError",
    "DealStatus",
    "Progress",
    "Solution",
    "search_deal",
]
