"""Set-up: deal a new game from a seed.

>>> import tobago_solver as tb
>>> state = new_game(tb.islands.default(), 4, seed=7)
>>> [len(hand) for hand in state.hands], state.roses_left
([4, 4, 4, 4], (11, 11, 11, 11))
>>> new_game(tb.islands.default(), 4, seed=7) == state
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tobago_solver.clues import DECK
from tobago_solver.errors import TobagoError
from tobago_solver.game.rules import CURSE, MAX_PLAYERS, MIN_PLAYERS, GameRules, add_amulets
from tobago_solver.game.shuffling import shuffle
from tobago_solver.game.state import GameState, MapState
from tobago_solver.island import Island
from tobago_solver.locating import locator
from tobago_solver.rules import MAP_NAMES, PresetName

MAX_SEED = 2**64 - 1
"""Seeds are whole numbers below 2**64 (``simulate`` deals 64-bit seeds)."""


def treasure_deck(rules: GameRules, rng: random.Random) -> tuple[int, ...]:
    """The shuffled treasure deck, top first: curses only among the bottom ``curse_zone`` cards.

    >>> deck = treasure_deck(GameRules(), random.Random(0))
    >>> len(deck), deck.count(0), 0 in deck[:12]
    (41, 2, False)
    """
    gold = list(rules.gold_cards())
    shuffle(rng, gold)
    zone = min(rules.curse_zone, len(gold))
    top, bottom = gold[: len(gold) - zone], gold[len(gold) - zone :] + [CURSE] * rules.curses
    shuffle(rng, bottom)
    return (*top, *bottom)


def new_game(
    island: Island,
    players: int,
    *,
    seed: int = 0,
    rules: PresetName | str | GameRules = "seed",
    cars: Sequence[str] | None = None,
) -> GameState:
    """Deal a game: decks shuffled from ``seed``, hands, roses, amulets and cars.

    >>> import tobago_solver as tb
    >>> state = tb.new_game(tb.islands.default(), 3, seed=7)
    >>> state.players, state.to_move, state.is_terminal
    (3, 0, False)

    ``cars`` gives each player's starting field (default: a random land field each).
    Everything random comes from ``seed``, so the same arguments give the same game.
    """
    game_rules = GameRules.named(rules)
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        # A record keeps the seed as a whole number; anything else would not replay the same,
        # and a negative seed would deal the game of its absolute value.
        raise TobagoError(f"seed must be a whole number from 0 to 2**64 - 1, got {seed!r}")
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TobagoError(f"Tobago is for 2 to 4 players, not {players!r}")
    if game_rules.first_player >= players:
        raise TobagoError(
            f"first_player {game_rules.first_player} is not a seat of a {players}-player game"
        )
    if not island.fields:
        raise TobagoError(f"island {island.name!r} has no land field")
    if not locator(island).singled_out:
        raise TobagoError(
            f"island {island.name!r}: no set of clue cards singles out any field, so no treasure "
            "could ever be located"
        )
    rng = random.Random(seed)
    deck = treasure_deck(game_rules, rng)
    clues = list(DECK)
    shuffle(rng, clues)
    size = game_rules.hand_size(players)
    hands = tuple(tuple(clues[p * size : (p + 1) * size]) for p in range(players))
    clue_deck = tuple(clues[players * size :])
    if cars is None:
        start = tuple(rng.choice(island.fields) for _ in range(players))
    else:
        if len(cars) != players:
            raise TobagoError(f"{len(cars)} car fields given for {players} players")
        start = tuple(island.require_field(f) for f in cars)
    amulets, supply = add_amulets(island, (), game_rules.amulet_supply)
    seeded = game_rules.opening == "roses"
    maps = tuple(MapState.empty(island, players) for _ in MAP_NAMES)
    if seeded:
        maps = tuple(MapState(m.clues, (1,) * players, m.candidates_mask) for m in maps)
    roses_on_maps = len(MAP_NAMES) if seeded else 0
    opening = 0 if seeded else min(players, len(MAP_NAMES))
    return GameState(
        island=island,
        rules=game_rules,
        players=players,
        current_player=game_rules.first_player,
        turn=0,
        phase="opening" if opening else "action",
        maps=maps,
        cars=start,
        hands=hands,
        gold=((),) * players,
        amulets=amulets,
        amulets_held=(0,) * players,
        amulet_supply=supply,
        roses_left=(game_rules.roses - roses_on_maps,) * players,
        treasure_deck=deck,
        clue_deck=clue_deck,
        clue_discards=(),
        seed=seed,
        amulets_spent=(0,) * players,
        opening_left=opening,
    )
