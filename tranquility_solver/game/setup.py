"""Dealing a game: personal decks, hands of five, start cards shuffled in afterwards.

All randomness of a game is spent here, from ``seed``: afterwards every deck order is explicit
in the state, so a game is a pure function of its seed and its actions.

>>> state = new_game(3, seed=7)
>>> [len(hand) for hand in state.hands], state.deck_sizes
([5, 5, 5], (23, 23, 23))
>>> sum(state.all_cards.values()) == 80 + 1 + 3
True
"""

from __future__ import annotations

import random
import secrets

from ..errors import TranquilityError
from ..grid import FIRST_CARD, LAST_CARD, Grid
from ..rules import Rules
from .choices import FINISH, HAND_SIZE, START, deal_sizes, sort_hand
from .state import GameState

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "new_game"]

MIN_PLAYERS = 1
MAX_PLAYERS = 5


def new_game(
    players: int,
    seed: int | None = None,
    rules: Rules | str = "seed",
    first_player: int = 0,
) -> GameState:
    """Deal a game for 1–5 players; ``seed=None`` draws a fresh seed (kept in the state).

    >>> new_game(2, seed=3).seed, new_game(2, seed=3) == new_game(2, seed=3)
    (3, True)
    """
    if isinstance(rules, str):
        rules = Rules.by_name(rules)
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"players must be an int, got {type(players).__name__}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TranquilityError(
            f"Tranquility is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {players}"
        )
    if not 0 <= first_player < players:
        raise TranquilityError(f"first player {first_player} is not one of 0-{players - 1}")
    if seed is None:
        seed = secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        # random.Random deals seed -3 as seed 3; a record must name the seed that dealt it.
        raise TranquilityError(f"seed must be a whole number ≥ 0, got {seed!r}")
    rng = random.Random(seed)
    cards = [*range(FIRST_CARD, LAST_CARD + 1), *[FINISH] * rules.finish_cards]
    rng.shuffle(cards)
    hands: list[tuple[int, ...]] = []
    decks: list[tuple[int, ...]] = []
    position = 0
    for size in deal_sizes(len(cards), players, first_player):
        deck = cards[position : position + size]
        position += size
        hands.append(sort_hand(deck[:HAND_SIZE]))
        rest = deck[HAND_SIZE:]
        rest.insert(rng.randrange(len(rest) + 1), START)
        decks.append(tuple(rest))
    state = GameState(
        rules=rules,
        players=players,
        seed=seed,
        first_player=first_player,
        current_player=first_player,
        turn=0,
        grid=Grid.empty(),
        hands=tuple(hands),
        decks=tuple(decks),
        start_bounds=tuple((len(deck), 0) for deck in decks),
    )
    return state._settle()
