"""SequencePlanner: a `published` policy that keeps the cells it will have to pay for few.

In `published` a card costs cards only when a sequence neighbour of its cell (the cell before
or after it in a1, b1, …, f6) is filled. Cells filled with no filled neighbour are free, and
they can never be two neighbours, so at least 18 of the 36 cells are paid for — and every free
play in the wrong place makes one more cell paid: in a run of empty cells both of whose ends
are filled, filling the cell next-but-one to an end keeps the fewest paid cells, filling the
middle of a run of five adds one (:func:`forced_payments` counts the fewest paid cells a grid
leaves).

The bot is the tuned HeuristicBot (:data:`TUNED_HEURISTIC`: bits of completions from the cards
it cannot rule out, minus ``cost_weight`` bits per card paid, plus a bonus for placing) with one
term more: ``forced_weight`` bits off a play per paid cell it adds to the grid's fewest — the
cells its free plays force to be paid, and the play itself when it is paid. With
``forced_weight`` 0, and for any order other than one sequence (`seed`), it plays exactly as
the tuned HeuristicBot.

>>> import random
>>> from tranquility_solver.game import new_game
>>> state = new_game(2, seed=4, rules="published")
>>> SequencePlanner().choose(state.observation(0), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..grid import Cells
from ..rules import Rules
from .heuristic import HeuristicBot, PlayPenalty

__all__ = ["SEQUENCE_PLANNER", "TUNED_HEURISTIC", "SequencePlanner", "forced_payments"]

TUNED_HEURISTIC = HeuristicBot(cost_weight=1.5)
"""HeuristicBot with a card paid weighing more in `published`: 1.5 bits of completions instead
of 1 (tuned on 400 paired development games: 350 won against 328). Its `seed` play is
HeuristicBot's own; PlannerBot replaces it in both presets (:class:`SequencePlanner` builds on
it in `published`)."""


def forced_payments(cells: Sequence[int | None], chain: Sequence[int]) -> int:
    """The fewest empty cells of ``cells`` that must be filled beside a filled neighbour along
    ``chain`` (the cells in sequence order), whatever the order of play.

    A run of ``k`` empty cells leaves free at most an independent set of the cells not beside
    a filled end: ``k // 2`` paid with no filled end, ``(k + 1) // 2`` with one, ``k // 2 + 1``
    with two.

    >>> cells = [None] * 36
    >>> forced_payments(cells, range(36))            # every other cell free
    18
    >>> cells[0], cells[6] = 1, 20                   # a1 and a2: b1 to f1 a run of five
    >>> forced_payments(cells, range(36))
    18
    >>> forced_payments([*cells[:2], 5, *cells[3:]], range(36))   # c1 filled: as many
    18
    >>> forced_payments([*cells[:3], 5, *cells[4:]], range(36))   # d1 filled: one more
    19
    """
    total = run = 0
    left_filled = False
    for cell in chain:
        if cells[cell] is None:
            run += 1
            continue
        if run:
            total += run // 2 + 1 if left_filled else (run + 1) // 2
        run = 0
        left_filled = True
    if run:
        total += (run + 1) // 2 if left_filled else run // 2
    return total


@dataclass(frozen=True)
class SequencePlanner(HeuristicBot):
    """The tuned HeuristicBot's play, less ``forced_weight`` bits per cell a play adds to
    :func:`forced_payments` (see the module docstring).

    ``forced_weight``: 1 bit (tuned on 600 paired development games, ``--seed 4242``: 0.5, 1
    and 1.5 win 533, 533 and 532, 2 wins 533, 4 and 8 win 525 and 518; the tuned
    HeuristicBot, which is ``forced_weight`` 0, wins 506).

    >>> SequencePlanner().name
    'sequence'
    """

    name: str = "sequence"
    cost_weight: float = TUNED_HEURISTIC.cost_weight
    forced_weight: float = 1.0

    def _play_penalty(self, cells: Cells, rules: Rules) -> PlayPenalty | None:
        chain = rules.order.chain
        if chain is None or not self.forced_weight:
            return None
        work = list(cells)
        forced = forced_payments(work, chain)

        def penalty(index: int, card: int, cost: int) -> float:
            work[index] = card
            added = forced_payments(work, chain) - forced + (1 if cost else 0)
            work[index] = None
            return self.forced_weight * added

        return penalty


SEQUENCE_PLANNER = SequencePlanner()
"""The sequence planner with its tuned weights: PlannerBot's `published` play."""
