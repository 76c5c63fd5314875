"""Deep analysis of Tobago islands: shortest proofs, identifiability, puzzles and move advice.

>>> import tobago_solver as tb
>>> island = tb.islands.default()
>>> len(tb.min_clues(island, "j2"))
4

Only the model-building modules here import ``ortools``; ``docs/analysis.md`` explains the
methods.
"""

from tobago_solver.analysis.advice import ActionAdvice, advice_table, advise, advise_observation
from tobago_solver.analysis.identifiability import Identifiability, identifiability
from tobago_solver.analysis.min_clues import min_clues, playable_order
from tobago_solver.analysis.puzzles import Puzzle, make_puzzle

__all__ = [
    "ActionAdvice",
    "Identifiability",
    "Puzzle",
    "advice_table",
    "advise",
    "advise_observation",
    "identifiability",
    "make_puzzle",
    "min_clues",
    "playable_order",
]
