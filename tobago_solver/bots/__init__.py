"""The players: every bot, and the bots by name.

A bot is anything with a ``name`` and ``choose(observation, rng) -> action``
(:class:`~tobago_solver.game.records.Bot`); the rules in ``game`` take bots as arguments and
know none of them. Modules: ``uniform`` (RandomBot), ``greedy`` (GreedyBot), ``search``
(SearchBot: GreedyBot's candidates played out in sampled worlds), ``turns`` (what every bot
checks first) and ``registry`` (the bots by name, and ``simulate``).

>>> import random
>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 2, seed=3)
>>> make_bot("greedy").choose(state.observation(0), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

from tobago_solver.bots.greedy import GreedyBot
from tobago_solver.bots.registry import BOTS, make_bot, simulate
from tobago_solver.bots.search import SearchBot
from tobago_solver.bots.turns import no_decision
from tobago_solver.bots.uniform import RandomBot

__all__ = ["BOTS", "GreedyBot", "RandomBot", "SearchBot", "make_bot", "no_decision", "simulate"]
