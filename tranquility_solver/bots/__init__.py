"""The players: every bot, the planners and models they build on, and the bots by name.

A bot is anything with a ``name`` and ``choose(observation, rng) -> Action``
(:class:`~tranquility_solver.game.records.Bot`); the rules in ``game`` take bots as arguments
and know none of them. Modules: ``uniform`` (RandomBot), ``heuristic`` (HeuristicBot, with
``gaps`` and ``runs``, its estimate and its counting), ``sequence_planner`` and ``planner``
(PlannerBot), ``inferred_worlds`` and ``partner_model`` (what the partners' discards and plays
say about their hands), ``playouts``, ``search`` (SearchBot: the deal solver in sampled
worlds), ``turns`` (what every bot checks first) and ``registry`` (the bots by name, and
``simulate``).

>>> import random
>>> from tranquility_solver.game import new_game
>>> state = new_game(2, seed=4, rules="published")
>>> make_bot("heuristic").choose(state.observation(0), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

from .heuristic import HeuristicBot
from .planner import PlannerBot
from .registry import BOTS, make_bot, make_bots, simulate
from .search import SearchBot
from .turns import check_turn
from .uniform import RandomBot

__all__ = [
    "BOTS",
    "HeuristicBot",
    "PlannerBot",
    "RandomBot",
    "SearchBot",
    "check_turn",
    "make_bot",
    "make_bots",
    "simulate",
]
