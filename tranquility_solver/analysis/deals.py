"""Can this deal be won? The deal search, guided by HeuristicBot.

>>> from tranquility_solver.deals import Deal
>>> solution = solve_deal(Deal.random(1, seed=3), time_limit=30)
>>> solution.status, len(solution.line) > 36
(<DealStatus.WIN: 'win'>, True)
"""

from __future__ import annotations

from collections.abc import Callable

from ..bots.heuristic import HeuristicBot
from ..deals.deal import Deal
from ..deals.solve import DealEngine, Progress, Solution, search_deal
from ..game.state import GameState

__all__ = ["solve_deal"]


def solve_deal(
    deal: Deal | GameState,
    time_limit: float | None = 60.0,
    engine: DealEngine = "search",
    progress: Callable[[Progress], None] | None = None,
    step_limit: int | None = None,
) -> Solution:
    """Decide a deal: WIN with a line, LOSS (exhaustive), or UNKNOWN when time runs out:
    :func:`~tranquility_solver.deals.solve.search_deal` with HeuristicBot's choice tried first
    at every position.

    ``time_limit`` is in seconds (``None``: no limit). ``step_limit`` bounds the work instead
    (positions visited and actions tried; ``None``: no bound): unlike the clock, the same deal
    and limit always give the same answer, which is what a seeded bot needs to replay. A WIN
    line is replayed through the game engine before it is returned.

    >>> from tranquility_solver.game import START, FINISH
    >>> from tranquility_solver.grid import Grid
    >>> from tranquility_solver.rules import Rules
    >>> nearly = Grid(tuple(range(1, 36)) + (None,))
    >>> solution = solve_deal(Deal(Rules.seed(), 0, ((START, FINISH),), ((36, 50),), grid=nearly))
    >>> solution.status.name, solution.line
    ('WIN', ('start', 'play 50 f6', 'finish'))
    """
    return search_deal(
        deal,
        HeuristicBot(),
        time_limit=time_limit,
        engine=engine,
        progress=progress,
        step_limit=step_limit,
    )
