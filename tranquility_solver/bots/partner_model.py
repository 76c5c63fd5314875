"""Worlds weighted by what the partner's play says of their hand: a partner who plays as a
known policy chose what it did because of the cards it held.

:func:`~.inferred_worlds.sample_inferred_worlds` reads one fact of the partner's face-down
discards. A partner that plays as a deterministic policy (SearchBot's own, PlannerBot, outside
its end-game search and as the search's default inside it) says much more:

- it never gives away a finish card while the grid is not full, so it keeps every one it
  draws: at the end of development games the true partner held one in 90% of positions, the
  inferred worlds in 33% (``without_finish``, the likelihood ratio of a world where it holds
  none, 0.05);
- in a world where the policy, holding that world's partner hand, would not have made the
  partner's last decisions, the world is unlikely. :func:`partner_turns` reads those decisions
  from what one player saw at their own turns (their observations and actions, in order).

:meth:`PartnerModel.sample` draws ``pool`` times as many inferred worlds as asked for, weights
each by the finish card and by the product over the partner's decisions of ``epsilon`` or 1
(the policy, in the world's reconstructed partner position, chose otherwise or what the
partner did), and keeps ``n`` of them by weighted sampling without replacement.

The partner's hand at a past decision is the world's hand then: their later hand, plus what
they played and paid (the world's cards in those face-down discard places), less what they
drew since — which cards of the later hand were drawn is not determined, so the weight
averages over every choice (:meth:`PartnerModel.weight`).

>>> import random
>>> from tranquility_solver.game import new_game
>>> from tranquility_solver.bots.planner import PLANNER
>>> state = new_game(2, seed=3, rules="published")
>>> history = [(state.observation(0), PLANNER.choose(state.observation(0), random.Random(0)))]
>>> state = state.apply(history[0][1])
>>> state = state.apply(PLANNER.choose(state.observation(1), random.Random(0)))
>>> turns = partner_turns(history, state.observation(0), depth=2)
>>> len(turns), PartnerModel(without_finish=1.0).weight(state, turns, random.Random(0))
(1, 1.0)
"""

from __future__ import annotations

import heapq
import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import TranquilityError
from ..game.actions import Action, Discard, Play
from ..game.choices import FINISH, discards_public, sort_hand
from ..game.records import Bot
from ..game.state import GameState, Observation
from ..grid import CELL_INDEX, Grid
from .inferred_worlds import sample_inferred_worlds
from .planner import PLANNER

__all__ = ["PARTNER_MODEL", "PartnerModel", "PartnerTurn", "partner_turns"]

Seen = tuple[Observation, Action]
"""One of a player's own decisions: what they saw, what they did."""


@dataclass(frozen=True)
class PartnerTurn:
    """What one player saw of one decision of their (only) partner, between two of their own
    turns: ``before``, their observation at their turn before it; ``mine``, their action then;
    ``after``, their observation at their next turn.

    >>> import random
    >>> from tranquility_solver.game import new_game, parse_action
    >>> state = new_game(2, seed=3, rules="published")
    >>> mine = parse_action("discard 21 33")
    >>> after = state.apply(mine).apply(parse_action("discard 26 28"))
    >>> turn = PartnerTurn(state.observation(0), mine, after.observation(0))
    >>> turn.seat, turn.played, turn.paid, turn.drawn
    (1, None, 2, 2)
    """

    before: Observation
    mine: Action
    after: Observation
    seat: int = field(init=False)
    pile: int = field(init=False)
    """The discard pile's length when the partner decided."""
    paid: int = field(init=False)
    """Cards the partner put on the pile (a play's cost, or a discard's two)."""
    played: tuple[int, str] | None = field(init=False)
    """The card the partner played and its cell, or ``None`` for a discard."""
    drawn: int = field(init=False)
    """Cards the partner drew after it."""
    grid: Grid = field(init=False, compare=False, repr=False)
    """The grid the partner saw: the same in every world, so it is built (and its openings
    worked out) once, not once per world weighed."""

    def __post_init__(self) -> None:
        before, after = self.before, self.after
        seat = 1 - before.player
        pile = before.discard_count + _paid_by(self.mine)
        new = set(after.grid.empty_cells) ^ set(before.grid.empty_cells)
        if isinstance(self.mine, Play):
            new.discard(self.mine.cell)
        played = None
        if len(new) == 1:
            cell = new.pop()
            card = after.grid[cell]
            assert card is not None
            played = (card, cell)
        elif new:
            raise TranquilityError("more than one cell filled by the partner in one turn")
        grid = after.grid
        if played is not None:
            cells = list(grid.cells)
            cells[CELL_INDEX[played[1]]] = None
            grid = Grid(tuple(cells))
        facts = {
            "grid": grid,
            "seat": seat,
            "pile": pile,
            "paid": after.discard_count - pile,
            "played": played,
            "drawn": before.deck_sizes[seat] - after.deck_sizes[seat],
        }
        for name, value in facts.items():
            object.__setattr__(self, name, value)

    def partner_view(self, world: GameState, hand: tuple[int, ...]) -> Observation:
        """What the partner saw at this decision in ``world`` (a world of ``after``), holding
        ``hand``."""
        before, after, seat = self.before, self.after, self.seat
        pile = world.discards[: self.pile]
        me = before.player
        hand_sizes = [0, 0]
        hand_sizes[me], hand_sizes[seat] = len(after.hand), len(hand)
        deck_sizes = [0, 0]
        deck_sizes[me], deck_sizes[seat] = after.deck_sizes[me], before.deck_sizes[seat]
        return Observation(
            rules=after.rules,
            player=seat,
            players=2,
            current_player=seat,
            turn=before.turn + 1,
            phase="play",
            grid=self.grid,
            hand=hand,
            hand_sizes=tuple(hand_sizes),
            deck_sizes=tuple(deck_sizes),
            discarded=tuple(card for _, card in pile) if discards_public(after.rules) else (),
            discard_count=self.pile,
            own_discards=sort_hand([card for who, card in pile if who == seat]),
            start_played=before.start_played,
            share_left=0,
            later_capacity=0,
            later_players=0,
            outcome=None,
            discard_players=after.discard_players[: self.pile],
            start_player=before.start_player,
            start_bounds=before.start_bounds,
        )

    def action_in(self, world: GameState) -> Play | Discard:
        """The partner's action in ``world``: the public part, with the world's cards in the
        face-down discard places."""
        paid = tuple(card for _, card in world.discards[self.pile : self.pile + self.paid])
        if self.played is None:
            return Discard(paid)
        return Play(self.played[0], self.played[1], paid)


def _paid_by(action: Action) -> int:
    if isinstance(action, Play):
        return len(action.discards)
    return len(action.cards) if isinstance(action, Discard) else 0


def _follows(before: Observation, mine: Action, after: Observation) -> bool:
    """Whether exactly one ordinary partner turn lies between two of a player's turns of one
    game: the grid only gained the player's card and at most one more, the pile only their
    payment and the partner's."""
    if not (
        before.players == 2
        and after.player == before.player
        and after.turn == before.turn + 2
        and before.phase == after.phase == "play"
        and before.start_played == after.start_played
        and after.outcome is None
        and isinstance(mine, (Play, Discard))
    ):
        return False
    pile = before.discard_count + _paid_by(mine)
    mine_placed = {CELL_INDEX[mine.cell]} if isinstance(mine, Play) else set()
    changed = {
        index
        for index, (then, now) in enumerate(zip(before.grid.cells, after.grid.cells, strict=True))
        if then != now
    }
    return (
        after.discard_players[: before.discard_count] == before.discard_players
        and set(after.discard_players[before.discard_count : pile]) <= {before.player}
        and set(after.discard_players[pile:]) <= {1 - before.player}
        and len(after.discard_players) >= pile
        and all(before.grid.cells[index] is None for index in changed)
        and mine_placed <= changed
        and len(changed - mine_placed) <= 1
    )


def partner_turns(history: Sequence[Seen], now: Observation, depth: int) -> tuple[PartnerTurn, ...]:
    """The partner's last decisions (at most ``depth``, the latest first) that lie between the
    player's own decisions in ``history`` (oldest first) and ``now``: only ordinary turns of a
    two-player game, and only back to the first turn that is not one (a start card, a share).
    """
    turns: list[PartnerTurn] = []
    after = now
    for before, mine in reversed(history):
        if len(turns) >= depth or not _follows(before, mine, after):
            break
        turn = PartnerTurn(before, mine, after)
        if turn.played is None and turn.paid != 2:
            break
        turns.append(turn)
        after = before
    return tuple(turns)


@dataclass(frozen=True)
class PartnerModel:
    """How likely a world makes what the partner did, the partner playing as ``policy`` (see
    the module docstring): a world where they hold no finish card weighs ``without_finish``,
    each of their decisions the policy would not have made in the world ``epsilon`` (both
    measured on development deals, ``docs/odds.md``); :meth:`sample` keeps ``n`` of
    ``pool * n`` inferred worlds.

    >>> PARTNER_MODEL.epsilon, PARTNER_MODEL.without_finish
    (0.05, 0.05)
    """

    policy: Bot = PLANNER
    epsilon: float = 0.05
    pool: int = 6
    without_finish: float = 0.05
    """The weight of a world where the partner holds no finish card (the policy never gives
    one away while the grid is not full, so true partners almost always hold one)."""

    def __post_init__(self) -> None:
        if not 0 < self.epsilon <= 1:
            raise TranquilityError(f"epsilon must be in (0, 1], got {self.epsilon!r}")
        if not 0 < self.without_finish <= 1:
            raise TranquilityError(f"without_finish must be in (0, 1], got {self.without_finish!r}")
        if self.pool < 1:
            raise TranquilityError(f"the pool needs 1 world per world or more, not {self.pool!r}")

    def weight(self, world: GameState, turns: Sequence[PartnerTurn], rng: random.Random) -> float:
        """``without_finish`` or 1, as the partner (the player not to move when there are no
        ``turns``) holds no finish card in ``world`` or one, times the product over ``turns``
        (the latest first) of ``epsilon`` or 1, as the policy in ``world``'s partner position
        at that decision chose otherwise or the same, averaged over which of the partner's
        cards were drawn after each decision: over every choice while the policy agrees with
        each later decision, over one choice drawn from ``rng`` once it disagrees (the mean is
        then that small, and stays unbiased)."""
        kept = self._finish_weight(world, turns)
        if not turns:
            return kept
        return kept * self._mean(world, turns, list(world.hands[turns[0].seat]), rng, every=True)

    def _finish_weight(self, world: GameState, turns: Sequence[PartnerTurn]) -> float:
        """``without_finish`` or 1: the cheap part of :meth:`weight`, and a bound on it."""
        partner = 1 - world.current_player if not turns else turns[0].seat
        return 1.0 if FINISH in world.hands[partner] else self.without_finish

    def _mean(
        self,
        world: GameState,
        turns: Sequence[PartnerTurn],
        later: list[int],
        rng: random.Random,
        every: bool,
    ) -> float:
        """The weight of ``turns`` given the partner's hand ``later`` after the first of them
        (and its draw)."""
        if not turns:
            return 1.0
        turn, *earlier = turns
        if every:
            choices = list(itertools.combinations(range(len(later)), turn.drawn))
        else:
            choices = [tuple(rng.sample(range(len(later)), turn.drawn))]
        total = 0.0
        for drawn in choices:
            held = [card for i, card in enumerate(later) if i not in drawn]
            factor = self._factor(world, turn, held)
            total += factor * self._mean(world, earlier, held, rng, every and factor == 1.0)
        return total / len(choices)

    def _factor(self, world: GameState, turn: PartnerTurn, held: list[int]) -> float:
        """``epsilon`` or 1 for one decision, the partner holding ``held`` after it and before
        drawing; ``held`` becomes their hand at the decision."""
        action = turn.action_in(world)
        if isinstance(action, Play):
            held.extend((action.card, *action.discards))
        else:
            held.extend(action.cards)
        view = turn.partner_view(world, sort_hand(held))
        legal = view.lazy_legal_actions()
        chosen = self.policy.choose(view, random.Random(0)) if legal else None
        return 1.0 if chosen == action else self.epsilon

    def sample(
        self, observation: Observation, turns: Sequence[PartnerTurn], n: int, seed: int | None
    ) -> tuple[GameState, ...]:
        """``n`` worlds consistent with ``observation``: ``n`` of ``pool * n`` worlds of
        :func:`~.inferred_worlds.sample_inferred_worlds`, drawn without replacement with
        chances in proportion to :meth:`weight` (keys ``u ** (1 / weight)``, the largest kept,
        in the order drawn); the same seed gives the same worlds.

        A weight is at most its finish card's part, so a world's key is at most ``u`` raised to
        that part's inverse: the worlds are weighed in decreasing order of that bound, and only
        until no world left could still be kept (the policy's reading of the partner's
        decisions is what costs; many worlds are never read)."""
        if n <= 0:
            return ()
        candidates = sample_inferred_worlds(observation, self.pool * n, seed=seed)
        rng = random.Random(seed)
        # Drawn for every world up front, so the worlds kept do not depend on which are weighed.
        logs = [math.log(1.0 - rng.random()) for _ in candidates]
        seeds = [rng.getrandbits(64) for _ in candidates]
        bounds = [
            log / self._finish_weight(world, turns)
            for log, world in zip(logs, candidates, strict=True)
        ]
        kept: list[tuple[float, int]] = []  # the largest keys so far, the smallest first
        for index in sorted(range(len(candidates)), key=lambda i: -bounds[i]):
            if len(kept) == n and bounds[index] < kept[0][0]:
                break
            weight = self.weight(candidates[index], turns, random.Random(seeds[index]))
            key = (logs[index] / weight, index)
            if len(kept) < n:
                heapq.heappush(kept, key)
            elif key > kept[0]:
                heapq.heapreplace(kept, key)
        return tuple(candidates[index] for index in sorted(index for _, index in kept))


PARTNER_MODEL = PartnerModel()
"""The partner model SearchBot uses: its own policy; ``without_finish`` the measured likelihood
ratio, ``epsilon`` small because the search rarely overrides the policy (0 of 104 end-game
decisions on 6 development games; not tuned)."""
