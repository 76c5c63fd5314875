"""Which cards pay for a play when the player does not say: one choice, :func:`default_payment`,
made for the short form ``41 d3`` and shown by ``hint``, with the reason for each card.

The cheapest cards go first, in this order:

1. cards that can do nothing more: a start card once one was played, and finish cards beyond
   the one the player keeps;
2. island cards, those that fit the fewest empty cells by the order rule first (a card that
   fits none is worth nothing), of those the ones dearest to place; an island card is kept
   whenever paying with it would leave the grid impossible to fill from the cards the player
   cannot rule out (if some other payment keeps it fillable);
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
finish (a spare finish card: you keep one) and 21 (fits 34 empty cells)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..completion import fast
from ..errors import TranquilityError
from ..grid import Grid
from ..placement import order_conflicts, pool_without
from .choices import FINISH, START, card_text, is_island
from .state import Observation

__all__ = ["Payment", "cheapest_first", "default_payment"]

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
    island = [held for held in observation.hand if is_island(held)]
    pool = pool_without(tuple(sorted({*observation.unknown_cards(), *island})), (card,))
    safe = fast.feasible(grid.cells, pool, order)
    if not cost:
        return Payment((), (), safe)
    ranked = _ranked(observation, others, grid)
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


def cheapest_first(
    observation: Observation, cards: Sequence[int], grid: Grid | None = None
) -> list[int]:
    """``cards`` (of the player's hand) from the one whose loss hurts least to the one that
    hurts most, on ``grid`` (default: the observation's): the order of the module docstring,
    without the check that the grid can still be filled.

    >>> from tranquility_solver.game import new_game
    >>> seen = new_game(2, seed=1).observation(0)
    >>> seen.hand, cheapest_first(seen, seen.hand)  # 3 fits 6 empty cells, 5 fits 15, the rest 36
    ((3, 5, 12, 45, 68), [3, 5, 12, 45, 68])
    """
    return [held for _, held, _ in _ranked(observation, cards, grid)]


def _ranked(
    observation: Observation, cards: Sequence[int], grid: Grid | None = None
) -> list[tuple[int, int, str]]:
    """``cards`` cheapest first as ``(group, card, why)``."""
    grid = observation.grid if grid is None else grid
    fits = _fitting_cells(grid, cards, observation)
    finishes = list(cards).count(FINISH)
    keyed = []
    for position, held in enumerate(cards):
        if held == START:
            if observation.start_played:
                entry = (
                    _SPENT,
                    (0, 0),
                    "a start card: one was played, so it can only be discarded",
                )
            else:
                entry = (_KEPT, (0, 0), "your start card: nothing else pays")
        elif held == FINISH:
            if list(cards)[:position].count(FINISH) < finishes - 1:
                entry = (_SPENT, (0, 0), "a spare finish card: you keep one")
            else:
                entry = (_KEPT, (0, 0), "your last finish card: nothing else pays")
        else:
            count = fits.get(held, (0, 0))[0]
            where = "no empty cell" if not count else f"{count} empty cell{'s' * (count != 1)}"
            entry = (_ISLAND, fits.get(held, (0, 0)), f"fits {where}")
        keyed.append(((entry[0], entry[1], held), (entry[0], held, entry[2])))
    return [item for _, item in sorted(keyed, key=lambda pair: pair[0])]


def _fitting_cells(
    grid: Grid, cards: Sequence[int], observation: Observation
) -> dict[int, tuple[int, int]]:
    """For each island card of ``cards``: how many empty cells take it by the order rule, and
    less the cheapest cost among them (a card placed for free is worth more than one that
    costs cards)."""
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
