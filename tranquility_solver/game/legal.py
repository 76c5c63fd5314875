"""A player's legal actions, counted at once and built one at a time.

Every choice of cards paying a cost is its own action, so a turn can have a hundred actions of
which a bot takes one. :class:`LegalActions` lists them in the engine's order without building
them: its length is known from the placements and their numbers of payments, and indexing
builds the one action asked for. ``state.legal_actions()`` is ``tuple(...)`` of it.

Order: plays by card, then cost, then cell; then discards; then start; then finish. In the share
phase, shares by size, then cards.

>>> from tranquility_solver.grid import Grid
>>> from tranquility_solver.rules import Rules
>>> legal = legal_actions_of(Rules.seed(), Grid.empty(), (3, 5, 12, 45, 68), "play", False)
>>> len(legal), legal[0], legal[-1]
(190, Play(card=3, cell='a1', discards=()), Discard(cards=(45, 68)))
>>> Play(12, "c4") in legal, legal.count_of(Discard)
(True, 10)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import accumulate, combinations
from math import comb
from typing import Final, Literal, overload

from ..grid import CELL_INDEX, CELL_NAMES, Grid
from ..placement import openings
from ..rules import Rules
from .actions import Action, Discard, Finish, Play, Share, Start
from .choices import DISCARD_ACTION_CARDS, FINISH, START, is_island, may_pay_with

__all__ = [
    "LegalActions",
    "Phase",
    "distinct_subsets",
    "has_legal_action",
    "legal_actions_of",
    "must_start",
    "share_bounds",
    "start_and_finish",
]

Phase = Literal["play", "share"]


def distinct_subsets(cards: tuple[int, ...], size: int) -> list[tuple[int, ...]]:
    """Distinct sorted ``size``-subsets of a sorted hand (start/finish cards may repeat), in
    the order the legal actions list payments, discards and shares.

    >>> distinct_subsets((5, 81, 81), 2)
    [(5, 81), (81, 81)]
    """
    found = combinations(cards, size)
    return list(found) if len(set(cards)) == len(cards) else list(dict.fromkeys(found))


def must_start(rules: Rules, hand: tuple[int, ...], start_played: bool) -> bool:
    """Whether the rules make this player play their start card now."""
    return rules.start_card.must_play and not start_played and START in hand


def start_and_finish(
    hand: Sequence[int], start_played: bool, grid_full: bool
) -> tuple[Action, ...]:
    """The start and finish actions a hand has in the play phase (listed after its plays and
    discards): its start card until one is played, then its finish card once the grid is full.

    >>> start_and_finish((0, 5), False, False), start_and_finish((5, 81), True, True)
    ((Start(),), (Finish(),))
    >>> start_and_finish((5, 81), True, False)
    ()
    """
    if not start_played:
        return _START if START in hand else ()
    return _FINISH if grid_full and FINISH in hand else ()


_START: Final[tuple[Action, ...]] = (Start(),)
_FINISH: Final[tuple[Action, ...]] = (Finish(),)


def share_bounds(hand_size: int, share_left: int, later_capacity: int) -> tuple[int, int]:
    """Fewest and most cards this player may give so the rest of the round can still finish."""
    return max(0, share_left - later_capacity), min(hand_size, share_left)


class LegalActions(Sequence[Action]):
    """The legal actions of one player at one moment, as a sequence built on demand.

    ``len`` counts each placement's payments (once), ``legal[i]`` builds one action, ``action
    in legal`` builds none, and :meth:`single` tells a listing of one action without counting.
    Iterating builds them all, as ``legal_actions()`` does. Immutable: nothing changes it
    after it is made (by :func:`legal_actions_of`).
    """

    __slots__ = (
        "_card_sets",
        "_counts",
        "_ends",
        "_kind",
        "_payers",
        "_payments",
        "_play_count",
        "_plays",
        "_size",
        "_tail",
    )

    def __init__(
        self,
        payers: tuple[int, ...],
        plays: list[tuple[int, int, int]],
        card_sets: list[tuple[int, ...]],
        kind: type[Discard] | type[Share],
        tail: tuple[Action, ...],
    ) -> None:
        self._payers = payers
        """The cards that may pay a cost (sorted)."""
        self._plays = plays
        """``(card, cost, cell index)`` in the order of the listing (sorted)."""
        self._payments: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        """The payment choices per ``(card, cost)``, listed when first needed."""
        self._card_sets = card_sets
        """The cards of each discard action (or share), after the plays."""
        self._kind = kind
        self._tail = tail
        """Start and finish, last."""
        # How many plays each placement has, where they end and the length of the listing are
        # counted when first asked for (by :meth:`_counted`): an adapter that lists the
        # placements and card sets of a position never needs them.
        self._counts: tuple[int, ...] | None = None
        self._ends: list[int] = []
        self._play_count = self._size = 0

    def _counted(self) -> tuple[int, ...]:
        """:attr:`_counts`, with :attr:`_ends`, :attr:`_play_count` and :attr:`_size`,
        worked out on the first call."""
        counts = self._counts
        if counts is None:
            counts = self._counts = tuple(self._payment_counts())
            self._ends = list(accumulate(counts))
            self._play_count = self._ends[-1] if self._ends else 0
            self._size = self._play_count + len(self._card_sets) + len(self._tail)
        return counts

    # -- the sequence -------------------------------------------------------------------------

    def __len__(self) -> int:
        if self._counts is None:
            self._counted()
        return self._size

    def __bool__(self) -> bool:
        """Whether there is any action, without counting the payments (a placement is listed
        only with one).

        >>> bool(legal_actions_of(Rules.seed(), Grid.empty(), (), "play", True))
        False
        """
        return bool(self._plays or self._card_sets or self._tail)

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if self._counts is None:
            self._counted()
        size = self._size
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(f"legal action {index} of {size}")
        plays = self._play_count
        if index < plays:
            which = bisect_right(self._ends, index)
            card, cost, cell = self._plays[which]
            first = self._ends[which - 1] if which else 0
            return Play._of(card, CELL_NAMES[cell], self._paid(card, cost)[index - first])
        index -= plays
        if index < len(self._card_sets):
            return self._kind._of(self._card_sets[index])
        return self._tail[index - len(self._card_sets)]

    def __iter__(self) -> Iterator[Action]:
        for card, cost, cell in self._plays:
            name = CELL_NAMES[cell]
            for paid in self._paid(card, cost):
                yield Play._of(card, name, paid)
        kind = self._kind
        for cards in self._card_sets:
            yield kind._of(cards)
        yield from self._tail

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Play):
            index = CELL_INDEX.get(action.cell)
            for card, cost, cell in self._plays:
                if card == action.card and cell == index:
                    return action.discards in self._paid(card, cost)
            return False
        if isinstance(action, self._kind):
            return action.cards in self._card_sets
        return action in self._tail

    def __repr__(self) -> str:
        return f"<LegalActions: {len(self)}>"

    # -- views --------------------------------------------------------------------------------

    def count_of(self, kind: type[Action]) -> int:
        """How many of the actions are of one kind (``Play``, ``Discard``, ...), building none.

        >>> legal_actions_of(Rules.seed(), Grid.empty(), (0, 81), "play", False).count_of(Play)
        0
        """
        if kind is Play:
            self._counted()
            return self._play_count
        if kind is self._kind:
            return len(self._card_sets)
        return sum(isinstance(action, kind) for action in self._tail)

    def payments_by_placement(self) -> Iterator[tuple[int, list[tuple[int, ...]]]]:
        """Per placement, in the listing's order, its cost and its payment choices (its plays,
        in order; one list shared by the placements of a card at one cost), building no action:
        what a search ranks the plays by before it builds the few it tries.

        >>> grid = Grid.from_mapping({"a1": 2, "c1": 4})  # b1 costs 2
        >>> legal = legal_actions_of(Rules.seed(), grid, (3, 40, 50), "play", False)
        >>> [entry for entry in legal.payments_by_placement() if entry[0]]
        [(2, [(40, 50)])]
        """
        for card, cost, _ in self._plays:
            yield cost, self._paid(card, cost)

    def payments(self, card: int, cost: int) -> Sequence[tuple[int, ...]]:
        """The payment choices of playing ``card`` at ``cost`` (of any of its placements at
        that cost), in the listing's order, building no action: what an adapter that lists a
        placement before its payments needs once a placement is chosen.

        >>> grid = Grid.from_mapping({"a1": 2, "c1": 4})  # b1 costs 2
        >>> legal_actions_of(Rules.seed(), grid, (3, 40, 50), "play", False).payments(3, 2)
        ((40, 50),)
        """
        return tuple(self._paid(card, cost))

    def payment_counts(self) -> Sequence[int]:
        """How many plays each placement has (its payment choices), in the listing's order,
        building none.

        >>> grid = Grid.from_mapping({"a1": 2, "c1": 4})  # b1 costs 2
        >>> legal = legal_actions_of(Rules.seed(), grid, (3, 40, 50), "play", False)
        >>> [(p, n) for p, n in zip(legal.placements(), legal.payment_counts()) if p[1]]
        [((3, 2, 1), 1)]
        """
        return self._counted()

    def single(self) -> Action | None:
        """The one legal action when there is exactly one, else None; cheaper than ``len``,
        which counts every placement's payments.

        >>> legal_actions_of(Rules.published(), Grid.empty(), (0, 5), "play", False).single()
        Start()
        """
        plays, card_sets, tail = self._plays, self._card_sets, self._tail
        if not plays:
            if len(card_sets) + len(tail) != 1:
                return None
            return self._kind._of(card_sets[0]) if card_sets else tail[0]
        if len(plays) > 1 or card_sets or tail:
            return None
        card, cost, cell = plays[0]
        paid = self._paid(card, cost)  # a placement is listed only with a payment
        return Play._of(card, CELL_NAMES[cell], paid[0]) if len(paid) == 1 else None

    def tail(self) -> tuple[Action, ...]:
        """The start and finish actions, listed last (after the plays and card sets).

        >>> legal_actions_of(Rules.seed(), Grid.empty(), (0, 81), "play", False).tail()
        (Start(),)
        """
        return self._tail

    def placements(self) -> Sequence[tuple[int, int, int]]:
        """``(card, cost, cell index)`` of each placement, in the listing's order (a placement
        is one play per payment choice).

        >>> legal_actions_of(Rules.seed(), Grid.empty(), (3, 5), "play", False).placements()[:2]
        ((3, 0, 0), (3, 0, 1))
        """
        return tuple(self._plays)

    def card_sets(self) -> Sequence[tuple[int, ...]]:
        """The cards of each discard action (or, in the share phase, each share), in order;
        they follow the plays in the listing."""
        return tuple(self._card_sets)

    # -- inside -------------------------------------------------------------------------------

    def _payment_counts(self) -> list[int]:
        """How many payment choices each placement has, in the order of the listing."""
        payers = self._payers
        if len(set(payers)) == len(payers):
            # No card repeats: any `cost` of the other cards, C(n - 1, cost) ways.
            by_cost = [comb(len(payers) - 1, cost) for cost in range(len(payers))]
            return [by_cost[cost] for _, cost, _ in self._plays]
        counts: dict[tuple[int, int], int] = {}
        for card, cost, _ in self._plays:
            if (card, cost) not in counts:
                counts[card, cost] = len(distinct_subsets(self._others(card), cost))
        return [counts[card, cost] for card, cost, _ in self._plays]

    def _others(self, card: int) -> tuple[int, ...]:
        """The hand without one copy of ``card``: the cards that may pay for playing it."""
        others = list(self._payers)
        others.remove(card)
        return tuple(others)

    def _paid(self, card: int, cost: int) -> list[tuple[int, ...]]:
        key = (card, cost)
        found = self._payments.get(key)
        if found is None:
            found = self._payments[key] = distinct_subsets(self._others(card), cost)
        return found


def legal_actions_of(
    rules: Rules,
    grid: Grid,
    hand: tuple[int, ...],
    phase: Phase,
    start_played: bool,
    share_left: int = 0,
    later_capacity: int = 0,
) -> LegalActions:
    """Every legal action of a player holding ``hand``; shared by states and observations.

    >>> list(legal_actions_of(Rules.published(), Grid.empty(), (0, 5), "play", False))
    [Start()]
    """
    hand = tuple(sorted(hand))  # the engine keeps hands sorted; a hand built by hand may not be
    if phase == "share":
        low, high = share_bounds(len(hand), share_left, later_capacity)
        shares = [cards for size in range(low, high + 1) for cards in distinct_subsets(hand, size)]
        return LegalActions((), [], shares, Share, ())
    if must_start(rules, hand, start_played):
        return LegalActions((), [], [], Discard, (Start(),))
    island = sorted(set(filter(is_island, hand)))
    plays = openings(grid, rules).plays(island, len(hand))
    payers = tuple(filter(may_pay_with, hand))
    tail = start_and_finish(hand, start_played, grid.is_full)
    return LegalActions(payers, plays, distinct_subsets(hand, DISCARD_ACTION_CARDS), Discard, tail)


def has_legal_action(rules: Rules, grid: Grid, hand: tuple[int, ...], start_played: bool) -> bool:
    """Whether :func:`legal_actions_of` is non-empty in the play phase, cheaper.

    >>> has_legal_action(Rules.seed(), Grid.empty(), (), True)
    False
    """
    if len(hand) >= DISCARD_ACTION_CARDS or start_and_finish(hand, start_played, grid.is_full):
        return True
    island = [card for card in hand if is_island(card)]
    return bool(island and openings(grid, rules).affordable(island, len(hand)))
