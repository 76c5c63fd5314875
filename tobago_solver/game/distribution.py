"""The distribution of a claimed treasure: who shares it, who gets each card, the curses.

>>> ranking_of(roses=(2, 1, 2), steps=(0, 1, 3), claimant=0)
(0, 2, 1)
>>> next_recipient((0, 2, 1), quotas=(3, 1, 2), received=(1, 1, 0), start=1)
(2, 2)

A claim starts a :class:`~tobago_solver.game.position.Distribution`; :func:`settle` reveals the
drawn cards one by one and pauses in the ``curse`` phase when a player holding an amulet must
decide about a curse (:func:`curse_resolved` goes on after the decision).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from tobago_solver.game.end import END_DECK_EMPTY, end_turn, game_over, restart_map
from tobago_solver.game.position import Distribution, MapState, Position, replace, tuple_set
from tobago_solver.game.rules import CURSE, add_amulets
from tobago_solver.movement import step_distance

_P = TypeVar("_P", bound=Position)


def ranking_of(roses: Sequence[int], steps: Sequence[int], claimant: int) -> tuple[int, ...]:
    """The players who share a treasure, best first.

    The players with roses on the map, and the claimant (who may have none left to put there):
    most roses first; ties go to the car fewer steps from the treasure (the claimant counts 0);
    then turn order from the claimant.
    """
    players = len(roses)
    shares = [p for p in range(players) if roses[p] > 0 or p == claimant]
    return tuple(
        sorted(
            shares,
            key=lambda p: (-roses[p], 0 if p == claimant else steps[p], (p - claimant) % players),
        )
    )


def quotas_of(roses: Sequence[int], claimant: int) -> tuple[int, ...]:
    """Gold cards each player may receive: one per rose on the map, the claimant one more."""
    return tuple(r + (p == claimant) for p, r in enumerate(roses))


def next_recipient(
    ranking: Sequence[int], quotas: Sequence[int], received: Sequence[int], start: int
) -> tuple[int, int] | None:
    """The next player in ``ranking`` from position ``start`` (cycling) below their quota.

    Returns the player and the ranking position after them, or None when all are full (the
    quotas add up to the cards drawn, so this only happens on hand-built states).
    """
    size = len(ranking)
    for k in range(size):
        position = (start + k) % size
        player = ranking[position]
        if received[player] < quotas[player]:
            return player, (position + 1) % size
    return None


def settle(state: _P) -> _P:
    """Run claims and distributions until a player must decide or the turn is over."""
    while True:
        if state.distribution is not None:
            state = _advance(state)
            if state.phase in ("curse", "over"):
                return state
        elif state.claims:
            state = _start_distribution(state, *state.claims[0])
        else:
            return end_turn(state)


def _start_distribution(state: _P, map_index: int, claimant: int) -> _P:
    map_state = state.maps[map_index]
    field_ = state.island.fields[map_state.candidates_mask.bit_length() - 1]
    roses, roses_left = map_state.roses, state.roses_left
    if roses_left[claimant] > 0:
        roses = tuple_set(roses, claimant, roses[claimant] + 1)
        roses_left = tuple_set(roses_left, claimant, roses_left[claimant] - 1)
    steps = tuple(step_distance(state.island, car, field_) for car in state.cars)
    drawn = sum(roses) + 1
    distribution = Distribution(
        map_index,
        claimant,
        field_,
        ranking_of(roses, steps, claimant),
        quotas_of(roses, claimant),
        (0,) * state.players,
        state.treasure_deck[:drawn],
        0,
    )
    return replace(
        state,
        maps=tuple_set(
            state.maps, map_index, MapState(map_state.clues, roses, map_state.candidates_mask)
        ),
        roses_left=roses_left,
        treasure_deck=state.treasure_deck[drawn:],
        distribution=distribution,
        claims=state.claims[1:],
        phase="action",
    )


def _advance(state: _P) -> _P:
    """Reveal cards until a curse needs a decision or the distribution is done."""
    dist = state.distribution
    assert dist is not None
    gold = list(state.gold)
    # The distribution's changing fields, and the state's that curses change, are kept here and
    # written once, when it pauses or ends: a copy per card revealed or per gold card cursed
    # away was most of the cost of a claim.
    cards, received, next_rank = dist.cards, list(dist.received), dist.next_rank
    cursed, curses_drawn, cursed_gold = dist.cursed, state.curses_drawn, state.cursed_gold
    while True:
        while cursed:
            player = cursed[0]
            if not gold[player]:
                cursed = cursed[1:]
            elif state.amulets_held[player] > 0:
                paused = replace(
                    dist,
                    cards=cards,
                    received=tuple(received),
                    next_rank=next_rank,
                    cursed=cursed,
                )
                return replace(
                    state,
                    gold=tuple(gold),
                    curses_drawn=curses_drawn,
                    cursed_gold=cursed_gold,
                    distribution=paused,
                    phase="curse",
                )
            else:
                gold[player], highest = _without_highest(gold[player])
                cursed_gold = (*cursed_gold, highest)
                cursed = cursed[1:]
        if not cards:
            break
        card, cards = cards[0], cards[1:]
        if card == CURSE:
            roses = state.maps[dist.map].roses
            cursed = tuple(p for p in dist.ranking if roses[p] > 0)
            curses_drawn += 1
            continue
        found = next_recipient(dist.ranking, dist.quotas, received, next_rank)
        if found is None:  # pragma: no cover - the quotas cover every drawn card
            raise AssertionError("no player may receive the card")
        player, next_rank = found
        gold[player] = (*gold[player], card)
        received[player] += 1
    done = replace(state, gold=tuple(gold), curses_drawn=curses_drawn, cursed_gold=cursed_gold)
    return _finish_distribution(done, dist.map)


def discard_highest(state: _P, player: int) -> _P:
    """The state after ``player`` discards their highest gold card to a curse."""
    cards, highest = _without_highest(state.gold[player])
    return replace(
        state,
        gold=tuple_set(state.gold, player, cards),
        cursed_gold=(*state.cursed_gold, highest),
    )


def _without_highest(gold: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """A player's gold cards without the highest (a curse takes it), and that card."""
    cards = list(gold)
    highest = max(cards)
    cards.remove(highest)
    return tuple(cards), highest


def curse_resolved(state: _P) -> _P:
    """Go on with the distribution after the player facing a curse has decided."""
    dist = state.distribution
    assert dist is not None
    state = replace(state, distribution=replace(dist, cursed=dist.cursed[1:]), phase="action")
    return settle(state)


def _finish_distribution(state: _P, map_index: int) -> _P:
    state = restart_map(state, map_index)
    amulets, supply = state.amulets, state.amulet_supply
    if state.rules.amulets_after_claim:
        amulets, supply = add_amulets(state.island, amulets, supply)
    state = replace(state, amulets=amulets, amulet_supply=supply, distribution=None)
    if not state.treasure_deck:
        return game_over(state, END_DECK_EMPTY)
    return state
