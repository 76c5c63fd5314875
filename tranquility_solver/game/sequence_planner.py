"""SequencePlanner: a `published` policy that keeps the cells it will have to pay for few.

In `published` a card costs cards only when a sequence neighbour of its cell (the cell before
or after it in a1, b1, …, f6) is filled. Cells filled with no filled neighbour are free, and
they can never be two neighbours, so at least 18 of the 36 cells are paid for — and every free
play in the wrong place makes one more cell paid: in a run of empty cells both of whose ends
are filled, filling the cell next-but-one to an end keeps the fewest paid cells, filling the
middle of a run of five adds one (:func:`forced_payments` counts the fewest paid cells a grid
leaves).

The bot scores plays and the discard as the tuned HeuristicBot does (bits of completions from
the cards it cannot rule out, minus ``cost_weight`` bits per card paid, plus a bonus for
placing), and takes ``forced_weight`` bits off a play per paid cell it adds to the grid's
fewest: the cells its free plays force to be paid, and the play itself when it is paid. With
``forced_weight`` 0 it plays exactly as its ``base``. For any order other than one sequence
(`seed`) it plays as ``base``.

>>> import random
>>> from tranquility_solver.game import new_game
>>> state = new_game(2, seed=4, rules="published")
>>> SequencePlanner().choose(state.observation(0), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..grid import CELL_NAMES
from ..hints import PlaySafety, dead_cells
from ..placement import openings
from .actions import Action, Discard, Finish, Play, Start
from .bots import HeuristicBot, _cheapness, _Context
from .choices import is_island
from .state import Observation

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
class SequencePlanner:
    """HeuristicBot's `published` play, less ``forced_weight`` bits per cell a play adds to
    :func:`forced_payments` (see the module docstring).

    ``forced_weight``: 1 bit (tuned on 600 paired development games, ``--seed 4242``: 0.5, 1
    and 1.5 win 533, 533 and 532, 2 wins 533, 4 and 8 win 525 and 518; the tuned
    HeuristicBot, which is ``forced_weight`` 0, wins 506).

    >>> SequencePlanner().name
    'sequence'
    """

    name: str = "sequence"
    base: HeuristicBot = TUNED_HEURISTIC
    forced_weight: float = 1.0

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.lazy_legal_actions()
        chain = observation.rules.order.chain
        if len(legal) == 1 or observation.phase != "play" or chain is None:
            return self.base.choose(observation, rng)
        if Finish() in legal:
            return Finish()
        if Start() in legal:
            return Start()  # it must be played before the finish, and it takes no cell
        context = _Context.of(observation)
        choices: list[tuple[float, Action]] = []
        if legal.count_of(Discard):
            dropped = context.least_useful(observation.hand, 2)
            score = context.log_count_without(dropped) - 2 * self.base.cost_weight
            choices.append((score, Discard(dropped)))
        play = self._play(observation, context, chain)
        if play is not None:
            choices.append(play)
        best = max(choices, key=lambda choice: choice[0], default=None)
        if best is not None and best[0] > -math.inf:
            return best[1]
        # Nothing keeps the grid completable: as HeuristicBot, the cheapest legal action.
        return min(legal, key=_cheapness)

    def _play(
        self, observation: Observation, context: _Context, chain: Sequence[int]
    ) -> tuple[float, Play] | None:
        """The best safe play, scored as HeuristicBot's ``_counted`` scores it, less the paid
        cells it adds; ``None`` when no play is safe."""
        island = sorted({card for card in observation.hand if is_island(card)})
        if not island or dead_cells(context.grid, context.pool, context.rules):
            return None
        cells = list(context.grid.cells)
        forced = forced_payments(cells, chain)
        weight, bonus = self.base.cost_weight, self.base.placement_bonus
        safety: PlaySafety | None = None
        best: tuple[float, Play] | None = None
        for card, index, cost in openings(context.grid, context.rules).placements(
            island, len(island)
        ):
            if cost:
                if safety is None:
                    unknown = observation.unknown_cards()
                    safety = PlaySafety.of(context.grid, island, unknown, context.rules)
                if safety.discards(card, index, cost) is None:
                    continue
            paid = context.payment(card, cost)
            if paid is None:
                continue
            cells[index] = card
            added = forced_payments(cells, chain) - forced + (1 if cost else 0)
            cells[index] = None
            score = context.log_count_after(index, card, paid) + bonus - cost * weight
            score -= self.forced_weight * added
            if best is None or score > best[0]:
                best = (score, Play(card, CELL_NAMES[index], paid))
        if best is None or best[0] == -math.inf:
            return None
        return best


SEQUENCE_PLANNER = SequencePlanner()
"""The sequence planner with its tuned weights: PlannerBot's `published` play."""
