"""Worlds one player cannot tell apart: the hidden cards of a game dealt again at random.

>>> import random
>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 3, seed=5)
>>> world = sample_world(state, 0, random.Random(1))
>>> world.observation(0) == state.observation(0), world.hands[1] == state.hands[1]
(True, False)

Information-set search (OpenSpiel's ISMCTS) plays on such worlds. What is dealt again: the
other players' hands and the clue deck (one pool, shuffled, handed out in the same sizes), the
treasure cards not yet revealed (the deck and the cards of a distribution under way, curses only
where set-up can put them, see :func:`treasure_order`) and the seed of later reshuffles.
Everything the player sees stays: their hand, the maps, the cars, the gold, the discards.

Each world is drawn uniformly from those that fit the player's *current* observation; the
sampler does not weigh them by how likely the others' past choices made them (a player who
kept a card for a long time probably likes it). The package's own world sampler, when it has
one, can take its place: the adapters call only :func:`sample_world`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tobago_solver.game.position import replace
from tobago_solver.game.rules import CURSE, GameRules
from tobago_solver.game.setup import MAX_SEED
from tobago_solver.game.state import GameState


def sample_world(state: GameState, player: int, rng: random.Random) -> GameState:
    """A state with ``player``'s observation of ``state`` and the hidden cards dealt again."""
    others = [p for p in range(state.players) if p != player]
    pool = [*state.clue_deck, *(card for p in others for card in state.hands[p])]
    rng.shuffle(pool)
    hands = list(state.hands)
    taken = 0
    for p in others:
        hands[p] = tuple(pool[taken : taken + len(state.hands[p])])
        taken += len(state.hands[p])
    pending = state.distribution.cards if state.distribution is not None else ()
    hidden = treasure_order(state.rules, [*pending, *state.treasure_deck], rng)
    distribution = state.distribution
    if distribution is not None:
        distribution = replace(distribution, cards=hidden[: len(pending)])
    return replace(
        state,
        hands=tuple(hands),
        clue_deck=tuple(pool[taken:]),
        treasure_deck=hidden[len(pending) :],
        distribution=distribution,
        seed=rng.randint(0, MAX_SEED),
    )


def treasure_order(
    rules: GameRules, unrevealed: Sequence[int], rng: random.Random
) -> tuple[int, ...]:
    """The unrevealed treasure cards (top first) in a random order set-up could have dealt.

    Set-up (:func:`~tobago_solver.game.setup.treasure_deck`) shuffles the curses into the bottom
    ``curse_zone`` gold cards only, so a curse still unrevealed lies among the last
    ``curse_zone + curses`` cards of the whole deck: among the last that many of what is left.
    Any such order is as likely as any other.

    >>> order = treasure_order(GameRules(), [5, 0, 3, 2], random.Random(0))
    >>> sorted(order)
    [0, 2, 3, 5]
    """
    gold = [card for card in unrevealed if card != CURSE]
    curses = len(unrevealed) - len(gold)
    rng.shuffle(gold)
    bottom = min(rules.curse_zone, len(rules.gold_cards())) + rules.curses
    first_cursable = max(0, len(unrevealed) - bottom)
    cursed = set(rng.sample(range(first_cursable, len(unrevealed)), curses))
    order = iter(gold)
    return tuple(CURSE if i in cursed else next(order) for i in range(len(unrevealed)))
