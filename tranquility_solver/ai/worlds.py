"""Worlds one player cannot tell apart: the hidden cards of a game dealt again at random.

>>> import random
>>> from tranquility_solver.game import new_game
>>> state = new_game(3, seed=5, rules="published")
>>> world = sample_world(state, 0, random.Random(1))
>>> world.observation(0) == state.observation(0), world.hands[1] == state.hands[1]
(True, False)

Information-set search (OpenSpiel's ISMCTS) plays on such worlds. What is dealt again: every
card the player cannot see, as one pool shuffled and handed out in the same sizes: the other
players' hands, every deck (their own included: nobody knows the order of their deck), and in
`published` the cards the others discarded face down. Start cards are the exception: each
player shuffled their own start card into their own deck, so a start card the player cannot see
stays among its owner's hidden cards (hand, deck, face-down discards), at a random place there.
Everything the player sees stays: the grid, their hand, their discards, every size.

Each world is drawn uniformly from those dealings, given the player's *current* observation
only: the sampler does not weigh worlds by how likely the others' past choices made them (a
player who kept a card for a long time probably likes it; in `published` a player who did not
play a start card probably does not hold one). The package's own world sampler, when it has
one, can take its place: the adapters call only :func:`sample_world`.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..game.choices import START, discards_public, sort_hand
from ..game.state import GameState

__all__ = ["sample_world"]


def sample_world(state: GameState, player: int, rng: random.Random) -> GameState:
    """A state with ``player``'s observation of ``state`` and the hidden cards dealt again."""
    public = discards_public(state.rules)
    hidden_discards = [
        i for i, (who, _) in enumerate(state.discards) if who != player and not public
    ]
    # Each seat's hidden cards, as the player sees them: their own deck; the others' hands,
    # decks and face-down discards.
    hidden = [
        list(state.decks[p])
        if p == player
        else [
            *state.hands[p],
            *state.decks[p],
            *(state.discards[i][1] for i in hidden_discards if state.discards[i][0] == p),
        ]
        for p in range(state.players)
    ]
    pool = [card for cards in hidden for card in cards if card != START]
    rng.shuffle(pool)
    dealt = iter(pool)
    for cards in hidden:
        starts = set(rng.sample(range(len(cards)), cards.count(START)))
        cards[:] = [START if i in starts else next(dealt) for i in range(len(cards))]
    hands, decks, discards = list(state.hands), list(state.decks), list(state.discards)
    for p, cards in enumerate(hidden):
        if p != player:
            hand_size = len(state.hands[p])
            hands[p] = sort_hand(cards[:hand_size])
            cards = cards[hand_size:]
        decks[p] = tuple(cards[: len(state.decks[p])])
        rest = iter(cards[len(state.decks[p]) :])
        for i in hidden_discards:
            if discards[i][0] == p:
                discards[i] = (p, next(rest))
    return replace(state, hands=tuple(hands), decks=tuple(decks), discards=tuple(discards))
