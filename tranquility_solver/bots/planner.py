"""PlannerBot: a `seed` policy that fills the grid outward from its long diagonal, never paying.

In `seed` a card costs cards only when it lands between two filled cells of its row or of its
column (the cost is their difference, per axis). The bot follows a plan under which that never
happens: the *main diagonal* — a6, b5, c4, d3, e2 and f1, the six cells from the top-left to
the bottom-right corner, no two of them in the same row or column and no two ordered — may be
filled at any time; a cell below it (towards a1) once the cells to its right and above it are
filled; a cell above it (towards f6) once the cells to its left and below it are. So each row
and each column is always one unbroken run around its diagonal cell, growing at its ends, and
every card the plan places is free (:func:`plan_allows`).

Which card goes where follows a target: a cell ``k`` steps along the diagonals from a1 should
take about the value that ranks it among the cards still in the game as the cells of the
diagonals before it rank it among the grid's 36 (:func:`planned_share`), moved into the values
the cell can still take in some completion (the fast engine's windows). A card is played on the
allowed cell whose target it sits closest to, if it sits within ``reach`` spacings (a spacing
is the cards still in the game over 36); otherwise the bot discards the two cards farthest from
every empty cell's target. Every play is checked with the core's completability engine against
the cards the bot cannot rule out (the other hands and every deck), so it never makes the grid
impossible to finish.

When the order is one sequence (`published`) it plays as its ``sequence`` policy,
:class:`~.sequence_planner.SequencePlanner`: the tuned HeuristicBot's scoring, less a bit per
cell a play forces to be paid later. With any other rules it plays as its ``base``, the tuned
HeuristicBot (:data:`TUNED_HEURISTIC`).

>>> import random
>>> from tranquility_solver.game import new_game
>>> state = new_game(2, seed=4)
>>> PlannerBot().choose(state.observation(0), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass

from ..completion import fast
from ..game.actions import Action, Discard, Finish, Play, Start
from ..game.choices import FINISH, START, is_island
from ..game.state import Observation
from ..grid import CELL_COUNT, CELL_NAMES, COLUMNS, ROWS
from ..hints import dead_cells
from ..placement import openings, pool_without
from ..rules import Rules, adjacent_axis_cost, grid_precedences
from .heuristic import HeuristicBot
from .sequence_planner import SEQUENCE_PLANNER, TUNED_HEURISTIC, SequencePlanner
from .turns import check_turn

__all__ = [
    "MAIN_DIAGONAL",
    "PLANNER",
    "TUNED_HEURISTIC",
    "PlannerBot",
    "plan_allows",
    "planned_share",
]

MAIN_DIAGONAL = ROWS - 1
"""Row plus column (both from 0) of the main diagonal's cells: a6, b5, c4, d3, e2, f1."""

_GRID_ORDER = grid_precedences()

Cells = Sequence[int | None]


def plan_allows(cells: Cells, index: int) -> bool:
    """Whether the plan lets the empty cell ``index`` be filled now: it is on the main diagonal,
    or below it with its right and upper neighbours filled, or above it with its left and lower
    neighbours filled. On a grid filled only this way, such a cell has no filled neighbour on
    either side of it in its row or its column, so the `seed` cost of any card there is 0.

    >>> cells = [None] * 36
    >>> plan_allows(cells, 5), plan_allows(cells, 4)   # f1 is on the diagonal, e1 below it
    (True, False)
    >>> cells[5], cells[10] = 30, 35                   # f1 and e2
    >>> plan_allows(cells, 4)
    True
    """
    row, column = divmod(index, COLUMNS)
    step = row + column
    if step == MAIN_DIAGONAL:
        return True
    if step < MAIN_DIAGONAL:
        return cells[index + 1] is not None and cells[index + COLUMNS] is not None
    return cells[index - 1] is not None and cells[index - COLUMNS] is not None


def planned_share(index: int) -> float:
    """The share of the grid's cards the plan puts below cell ``index``: the cells lie on the
    diagonals ``row + column = 0, 1, …, 10`` (1, 2, …, 6, …, 1 cells), and a cell's diagonal
    is given the middle of the block its cells would take if the grid's 36 values were dealt
    out diagonal by diagonal.

    >>> round(planned_share(0), 4), planned_share(5), round(planned_share(35), 4)   # a1, f1, f6
    (0.0139, 0.5, 0.9861)
    """
    return _SHARES[sum(divmod(index, COLUMNS))]


_DIAGONAL_SIZES = tuple(
    sum(1 for index in range(CELL_COUNT) if sum(divmod(index, COLUMNS)) == step)
    for step in range(ROWS + COLUMNS - 1)
)
_SHARES = tuple(
    (sum(_DIAGONAL_SIZES[:step]) + size / 2) / CELL_COUNT
    for step, size in enumerate(_DIAGONAL_SIZES)
)


def _follows_plan(rules: Rules) -> bool:
    """Whether ``rules`` are `seed`'s grid order and wedge cost, for which the plan is made."""
    return (
        rules.precedences == _GRID_ORDER
        and not rules.transitive_order
        and rules.discard_cost is adjacent_axis_cost
    )


@dataclass(frozen=True)
class PlannerBot:
    """Fills the `seed` grid from its main diagonal outward, every card free; plays as
    ``sequence`` when the order is one sequence (`published`), as ``base`` with other rules
    (see the module docstring).

    ``reach``: the most spacings a card may sit from its cell's target and still be played
    rather than the bot discarding (5, tuned on paired development games).

    >>> PlannerBot().name
    'planner'
    """

    name: str = "planner"
    base: HeuristicBot = TUNED_HEURISTIC
    reach: float = 5.0
    sequence: SequencePlanner = SEQUENCE_PLANNER

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        check_turn(observation, self.name)
        if observation.rules.order.chain is not None:
            return self.sequence.choose(observation, rng)
        legal = observation.lazy_legal_actions()
        single = legal.single() is not None
        if single or observation.phase != "play" or not _follows_plan(observation.rules):
            return self.base.choose(observation, rng)
        if Finish() in legal:
            return Finish()
        if Start() in legal:
            return Start()  # it must be played before the finish, and it takes no cell
        rules, grid, hand = observation.rules, observation.grid, observation.hand
        pool = observation.possible_cards()
        if dead_cells(grid, pool, rules):
            return self.base.choose(observation, rng)
        targets = _Targets.of(grid.cells, pool, rules)
        island = sorted({card for card in hand if is_island(card)})
        plays = sorted(
            (targets.misfit(card, index), card, index)
            for card, index, cost in openings(grid, rules).placements(island, len(hand))
            if not cost and plan_allows(grid.cells, index)
        )
        for misfit, card, index in plays:
            if misfit > self.reach:
                break
            after = (*grid.cells[:index], card, *grid.cells[index + 1 :])
            if fast.feasible(after, pool_without(pool, (card,)), rules.order):
                return Play(card, CELL_NAMES[index])
        if legal.count_of(Discard):
            dropped = targets.least_needed(hand, observation.start_played)
            if FINISH not in dropped:
                return Discard(dropped)
        return self.base.choose(observation, rng)


@dataclass(frozen=True)
class _Targets:
    """Each empty cell's target, as a rank among the cards still in the game (on the grid or
    not yet gone), for one decision."""

    in_game: tuple[int, ...]
    ranks: dict[int, float]
    spacing: float

    @classmethod
    def of(cls, cells: Cells, pool: tuple[int, ...], rules: Rules) -> _Targets:
        in_game = tuple(sorted({*pool, *(value for value in cells if value is not None)}))
        windows = fast.windows(tuple(cells), pool, rules.order)
        ranks = {}
        for index in windows.empties:
            # The window is in pool slots: the smallest and largest pool cards the cell can
            # take in some completion, turned into ranks among the cards in the game.
            release, deadline = windows.release[index], windows.deadline[index]
            lowest = bisect_left(in_game, pool[release]) if release < len(pool) else len(in_game)
            highest = bisect_left(in_game, pool[deadline]) if deadline >= 0 else 0
            wanted = planned_share(index) * len(in_game)
            ranks[index] = min(max(wanted, lowest), highest)
        return cls(in_game, ranks, len(in_game) / CELL_COUNT)

    def misfit(self, card: int, index: int) -> float:
        """How many spacings ``card`` sits from the target of the empty cell ``index``."""
        return abs(bisect_left(self.in_game, card) - self.ranks[index]) / self.spacing

    def least_needed(self, hand: Sequence[int], start_played: bool) -> tuple[int, ...]:
        """The two cards of ``hand`` farthest from every empty cell's target: a start card
        once one is played comes first (it can only be discarded), the finish card last."""

        def need(card: int) -> float:
            if card == FINISH or (card == START and not start_played):
                return math.inf
            if card == START:
                return -math.inf
            return -min((self.misfit(card, index) for index in self.ranks), default=0.0)

        ranked = sorted(hand, key=lambda card: (need(card), card))
        return tuple(sorted(ranked[:2]))


PLANNER = PlannerBot()
"""The planner with its tuned reach: SearchBot's own heuristic."""
