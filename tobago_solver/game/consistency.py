"""Is a full game state one that a player's observation allows? The plain check of the rules.

>>> import tobago_solver as tb
>>> state = tb.new_game(tb.islands.default(), 3, seed=2)
>>> world_problems(state, state.observation(1))
()
>>> swapped = tb.new_game(tb.islands.default(), 3, seed=3)
>>> world_problems(swapped, state.observation(1))[0]
'the world looks different to player 1: cars, hand'

This knows nothing of how :func:`~tobago_solver.game.worlds.sample_worlds` deals: it checks a
world card by card against what the player saw and against the set-up's deck contents, so tests
can hold every sampled world (and every real game) to it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

from tobago_solver.clues import DECK
from tobago_solver.game.observation import Observation
from tobago_solver.game.rules import CURSE
from tobago_solver.game.state import GameState


def world_problems(world: GameState, observation: Observation) -> tuple[str, ...]:
    """What makes ``world`` impossible for the player of ``observation`` (empty: consistent)."""
    problems: list[str] = []
    player = observation.player
    looks = world.observation(player)
    differs = [
        f.name
        for f in fields(Observation)
        if getattr(looks, f.name) != getattr(observation, f.name)
    ]
    if differs:
        problems.append(f"the world looks different to player {player}: {', '.join(differs)}")
    problems.extend(_clue_problems(world))
    problems.extend(_treasure_problems(world))
    rules = world.rules
    if world.amulet_supply + len(world.amulets) + sum(world.amulets_held) != rules.amulet_supply:
        problems.append("amulets in the supply, on the island and held do not add up")
    if world.reshuffles != len(world.reshuffled_piles):
        problems.append("the reshuffle count differs from the piles reshuffled")
    return tuple(problems)


def _clue_problems(world: GameState) -> list[str]:
    problems = []
    places = Counter(world.clue_deck)
    places.update(world.clue_discards)
    for hand in world.hands:
        places.update(hand)
    for map_state in world.maps:
        places.update(map_state.clues)
    if places != Counter(DECK):
        problems.append("the clue cards are not each of the deck's cards exactly once")
    piles = world.reshuffled_piles

    def latest_pile(card: object) -> int:
        found = [k for k, pile in enumerate(piles, start=1) if card in pile]
        return max(found, default=0)

    for p, (hand, decks) in enumerate(zip(world.hands, world.decks_of_hands(), strict=True)):
        if len(hand) != len(decks):
            problems.append(f"player {p}'s hand and its decks differ in length")
        elif any(latest_pile(card) != deck for card, deck in zip(hand, decks, strict=True)):
            problems.append(f"player {p} holds a card that was not in the deck it came from")
    if any(latest_pile(card) != len(piles) for card in world.clue_deck):
        problems.append("the clue deck holds a card that was not in the last pile shuffled")
    return problems


def _treasure_problems(world: GameState) -> list[str]:
    problems = []
    rules = world.rules
    pending = world.distribution.cards if world.distribution is not None else ()
    hidden = (*pending, *world.treasure_deck)
    cards = Counter(hidden)
    for gold in world.gold:
        cards.update(gold)
    cards.update(world.cursed_gold)
    cards[CURSE] += world.curses_drawn
    expected = Counter(rules.gold_cards())
    expected[CURSE] += rules.curses
    if +cards != +expected:
        problems.append("the treasure cards are not the set-up deck's cards")
    total = len(rules.gold_cards()) + rules.curses
    gold_count = len(rules.gold_cards())
    top = gold_count - min(rules.curse_zone, gold_count)
    first = total - len(hidden)  # the set-up deck's position of the first hidden card
    if any(card == CURSE and first + i < top for i, card in enumerate(hidden)):
        problems.append("a curse lies where the set-up deck holds none (its top cards)")
    return problems
