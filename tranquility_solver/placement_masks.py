"""Where each card may go, as one bitmask of cells per card, kept up to date one card at a time.

:class:`~tranquility_solver.placement.Openings` groups the empty cells by the interval of cards
the order rule lets them take, which is the right shape for listing a hand's placements. A game
loop that only needs to *count* them (a uniform random seat needs the count and the one it
draws) wants the other shape: per card value, the mask of the empty cells it fits, and per cost,
the mask of the empty cells that cost that much whatever the card. Then a card's placements of
each cost are one ``&`` and one ``bit_count``. :class:`PlacementMasks` keeps both, and a
placement updates them with the same order facts ``Openings.placed`` uses (the cells that must
now be higher or lower than the card) and the same cost readers: no rule is read twice, and a
test checks the two shapes list the same placements after every card of random games.

>>> from tranquility_solver.grid import Grid
>>> from tranquility_solver.rules import Rules
>>> masks = PlacementMasks.of(Grid.from_mapping({"a1": 10, "c1": 14}), Rules.seed())
>>> masks.placements(12, budget=4)[:3]
[(0, 4), (0, 5), (0, 6)]
>>> masks.placements(12, budget=4) == [
...     (cost, cell) for card, cost, cell in openings(masks.grid(), Rules.seed()).plays([12], 5)
... ]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .grid import CELL_COUNT, FIRST_CARD, LAST_CARD, Cells, Grid
from .placement import UNKNOWN_COST, openings, recosted_cells, related_cells
from .rules import Rules

__all__ = ["PlacementMasks"]

_ALL_CELLS = (1 << CELL_COUNT) - 1
_LANES_BELOW = [
    sum(1 << CELL_COUNT * lower for lower in range(card)) for card in range(LAST_CARD + 2)
]
"""Per card value, a 1 at the first bit of each lower card's mask in :attr:`PlacementMasks.fits`
(times a mask, that mask for every lower card)."""
_LANES_ABOVE = [
    sum(1 << CELL_COUNT * upper for upper in range(card + 1, LAST_CARD + 2))
    for card in range(LAST_CARD + 2)
]
"""Per card value, the same for the higher cards (up to the finish value)."""


class PlacementMasks:
    """Per card value the empty cells it fits by the order rule (:meth:`fit`), per known
    cost the empty cells of that cost (``by_cost``), and the empty cells whose cost depends on
    the card (``unsteady``). Mutable: it belongs to the loop that places its cards.

    >>> from tranquility_solver.grid import Grid
    >>> from tranquility_solver.rules import Rules
    >>> masks = PlacementMasks.of(Grid.empty(), Rules.published())
    >>> masks.place(2, 40)  # c1: the cells before it in the sequence now take less than 40
    >>> masks.fit(39) >> 1 & 1, masks.fit(41) >> 1 & 1  # b1
    (1, 0)
    """

    __slots__ = ("by_cost", "cells", "costs", "fits", "rules", "unsteady")

    def __init__(
        self,
        rules: Rules,
        cells: Cells,
        fits: int,
        costs: list[int],
    ) -> None:
        self.rules = rules
        self.cells = cells
        """The grid's cells (``None`` for empty)."""
        self.fits = fits
        """Per card value 0…81, the mask of the empty cells the order rule lets it take (none
        for the start and finish values), all in one number: card ``c``'s mask is the
        :data:`CELL_COUNT` bits from bit ``CELL_COUNT * c`` (:meth:`fit`). A placement
        clears cells from every card's mask at once with one ``&``."""
        self.costs = costs
        """Per cell, its cost whatever the card; ``-1`` for a filled cell or one whose cost
        depends on the card."""
        self.by_cost: list[int] = []
        """Per cost (an index), the mask of the empty cells that cost that much, whatever the
        card."""
        self.unsteady = 0
        """The empty cells whose cost depends on the card played there."""
        for cell, value in enumerate(cells):
            if value is None:
                self._file(cell, costs[cell])

    @classmethod
    def of(cls, grid: Grid, rules: Rules) -> PlacementMasks:
        """The masks of ``grid`` under ``rules``, from its openings (a copy of the masks of the
        empty grid, kept per preset, for an empty grid: every game starts there)."""
        if grid.filled_count == 0:
            return _empty(rules).copy()
        return cls._of(grid, rules)

    @classmethod
    def _of(cls, grid: Grid, rules: Rules) -> PlacementMasks:
        table = openings(grid, rules)
        # A card fits the cells of each interval it lies strictly inside; the intervals' cells
        # are disjoint, so the masks toggle on at low + 1 and off at high (an interval with no
        # card inside, its bounds crossed by a broken order, toggles nothing).
        toggles = [0] * (LAST_CARD + 2)
        for low, high, mask, _ in table.intervals:
            if low + 1 < high:
                toggles[low + 1] ^= mask
                toggles[high] ^= mask
        fits = mask = 0
        for card in range(FIRST_CARD, LAST_CARD + 1):
            mask ^= toggles[card]
            fits |= mask << CELL_COUNT * card
        return cls(rules, grid.cells, fits, list(table.known_costs))

    def copy(self) -> PlacementMasks:
        """Masks of the same grid that change on their own."""
        return PlacementMasks(self.rules, self.cells, self.fits, self.costs[:])

    def fit(self, card: int) -> int:
        """The mask of the empty cells the order rule lets ``card`` take.

        >>> from tranquility_solver.grid import Grid
        >>> from tranquility_solver.rules import Rules
        >>> masks = PlacementMasks.of(Grid.from_mapping({"a2": 30}), Rules.seed())
        >>> masks.fit(20) >> 12 & 1, masks.fit(40) >> 12 & 1  # a3, below a2 in its column
        (0, 1)
        """
        return self.fits >> CELL_COUNT * card & _ALL_CELLS

    def grid(self) -> Grid:
        """The grid these masks describe."""
        return Grid._checked(self.cells)

    def count(self, cards: Sequence[int], weights: Sequence[int]) -> list[int]:
        """Per card of ``cards`` (island cards off the grid), the sum over its placements of
        ``weights[cost]``: its number of plays when ``weights[cost]`` counts the payments of
        that cost (and is 0 for a cost the hand cannot pay; costs past the end weigh 0)."""
        fits, cells, unsteady = self.fits, self.cells, self.unsteady
        steady = [
            (mask, weight)
            for mask, weight in zip(self.by_cost, weights, strict=False)
            if weight and mask
        ]
        cost_of = self.rules.discard_cost
        counts = []
        for card in cards:
            cells_of = fits >> CELL_COUNT * card & _ALL_CELLS
            total = 0
            for mask, weight in steady:
                total += (cells_of & mask).bit_count() * weight
            loose = cells_of & unsteady
            while loose:
                lowest = loose & -loose
                cost = cost_of(cells, lowest.bit_length() - 1, card)
                if cost < len(weights):
                    total += weights[cost]
                loose ^= lowest
            counts.append(total)
        return counts

    def locate(self, card: int, index: int, weights: Sequence[int]) -> tuple[int, int, int]:
        """The placement of ``card`` that the ``index``-th of its plays falls in, counting each
        placement ``weights[cost]`` times in the order of :meth:`placements`: its cost, its
        cell and the index within it, found without listing the placements.

        >>> from tranquility_solver.grid import Grid
        >>> from tranquility_solver.rules import Rules
        >>> masks = PlacementMasks.of(Grid.empty(), Rules.seed())
        >>> masks.locate(12, 7, (1, 4)), masks.placements(12, budget=1)[7]
        ((0, 7, 0), (0, 7))
        """
        cells_of = self.fit(card)
        by_cost = self.by_cost
        loose = cells_of & self.unsteady
        unsteady: dict[int, int] = {}
        while loose:
            lowest = loose & -loose
            cost = self.rules.discard_cost(self.cells, lowest.bit_length() - 1, card)
            unsteady[cost] = unsteady.get(cost, 0) | lowest
            loose ^= lowest
        for cost, weight in enumerate(weights):
            if not weight:
                continue
            mask = (cells_of & by_cost[cost] if cost < len(by_cost) else 0) | unsteady.get(cost, 0)
            span = mask.bit_count() * weight
            if index < span:
                for _ in range(index // weight):
                    mask &= mask - 1  # the cells of this cost in order: drop the lowest
                return cost, (mask & -mask).bit_length() - 1, index % weight
            index -= span
        raise IndexError(f"card {card} has fewer plays than {index}")

    def placements(self, card: int, budget: int) -> list[tuple[int, int]]:
        """``(cost, cell index)`` of every placement of ``card`` that costs at most ``budget``,
        sorted (the order of a player's legal actions within one card)."""
        found = []
        left = self.fit(card)
        cost_of = self.rules.discard_cost
        costs, cells = self.costs, self.cells
        while left:
            lowest = left & -left
            cell = lowest.bit_length() - 1
            left ^= lowest
            cost = costs[cell]
            if cost < 0:
                cost = cost_of(cells, cell, card)
            if cost <= budget:
                found.append((cost, cell))
        found.sort()
        return found

    def place(self, index: int, card: int) -> None:
        """Put ``card`` (legal there) on the empty cell ``index``: the cells the order now puts
        above it fit only higher cards, those below only lower ones (as ``Openings.placed``),
        and the costs that read the cell are worked out again."""
        lower, higher = related_cells(self.rules, index)
        keep_low = ~(higher | 1 << index) & _ALL_CELLS
        keep_high = ~(lower | 1 << index) & _ALL_CELLS
        # One copy of each mask per card: keep_low for the cards below ``card``, keep_high
        # for those above, both for ``card`` itself (the copies never carry into each other).
        self.fits &= (
            keep_low * _LANES_BELOW[card]
            | (keep_low & keep_high) << CELL_COUNT * card
            | keep_high * _LANES_ABOVE[card]
        )
        self.cells = cells = (*self.cells[:index], card, *self.cells[index + 1 :])
        self._unfile(index)
        self.costs[index] = UNKNOWN_COST
        for reader, cost in recosted_cells(self.rules, cells, index):
            self._unfile(reader)
            self._file(reader, cost)

    def _file(self, cell: int, cost: int) -> None:
        """Keep the empty ``cell`` under its ``cost`` (``-1``: it depends on the card)."""
        self.costs[cell] = cost
        if cost == UNKNOWN_COST:
            self.unsteady |= 1 << cell
        else:
            by_cost = self.by_cost
            if cost >= len(by_cost):
                by_cost.extend([0] * (cost + 1 - len(by_cost)))
            by_cost[cost] |= 1 << cell

    def _unfile(self, cell: int) -> None:
        """Take ``cell`` out of the masks of its cost."""
        cost = self.costs[cell]
        if cost == UNKNOWN_COST:
            self.unsteady &= ~(1 << cell)
        else:
            self.by_cost[cost] &= ~(1 << cell)


@lru_cache(maxsize=8)
def _empty(rules: Rules) -> PlacementMasks:
    """The masks of the empty grid under ``rules`` (never changed: :meth:`~PlacementMasks.of`
    hands out copies)."""
    return PlacementMasks._of(Grid.empty(), rules)
