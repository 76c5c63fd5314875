"""Games whose every seat picks uniformly among the legal actions, stepped on plain lists.

A seat that draws uniformly needs only how many legal actions there are and the one it drew:
:class:`~tranquility_solver.bots.RandomBot`, the baseline of every simulation, is such a seat.
Its games need no observation and no legal action but the one drawn, so :func:`play_uniformly`
keeps the hands and decks as lists, counts the plays with
:class:`~tranquility_solver.placement_masks.PlacementMasks` (per card, the cells it fits; one
``bit_count`` per cost) without listing their payments (for a hand holding a start or finish
card twice, the distinct ones are counted, as the listing gives them), and builds only the
action it records.
The ordinary turn (a play or the discard action) is applied here; the rest (the start card and
its share round, the finish card) goes through :meth:`GameState.apply`, which stays the rules'
one statement. The draw is the one ``rng.choice`` makes over the legal actions, so a game is
the same action for action as :func:`~tranquility_solver.game.records.play_game` stepping the
public states (a test plays both ways over every preset and player count).

>>> import tranquility_solver as tq
>>> from tranquility_solver.game.records import bot_rng
>>> state = tq.new_game(2, seed=3, rules="published")
>>> actions, outcome, turns = play_uniformly(state, bot_rng(3))
>>> actions[:2], outcome, turns
([(0, 'play 33 e5'), (1, 'play 28 a1')], 'lost: a player ran out of cards', 41)
>>> tq.play_game([tq.RandomBot()] * 2, seed=3, rules="published").actions[:2]
((0, 'play 33 e5'), (1, 'play 28 a1'))
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from ..grid import CELL_NAMES
from ..placement_masks import PlacementMasks
from .actions import Action, discard_text, play_text
from .choices import (
    DISCARD_ACTION_CARDS,
    FINISH,
    HAND_SIZE,
    LOSS_NO_ACTION,
    LOSS_OUT_OF_CARDS,
    START,
    is_island,
)
from .legal import distinct_subsets, start_and_finish
from .observation import Outcome

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["picks_uniformly", "play_uniformly"]


def picks_uniformly(bots: Sequence[object]) -> bool:
    """Whether every seat declares that it draws uniformly among the legal actions, with
    ``rng.choice`` over ``observation.lazy_legal_actions()`` and nothing else: its class sets
    ``picks_uniformly = True`` itself (a subclass, which may choose otherwise, must say so again).

    >>> import tranquility_solver as tq
    >>> picks_uniformly([tq.RandomBot(), tq.RandomBot()]), picks_uniformly([tq.HeuristicBot()])
    (True, False)
    """
    return all(type(bot).__dict__.get("picks_uniformly") is True for bot in bots)


@cache
def _positions(count: int, size: int) -> tuple[tuple[int, ...], ...]:
    """The ``size``-subsets of positions ``0…count-1``, in the order ``combinations`` lists the
    subsets of a sorted hand: the payment or discard a draw names, without listing the others."""
    return tuple(combinations(range(count), size))


@cache
def _choose(count: int) -> tuple[int, ...]:
    """``comb(count, size)`` per ``size`` (0…count): the payments of each cost from ``count``
    distinct cards."""
    return tuple(comb(count, size) for size in range(count + 1))


class _Lists:
    """The position of a game as mutable lists, and the public state it was last unpacked from
    (whose other fields it keeps: phase, share round, who played the start card)."""

    __slots__ = (
        "bounds",
        "decks",
        "discards",
        "hands",
        "masks",
        "outcome",
        "own_counts",
        "public",
        "seat",
        "start_played",
        "turn",
    )

    def __init__(self, state: GameState, masks: PlacementMasks | None = None) -> None:
        self.public = state
        self.hands = [list(hand) for hand in state.hands]
        self.decks = [list(deck) for deck in state.decks]
        self.discards = list(state.discards)
        self.own_counts = [len(cards) for cards in state.player_discards]
        """Cards each player has discarded (what their start card's proof counts)."""
        self.bounds = list(state.start_bounds)
        if masks is None or masks.cells != state.grid.cells:
            masks = PlacementMasks.of(state.grid, state.rules)
        self.masks = masks
        """Where the cards go (``masks``: kept from the lists before, when the grid is the
        same: start, share and finish place no card)."""
        self.start_played = state.start_played
        self.seat = state.current_player
        self.turn = state.turn
        self.outcome = "" if state.outcome is None else str(state.outcome)

    def packed(self) -> GameState:
        """The public state these lists stand for."""
        return dataclasses.replace(
            self.public,
            hands=tuple(map(tuple, self.hands)),
            decks=tuple(map(tuple, self.decks)),
            discards=tuple(self.discards),
            grid=self.masks.grid(),
            current_player=self.seat,
            turn=self.turn,
            start_bounds=tuple(self.bounds),
        )


def play_uniformly(state: GameState, rng: random.Random) -> tuple[list[tuple[int, str]], str, int]:
    """Play ``state`` to its end with seats that :func:`picks_uniformly`, drawing from ``rng``
    as they do: the actions as ``(player, text)``, the outcome as text and the number of turns,
    as the game's record gives them.
    """
    rules, players = state.rules, state.players
    must_play = rules.start_card.must_play
    at_once = rules.out_of_cards_check == "at once"
    draw = rng.choice
    actions: list[tuple[int, str]] = []

    def step_publicly(lists: _Lists, action: Action | None) -> _Lists:
        """Take ``action`` (or the seat's draw) on the public state, then every action
        until the play phase is back with no start card to play."""
        state = lists.packed()
        while True:
            player = state.current_player
            if action is None:
                # The state lists the actions of the player to move as their observation does.
                action = draw(state.lazy_legal_actions())
            state = state.apply(action)
            actions.append((player, str(action)))
            action = None
            if state.outcome is not None or not _needs_public_step(state):
                return _Lists(state, lists.masks)

    lists = _Lists(state)
    if not lists.outcome and _needs_public_step(state):
        lists = step_publicly(lists, None)
    hands, decks, discards = lists.hands, lists.decks, lists.discards
    while not lists.outcome:
        seat, start_played = lists.seat, lists.start_played
        hand = hands[seat]
        size = len(hand)
        if START in hand and must_play and not start_played:
            lists = step_publicly(lists, None)
            hands, decks, discards = lists.hands, lists.decks, lists.discards
            continue
        masks = lists.masks
        # Sorted: a start card (0) first, finish cards (81) last, the island cards between.
        low, high = 0, size
        while low < size and hand[low] == START:
            low += 1
        while high > low and hand[high - 1] == FINISH:
            high -= 1
        tail = start_and_finish(hand, start_played, None not in masks.cells)
        island = hand[low:high]
        repeats = low > 1 or high < size - 1
        if repeats:
            # A card held twice: payments and discards repeat, so they are the distinct
            # subsets the listing gives. The island cards are all different, so every island
            # card leaves the same multiset of payers: one count of payments per cost.
            payers = hand[:]
            if island:
                payers.remove(island[0])
            by_cost = tuple(len(distinct_subsets(tuple(payers), cost)) for cost in range(size))
            pairs = distinct_subsets(tuple(hand), DISCARD_ACTION_CARDS)
            pair_count = len(pairs)
        else:
            by_cost = _choose(size - 1)
            pair_count = size * (size - 1) // 2
        counts = masks.count(island, by_cost)
        play_count = sum(counts)
        index = draw(range(play_count + pair_count + len(tail)))
        if index >= play_count + pair_count:
            lists = step_publicly(lists, tail[index - play_count - pair_count])
            hands, decks, discards = lists.hands, lists.decks, lists.discards
            continue
        # A play or a discard, applied here: only its text is recorded, so no action is made.
        if index < play_count:
            # The listing's order: by card, then cost, then cell.
            which = 0
            while index >= counts[which]:
                index -= counts[which]
                which += 1
            card = island[which]
            cost, cell, index = masks.locate(card, index, by_cost)
            others = hand[:]
            others.remove(card)
            if repeats:
                paid = distinct_subsets(tuple(others), cost)[index]
            else:
                paid = tuple(others[at] for at in _positions(size - 1, cost)[index])
            text = play_text(card, CELL_NAMES[cell], paid)
        else:
            index -= play_count
            if repeats:
                paid = pairs[index]
            else:
                at = _positions(size, DISCARD_ACTION_CARDS)[index]
                paid = (hand[at[0]], hand[at[1]])
            card, cell = -1, -1
            text = discard_text(paid)
        actions.append((seat, text))
        if must_play and not start_played and lists.bounds:
            lists.bounds[seat] = (len(decks[seat]), lists.own_counts[seat] + len(paid))
        hand = hand[:]
        if card >= 0:
            hand.remove(card)
            masks.place(cell, card)
        for paying in paid:
            hand.remove(paying)
            discards.append((seat, paying))
        lists.own_counts[seat] += len(paid)
        deck = decks[seat]
        if len(hand) < HAND_SIZE and deck:
            taken = HAND_SIZE - len(hand)
            hand += deck[:taken]
            del deck[:taken]
            hand.sort()
        hands[seat] = hand
        lists.seat = seat = (seat + 1) % players
        lists.turn += 1
        if at_once:
            if [] in hands and any(
                not held and not left for held, left in zip(hands, decks, strict=True)
            ):
                lists.outcome = str(Outcome(False, LOSS_OUT_OF_CARDS))
        elif not hands[seat] and not decks[seat]:
            lists.outcome = str(Outcome(False, LOSS_OUT_OF_CARDS))
        # Two cards in hand can always be discarded: only a smaller hand may be stuck.
        if (
            not lists.outcome
            and len(hands[seat]) < DISCARD_ACTION_CARDS
            and _stuck(masks, hands[seat], start_played)
        ):
            lists.outcome = str(Outcome(False, LOSS_NO_ACTION))
    return actions, lists.outcome, lists.turn


def _stuck(masks: PlacementMasks, hand: list[int], start_played: bool) -> bool:
    """Whether a hand of fewer than two cards has no legal action (as ``has_legal_action``
    answers, with the masks counting its plays: a lone card must cost nothing)."""
    if start_and_finish(hand, start_played, None not in masks.cells):
        return False
    island = [card for card in hand if is_island(card)]
    return not any(masks.count(island, _choose(len(hand) - 1)))


def _needs_public_step(state: GameState) -> bool:
    """Whether the next action is one the lists do not step: a share, or a start card the rules
    make the player play."""
    return state.phase == "share" or (
        state.rules.start_card.must_play
        and not state.start_played
        and START in state.hands[state.current_player]
    )
