"""A guide for the deal search in `seed` that plays for cheap wedges instead of discarding.

HeuristicBot prices a run of ``k`` empty cells between filled ``a`` and ``b`` at about
``2 (b - a) / (k + 1)`` cards, and beats a discard only below two cards, so on a grid whose
rows and columns were opened in many places (as its own early plays open them) it discards
turn after turn until a player runs out: on the worlds of turn 10 of the `seed` game of seed 11
it wins none of 100, and the search it guides finds no win in 2 s either. This guide prices the
same runs but plays whenever a placement's cost now, the change in those run prices and how far
the card sits from the middle of the cell's window add up to less than :data:`PLAY_BELOW`; it
never makes a play that leaves a cell no hand can afford (:mod:`.bounds`) or the grid
impossible to complete from the cards left. It reads only the observation, so the search can
remember its choice per observation; ``noise`` makes it a randomised player for playouts.

>>> import random
>>> from tranquility_solver.game import new_game
>>> guide = WedgeGuide(fallback=None)
>>> state = new_game(2, seed=4)
>>> guide.choose(state.observation(0), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Final

from ..completion import fast
from ..game.actions import Action, Discard, Play
from ..game.choices import FINISH, START
from ..game.legal import LegalActions
from ..game.records import Bot
from ..game.state import Observation
from ..grid import CELL_NAMES, Cells
from ..rules import BLIND_COST_READERS, Rules, adjacent_axis_cost
from .bounds import LINES, cost_cap, line_runs

__all__ = ["PLAY_BELOW", "WedgeGuide", "run_price"]

PLAY_BELOW = 4.0
"""A play beats discarding when its score (cards) is below this (tuned on 40 worlds)."""
_RUN_WEIGHT = 1.0
_MISFIT_WEIGHT = 3.0
_KEPT = 10_000
"""Grids (run prices) and decisions a guide keeps before it forgets them all (a bound on
memory)."""


def run_price(cells: Cells, cap: int) -> float:
    """Estimated cards still to pay for closing every run of empty cells between two filled
    cells of a row or a column; ``inf`` when some cell can never be afforded.

    >>> run_price((10, None, 14) + (None,) * 33, 4), run_price((10, None, 20) + (None,) * 33, 4)
    (4.0, inf)
    """
    parts = [_line_prices(cells, line, cap) for line in LINES]
    if any(prices is None for prices in parts):
        return math.inf
    if any(v is None and adjacent_axis_cost(cells, i, 0) > cap for i, v in enumerate(cells)):
        return math.inf
    return _summed(parts)


def _line_prices(cells: Cells, line: tuple[int, ...], cap: int) -> tuple[float, ...] | None:
    """The price of each run of empty cells between two filled ones along ``line``, in order;
    None when a single empty cell between two filled ones costs more than ``cap``."""
    prices: list[float] = []
    for low, high, empty in line_runs(cells, line):
        spread = high - low
        if empty == 1 and spread > cap:
            return None
        prices.append(spread if empty == 1 else 2 * spread / (empty + 1))
    return tuple(prices)


def _summed(parts: list[tuple[float, ...] | None]) -> float:
    """The runs' prices added up one by one, line after line (in this order, so that a price
    worked out from kept lines is the very number :func:`run_price` gives)."""
    total = 0.0
    for prices in parts:
        assert prices is not None
        for price in prices:
            total += price
    return total


_LINES_THROUGH: Final = tuple(
    tuple(number for number, line in enumerate(LINES) if index in line) for index in range(36)
)
"""Per cell, the positions in :data:`LINES` of its row and its column."""
_LINE_SETS: Final = tuple(map(frozenset, _LINES_THROUGH))
"""The same, as sets."""
_WEDGED_BY: Final = BLIND_COST_READERS[adjacent_axis_cost]
"""Per cell, the cells whose `seed` cost reads it (its neighbours across and up and down)."""
_CHANGED_BY: Final = tuple(frozenset({index, *_WEDGED_BY[index]}) for index in range(36))
"""Per cell, the cells whose verdict filling it may change: itself and the cells it wedges."""


class _RunPrices:
    """:func:`run_price` of the grids one placement away from ``cells``: a placement changes
    the runs of its row and column and the cost of the cells it wedges, so the other lines'
    prices and the other cells' verdicts are worked out once per grid. A grid recurs across the
    search's positions (a discard keeps it, and every payment of a placement makes the same
    one), so the guide keeps these per grid, each with the prices it found (:meth:`placed`).

    >>> cells = (10, None, 14) + (None,) * 33
    >>> after = (10, 12, 14) + (None,) * 33
    >>> prices = _RunPrices(cells, 4)
    >>> prices.price == run_price(cells, 4), prices.after(after, 1) == run_price(after, 4)
    (True, True)
    >>> prices.placed(12, 1) == run_price(after, 4)
    True
    """

    def __init__(self, cells: Cells, cap: int) -> None:
        self.cells = cells
        self.cap = cap
        self.placements: dict[tuple[int, int], float] = {}
        """:meth:`placed` by ``(card, index)``, as found."""
        self.parts = [_line_prices(cells, line, cap) for line in LINES]
        self.broken_lines = frozenset(n for n, prices in enumerate(self.parts) if prices is None)
        """The lines with a single empty cell no hand can afford to close."""
        self.unaffordable = frozenset(
            i for i, v in enumerate(cells) if v is None and adjacent_axis_cost(cells, i, 0) > cap
        )
        self.price = math.inf if self.broken_lines or self.unaffordable else _summed(self.parts)
        """:func:`run_price` of ``cells``."""

    def placed(self, card: int, index: int) -> float:
        """:func:`run_price` of the grid with ``card`` on the empty cell ``index``."""
        found = self.placements.get((card, index))
        if found is None:
            cells = self.cells
            found = self.placements[card, index] = self.after(
                (*cells[:index], card, *cells[index + 1 :]), index
            )
        return found

    def after(self, after: Cells, index: int) -> float:
        """:func:`run_price` of ``after``: the grid with cell ``index`` filled."""
        # Infinite when any line or cell is: the ones the placement cannot change first.
        if not self.broken_lines <= _LINE_SETS[index]:
            return math.inf
        if not self.unaffordable <= _CHANGED_BY[index]:
            return math.inf
        cap = self.cap
        for i in _WEDGED_BY[index]:
            if after[i] is None and adjacent_axis_cost(after, i, 0) > cap:
                return math.inf
        parts = list(self.parts)
        for number in _LINES_THROUGH[index]:
            prices = parts[number] = _line_prices(after, LINES[number], cap)
            if prices is None:
                return math.inf
        return _summed(parts)


@dataclass(frozen=True)
class WedgeGuide:
    """Plays cheap placements in `seed`; under other rules asks ``fallback`` (``None``: the
    first legal action).

    >>> WedgeGuide(fallback=None).name
    'wedge-guide'
    """

    fallback: Bot | None
    noise: float = 0.0
    _prices: dict[tuple[Cells, int], _RunPrices] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """The run prices of the grids decided on, kept (up to :data:`_KEPT`): a search comes
    back to a grid many times."""
    _choices: dict[tuple[object, ...], Action] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Without noise, the choices made, by what they depend on (up to :data:`_KEPT`)."""

    def __getstate__(self) -> dict[str, object]:
        """Pickled without what it keeps (a copy works it out again when asked)."""
        return {**self.__dict__, "_prices": {}, "_choices": {}}

    @property
    def name(self) -> str:
        return "wedge-guide"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        # The lazy listing: a position has hundreds of plays (one per payment), and the guide
        # builds only the one it returns.
        legal = observation.lazy_legal_actions()
        cap = cost_cap(observation.rules)
        if cap is None or observation.phase != "play":
            if self.fallback is not None:
                return self.fallback.choose(observation, rng)
            return legal[0]
        ends = legal.tail()  # start and finish, listed after the plays and discards
        if ends:
            return ends[0]
        pool = observation.possible_cards()
        cells = observation.grid.cells
        # Without noise the choice depends on nothing else (the listing on the rules, grid,
        # hand, start card and share; the scores on the pool): a search meets one decision
        # in several observations (the turn, who discarded what in which order). With noise
        # each choice is drawn afresh, and nothing is kept.
        key = None
        if not self.noise:
            key = (
                observation.rules,
                cells,
                observation.hand,
                pool,
                observation.start_played,
                observation.share_left,
                observation.later_capacity,
            )
            found = self._choices.get(key)
            if found is not None:
                return found
        windows = fast.windows(cells, pool, observation.rules.order)
        chosen = self._best_play(observation.rules, cells, pool, windows, legal, cap, rng)
        if chosen is None:
            chosen = self._discard(observation, pool, windows, legal, rng)
        if key is not None:
            if len(self._choices) >= _KEPT:
                self._choices.clear()
            self._choices[key] = chosen
        return chosen

    def _best_play(
        self,
        rules: Rules,
        cells: Cells,
        pool: tuple[int, ...],
        windows: fast.Windows,
        legal: LegalActions,
        cap: int,
        rng: random.Random,
    ) -> Action | None:
        prices = self._prices.get((cells, cap))
        if prices is None:
            if len(self._prices) >= _KEPT:
                self._prices.clear()
            prices = self._prices[cells, cap] = _RunPrices(cells, cap)
        base = prices.price
        slot = {card: position for position, card in enumerate(pool)}
        # (score, place in the listing, card, cell index, cost, payment): without noise every
        # payment of a placement scores the same (it pays ``cost`` cards) and they sit together
        # in the listing, so one entry (payment None) stands for them all, tried in their order.
        scored: list[tuple[float, int, int, int, int, tuple[int, ...] | None]] = []
        position = 0
        noise = self.noise
        releases, deadlines = windows.release, windows.deadline
        placements = zip(legal.placements(), legal.payment_counts(), strict=True)
        for (card, cost, index), count in placements:
            release, deadline = releases[index], deadlines[index]
            card_slot = slot.get(card)
            if card_slot is None or not release <= card_slot <= deadline:
                # Outside the cell's window: no completion from the pool has the card there
                # (most placements of a position).
                position += count
                continue
            price = prices.placed(card, index)
            if price == math.inf:
                position += count
                continue
            # How far the card sits from the middle of the window, in window widths.
            misfit = abs(card_slot - (release + deadline) / 2) / max(1, deadline - release + 1)
            if not noise:
                score = cost + _RUN_WEIGHT * (price - base)
                score += _MISFIT_WEIGHT * misfit
                scored.append((score, position, card, index, cost, None))
                position += count
                continue
            for paid in legal.payments(card, cost):
                score = len(paid) + _RUN_WEIGHT * (price - base)
                score += _MISFIT_WEIGHT * misfit + noise * rng.random()
                scored.append((score, position, card, index, cost, paid))
                position += 1
        scored.sort(key=lambda entry: entry[:2])
        for score, _, card, index, cost, payment in scored:
            if score >= PLAY_BELOW:
                break
            placed = (*cells[:index], card, *cells[index + 1 :])
            for paid in legal.payments(card, cost) if payment is None else (payment,):
                rest = list(pool)
                for spent in (card, *paid):
                    if spent in slot:
                        rest.remove(spent)
                if fast.feasible(placed, tuple(rest), rules.order):
                    return Play._of(card, CELL_NAMES[index], paid)
        return None

    def _discard(
        self,
        observation: Observation,
        pool: tuple[int, ...],
        windows: fast.Windows,
        legal: LegalActions,
        rng: random.Random,
    ) -> Action:
        # In the play phase the card sets of the listing are its discards: only the one
        # chosen is built.
        card_sets = legal.card_sets()
        if not card_sets:
            return legal[0]
        release, deadline = windows.release, windows.deadline
        spans = [
            (pool[release[i]], pool[deadline[i]], deadline[i] - release[i] + 1)
            for i in windows.empties
            if release[i] <= deadline[i]
        ]

        def need(card: int) -> float:
            """How badly the cells want the card: narrow windows it fits count most."""
            if card == FINISH:
                return 100.0
            if card == START:
                return 0.0
            fits = sum(1.0 / width for low, high, width in spans if low <= card <= high)
            return fits + 0.05 * self.noise * rng.random() if self.noise else fits

        needs = {card: need(card) for card in observation.hand}
        return Discard._of(min(card_sets, key=lambda cards: sum(needs[card] for card in cards)))
