"""HeuristicBot: safe, cheap placements that keep the most completions.

>>> import random
>>> from tranquility_solver.game import new_game
>>> state = new_game(2, seed=4, rules="published")
>>> action = HeuristicBot().choose(state.observation(0), random.Random(0))
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from ..completion import count as counting
from ..completion import fast
from ..game.actions import Action, Discard, Finish, Play, Share, Start
from ..game.choices import FINISH, START, is_island
from ..game.legal import LegalActions
from ..game.state import Observation
from ..grid import CELL_NAMES, Cells, Grid
from ..hints import PlaySafety
from ..placement import order_bounds, pool_without
from ..rules import Rules
from .gaps import LINES, LineSplit, line_gap, line_split, split_gap
from .runs import CompletionRuns, RunSplit
from .turns import check_turn

__all__ = ["HeuristicBot", "PlayPenalty"]

PlayPenalty = Callable[[int, int, int], float]
"""Bits a play loses beyond its cost, by ``(cell index, card, cost)``."""


_NEVER = 1e9
"""Usefulness of a card the bot must not give away."""
_USELESS = -1e9
"""Usefulness of a card that can never be played (a start card after the first)."""


def _log_count(cells: tuple[int | None, ...], pool: tuple[int, ...], rules: Rules) -> float:
    """log2 of the number of completions; -inf when there is none."""
    total = counting.count(cells, pool, rules.order)
    return math.log2(total) if total else -math.inf


@dataclass(frozen=True)
class HeuristicBot:
    """Plays safe, cheap placements that keep the most completions.

    The pool is every island card the bot cannot rule out (``observation.unknown_cards()``) plus
    its own hand; a play is *safe* when the grid stays completable from that pool after it and
    its payment. Payments and discards give up the cards whose loss hurts least; one finish card
    is always kept, spare start cards go first.

    When the order is one sequence (`published`) the candidates are the core's
    :func:`~tranquility_solver.hints.safe_placements`, scored by ``log2`` of the number of
    completions afterwards (exact and cheap there: a product of binomials) minus ``cost_weight``
    bits per card paid, plus ``placement_bonus``; the discard action competes with its own count
    and two cards' cost. Otherwise (`seed`, where counting is a slow dynamic programme) every
    legal play is scored by an estimate in cards: the cards paid now, ``wedge_weight`` times
    what the play adds to the estimated cost of closing the gaps in rows and columns, and
    ``fit_weight`` per spacing the card sits away from the value an even spread would give the
    cell; the best plays are then checked with the core's fast completability engine until one
    is safe, and it beats the discard action (two cards) when its total is lower.
    With no safe placement it discards, or failing that makes the cheapest legal play; with
    :func:`~tranquility_solver.hints.dead_cells` on the grid the game is lost and it stops
    looking for safe plays.

    >>> HeuristicBot().name
    'heuristic'
    """

    name: str = "heuristic"
    cost_weight: float = 1.0
    placement_bonus: float = 5.0
    wedge_weight: float = 1.0
    fit_weight: float = 2.0

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        del rng  # deterministic: same observation, same action
        check_turn(observation, self.name)
        legal = observation.lazy_legal_actions()
        only = legal.single()
        if only is not None:
            return only
        if Finish() in legal:
            return Finish()
        if Start() in legal:
            return Start()  # it must be played before the finish, and it takes no cell
        context = _Context.of(observation)
        if observation.phase == "share":
            return self._share(observation, context, legal)
        return self._turn(observation, context, legal)

    def _share(self, observation: Observation, context: _Context, legal: Sequence[Action]) -> Share:
        sizes = [len(action.cards) for action in legal if isinstance(action, Share)]
        low, high = min(sizes), max(sizes)
        fair = math.ceil(observation.share_left / (observation.later_players + 1))
        # Cards that are of no use anyway are given beyond the fair share.
        spare = sum(
            1
            for card, copy in _numbered(observation.hand)
            if context._rank(card, copy)[0] <= _USELESS
        )
        wanted = max(low, min(high, max(fair, spare)))
        return Share._of(context.least_useful(observation.hand, wanted))  # sorted

    def _turn(self, observation: Observation, context: _Context, legal: LegalActions) -> Action:
        counting = context.rules.order.chain is not None
        discard: tuple[float, Action] | None = None
        if legal.count_of(Discard):
            dropped = context.least_useful(observation.hand, 2)
            score = 0.0
            if counting:
                score = context.log_count_without(dropped)
            # least_useful gives the cards sorted, as an action keeps them.
            discard = (score - 2 * (self.cost_weight if counting else 1.0), Discard._of(dropped))
        play = (
            self._counted(observation, context, legal)
            if counting
            else self._estimated(context, legal)
        )
        choices = [choice for choice in (discard, play) if choice is not None]
        best = max(choices, key=lambda choice: choice[0], default=None)
        if best is not None and best[0] > -math.inf:
            return best[1]
        # Nothing keeps the grid completable: the game is lost unless the unknown cards were
        # misjudged, so take the cheapest legal action and carry on.
        return min(legal, key=_cheapness)

    def _counted(
        self, observation: Observation, context: _Context, legal: LegalActions
    ) -> tuple[float, Play] | None:
        """Best safe play by exact count (bits of completions, minus bits per card paid).

        The plays looked at are those :func:`~tranquility_solver.hints.safe_placements` lists
        (no safe play: discarding keeps every chance the grid still has, so none is offered):
        the placements of ``legal``, the decision's legal actions, that the island cards alone
        can pay for. A play whose count is zero is unsafe and scores minus infinity, which never
        beats a safe one and, alone, counts as no play. A play with a count is safe when its
        payment is island cards only (the payment itself keeps a completion), so only the
        plays that take the lead and pay with a start or finish card are checked for safety.
        A grid with no completion left (dead cells or not) leaves every play unsafe: no play,
        without looking."""
        island = sorted({card for card in observation.hand if is_island(card)})
        runs = context.runs
        if not island or runs is None or not runs.total:
            return None
        safety: PlaySafety | None = None
        penalty = self._play_penalty(context.grid.cells, context.rules)
        bonus, cost_weight = self.placement_bonus, self.cost_weight
        log2, comb = math.log2, math.comb
        payment, split_after = context.payment, runs.split_after
        place, run_of = runs.place, runs.run_of
        affordable = len(island)
        best_score, best_card, best_index = -math.inf, 0, 0
        best_paid: tuple[int, ...] | None = None  # None: no play leads yet
        # The plays come by card, then cost, then cell; of equal scores the play of the lowest
        # card, then cell, is kept. Per card and cost: its payment, and per run what counting
        # its cells needs (None: the bot will not pay it).
        last_card = last_cost = -1
        paid: tuple[int, ...] | None = None
        splits: dict[int, RunSplit] = {}
        for card, cost, index in legal.placements():
            if cost >= affordable:
                continue
            if cost != last_cost or card != last_card:
                last_card, last_cost = card, cost
                paid, splits = payment(card, cost), {}
            if paid is None:
                continue
            run = run_of[index]
            split = splits.get(run)
            if split is None:
                split = splits[run] = split_after(index, card, (card, *paid))
            rest, lower, between, last = split
            before = place[index]
            # CompletionRuns.count_after, its pieces kept per card and cost.
            total = rest * comb(lower, before) * comb(between - lower, last - before)
            if not total:
                # Unsafe (the pool without the card and its payment completes the grid no
                # more), and minus infinity never leads.
                continue
            score = log2(total) + bonus
            score -= cost * cost_weight
            if penalty is not None:
                score -= penalty(index, card, cost)
            if best_paid is not None and (
                score < best_score
                or (score == best_score and (card != best_card or index > best_index))
            ):
                continue  # safe or not, it does not take the lead: spare the safety check
            if cost and not all(map(is_island, paid)):
                # A payment of island cards alone that keeps a completion is its own proof
                # of safety (the check asks for some ``cost`` island cards to give up), so
                # only a payment with a start or finish card in it is checked.
                if safety is None:
                    # The context's pool is the unknown cards and the island cards, checked
                    # and sorted: what ``PlaySafety.of`` would make of them, without the checks.
                    safety = PlaySafety(context.grid, context.rules, tuple(island), context.pool)
                if safety.discards(card, index, cost) is None:
                    continue
            best_score, best_card, best_index, best_paid = score, card, index, paid
        if best_paid is None or best_score == -math.inf:
            return None
        # Payments are sorted, as an action keeps them.
        return best_score, Play._of(best_card, CELL_NAMES[best_index], best_paid)

    def _play_penalty(self, cells: Cells, rules: Rules) -> PlayPenalty | None:
        """Bits a counted play loses beyond its cost, as ``penalty(index, card, cost)``, for one
        decision on ``cells``; none here (a subclass's hook: ``SequencePlanner``)."""
        del cells, rules
        return None

    def _estimated(self, context: _Context, legal: LegalActions) -> tuple[float, Play] | None:
        """Best play by estimated cards (`seed`): scored cheaply first, then the best ones
        checked for completability from the cards the bot cannot rule out, until one passes.
        The check is the core's fast engine, as in ``safe_placements``, but on the payment
        this bot chose; stopping at the first pass saves most of the checks. The plays are
        those of ``legal``, the decision's legal actions."""
        if context.dead:
            return None
        cells, pool = context.grid.cells, context.pool
        release, deadline = context.windows.release, context.windows.deadline
        # Best first: by score, then card, then cell (each pair once, so `paid` never decides).
        scored: list[tuple[float, int, int, tuple[int, ...]]] = []
        wedge_weight, fit_weight = self.wedge_weight, self.fit_weight
        estimate = context.estimate
        payment = context.payment
        for card, cost, index in legal.placements():
            paid = payment(card, cost)
            if paid is None:
                continue
            slot = bisect_left(pool, card)
            if not release[index] <= slot <= deadline[index]:
                # Every completion from the pool gives the cell a number of its window, so
                # none has this card there: the check below would fail, whatever is paid.
                # About half the plays of a position go here, unscored.
                continue
            gap_change, misfit = estimate(index, card, slot)
            # The cost paid now was part of the estimate before: count it once.
            wedged = gap_change + cost
            score = -wedge_weight * wedged - fit_weight * misfit
            scored.append((-(score - cost), card, index, paid))
        scored.sort()
        for negated, card, index, paid in scored:
            after = (*cells[:index], card, *cells[index + 1 :])
            pool = pool_without(context.pool, (card, *paid))
            if fast.feasible(after, pool, context.rules.order):
                return (-negated, Play._of(card, CELL_NAMES[index], paid))
        return None


def _cheapness(action: Action) -> tuple[int, str]:
    if isinstance(action, Play):
        return (len(action.discards), str(action))
    if isinstance(action, Discard):
        return (2, str(action))
    return (0, str(action))


class _Counted(NamedTuple):
    """What a decision under a total order counts before it looks at the hand: the pool
    (``observation.possible_cards()``), the grid's completion runs from it, ``log2`` of their
    count (the base of every card's usefulness) and each run's loss of one card
    (:meth:`CompletionRuns.log_losses`; empty without completions).

    They depend on the grid, the rules and the discards the player sees, not on the hand:
    every hand on a grid with the same discards in sight shares them, and the grid keeps them
    (a search meets a grid again and again; the partner model reads each past decision under
    every choice of the cards drawn after it, and in worlds whose discards agree)."""

    pool: tuple[int, ...]
    runs: CompletionRuns | None
    base: float
    losses: list[float]

    @classmethod
    def of(cls, observation: Observation) -> _Counted:
        rules, grid = observation.rules, observation.grid
        table: dict[tuple[tuple[int, ...], tuple[int, ...]], _Counted]
        kept = grid.__dict__.get(_COUNTED)
        if kept is None or kept[0] is not rules:
            table = {}
            grid.__dict__[_COUNTED] = (rules, table)
        else:
            table = kept[1]
        key = (observation.discarded, observation.own_discards)  # the pool reads these and cells
        found = table.get(key)
        if found is None:
            found = table[key] = cls._counted(grid, observation.possible_cards(), rules)
        return found

    @classmethod
    def _counted(cls, grid: Grid, pool: tuple[int, ...], rules: Rules) -> _Counted:
        chain = rules.order.chain
        assert chain is not None  # asked only under a total order
        runs = CompletionRuns.of(grid.cells, pool, chain)
        if runs is None:
            return cls(pool, None, _log_count(grid.cells, pool, rules), [])
        base = math.log2(runs.total) if runs.total else -math.inf
        # Losing one card costs only its run's completions: one loss per run.
        return cls(pool, runs, base, runs.log_losses(base) if runs.total else [])


_COUNTED = "_heuristic_counted"
"""The key a grid keeps its :class:`_Counted` facts under in its instance dictionary, per
discards seen, for the rules asked last (as the openings are kept)."""


@dataclass(frozen=True)
class _Context:
    """What the heuristic derives once per decision from an observation."""

    rules: Rules
    grid: Grid
    hand: tuple[int, ...]
    pool: tuple[int, ...]
    runs: CompletionRuns | None
    """The grid's runs under a total order (`published`), ``None`` for other orders (and for a
    grid against the order)."""
    usefulness: dict[int, float]
    payments: dict[tuple[int, int], tuple[int, ...] | None] = field(default_factory=dict)
    cells: dict[int, tuple[float, LineSplit, LineSplit, float, float]] = field(default_factory=dict)
    """Per cell asked about (:meth:`estimate`): what its row and column add to the gap
    estimate, the two lines cut around it, the pool slot an even spread gives it and the
    spacing (at least one) its misfit is counted in."""

    @classmethod
    def of(cls, observation: Observation) -> _Context:
        rules, grid, hand = observation.rules, observation.grid, observation.hand
        usefulness: dict[int, float] = {}
        counted = (
            _Counted.of(observation)
            if rules.order.chain is not None
            else _Counted(observation.possible_cards(), None, 0.0, [])
        )
        pool, runs, base, losses = counted
        context = cls(rules, grid, hand, pool, runs, usefulness)
        for card in set(hand):
            if card == START:
                usefulness[card] = _USELESS if observation.start_played else _NEVER
            elif card == FINISH:
                usefulness[card] = _NEVER  # see _rank: spare copies may go
            elif rules.order.chain is None:
                # Counting is slow for `seed`: how many cells' windows could take the card.
                windows = context.windows
                slot = bisect_left(pool, card)
                usefulness[card] = float(
                    sum(
                        1
                        for cell in windows.empties
                        if windows.release[cell] <= slot <= windows.deadline[cell]
                    )
                )
            elif runs is not None and runs.total:
                at = runs.run_at(card)
                usefulness[card] = 0.0 if at is None else losses[at]  # no run: nothing lost
            else:
                usefulness[card] = base - context.log_count_without((card,))
        return context

    def log_count_without(self, cards: tuple[int, ...]) -> float:
        """:func:`_log_count` of the grid from the pool without ``cards`` (hand cards)."""
        runs = self.runs
        if runs is None:
            return _log_count(self.grid.cells, pool_without(self.pool, cards), self.rules)
        total = runs.count_without(cards)
        return math.log2(total) if total else -math.inf

    def least_useful(self, cards: Sequence[int], count: int) -> tuple[int, ...]:
        """The ``count`` cards whose loss hurts least; one finish card is always kept last."""
        if cards is self.hand:
            ranked = self.ranked_hand  # ranked once a decision: payments read it too
        else:
            ranked = sorted((self._rank(card, copy), card) for card, copy in _numbered(cards))
        return tuple(sorted(card for _, card in ranked[:count]))

    def payment(self, card: int, cost: int) -> tuple[int, ...] | None:
        """The cards to pay ``cost`` for playing ``card``, or ``None`` if that means giving up
        a card the bot keeps at all costs; memoised per decision."""
        key = (card, cost)
        if key not in self.payments:
            # An island card is the only one of its number: leaving it out, the other cards of
            # the hand keep their copy numbers, so their ranks, and the hand is ranked once.
            cheapest = [entry for entry in self.ranked_hand if entry[1] != card][:cost]
            needed = any(rank >= _NEVER for (rank, _), _ in cheapest)
            self.payments[key] = None if needed else tuple(sorted([c for _, c in cheapest]))
        return self.payments[key]

    @cached_property
    def ranked_hand(self) -> list[tuple[tuple[float, int], int]]:
        """The hand from the card whose loss hurts least, as :meth:`least_useful` ranks it."""
        return sorted((self._rank(card, copy), card) for card, copy in _numbered(self.hand))

    def needed(self, cards: Sequence[int], count: int) -> bool:
        """Whether giving up ``count`` of ``cards`` must include one the bot keeps at all costs."""
        ranks = sorted(self._rank(card, copy)[0] for card, copy in _numbered(cards))
        return any(rank >= _NEVER for rank in ranks[:count])

    def _rank(self, card: int, copy: int) -> tuple[float, int]:
        if card == FINISH:
            # One finish card is needed to win; `seed` has only one in the whole game.
            spare = copy > 0 and self.rules.finish_cards > 1
            return (_USELESS if spare else _NEVER, card)
        return (self.usefulness[card], card)

    def estimate(self, index: int, card: int, slot: int) -> tuple[float, float]:
        """For ``card`` on the empty cell ``index``: :func:`~.gaps.gap_change` of the grid, and
        how far the card sits from the value an even spread would give the cell, in units of
        the spacing of the pool numbers between the cell's filled bounds; ``slot`` is the
        card's place in the pool (``bisect_left``).

        What the cell alone decides is worked out once per cell and decision: its row and
        column cut around it (:func:`~.gaps.line_split`), so that a card adds only the terms
        that read it, and its spread."""
        found = self.cells.get(index)
        if found is None:
            found = self.cells[index] = self._cell(index)
        before, across, up, ideal, unit = found
        return (
            split_gap(across, card) + split_gap(up, card) - before,
            abs(slot - ideal) / unit,
        )

    def _cell(self, index: int) -> tuple[float, LineSplit, LineSplit, float, float]:
        row, column = divmod(index, 6)
        cells, pool = self.grid.cells, self.pool
        low, high = self.bounds[index]
        low_slot, high_slot = bisect_right(pool, low), bisect_left(pool, high)
        below = self.windows.release[index] - low_slot
        above = high_slot - 1 - self.windows.deadline[index]
        spacing = (high_slot - low_slot) / (below + above + 1)
        return (
            self.line_gaps[row] + self.line_gaps[6 + column],
            line_split(cells[row * 6 : row * 6 + 6], column),
            line_split(cells[column::6], row),
            low_slot + spacing * (below + 0.5),
            max(1.0, spacing),
        )

    @cached_property
    def windows(self) -> fast.Windows:
        return fast.windows(self.grid.cells, self.pool, self.rules.order)

    @cached_property
    def line_gaps(self) -> list[float]:
        """What each row, then each column, adds to the gap estimate (:data:`~.gaps.LINES`)."""
        cells = self.grid.cells
        return [line_gap(cells[start : start + 6 * step : step]) for start, step in LINES]

    @cached_property
    def dead(self) -> bool:
        """Whether some empty cell can take no number of the pool (the grid cannot be
        completed): :func:`~tranquility_solver.hints.dead_cells`, read from :attr:`windows`."""
        windows = self.windows
        return any(windows.release[cell] > windows.deadline[cell] for cell in windows.empties)

    @cached_property
    def bounds(self) -> list[tuple[int, int]]:
        """Per cell: its highest filled lower cell and its lowest filled higher cell, over the
        whole order (all cells below and above, not only the neighbours the `seed` order rule
        compares)."""
        return order_bounds(self.grid.cells, self.rules, transitive=True)


def _numbered(cards: Sequence[int]) -> list[tuple[int, int]]:
    """Each card with how many equal cards came before it (start/finish cards repeat)."""
    seen: dict[int, int] = {}
    numbered = []
    for card in cards:
        numbered.append((card, seen.get(card, 0)))
        seen[card] = seen.get(card, 0) + 1
    return numbered
