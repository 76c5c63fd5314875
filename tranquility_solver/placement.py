"""Playing one card: the order check, the discard cost and the list of legal placements.

>>> from tranquility_solver import Grid, Rules
>>> grid = Grid.from_mapping({"a1": 10, "c1": 14})
>>> placement_cost(grid, "b1", 12, Rules.seed())
4
>>> [str(p) for p in legal_placements(grid, [12, 13], Rules.seed(), hand_size=5)][:2]
['12@b1 (cost 4)', '12@e1 (cost 0)']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import CardError, IllegalPlacementError
from .grid import CELL_COUNT, CELL_NAMES, FIRST_CARD, LAST_CARD, Grid, check_card
from .rules import Rules

__all__ = [
    "Placement",
    "check_hand",
    "check_placement",
    "legal_placements",
    "normalize_pool",
    "order_bounds",
    "order_conflicts",
    "placement_cost",
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


def _related_cells(rules: Rules, index: int) -> tuple[int, int]:
    """Masks of cells that must be lower / higher than ``index`` under the order rule."""
    order = rules.order
    if rules.transitive_order:
        return order.ancestors[index], order.descendants[index]
    lower = sum(1 << cell for cell in order.predecessors[index])
    higher = sum(1 << cell for cell in order.successors[index])
    return lower, higher


def order_conflicts(grid: Grid, index: int, card: int, rules: Rules) -> tuple[int, ...]:
    """Indices of filled cells that ``card`` on cell ``index`` would be out of order with."""
    lower, higher = _related_cells(rules, index)
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
        lower, _ = _related_cells(rules, index)
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
    # Bounds per empty cell once (the open interval its card must fall in), instead of
    # order_conflicts per (card, cell): the same test, one pass over the order.
    bounds = [
        (index, low, high)
        for index, (low, high) in enumerate(order_bounds(grid.cells, rules))
        if grid.cells[index] is None
    ]
    cells = grid.cells
    found = []
    for card in hand:
        for index, low, high in bounds:
            if not low < card < high:
                continue
            cost = rules.cost(cells, index, card)
            if cost <= hand_size - 1:
                found.append(Placement(card, CELL_NAMES[index], cost))
    return tuple(found)


def order_bounds(cells: tuple[int | None, ...], rules: Rules) -> list[tuple[int, int]]:
    """Per cell: the highest filled value it must exceed and the lowest it must stay under
    (``FIRST_CARD - 1`` / ``LAST_CARD + 1`` when none), over the cells ``order_conflicts``
    compares: all ancestors/descendants for a transitive order, direct neighbours otherwise.
    A card fits an empty cell by the order rule exactly when it lies strictly between the two.

    >>> grid = Grid.from_mapping({"a1": 10, "c1": 14})
    >>> order_bounds(grid.cells, Rules.published())[1]  # b1 lies between a1 and c1
    (10, 14)
    """
    order = rules.order
    below = [FIRST_CARD - 1] * CELL_COUNT
    above = [LAST_CARD + 1] * CELL_COUNT
    transitive = rules.transitive_order
    for cell in order.topological:
        for lower in order.predecessors[cell]:
            value = cells[lower]
            reach = below[lower] if transitive else FIRST_CARD - 1
            best = reach if value is None else max(value, reach)
            if best > below[cell]:
                below[cell] = best
    for cell in reversed(order.topological):
        for higher in order.successors[cell]:
            value = cells[higher]
            reach = above[higher] if transitive else LAST_CARD + 1
            best = reach if value is None else min(value, reach)
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
