"""Deal solvability (§7): can the team win a deal when every card is known?

>>> from tranquility_solver.deals import Deal
>>> deal = Deal.random(1, seed=0)
>>> deal.players
1
"""

from __future__ import annotations

from .deal import DEAL_FORMAT, Deal, DealFormatError

__all__ = ["DEAL_FORMAT", "Deal", "DealFormatError"]
