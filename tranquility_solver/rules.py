"""Rules presets: the order relation, the discard cost, finish cards and the start-card event.

Every "(choice)" of the rules page is one named field or function here, so a third preset is a
few lines: build a :class:`Rules` with other values.

>>> Rules.seed().name, Rules.published().finish_cards
('seed', 5)
>>> Rules.by_name("published") is Rules.published()
True
>>> ("a1", "b1") in Rules.seed().precedence_names
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from typing import Literal, get_args

from .errors import UnknownRulesError
from .grid import CELL_COUNT, CELL_NAMES, COLUMNS, ROWS, Cells

__all__ = [
    "BLIND_COST_READERS",
    "CARD_BLIND_COSTS",
    "STEADY_COST_READERS",
    "CostRule",
    "Order",
    "OutOfCardsCheck",
    "Rules",
    "StartCardEvent",
    "adjacent_axis_cost",
    "combine_axis_costs",
    "compile_order",
    "grid_precedences",
    "nearest_sequence_neighbour_cost",
    "rules_label",
    "sequence_precedences",
]

CostRule = Callable[[Cells, int, int], int]
"""``cost(cells, cell_index, card)``: cards to discard for playing ``card`` on the empty cell."""

OutOfCardsCheck = Literal["at once", "on turn"]
"""When a player with no card left in hand and deck loses the game for the team:
``"at once"``, or ``"on turn"``: when that player is next to take a turn."""


# -- order relations ---------------------------------------------------------------------------


def grid_precedences() -> tuple[tuple[int, int], ...]:
    """`seed` order: each cell is lower than its right neighbour and its upper neighbour.

    >>> len(grid_precedences())
    60
    """
    pairs = []
    for index in range(CELL_COUNT):
        row, column = divmod(index, COLUMNS)
        if column + 1 < COLUMNS:
            pairs.append((index, index + 1))
        if row + 1 < ROWS:
            pairs.append((index, index + COLUMNS))
    return tuple(sorted(pairs))


def sequence_precedences() -> tuple[tuple[int, int], ...]:
    """`published` order: one sequence a1, b1, …, f1, a2, …, f6 (reading order from the bottom).

    >>> sequence_precedences()[:2]
    ((0, 1), (1, 2))
    """
    return tuple((index, index + 1) for index in range(CELL_COUNT - 1))


# -- discard costs -----------------------------------------------------------------------------


def combine_axis_costs(horizontal: int, vertical: int) -> int:
    """(choice) A card wedged on both axes pays both differences: the costs add.

    >>> combine_axis_costs(3, 4)
    7
    """
    return horizontal + vertical


def adjacent_axis_cost(cells: Cells, index: int, card: int) -> int:
    """`seed` cost: per axis with both neighbours filled, their difference; the axes combine.

    ``card`` does not matter for this rule: the difference is between the two neighbours.

    >>> cells = [None] * 36
    >>> cells[0], cells[2] = 10, 14   # a1 and c1 around b1
    >>> adjacent_axis_cost(tuple(cells), 1, 12)
    4
    """
    del card
    horizontal = vertical = 0
    across, upward = _WEDGING_NEIGHBOURS[index]
    if across is not None:
        left, right = cells[across[0]], cells[across[1]]
        if left is not None and right is not None:
            horizontal = abs(right - left)
    if upward is not None:
        below, above = cells[upward[0]], cells[upward[1]]
        if below is not None and above is not None:
            vertical = abs(above - below)
    return combine_axis_costs(horizontal, vertical)


CARD_BLIND_COSTS: frozenset[CostRule] = frozenset({adjacent_axis_cost})
"""Cost rules whose cost does not depend on the card played, only on the cell and the grid:
a cell's cost may be worked out once for every card (as the legal placements do)."""


_WEDGING_NEIGHBOURS = tuple(
    (
        (index - 1, index + 1) if 0 < index % COLUMNS < COLUMNS - 1 else None,
        (index - COLUMNS, index + COLUMNS) if 0 < index // COLUMNS < ROWS - 1 else None,
    )
    for index in range(CELL_COUNT)
)
"""Per cell: its left and right neighbours, and its lower and upper ones (``None`` on a border,
where the cell cannot be wedged on that axis); a table, as every legal move asks for costs."""


def _cost_readers(
    neighbours: tuple[tuple[tuple[int, ...] | None, ...], ...],
) -> tuple[tuple[int, ...], ...]:
    """Per cell, the cells that have it among their ``neighbours`` (per cell, groups of the
    cells its cost reads)."""
    readers: list[list[int]] = [[] for _ in range(CELL_COUNT)]
    for cell, axes in enumerate(neighbours):
        for pair in axes:
            for neighbour in pair or ():
                readers[neighbour].append(cell)
    return tuple(tuple(sorted(cells)) for cells in readers)


BLIND_COST_READERS: dict[CostRule, tuple[tuple[int, ...], ...]] = {
    adjacent_axis_cost: _cost_readers(_WEDGING_NEIGHBOURS)
}
"""For each rule of :data:`CARD_BLIND_COSTS`: per cell, the cells whose cost reads it (a cell
it wedges), the only ones whose cost can change when it is filled, so a table of the cells'
costs is carried from one grid to the next by working out those again."""


def nearest_sequence_neighbour_cost(cells: Cells, index: int, card: int) -> int:
    """`published` cost: smallest difference to a filled previous/next cell in the sequence.

    >>> cells = [None] * 36
    >>> cells[5], cells[7] = 20, 30   # f1 and b2 around a2
    >>> nearest_sequence_neighbour_cost(tuple(cells), 6, 27)
    3
    """
    before = cells[index - 1] if index > 0 else None
    after = cells[index + 1] if index + 1 < CELL_COUNT else None
    if before is None:
        return 0 if after is None else abs(card - after)
    if after is None:
        return abs(card - before)
    return min(abs(card - before), abs(card - after))


_SEQUENCE_NEIGHBOURS = tuple(
    tuple(cell for cell in (index - 1, index + 1) if 0 <= cell < CELL_COUNT)
    for index in range(CELL_COUNT)
)
"""Per cell: the cells :func:`nearest_sequence_neighbour_cost` reads (its neighbours in the
sequence)."""


STEADY_COST_READERS: dict[CostRule, tuple[tuple[int, ...], ...]] = {
    nearest_sequence_neighbour_cost: _cost_readers(
        tuple((reads,) for reads in _SEQUENCE_NEIGHBOURS)
    )
}
"""For cost rules that read the card, but only through the filled cells they read: a cell none
of whose read cells is filled costs the same for every card (`published`: nothing, with no
filled neighbour in the sequence). Per cell, the cells whose cost reads it, so that a table of
the cells with such a steady cost is carried from one grid to the next by dropping the readers
of each filled cell."""

# -- compiled order ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Order:
    """Facts derived once from a set of precedence pairs (a DAG over the 36 cells).

    >>> order = compile_order(grid_precedences())
    >>> order.successors[0], order.chain is None
    ((1, 6), True)
    """

    pairs: tuple[tuple[int, int], ...]
    predecessors: tuple[tuple[int, ...], ...]
    successors: tuple[tuple[int, ...], ...]
    topological: tuple[int, ...]
    ancestors: tuple[int, ...]
    """Bitmask of all cells that must be lower than the cell (transitive)."""
    descendants: tuple[int, ...]
    """Bitmask of all cells that must be higher than the cell (transitive)."""
    chain: tuple[int, ...] | None
    """All cells in order when the relation is one total sequence, else ``None``."""
    below: tuple[int, ...]
    """Bitmask of the cells paired directly below the cell (its predecessors)."""
    above: tuple[int, ...]
    """Bitmask of the cells paired directly above the cell (its successors)."""


@cache
def compile_order(pairs: tuple[tuple[int, int], ...]) -> Order:
    """Derive predecessor lists, a topological order and the transitive closure; cached.

    >>> compile_order(sequence_precedences()).chain[:3]
    (0, 1, 2)
    """
    predecessors: list[list[int]] = [[] for _ in range(CELL_COUNT)]
    successors: list[list[int]] = [[] for _ in range(CELL_COUNT)]
    for lower, higher in pairs:
        if lower == higher or not (0 <= lower < CELL_COUNT and 0 <= higher < CELL_COUNT):
            raise UnknownRulesError(f"bad precedence pair {(lower, higher)}")
        predecessors[higher].append(lower)
        successors[lower].append(higher)
    indegree = [len(p) for p in predecessors]
    ready = [cell for cell in range(CELL_COUNT) if indegree[cell] == 0]
    topological: list[int] = []
    while ready:
        cell = min(ready)  # deterministic order: lowest index first
        ready.remove(cell)
        topological.append(cell)
        for higher in successors[cell]:
            indegree[higher] -= 1
            if indegree[higher] == 0:
                ready.append(higher)
    if len(topological) != CELL_COUNT:
        raise UnknownRulesError("the precedence pairs contain a cycle")
    ancestors = [0] * CELL_COUNT
    for cell in topological:
        for lower in predecessors[cell]:
            ancestors[cell] |= ancestors[lower] | (1 << lower)
    descendants = [0] * CELL_COUNT
    for cell in reversed(topological):
        for higher in successors[cell]:
            descendants[cell] |= descendants[higher] | (1 << higher)
    is_chain = all(descendants[first] >> second & 1 for first, second in pairwise(topological))
    return Order(
        pairs=tuple(pairs),
        predecessors=tuple(tuple(sorted(p)) for p in predecessors),
        successors=tuple(tuple(sorted(s)) for s in successors),
        topological=tuple(topological),
        ancestors=tuple(ancestors),
        descendants=tuple(descendants),
        chain=tuple(topological) if is_chain else None,
        below=tuple(sum(1 << cell for cell in cells) for cells in predecessors),
        above=tuple(sum(1 << cell for cell in cells) for cells in successors),
    )


# -- presets -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class StartCardEvent:
    """What happens when the first start card is played.

    >>> StartCardEvent().team_discard
    0
    """

    must_play: bool = False
    """A player holding a start card while none has been played must play it."""
    team_discard: int = 0
    """Cards the players discard in total, split as they agree (each at most their hand)."""
    two_player_draw: int = 0
    """In a two-player game both players first draw this many cards."""
    refill: Literal["starter", "everyone"] = "starter"
    """(choice) Who draws back to five when the team discard is done: ``"starter"`` (ours)
    only the player who played the start card, as at the end of their turn, the others at the
    end of their own next turns; ``"everyone"`` every player at once (the open C++ engine)."""

    def __post_init__(self) -> None:
        if self.refill not in ("starter", "everyone"):
            raise UnknownRulesError(f"refill {self.refill!r}: expected 'starter' or 'everyone'")


@dataclass(frozen=True)
class Rules:
    """One rules preset. Compare the two shipped ones:

    >>> seed, published = Rules.seed(), Rules.published()
    >>> seed.transitive_order, published.transitive_order
    (False, True)
    >>> seed.start_card.team_discard, published.start_card.team_discard
    (0, 8)
    >>> seed.out_of_cards_check, published.out_of_cards_check
    ('at once', 'on turn')
    """

    name: str
    precedences: tuple[tuple[int, int], ...]
    """Pairs ``(lower, higher)`` of cell indices: the order relation (its cover pairs)."""
    transitive_order: bool
    """Whether *all* filled cells comparable through the relation must be ordered (`published`:
    the whole sequence, gaps allowed), or only directly paired filled cells (`seed`: adjacent)."""
    discard_cost: CostRule
    """Cards to discard when playing a card (see :data:`CostRule`)."""
    finish_cards: int = 1
    """Finish cards shuffled into the decks."""
    start_card: StartCardEvent = StartCardEvent()
    """The start-card event."""
    out_of_cards_check: OutOfCardsCheck = "at once"
    """(choice) When running out of cards loses. ``"at once"`` (`seed`, the description's
    "before the grid is complete and the final card is played"): as soon as any player holds no
    card in hand and deck. ``"on turn"`` (`published`, the printed "the next player must play a
    Finish card to win"): when such a player's turn comes, so a partner may still play the
    finish card after the last cell was filled with a player's last cards."""

    order: Order = field(init=False, repr=False, compare=False)
    """Compiled facts about :attr:`precedences`, derived once when the rules are built."""

    def __post_init__(self) -> None:
        # Frozen means hashable too: pairs given as lists become tuples, as the type promises.
        pairs = tuple((low, high) for low, high in self.precedences)
        object.__setattr__(self, "precedences", pairs)
        object.__setattr__(self, "order", compile_order(pairs))
        if self.out_of_cards_check not in get_args(OutOfCardsCheck):
            raise UnknownRulesError(
                f"out_of_cards_check {self.out_of_cards_check!r}: expected one of "
                + ", ".join(map(repr, get_args(OutOfCardsCheck)))
            )

    @property
    def label(self) -> str:
        """How screens name the preset, so that nobody takes it for a random ``--seed``.

        >>> Rules.seed().label, Rules.published().label
        ('rules: seed text', 'rules: printed game')
        """
        return rules_label(self.name)

    @property
    def precedence_names(self) -> tuple[tuple[str, str], ...]:
        """The precedence pairs with cell names, e.g. ``("a1", "b1")``."""
        return tuple((CELL_NAMES[low], CELL_NAMES[high]) for low, high in self.precedences)

    def cost(self, cells: Cells, index: int, card: int) -> int:
        """Discard cost of playing ``card`` on empty cell ``index``."""
        return self.discard_cost(cells, index, card)

    @classmethod
    def seed(cls) -> Rules:
        """The user's description (default): rows and columns increase; wedged cards cost."""
        return _SEED

    @classmethod
    def published(cls) -> Rules:
        """The printed game (2020): one increasing sequence, five finish cards, start event."""
        return _PUBLISHED

    @classmethod
    def by_name(cls, name: str) -> Rules:
        """A preset by name: ``"seed"`` or ``"published"``."""
        try:
            return _PRESETS[name.strip().lower()]
        except KeyError:
            raise UnknownRulesError(
                f"unknown rules {name!r}: expected one of {', '.join(sorted(_PRESETS))}"
            ) from None

    def __repr__(self) -> str:
        if _PRESETS.get(self.name) == self:
            return f"Rules.{self.name}()"
        return (
            f"Rules(name={self.name!r}, precedences={self.precedences!r}, "
            f"transitive_order={self.transitive_order!r}, "
            # functools.partial and other callables have no __name__.
            f"discard_cost={getattr(self.discard_cost, '__name__', repr(self.discard_cost))}, "
            f"finish_cards={self.finish_cards!r}, start_card={self.start_card!r}, "
            f"out_of_cards_check={self.out_of_cards_check!r})"
        )


_SEED = Rules(
    name="seed",
    precedences=grid_precedences(),
    transitive_order=False,
    discard_cost=adjacent_axis_cost,
    finish_cards=1,
    start_card=StartCardEvent(),
    out_of_cards_check="at once",
)
_PUBLISHED = Rules(
    name="published",
    precedences=sequence_precedences(),
    transitive_order=True,
    discard_cost=nearest_sequence_neighbour_cost,
    finish_cards=5,
    start_card=StartCardEvent(must_play=True, team_discard=8, two_player_draw=2),
    out_of_cards_check="on turn",
)
_PRESETS = {rules.name: rules for rules in (_SEED, _PUBLISHED)}
_LABELS = {"seed": "rules: seed text", "published": "rules: printed game"}


def rules_label(name: str) -> str:
    """The label of the preset named ``name`` (see :attr:`Rules.label`); other names as they are.

    >>> rules_label("published"), rules_label("mine")
    ('rules: printed game', 'rules: mine')
    """
    return _LABELS.get(name, f"rules: {name}")
