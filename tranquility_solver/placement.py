"""Playing one card: the order check, the discard cost and the list of legal placements.

>>> from tranquility_solver import Grid, Rules
>>> grid = Grid.from_mapping({"a1": 10, "c1": 14})
>>> placement_cost(grid, "b1", 12, Rules.seed())
4
>>> [str(p) for p in legal_placements(grid, [12, 13], Rules.seed(), hand_size=5)][:2]
['12@b1 (cost 4)', '12@e1 (cost 0)']
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from .errors import CardError, IllegalPlacementError
from .grid import CELL_COUNT, CELL_NAMES, FIRST_CARD, LAST_CARD, Cells, Grid, check_card
from .rules import BLIND_COST_READERS, CARD_BLIND_COSTS, STEADY_COST_READERS, Rules

__all__ = [
    "UNKNOWN_COST",
    "Openings",
    "Placement",
    "check_hand",
    "check_placement",
    "legal_placements",
    "normalize_pool",
    "openings",
    "order_bounds",
    "order_conflicts",
    "placement_cost",
    "pool_without",
    "recosted_cells",
    "related_cells",
]

_SEED = Rules.seed()
_CARDS = frozenset(range(FIRST_CARD, LAST_CARD + 1))
_INT_TYPE = frozenset({int})
_SEQUENCES = (tuple, list)


@dataclass(frozen=True, order=True)
class Placement:
    """A card played on a cell and the cards it costs to discard.

    >>> str(Placement(12, "b1", 4))
    '12@b1 (cost 4)'
    """

    card: int
    cell: str
    cost: int

    def __str__(self) -> str:
        return f"{self.card}@{self.cell} (cost {self.cost})"


def related_cells(rules: Rules, index: int) -> tuple[int, int]:
    """Masks of cells that must be lower / higher than ``index`` under the order rule."""
    order = rules.order
    if rules.transitive_order:
        return order.ancestors[index], order.descendants[index]
    return order.below[index], order.above[index]


def order_conflicts(grid: Grid, index: int, card: int, rules: Rules) -> tuple[int, ...]:
    """Indices of filled cells that ``card`` on cell ``index`` would be out of order with."""
    lower, higher = related_cells(rules, index)
    conflicts = []
    for other, value in enumerate(grid.cells):
        if value is None:
            continue
        if (lower >> other & 1 and value >= card) or (higher >> other & 1 and value <= card):
            conflicts.append(other)
    return tuple(conflicts)


def placement_cost(grid: Grid, cell: str | int, card: int, rules: Rules = _SEED) -> int:
    """Cards to discard for playing ``card`` on the empty ``cell`` (order not checked).

    Errors as in :meth:`Grid.check_play`: an occupied cell is an :class:`IllegalPlacementError`,
    a card already on the grid a :class:`CardError` naming its cell.

    >>> placement_cost(Grid.from_mapping({"e1": 20, "a2": 30}), "f1", 27, Rules.published())
    3
    """
    index, number = grid.check_play(cell, card)
    return rules.cost(grid.cells, index, number)


def check_placement(
    grid: Grid, cell: str | int, card: int, rules: Rules = _SEED, hand_size: int | None = None
) -> int:
    """The cost of a legal placement; raise :class:`IllegalPlacementError` saying why not.

    ``hand_size`` counts the cards in hand *including* ``card``; ``None`` skips the cost check.

    >>> check_placement(Grid.from_mapping({"a1": 10}), "b1", 5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.IllegalPlacementError: cannot play 5 on b1: it must be higher ...
    """
    index, card = grid.check_play(cell, card)
    name = CELL_NAMES[index]
    cost = rules.cost(grid.cells, index, card)
    conflicts = order_conflicts(grid, index, card, rules)
    if conflicts:
        other = conflicts[0]
        value = grid.cells[other]
        lower, _ = related_cells(rules, index)
        relation = "higher" if lower >> other & 1 else "lower"
        raise IllegalPlacementError(
            f"cannot play {card} on {name}: it must be {relation} than {value} on "
            f"{CELL_NAMES[other]}"
        )
    if hand_size is not None and cost > hand_size - 1:
        raise IllegalPlacementError(
            f"cannot play {card} on {name}: it costs {cost} discards but only "
            f"{hand_size - 1} cards stay in hand"
        )
    return cost


def legal_placements(
    grid: Grid, cards: Iterable[int], rules: Rules = _SEED, hand_size: int | None = None
) -> tuple[Placement, ...]:
    """Every ``(card, cell)`` playable now, sorted by card then cell index.

    ``hand_size`` is the number of cards in hand (default: the number of ``cards``); a placement
    costing more than ``hand_size - 1`` discards is illegal.

    >>> [str(p) for p in legal_placements(Grid.empty(), [3], Rules.published())][:1]
    ['3@a1 (cost 0)']
    """
    hand = check_hand(grid, cards)
    if hand_size is None:
        hand_size = len(hand)
    return tuple(
        Placement(card, CELL_NAMES[index], cost)
        for card, index, cost in openings(grid, rules).placements(hand, hand_size)
    )


Interval = tuple[int, int, int, tuple[int, ...]]
"""``(low, high, cells mask, cells)``: empty cells that take exactly the cards strictly between
``low`` and ``high`` by the order rule (see :func:`order_bounds`)."""


@dataclass(frozen=True, eq=False)
class Openings:
    """Where cards may go on one grid under one preset: the empty cells grouped by the open
    interval of cards the order rule lets them take.

    One test per card and interval finds a card's cells (a run of empty cells in `published`
    shares one interval). Get the openings with :func:`openings`, which keeps them with the
    grid: every game state, bot and check looking at the same grid shares them.

    >>> grid = Grid.from_mapping({"a1": 10, "c1": 14})
    >>> table = openings(grid, Rules.seed())
    >>> table.bounds[:2]
    ((1, 10, 14), (3, 14, 81))
    >>> table.placements([12, 13], hand_size=5)[:3]
    [(12, 1, 4), (12, 4, 0), (12, 5, 0)]
    >>> table.legal_cost(12, 1, hand_size=5), table.legal_cost(12, 1, hand_size=3)
    (4, None)
    """

    cells: Cells
    """The grid's cells (not the grid: the grid keeps its openings, and a grid and openings
    pointing at each other would be a cycle only the garbage collector frees, one per card
    played)."""
    rules: Rules
    intervals: tuple[Interval, ...]

    @classmethod
    def of(cls, grid: Grid, rules: Rules) -> Openings:
        """Work out the openings afresh (:func:`openings` keeps them with the grid)."""
        cells = grid.cells
        grouped: dict[tuple[int, int], list[int]] = {}
        for index, bounds in enumerate(order_bounds(cells, rules)):
            if cells[index] is None:
                grouped.setdefault(bounds, []).append(index)
        intervals = tuple(
            (low, high, sum(1 << cell for cell in group), tuple(group))
            for (low, high), group in grouped.items()
        )
        return cls(cells, rules, intervals)

    @property
    def bounds(self) -> tuple[tuple[int, int, int], ...]:
        """``(cell index, low, high)`` per empty cell, in index order: a card fits the cell
        exactly when ``low < card < high``."""
        return tuple(
            sorted((cell, low, high) for low, high, _, cells in self.intervals for cell in cells)
        )

    def placements(self, cards: Iterable[int], hand_size: int) -> list[tuple[int, int, int]]:
        """``(card, cell index, cost)`` of every card of ``cards`` (island cards, none on the
        grid) on every cell it fits, affordable from a hand of ``hand_size`` cards; sorted by
        card, then cell index."""
        found = [(card, index, cost) for card, cost, index in self.affordable(cards, hand_size)]
        found.sort()
        return found

    def plays(self, cards: Iterable[int], hand_size: int) -> list[tuple[int, int, int]]:
        """The same placements as ``(card, cost, cell index)``, sorted: by card, then cost,
        then cell, the order in which a player's legal actions list them.

        >>> openings(Grid.from_mapping({"a1": 10, "c1": 14}), Rules.seed()).plays([12], 5)[:2]
        [(12, 0, 4), (12, 0, 5)]
        """
        found = self.affordable(cards, hand_size)
        found.sort()
        return found

    def affordable(self, cards: Iterable[int], hand_size: int) -> list[tuple[int, int, int]]:
        """:meth:`plays` in no particular order (enough to tell whether there is one)."""
        affordable = hand_size - 1
        cost_of, grid_cells = self.rules.discard_cost, self.cells
        known_costs = self.known_costs
        return [
            (card, cost, index)
            for low, high, _, cells in self.intervals
            for card in cards
            if low < card < high
            for index in cells
            if (
                cost := known
                if (known := known_costs[index]) >= 0
                else cost_of(grid_cells, index, card)
            )
            <= affordable
        ]

    @cached_property
    def known_costs(self) -> Sequence[int]:
        """Per cell: its cost when the card does not change it, worked out once and carried from
        grid to grid (:meth:`placed`), else :data:`UNKNOWN_COST` (a known cost is never
        negative): every empty cell for a cost rule blind to the card (`seed`), the empty cells
        none of whose read cells is filled for a rule of
        :data:`~tranquility_solver.rules.STEADY_COST_READERS` (`published`), none otherwise."""
        cost_of, grid_cells = self.rules.discard_cost, self.cells
        if cost_of in CARD_BLIND_COSTS:
            unsteady: set[int] = set()
        elif cost_of in STEADY_COST_READERS:
            readers = STEADY_COST_READERS[cost_of]
            unsteady = {
                reader
                for index, value in enumerate(grid_cells)
                if value is not None
                for reader in readers[index]
            }
        else:
            return _NO_COSTS
        costs = [UNKNOWN_COST] * CELL_COUNT
        for _, _, _, cells in self.intervals:
            for index in cells:
                if index not in unsteady:
                    costs[index] = cost_of(grid_cells, index, FIRST_CARD)
        return costs

    def legal_cost(self, card: int, index: int, hand_size: int) -> int | None:
        """The cost of playing ``card`` (an island card off the grid) on cell ``index`` from a
        hand of ``hand_size`` cards, or ``None`` when that is not a legal placement (the cell
        is filled, the order forbids it, or the hand cannot pay); :func:`check_placement` says
        why."""
        for low, high, mask, _ in self.intervals:
            if mask >> index & 1:
                if not low < card < high:
                    return None
                cost = self.rules.cost(self.cells, index, card)
                return cost if cost <= hand_size - 1 else None
        return None

    def placed(self, index: int, card: int) -> Grid:
        """The grid after the legal placement of ``card`` on cell ``index``, its openings
        worked out from these: the cells the order puts above ``index`` now need more than
        ``card``, those below less; the other intervals stay as they are.

        >>> before = openings(Grid.empty(), Rules.published())
        >>> after = before.placed(2, 40)
        >>> openings(after, Rules.published()).bounds[:3]
        ((0, 0, 40), (1, 0, 40), (3, 40, 81))
        """
        grid = Grid._of_placed(self.cells, index, card)
        lower, higher = related_cells(self.rules, index)
        # An interval the card neither sits in nor bounds is kept as it is. The parts whose bounds
        # the card changes now have the card as a bound, which no other interval has: they are
        # grouped only among themselves.
        kept: list[Interval] = []
        moved: dict[tuple[int, int], list[int]] = {}
        for interval in self.intervals:
            low, high, mask, cells = interval
            if mask >> index & 1:
                mask ^= 1 << index
                cells = tuple(cell for cell in cells if cell != index)
            rises = mask & higher if card > low else 0
            falls = mask & lower if card < high else 0
            if rises or falls:
                for bounds, part in (((card, high), rises), ((low, card), falls)):
                    if part:
                        moved.setdefault(bounds, []).extend(
                            cell for cell in cells if part >> cell & 1
                        )
                mask &= ~(rises | falls)
                cells = tuple(cell for cell in cells if mask >> cell & 1)
            if mask:
                kept.append(interval if cells is interval[3] else (low, high, mask, cells))
        intervals = (
            *kept,
            *(
                (low, high, sum(1 << cell for cell in cells), tuple(cells))
                for (low, high), cells in moved.items()
            ),
        )
        after = Openings(grid.cells, self.rules, intervals)
        known: Sequence[int] | None = self.__dict__.get("known_costs")
        if known is not None and known is not _NO_COSTS:
            costs = list(known)
            costs[index] = UNKNOWN_COST
            for reader, cost in recosted_cells(self.rules, grid.cells, index):
                costs[reader] = cost
            after.__dict__["known_costs"] = costs
        grid.__dict__[_OPENINGS] = after
        return grid


def recosted_cells(rules: Rules, cells: Cells, index: int) -> list[tuple[int, int]]:
    """The empty cells whose known cost changes when a card is put on cell ``index`` (``cells``
    holds it), each with its cost now: for a cost rule blind to the card, the cells the new card
    wedges, at their new cost (the rest carry over); for a rule of
    :data:`~tranquility_solver.rules.STEADY_COST_READERS`, the cells whose cost now reads the
    card, at :data:`UNKNOWN_COST` (a steady cell stays steady, at the same cost, otherwise);
    none for other rules, which know no cost without the card.

    >>> cells = Grid.empty().place("b2", 40).cells  # cell 7
    >>> recosted_cells(Rules.published(), cells, 7), recosted_cells(Rules.seed(), cells, 7)
    ([(6, -1), (8, -1)], [(8, 0), (13, 0)])
    """
    cost_of = rules.discard_cost
    if cost_of in CARD_BLIND_COSTS:
        readers = BLIND_COST_READERS[cost_of][index]
        return [(cell, cost_of(cells, cell, FIRST_CARD)) for cell in readers if cells[cell] is None]
    if cost_of in STEADY_COST_READERS:
        readers = STEADY_COST_READERS[cost_of][index]
        return [(cell, UNKNOWN_COST) for cell in readers if cells[cell] is None]
    return []


def openings(grid: Grid, rules: Rules) -> Openings:
    """The :class:`Openings` of ``grid`` under ``rules``, computed once per grid value.

    They are kept in the grid's own cache (as :attr:`Grid.numbers` is), for the rules asked
    last: a game keeps one preset, so every state, bot and check reading the same grid
    shares them.

    >>> grid = Grid.empty()
    >>> openings(grid, Rules.published()) is openings(grid, Rules.published())
    True
    """
    found: Openings | None = grid.__dict__.get(_OPENINGS)
    if found is None or found.rules is not rules:
        found = Openings.of(grid, rules)
        grid.__dict__[_OPENINGS] = found
    return found


UNKNOWN_COST = -1
"""In a table of the cells' costs: a cell whose cost the table does not give (filled, or
depending on the card)."""
_NO_COSTS = (UNKNOWN_COST,) * CELL_COUNT
"""The table of a cost rule for which no cost is known without the card."""

_OPENINGS = "_openings"
"""The key :func:`openings` keeps its table under in a grid's instance dictionary."""


def order_bounds(
    cells: tuple[int | None, ...], rules: Rules, transitive: bool | None = None
) -> list[tuple[int, int]]:
    """Per cell: the highest filled value it must exceed and the lowest it must stay under
    (``FIRST_CARD - 1`` / ``LAST_CARD + 1`` when none), over the cells ``order_conflicts``
    compares: all ancestors/descendants for a transitive order, direct neighbours otherwise.
    A card fits an empty cell by the order rule exactly when it lies strictly between the two.
    ``transitive`` overrides the rules' reading: ``True`` compares all ancestors/descendants.

    >>> grid = Grid.from_mapping({"a1": 10, "c1": 14})
    >>> order_bounds(grid.cells, Rules.published())[1]  # b1 lies between a1 and c1
    (10, 14)
    """
    order = rules.order
    below = [FIRST_CARD - 1] * CELL_COUNT
    above = [LAST_CARD + 1] * CELL_COUNT
    if transitive is None:
        transitive = rules.transitive_order
    for cell in order.topological:
        for lower in order.predecessors[cell]:
            value = cells[lower]
            reach = below[lower] if transitive else FIRST_CARD - 1
            best = reach if value is None or value < reach else value  # no call: a hot loop
            if best > below[cell]:
                below[cell] = best
    for cell in reversed(order.topological):
        for higher in order.successors[cell]:
            value = cells[higher]
            reach = above[higher] if transitive else LAST_CARD + 1
            best = reach if value is None or value > reach else value
            if best < above[cell]:
                above[cell] = best
    return list(zip(below, above, strict=True))


def check_hand(grid: Grid, cards: Iterable[int]) -> tuple[int, ...]:
    """The hand's cards as sorted plain ints; a card on the grid is a :class:`CardError` naming
    the cell that holds it.

    >>> check_hand(Grid.from_mapping({"a1": 10}), [12, 10])
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.CardError: hand: card 10 is already on the grid at a1
    """
    hand = sorted({check_card(card, where="hand: ") for card in cards})
    for card in hand:
        where = grid.cell_of(card)
        if where is not None:
            raise CardError(f"hand: card {card} is already on the grid at {where}")
    return tuple(hand)


def normalize_pool(grid: Grid, available: Iterable[int]) -> tuple[int, ...]:
    """The available card numbers as sorted plain ints, after checking them against the grid.

    Any integer type is accepted (see :func:`check_card`); ``bool`` is not.

    >>> normalize_pool(Grid.empty(), {5, 1, 3})
    (1, 3, 5)
    """
    numbers: Sequence[int] = available if isinstance(available, _SEQUENCES) else list(available)
    distinct = set(numbers)
    # Fast acceptance with C-level set operations for the common case of plain ints. The subset
    # test alone would let 5.0 or True through (they equal 5 and 1), hence the exact type test;
    # anything else (IntEnum, numpy integers, bad input) takes the loop, which converts or words
    # the error, so the two paths cannot disagree.
    if (
        len(distinct) == len(numbers)
        and distinct <= _CARDS
        and distinct.isdisjoint(grid.numbers)
        and set(map(type, distinct)) <= _INT_TYPE
    ):
        return tuple(sorted(distinct))
    seen: set[int] = set()
    for card in numbers:
        number = check_card(card, where="available: ")
        if number in seen:
            raise CardError(f"available: card {number} is listed twice")
        where = grid.cell_of(number)
        if where is not None:
            raise CardError(f"available: card {number} is already on the grid at {where}")
        seen.add(number)
    return tuple(sorted(seen))


def pool_without(pool: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    """A sorted pool without ``cards`` (those it holds; the others are ignored), still sorted.

    >>> pool_without((3, 5, 8, 13), [8, 0, 3])
    (5, 13)
    """
    rest = list(pool)
    for card in cards:
        position = bisect_left(rest, card)
        if position < len(rest) and rest[position] == card:
            del rest[position]
    return tuple(rest)
