"""Help for players: why a grid is dead, which cells are dead, which plays are safe.

>>> from tranquility_solver import Grid, Rules
>>> grid = Grid.from_mapping({"b4": 40, "f4": 44})
>>> print(explain(grid, [*range(1, 40), 41, 43, *range(45, 80)], Rules.published()).message)
cells c4, d4, e4 need 3 numbers between 40 and 44; only 2 are available (41, 43)
>>> dead_cells(Grid.from_mapping({"a1": 10, "c1": 11}), range(20, 60))
('b1',)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from .completion import fast
from .grid import CELL_COUNT, CELL_NAMES, LAST_CARD, Cells, Grid, cell_index
from .placement import check_hand, normalize_pool, openings, pool_without
from .rules import Order, Rules

__all__ = [
    "Explanation",
    "PlaySafety",
    "SafePlacement",
    "dead_cells",
    "explain",
    "plays_by_card",
    "safe_placements",
]

_SEED = Rules.seed()


@dataclass(frozen=True)
class Explanation:
    """Why a grid cannot be completed, in words and as checkable facts.

    >>> import tranquility_solver as tq
    >>> grid = tq.Grid.empty().place("a1", 50).place("b1", 40)
    >>> tq.explain(grid, [n for n in range(1, 81) if n not in (40, 50)]).kind
    'order'

    ``kind == "order"``: ``cells[0]`` must be lower than ``cells[1]`` but holds ``numbers[0]``
    ≥ ``numbers[1]``. ``kind == "shortage"``: every cell of ``cells`` is ordered after a placed
    card ≥ ``low`` and before one ≤ ``high`` (0 and 81 mean "no bound"), so it needs its own
    number strictly between them, and ``numbers`` — the available ones there — are fewer than
    the cells. One of the two always exists for a grid that cannot be completed (proof sketch in
    docs/tranquility.md, "Explanations").
    """

    kind: Literal["order", "shortage"]
    message: str
    cells: tuple[str, ...]
    numbers: tuple[int, ...]
    low: int | None = None
    high: int | None = None

    def __str__(self) -> str:
        return self.message


def _numbers_phrase(low: int, high: int) -> str:
    if low == 0 and high > LAST_CARD:
        return ""
    if low == 0:
        return f" below {high}"
    if high > LAST_CARD:
        return f" above {low}"
    return f" between {low} and {high}"


def _order_explanation(grid: Grid, rules: Rules) -> Explanation | None:
    """Two placed cards the order relates, in the wrong order (directly paired ones first)."""
    order = rules.order
    placed = [(cell, value) for cell, value in enumerate(grid.cells) if value is not None]
    conflicts = [
        (high not in order.successors[low], low, low_value, high, high_value)
        for low, low_value in placed
        for high, high_value in placed
        if order.descendants[low] >> high & 1 and low_value >= high_value
    ]
    if not conflicts:
        return None
    through_others, low, low_value, high, high_value = min(conflicts)
    low_name, high_name = CELL_NAMES[low], CELL_NAMES[high]
    cards = f"placed cards {low_name}={low_value} and {high_name}={high_value}"
    if through_others:
        message = (
            f"{cards} cannot both stay: the cells between them force {low_name} to be lower "
            f"than {high_name}"
        )
    else:
        message = f"{cards} break the order: {low_name} must be lower than {high_name}"
    return Explanation("order", message, (low_name, high_name), (low_value, high_value))


def _direct_shortage(cells: Cells, pool: tuple[int, ...], rules: Rules) -> fast.Shortage | None:
    """A Hall violation using only bounds a person reads off the placed cards.

    Each empty cell must be above every placed card it is ordered after and below every placed
    card it is ordered before; if more cells are squeezed into some ``(low, high)`` than the pool
    has numbers there, that is a reason. Fewest cells first.

    Deliberately not :func:`fast.find_shortage`: that one searches slot indices of the pool, where
    cells whose placed bounds fall into the same gap of the pool look alike and get lumped into
    one larger claim; here bounds stay card values a person reads off the table.
    """
    order = rules.order
    lows: dict[int, int] = {}
    highs: dict[int, int] = {}
    for cell in range(CELL_COUNT):
        if cells[cell] is not None:
            continue
        below = [v for c, v in enumerate(cells) if v is not None and order.ancestors[cell] >> c & 1]
        above = [
            v for c, v in enumerate(cells) if v is not None and order.descendants[cell] >> c & 1
        ]
        lows[cell] = max(below, default=0)
        highs[cell] = min(above, default=LAST_CARD + 1)
    best: tuple[int, int, int, tuple[int, ...]] | None = None
    for low in sorted(set(lows.values())):
        for high in sorted(set(highs.values())):
            inside = tuple(cell for cell in lows if lows[cell] >= low and highs[cell] <= high)
            supply = sum(1 for number in pool if low < number < high)
            if len(inside) > supply:
                key = (len(inside), low, high, inside)
                if best is None or key < best:
                    best = key
    if best is None:
        return None
    _, low, high, inside = best
    numbers = tuple(number for number in pool if low < number < high)
    return fast.Shortage(inside, low, high, numbers)


def explain(grid: Grid, available: Iterable[int], rules: Rules = _SEED) -> Explanation | None:
    """A reason a person can check why ``grid`` cannot be completed; ``None`` if it can.

    Either two placed cards in the wrong order (``kind="order"``), or cells squeezed between
    placed cards with too few numbers there (``kind="shortage"``). When the placed cards are in
    order, the bounds they give each empty cell already rise along the order, so the empty cells
    need no further tightening: some squeeze always shows (docs/tranquility.md, "Explanations").

    >>> explain(Grid.from_mapping({"a1": 9, "b1": 4}), range(10, 60)).cells
    ('a1', 'b1')
    """
    pool = normalize_pool(grid, available)
    if fast.feasible(grid.cells, pool, rules.order):
        return None
    found = _order_explanation(grid, rules)
    if found is not None:
        return found
    shortage = _direct_shortage(grid.cells, pool, rules)
    if shortage is None:  # pragma: no cover - would contradict the theorem in the docs
        raise AssertionError(f"no reason found for a grid that cannot be completed:\n{grid}")
    names = tuple(CELL_NAMES[cell] for cell in shortage.cells)
    count = len(names)
    if count == 1:
        subject = f"cell {names[0]} needs a number"
    else:
        subject = f"cells {', '.join(names)} need {count} numbers"
    if shortage.numbers:
        listed = ", ".join(map(str, shortage.numbers))
        verb = "is" if len(shortage.numbers) == 1 else "are"
        supply = f"only {len(shortage.numbers)} {verb} available ({listed})"
    else:
        supply = "none is available"
    message = f"{subject}{_numbers_phrase(shortage.low, shortage.high)}; {supply}"
    return Explanation("shortage", message, names, shortage.numbers, shortage.low, shortage.high)


def dead_cells(grid: Grid, available: Iterable[int], rules: Rules = _SEED) -> tuple[str, ...]:
    """Empty cells that no available number can fill in any completion.

    A cell is dead when the order squeezes it between bounds with no usable number left: its
    tightened window (counting the empty cells that must fit between it and its filled bounds)
    is empty. Dead cells make a grid uncompletable; a grid can be dead without dead cells.

    >>> dead_cells(Grid.from_mapping({"a1": 10, "b1": 11}), range(12, 60))
    ()
    """
    pool = normalize_pool(grid, available)
    windows = fast.windows(grid.cells, pool, rules.order)
    return tuple(
        CELL_NAMES[cell]
        for cell in sorted(windows.empties)
        if windows.release[cell] > windows.deadline[cell]
    )


@dataclass(frozen=True)
class SafePlacement:
    """A legal, affordable play after which the grid can still be completed.

    >>> import tranquility_solver as tq
    >>> safe = tq.safe_placements(tq.Grid.empty(), [40], range(1, 81))
    >>> safe[0].card
    40

    ``discards`` is one choice of hand cards to pay the cost that keeps it completable.
    """

    card: int
    cell: str
    cost: int
    discards: tuple[int, ...]

    def __str__(self) -> str:
        paid = f", discard {', '.join(map(str, self.discards))}" if self.discards else ""
        return f"{self.card}@{self.cell} (cost {self.cost}{paid})"


def safe_placements(
    grid: Grid, hand: Iterable[int], available: Iterable[int], rules: Rules = _SEED
) -> tuple[SafePlacement, ...]:
    """Plays from ``hand`` that are legal now, affordable, and keep the grid completable.

    The pool after the play is ``available`` ∪ ``hand`` minus the card played and the cards
    discarded: hand cards always count as available, whether or not ``available`` lists them.
    A hand card already on the grid is a :class:`CardError` naming its cell. The player chooses
    the discards, so a play is safe if *some* choice of ``cost`` other hand cards keeps the grid
    completable; the lexicographically first such choice is returned.

    Exact, with at most ``len(hand)`` fast checks per play, whatever the hand size: see
    :func:`_discards`.

    >>> grid = Grid.from_mapping({"a1": 10, "c1": 14})
    >>> [str(s) for s in safe_placements(grid, [11, 13, 20, 21, 22], range(23, 60))][:2]
    ['11@b1 (cost 4, discard 13, 20, 21, 22)', '11@a2 (cost 0)']
    """
    safety = PlaySafety.of(grid, hand, available, rules)
    found = []
    for card, index, cost in openings(grid, rules).placements(safety.cards, len(safety.cards)):
        discards = safety.discards(card, index, cost)
        if discards is not None:
            found.append(SafePlacement(card, CELL_NAMES[index], cost, discards))
    return tuple(found)


@dataclass(frozen=True)
class PlaySafety:
    """Which plays from one hand keep one grid completable, one play at a time: what
    :func:`safe_placements` asks of every legal play, for a caller that asks of a few.

    >>> grid = Grid.from_mapping({"a1": 10, "c1": 14})
    >>> safety = PlaySafety.of(grid, [11, 13, 20, 21, 22], range(23, 60))
    >>> safety.discards(11, 1, 4), safety.discards(13, 1, 4)  # 11 or 13 on b1, paying 4
    ((13, 20, 21, 22), (11, 20, 21, 22))
    """

    grid: Grid
    rules: Rules
    cards: tuple[int, ...]
    """The hand's cards, sorted."""
    pool: tuple[int, ...]
    """``available`` and the hand, sorted."""

    @classmethod
    def of(
        cls, grid: Grid, hand: Iterable[int], available: Iterable[int], rules: Rules = _SEED
    ) -> PlaySafety:
        """The hand and pool checked as :func:`safe_placements` checks them."""
        cards = check_hand(grid, hand)
        rest = normalize_pool(grid, (n for n in available if n not in cards))
        return cls(grid, rules, cards, tuple(sorted({*rest, *cards})))

    def discards(self, card: int, index: int, cost: int) -> tuple[int, ...] | None:
        """For the legal play of hand ``card`` on the empty cell ``index`` costing ``cost``:
        the lexicographically first ``cost`` other hand cards to discard that keep the grid
        completable, or ``None`` when no choice does."""
        cells = self.grid.cells
        after = (*cells[:index], card, *cells[index + 1 :])
        others = [other for other in self.cards if other != card]
        return _discards(after, pool_without(self.pool, (card,)), others, cost, self.rules.order)


def plays_by_card(safe: Sequence[SafePlacement]) -> list[str]:
    """Safe plays as text, one line per card: the card with the cheapest play first, its cells
    cheapest first (what ``tranquility hints`` prints).

    >>> plays_by_card([SafePlacement(9, "b1", 2, (3, 4)), SafePlacement(7, "a2", 0, ())])
    ['7: a2 (cost 0)', '9: b1 (cost 2, discard 3 4)']
    """
    by_card: dict[int, list[SafePlacement]] = {}
    for placement in safe:
        by_card.setdefault(placement.card, []).append(placement)
    lines = []
    for card, plays in sorted(
        by_card.items(), key=lambda item: (min(p.cost for p in item[1]), item[0])
    ):
        cells = "; ".join(
            f"{p.cell} (cost {p.cost}"
            + (f", discard {' '.join(map(str, p.discards))}" if p.discards else "")
            + ")"
            for p in sorted(plays, key=lambda p: (p.cost, cell_index(p.cell)))
        )
        lines.append(f"{card}: {cells}")
    return lines


def _discards(
    cells: Cells, pool: tuple[int, ...], others: list[int], cost: int, order: Order
) -> tuple[int, ...] | None:
    """The lexicographically first ``cost`` cards of ``others`` (sorted) whose removal from
    ``pool`` (sorted) leaves ``cells`` completable, or ``None`` if no choice does.

    Greedy: keep a card for discarding whenever the pool without it (and the cards kept so far)
    is still completable. This is exact, not a heuristic. Once placed cards are in order, a pool
    completes the grid exactly when it contains a set of numbers that can be matched one to one
    to the empty cells within their bounds from placed cards (docs/tranquility.md,
    "Explanations"): the spanning sets of a transversal matroid. Discard sets that keep the grid
    completable are then the independent sets of its dual matroid restricted to ``others``, and
    greedy in increasing order finds a largest one whose first ``cost`` cards are the
    lexicographically first independent set of that size. In particular nothing is tried when
    the grid is not completable without discarding, since removing numbers never helps.
    """
    if not fast.feasible(cells, pool, order):
        return None
    chosen: list[int] = []
    remaining = pool
    for card in others:
        if len(chosen) == cost:
            break
        without = pool_without(remaining, (card,))
        if fast.feasible(cells, without, order):
            chosen.append(card)
            remaining = without
    return tuple(chosen) if len(chosen) == cost else None
