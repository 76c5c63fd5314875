"""Completions of a `published` grid counted run by run, so a decision recounts only what a
play changes.

>>> import math
>>> CompletionRuns.of((None,) * 36, tuple(range(1, 41)), range(36)).total == math.comb(40, 36)
True
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..grid import CELL_COUNT, FIRST_CARD, LAST_CARD

__all__ = ["CompletionRuns", "RunSplit"]


class RunSplit(NamedTuple):
    """The completions once a card fills a cell of a run, less the cell's place in it (see
    :meth:`CompletionRuns.split_after`)."""

    rest: int
    """Completions of every other run, from the pool without the cards removed."""
    lower: int
    """Pool numbers left below the card for the run's cells before it."""
    between: int
    """Pool numbers left between the run's bounds."""
    last: int
    """The run's last position (its number of cells less one)."""


@dataclass(frozen=True)
class CompletionRuns:
    """The runs of empty cells of a grid along a total order, each with the filled values
    around it and how many pool numbers lie between them: what
    :func:`~tranquility_solver.completion.count.count_runs` multiplies (``C(between, cells)``
    per run), kept so that counting after each play redoes only the runs it changes.

    >>> runs = CompletionRuns.of(tuple(range(1, 33)) + (None,) * 4, (33, 40, 41, 50, 60), range(36))
    >>> runs.runs, runs.total
    (((32, 81, (32, 33, 34, 35), 5),), 5)
    >>> runs.count_after(33, 40, (40,))  # 33 below the 40, two of 41, 50 and 60 above it
    3
    """

    pool: tuple[int, ...]
    runs: tuple[tuple[int, int, tuple[int, ...], int], ...]
    """``(low, high, cells in order, pool numbers strictly between low and high)``, in order
    (so by increasing ``low``)."""
    total: int
    """The completions of the grid from the pool: the product of the runs' binomials."""
    lows: tuple[int, ...]
    run_of: list[int]
    """Per cell, the position in :attr:`runs` of its run (``-1`` for a filled cell)."""
    place: list[int]
    """Per cell, its position within its run (``-1`` for a filled cell)."""
    splits: dict[tuple[int, tuple[int, ...], int], RunSplit] = field(
        default_factory=dict, compare=False, repr=False
    )
    """:meth:`_split` per card, cards removed and run, as a decision asks for each cell."""

    @classmethod
    def of(
        cls, cells: Sequence[int | None], pool: tuple[int, ...], chain: Sequence[int]
    ) -> CompletionRuns | None:
        """The runs, or ``None`` when the filled values do not increase along ``chain``."""
        runs: list[tuple[int, int, tuple[int, ...], int]] = []
        run_of = [-1] * CELL_COUNT
        place = [-1] * CELL_COUNT
        total = 1
        previous = FIRST_CARD - 1
        run: list[int] = []
        for cell in chain:
            value = cells[cell]
            if value is None:
                run_of[cell] = len(runs)
                place[cell] = len(run)
                run.append(cell)
            elif value <= previous:
                return None
            else:
                if run:
                    total *= _close(runs, pool, previous, value, run)
                    run = []
                previous = value
        if run:
            total *= _close(runs, pool, previous, LAST_CARD + 1, run)
        lows = tuple(low for low, _, _, _ in runs)
        return cls(pool, tuple(runs), total, lows, run_of, place)

    def count_after(self, index: int, card: int, removed: tuple[int, ...]) -> int:
        """Completions after ``card`` (a pool number between the bounds of the empty cell
        ``index``) fills that cell and ``removed`` leave the pool (``card`` among them; island
        cards must be in the pool, start and finish cards are ignored).

        Only the run of ``index`` and the runs that lose numbers change: their binomials are
        divided out of :attr:`total` (none is zero when the total is not) and replaced. All
        but the split run's new binomials are the same for every cell of that run, so they
        are worked out once per card, payment and run (:meth:`_split`)."""
        if not self.total:
            return 0  # removing numbers and filling cells never makes a completion
        rest, lower, between, last = self.split_after(index, card, removed)
        before = self.place[index]
        return rest * math.comb(lower, before) * math.comb(between - lower, last - before)

    def split_after(self, index: int, card: int, removed: tuple[int, ...]) -> RunSplit:
        """What :meth:`count_after` multiplies for every cell of the run of ``index`` (the
        run ``card`` fits): ``count_after(cell, card, removed)`` is ``rest * C(lower, before)
        * C(between - lower, last - before)`` with ``before = place[cell]``. A caller
        counting many cells of a run for one card and payment asks once (on a grid with
        completions)."""
        split = self.run_of[index]
        key = (card, removed, split)
        found = self.splits.get(key)
        if found is None:
            found = self.splits[key] = self._split(split, card, removed)
        return found

    def _split(self, split: int, card: int, removed: tuple[int, ...]) -> RunSplit:
        """For :meth:`split_after`: the completions of every run but ``split`` once
        ``removed`` leave the pool; the numbers below ``card`` left to the run's cells before
        it, the numbers left between the run's bounds, and the run's last position."""
        runs, lows = self.runs, self.lows
        low, _, run_cells, run_between = runs[split]
        lost = below = 0
        others: dict[int, int] = {}
        for gone in removed:
            # run_at, inline: a decision splits a run for every card and payment it counts.
            at = bisect_left(lows, gone) - 1
            if at < 0 or gone >= runs[at][1]:
                continue
            if at == split:
                lost += 1
                below += gone < card
            else:
                others[at] = others.get(at, 0) + 1
        total = self.total // math.comb(run_between, len(run_cells))
        for at, other_lost in others.items():
            _, _, cells, between = runs[at]
            total = (
                total
                // math.comb(between, len(cells))
                * math.comb(between - other_lost, len(cells))
            )
        lower = bisect_left(self.pool, card) - bisect_right(self.pool, low) - below
        return RunSplit(total, lower, run_between - lost, len(run_cells) - 1)

    def count_without(self, removed: tuple[int, ...]) -> int:
        """Completions once ``removed`` leave the pool (as in :meth:`count_after`), the grid
        as it is."""
        total = self.total
        if total:
            for at, lost in self._losses(removed).items():
                _, _, cells, between = self.runs[at]
                total //= math.comb(between, len(cells))
                total *= math.comb(between - lost, len(cells))
        return total

    def log_losses(self, base: float) -> list[float]:
        """Per run, in order, ``base - log2(count_without((card,)))`` for a pool card inside
        it (:meth:`run_at`), where ``base`` is ``log2(total)`` of a grid with completions:
        the same floats, one count per run instead of one per card.

        >>> runs = CompletionRuns.of((None,) * 35 + (40,), tuple(range(1, 41)), range(36))
        >>> base = math.log2(runs.total)
        >>> runs.log_losses(base)[runs.run_at(7)] == base - math.log2(runs.count_without((7,)))
        True
        """
        total, log2, comb = self.total, math.log2, math.comb
        losses = []
        for _, _, cells, between in self.runs:
            count = total // comb(between, len(cells)) * comb(between - 1, len(cells))
            losses.append(base - log2(count) if count else math.inf)
        return losses

    def run_at(self, card: int) -> int | None:
        """The position of the run whose bounds ``card`` lies strictly between, if any."""
        at = bisect_left(self.lows, card) - 1
        return at if at >= 0 and card < self.runs[at][1] else None

    def _losses(self, removed: tuple[int, ...]) -> dict[int, int]:
        """How many of ``removed`` each run loses, for the runs that lose some, by position."""
        losses: dict[int, int] = {}
        for gone in removed:
            at = self.run_at(gone)
            if at is not None:
                losses[at] = losses.get(at, 0) + 1
        return losses


def _close(
    runs: list[tuple[int, int, tuple[int, ...], int]],
    pool: tuple[int, ...],
    low: int,
    high: int,
    cells: list[int],
) -> int:
    """Add the run of ``cells`` between ``low`` and ``high`` to ``runs``; its completions."""
    between = bisect_left(pool, high) - bisect_right(pool, low)
    runs.append((low, high, tuple(cells), between))
    return math.comb(between, len(cells))
