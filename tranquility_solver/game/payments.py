"""Which cards pay for a play when the player does not say: one choice, :func:`default_payment`,
made for the short form ``41 d3`` and shown by ``hint``, with the reason for each card.

The cheapest cards go first, in this order:

1. cards that can do nothing more: a start card once one was played, and finish cards beyond
   the one the player keeps;
2. island cards, those the fewest of the grid's completions need first: of the ways to fill
   the grid from the cards the player cannot rule out and their hand, the share that uses the
   card (a card that fits no cell is needed by none; one the only card for a cell, by all); of
   cards needed alike, those that fit the fewest empty cells, then the dearest to place. An
   island card is kept whenever paying with it would leave the grid, after the play, impossible
   to fill (if another payment keeps it fillable);
3. only when the hand cannot pay otherwise: the start card not yet played and the last finish
   card.

>>> from dataclasses import replace
>>> from tranquility_solver.game import new_game
>>> from tranquility_solver.grid import Grid
>>> state = replace(new_game(1, seed=3, rules="published"), grid=Grid.from_mapping({"b1": 5}),
...                 hands=((3, 21, 31, FINISH, FINISH),))
>>> payment = default_payment(state.observation(0), 3, "a1", 2)  # a1 costs 2 next to b1 = 5
>>> payment.cards, payment.safe
((21, 81), True)
>>> print(payment.reasons_text())
finish (a spare finish card: you keep one) and 21 (used by 45% of the ways to fill the grid)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..completion import count, fast
from ..errors import SolverTimeoutError, TranquilityError
from ..grid import Cells, Grid
from ..placement import order_conflicts, pool_without
from ..rules import Order
from .choices import FINISH, START, card_text, is_island
from .state import Observation

__all__ = ["Payment", "cheapest_first", "default_payment", "needed_share"]

_SPENT, _ISLAND, _KEPT = 0, 1, 2
"""The three groups of :func:`cheapest_first`, cheapest first."""


@dataclass(frozen=True)
class Payment:
    """The cards that pay a play's cost, why each of them, and whether the grid can still be
    filled afterwards from the cards the player cannot rule out (``safe``).

    ``spared`` are island cards ranked cheaper than one paid but kept, as paying with them
    would leave the grid impossible to fill.
    """

    cards: tuple[int, ...]
    reasons: tuple[tuple[int, str], ...]
    safe: bool
    spared: tuple[int, ...] = ()

    def reasons_text(self) -> str:
        """Each card paid with its reason, in the order they were chosen, and the cards kept
        for the grid.

        >>> paid = Payment((12, 81), ((81, "a spare"), (12, "fits 2 empty cells")), True, (6,))
        >>> print(paid.reasons_text())
        finish (a spare) and 12 (fits 2 empty cells); 6 kept: the grid needs it
        """
        parts = [f"{card_text(card)} ({why})" for card, why in self.reasons]
        text = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)
        if self.spared:
            kept = " ".join(map(card_text, self.spared))
            text += f"; {kept} kept: the grid needs {'it' if len(self.spared) == 1 else 'them'}"
        return text


def default_payment(observation: Observation, card: int, cell: str, cost: int) -> Payment | None:
    """The payment for playing hand ``card`` on the empty ``cell`` at ``cost`` cards (see the
    module docstring), or ``None`` when the hand does not hold the card and ``cost`` others.

    >>> from tranquility_solver.game import new_game
    >>> seen = new_game(2, seed=1).observation(0)
    >>> default_payment(seen, 3, "a1", 0)
    Payment(cards=(), reasons=(), safe=True, spared=())
    >>> default_payment(seen, 40, "a1", 1) is None  # 40 is not in the hand
    True
    """
    others = list(observation.hand)
    if card not in others or len(others) - 1 < cost:
        return None
    others.remove(card)
    try:
        grid = observation.grid.place(cell, card)
    except TranquilityError:
        return None
    order = observation.rules.order
    pool = pool_without(observation.possible_cards(), (card,))
    safe = fast.feasible(grid.cells, pool, order)
    if not cost:
        return Payment((), (), safe)
    ranked = _ranked(observation, others)
    chosen: list[tuple[int, str]] = []
    spared: list[int] = []
    for group, held, why in ranked:
        if len(chosen) == cost or group == _KEPT:
            break
        if safe and is_island(held):
            without = pool_without(pool, (held,))
            if not fast.feasible(grid.cells, without, order):
                spared.append(held)
                continue
            pool = without
        chosen.append((held, why))
    if len(chosen) < cost:
        # No payment without the cards kept last keeps the grid fillable: pay as cheaply as the
        # ranking says, the grid aside; the kept cards only when nothing else pays.
        safe, spared = False, []
        chosen = [(held, why) for _, held, why in ranked[:cost]]
    paid = tuple(sorted(held for held, _ in chosen))
    return Payment(paid, tuple(chosen), safe, tuple(spared))


def cheapest_first(observation: Observation, cards: Sequence[int]) -> list[int]:
    """``cards`` (of the player's hand) from the one whose loss hurts least to the one that
    hurts most: the order of the module docstring, without the check that the grid can still
    be filled after a play (the order is the observation's, the same for every play).

    >>> from tranquility_solver.game import new_game
    >>> seen = new_game(2, seed=1).observation(0)
    >>> seen.hand, cheapest_first(seen, seen.hand)  # on an empty grid: by the cells they fit
    ((3, 5, 12, 45, 68), [3, 5, 12, 45, 68])
    """
    return [held for _, held, _ in _ranked(observation, cards)]


def needed_share(observation: Observation) -> dict[int, float]:
    """For each island card of the hand: the share of the grid's completions (from the cards
    the player cannot rule out and their hand) that use it, 0 for a card no completion uses
    and 1 for one every completion needs; all 0 when the grid cannot be completed (or its
    completions cannot be counted within the work limit).

    >>> from tranquility_solver.game import new_game
    >>> seen = new_game(1, seed=3, rules="published").observation(0)
    >>> seen.hand  # on an empty grid 36 of the 80 cards fill it: each is used by 45% of the ways
    (21, 33, 44, 56, 66)
    >>> round(needed_share(seen)[21], 2)
    0.45
    """
    island = tuple(sorted({card for card in observation.hand if is_island(card)}))
    pool = observation.possible_cards()
    return dict(_needed(observation.grid.cells, pool, island, observation.rules.order))


@lru_cache(maxsize=8)
def _needed(
    cells: Cells, pool: tuple[int, ...], island: tuple[int, ...], order: Order
) -> tuple[tuple[int, float], ...]:
    """:func:`needed_share`, remembered: the hint and the short form ask of one position."""
    try:
        total = count.count(cells, pool, order)
        if not total:
            return tuple((card, 0.0) for card in island)
        return tuple(
            (card, 1 - count.count(cells, pool_without(pool, (card,)), order) / total)
            for card in island
        )
    except SolverTimeoutError:
        return tuple((card, 0.0) for card in island)


def _share_text(share: float) -> str:
    """A share of the completions as a person reads it: none, under 1%, 37%, all.

    >>> _share_text(0.374), _share_text(1.0)
    ('used by 37% of the ways to fill the grid', 'every way to fill the grid uses it')
    """
    if share <= 0:
        return "no way to fill the grid uses it"
    if share >= 1:
        return "every way to fill the grid uses it"
    if share < 0.01:
        return "used by under 1% of the ways to fill the grid"
    return f"used by {math.floor(share * 100)}% of the ways to fill the grid"


def _ranked(observation: Observation, cards: Sequence[int]) -> list[tuple[int, int, str]]:
    """``cards`` cheapest first as ``(group, card, why)``."""
    needed = needed_share(observation)
    fits = _fitting_cells(observation.grid, cards, observation)
    finishes = list(cards).count(FINISH)
    keyed = []
    for position, held in enumerate(cards):
        worth: tuple[float, int, int] = (0.0, 0, 0)
        if held == START:
            if observation.start_played:
                group, why = _SPENT, "a start card: one was played, so it can only be discarded"
            else:
                group, why = _KEPT, "your start card: nothing else pays"
        elif held == FINISH:
            if list(cards)[:position].count(FINISH) < finishes - 1:
                group, why = _SPENT, "a spare finish card: you keep one"
            else:
                group, why = _KEPT, "your last finish card: nothing else pays"
        else:
            share = needed.get(held, 0.0)
            group, why = _ISLAND, _share_text(share)
            worth = (share, *fits.get(held, (0, 0)))
        keyed.append(((group, worth, held), (group, held, why)))
    return [item for _, item in sorted(keyed, key=lambda pair: pair[0])]


def _fitting_cells(
    grid: Grid, cards: Sequence[int], observation: Observation
) -> dict[int, tuple[int, int]]:
    """For each island card of ``cards``: how many empty cells take it by the order rule, and
    less the cheapest cost among them (of cards needed alike, one placed for free is worth more
    than one that costs cards)."""
    empties = [index for index, value in enumerate(grid.cells) if value is None]
    rules = observation.rules
    fits = {}
    for card in filter(is_island, cards):
        costs = [
            rules.cost(grid.cells, index, card)
            for index in empties
            if not order_conflicts(grid, index, card, rules)
        ]
        fits[card] = (len(costs), -min(costs, default=0))
    return fits
