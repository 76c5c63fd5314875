"""Worlds a player cannot tell apart: full game states consistent with one observation.

A *world* is a :class:`~.state.GameState` whose ``observation(player)`` equals the player's
observation and which could have been dealt: every island card once, the preset's finish cards,
one start card per player, each start card only with its owner (in their hand, deck or
discards, or played by them) and never where the public history rules it out. The *hidden
slots* are the other players' hands, every deck position (the player's own deck too: they do
not know its order) and the cards others discarded face down (`published`); the *hidden cards*
are the cards the player cannot see. :func:`sample_worlds` draws worlds uniformly over the
consistent assignments of hidden cards to hidden slots: the prior deal conditioned on what the
player knows, ignoring what the others' choices might reveal about their hands. That the game
goes on is known too: a player to move who could not act would have lost it, so a world where
the player to move holds no card they can play or discard is not consistent.

What the public history proves about start cards (``Observation.start_bounds``): a start card
is shuffled into its owner's deck after the opening draw, so it was in the deck when the deck
held all but five of the owner's cards; in `published` a player who acts without playing a
start card while none is played did not hold theirs, so it was in their deck then too. A start
card proven in a deck of ``B`` cards can be in its owner's hand or discards only if the owner
has drawn since (their deck now holds fewer than ``B``), and only in discards made after that
proof.

>>> from tranquility_solver.game import new_game, parse_action
>>> state = new_game(2, seed=3, rules="published").apply(parse_action("discard 21 33"))
>>> worlds = sample_worlds(state.observation(1), 3, seed=0)
>>> [world.observation(1) == state.observation(1) for world in worlds]
[True, True, True]
>>> consistency_errors(worlds[0], state.observation(1))
()
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ..errors import TranquilityError
from ..grid import FIRST_CARD, LAST_CARD
from .choices import FINISH, START, discards_public
from .legal import has_legal_action
from .state import GameState, Observation

__all__ = [
    "Slot",
    "check_observation",
    "check_seed",
    "consistency_errors",
    "first_player_of",
    "hidden_layout",
    "sample_worlds",
    "uniform_filling",
    "world_of",
]

Slot = tuple[str, int, int]
"""A hidden place: ``("hand", player, i)``, ``("deck", player, position)`` (top first) or
``("discard", player, index in the discard pile)``."""


@dataclass(frozen=True)
class HiddenLayout:
    """The hidden slots of an observation and the cards that fill them.

    ``start_slots[p]`` lists the slots player ``p``'s start card may take (absent when it is
    not hidden); ``cards`` are the other hidden cards (island and finish cards), which may take
    any slot.

    >>> from tranquility_solver.game import new_game
    >>> layout = hidden_layout(new_game(2, seed=1).observation(0))
    >>> len(layout.slots), len(layout.cards), sorted(layout.start_slots)
    (78, 76, [0, 1])
    """

    observation: Observation
    slots: tuple[Slot, ...]
    cards: tuple[int, ...]
    start_slots: dict[int, tuple[Slot, ...]]
    known_discards: tuple[int | None, ...]
    """The discard pile with the cards this player knows, ``None`` where one is face down."""


def _known_discards(observation: Observation) -> tuple[int | None, ...]:
    players = observation.discard_players
    if discards_public(observation.rules):
        return tuple(observation.discarded)
    # The order of one's own discards carries nothing but where one's start card went: put it
    # last, which the public history never rules out when the true order did not.
    own = iter(sorted(observation.own_discards, key=lambda card: (card == START, card)))
    return tuple(next(own) if who == observation.player else None for who in players)


def _hidden_start(observation: Observation, seat: int, known: tuple[int | None, ...]) -> bool:
    """Whether ``seat``'s start card is somewhere this player cannot see."""
    if observation.start_player == seat:
        return False
    if any(
        card == START and who == seat
        for who, card in zip(observation.discard_players, known, strict=True)
    ):
        return False
    return not (seat == observation.player and START in observation.hand)


def hidden_layout(observation: Observation) -> HiddenLayout:
    """The hidden slots and cards of ``observation``; an observation no deal can produce (the
    counts do not add up) is a :class:`TranquilityError`."""
    me = observation.player
    known = _known_discards(observation)
    slots: list[Slot] = []
    by_seat: dict[int, dict[str, list[Slot]]] = {}
    for seat in range(observation.players):
        places: dict[str, list[Slot]] = {"hand": [], "deck": [], "discard": []}
        if seat != me:
            places["hand"] = [("hand", seat, i) for i in range(observation.hand_sizes[seat])]
        places["deck"] = [("deck", seat, i) for i in range(observation.deck_sizes[seat])]
        places["discard"] = [
            ("discard", seat, index)
            for index, (who, card) in enumerate(
                zip(observation.discard_players, known, strict=True)
            )
            if who == seat and card is None
        ]
        by_seat[seat] = places
        slots.extend(places["hand"] + places["deck"] + places["discard"])
    seen: Counter[int] = Counter(observation.hand)
    seen.update(card for card in known if card is not None)
    finished = observation.outcome is not None and observation.outcome.won
    cards = list(observation.unknown_cards())
    cards += [FINISH] * (observation.rules.finish_cards - seen[FINISH] - finished)
    start_slots = {
        seat: _start_places(observation, seat, by_seat[seat])
        for seat in range(observation.players)
        if _hidden_start(observation, seat, known)
    }
    if len(cards) + len(start_slots) != len(slots):
        # A deal built by hand may leave cards out of the game; worlds need every card.
        raise TranquilityError(
            f"inconsistent observation: {len(cards) + len(start_slots)} hidden cards for "
            f"{len(slots)} hidden places (worlds hold every card of the game)"
        )
    for seat, allowed in start_slots.items():
        if not allowed:
            raise TranquilityError(
                f"inconsistent observation: player {seat}'s start card fits nowhere"
            )
    return HiddenLayout(observation, tuple(slots), tuple(cards), start_slots, known)


def _start_places(
    observation: Observation, seat: int, places: dict[str, list[Slot]]
) -> tuple[Slot, ...]:
    """Where ``seat``'s hidden start card may be."""
    if seat == observation.player:
        return tuple(places["deck"])  # the player sees their own hand and discards
    if not observation.start_bounds:
        return tuple(places["hand"] + places["deck"] + places["discard"])
    deck_then, discards_then = observation.start_bounds[seat]
    if observation.deck_sizes[seat] >= deck_then:
        return tuple(places["deck"])  # not drawn since it was proven in the deck
    ordinal = {
        index: count
        for count, index in enumerate(
            i for i, who in enumerate(observation.discard_players) if who == seat
        )
    }
    later = [slot for slot in places["discard"] if ordinal[slot[2]] >= discards_then]
    return tuple(places["hand"] + places["deck"] + later)


def world_of(layout: HiddenLayout, filling: dict[Slot, int]) -> GameState:
    """The game state with every hidden slot filled as ``filling`` says."""
    observation = layout.observation
    players = observation.players
    hands = [
        tuple(sorted(filling[("hand", seat, i)] for i in range(observation.hand_sizes[seat])))
        if seat != observation.player
        else observation.hand
        for seat in range(players)
    ]
    decks = [
        tuple(filling[("deck", seat, i)] for i in range(observation.deck_sizes[seat]))
        for seat in range(players)
    ]
    discards = tuple(
        (who, card if card is not None else filling[("discard", who, index)])
        for index, (who, card) in enumerate(
            zip(observation.discard_players, layout.known_discards, strict=True)
        )
    )
    outcome = observation.outcome
    return GameState(
        rules=observation.rules,
        players=players,
        seed=0,
        first_player=first_player_of(observation),
        current_player=observation.current_player,
        turn=observation.turn,
        grid=observation.grid,
        hands=tuple(hands),
        decks=tuple(decks),
        discards=discards,
        start_played=observation.start_played,
        finish_played=outcome is not None and outcome.won,
        phase=observation.phase,
        share_left=observation.share_left,
        share_starter=(
            observation.start_player
            if observation.phase == "share" and observation.start_player is not None
            else 0
        ),
        outcome=outcome,
        start_player=observation.start_player,
        start_bounds=observation.start_bounds,
    )


def check_observation(observation: object) -> None:
    """Refuse anything but an observation with a TranquilityError that says what to pass.

    >>> from tranquility_solver.game import new_game
    >>> check_observation(new_game(2, seed=1))
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.TranquilityError: pass an observation, not a GameState: \
state.observation(player) is what that player knows
    """
    if isinstance(observation, GameState):
        raise TranquilityError(
            "pass an observation, not a GameState: state.observation(player) is what that "
            "player knows"
        )
    if not isinstance(observation, Observation):
        raise TranquilityError(f"pass an observation, got {type(observation).__name__}")


def check_seed(seed: object) -> None:
    """Refuse a seed that is neither a whole number nor ``None`` (``random.Random`` would take
    a string or bytes too, and fail on a list with a TypeError).

    >>> check_seed([1])
    Traceback (most recent call last):
    ...
    tranquility_solver.errors.TranquilityError: seed must be a whole number or None, got [1]
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TranquilityError(f"seed must be a whole number or None, got {seed!r}")


def first_player_of(observation: Observation) -> int:
    """Who moved first, as every player knows it: turns pass clockwise one a turn (a share
    round is part of the start card's turn, whose player it ends with).

    >>> from tranquility_solver.game import new_game
    >>> state = new_game(3, seed=1, first_player=2)
    >>> after = state.apply(state.legal_actions()[0])
    >>> first_player_of(state.observation(0)), first_player_of(after.observation(1)), after.turn
    (2, 2, 1)
    """
    mover = observation.current_player
    if observation.phase == "share" and observation.start_player is not None:
        mover = observation.start_player
    return (mover - observation.turn) % observation.players


def sample_worlds(observation: Observation, n: int, seed: int | None = 0) -> tuple[GameState, ...]:
    """``n`` worlds drawn independently and uniformly from those consistent with
    ``observation`` (see the module docstring); the same seed gives the same worlds.

    >>> from tranquility_solver.game import new_game
    >>> state = new_game(2, seed=1)
    >>> [world.hands[0] == state.hands[0] for world in sample_worlds(state.observation(0), 2)]
    [True, True]
    """
    check_observation(observation)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise TranquilityError(f"the number of worlds must be a whole number ≥ 0, got {n!r}")
    check_seed(seed)
    layout = hidden_layout(observation)
    rng = random.Random(seed)
    return tuple(uniform_world(layout, rng) for _ in range(n))


_TRIES = 100_000
"""Draws before :func:`uniform_world` gives up: far more than any real game needs (the player
to move is one of the others, and each of their hidden cards has to be unplayable)."""


def uniform_world(layout: HiddenLayout, rng: random.Random) -> GameState:
    """One world drawn uniformly from the consistent ones: :func:`uniform_filling`, drawn again
    while the player to move could not act in it (rejection keeps the draw uniform).

    >>> from tranquility_solver.game import new_game
    >>> state = new_game(2, seed=1)
    >>> world = uniform_world(hidden_layout(state.observation(1)), random.Random(0))
    >>> world.hands[1] == state.hands[1], mover_can_act(world)
    (True, True)
    """
    for _ in range(_TRIES):
        world = world_of(layout, uniform_filling(layout, rng))
        if world.current_player == layout.observation.player or mover_can_act(world):
            return world
    raise TranquilityError(
        f"no world found in {_TRIES:,} draws where player {layout.observation.current_player} "
        "to move can act: the position cannot have come from play"
    )


def mover_can_act(world: GameState) -> bool:
    """Whether the game's going on is consistent with ``world``: it is over, or in a share
    round, or the player to move has a legal action (else they would have lost already)."""
    return (
        world.outcome is not None
        or world.phase != "play"
        or has_legal_action(
            world.rules, world.grid, world.hands[world.current_player], world.start_played
        )
    )


def uniform_filling(layout: HiddenLayout, rng: random.Random) -> dict[Slot, int]:
    """One assignment of the hidden cards to the hidden slots, uniform over the consistent
    ones (what :func:`sample_worlds` draws each world from)."""
    filling: dict[Slot, int] = {}
    # Start cards first, each uniform over its own places (the owners' places never
    # overlap); the other hidden cards then fill what is left uniformly. Every consistent
    # assignment is reached in exactly one way with the same probability.
    taken = set()
    for seat in sorted(layout.start_slots):
        slot = rng.choice(layout.start_slots[seat])
        filling[slot] = START
        taken.add(slot)
    free = [slot for slot in layout.slots if slot not in taken]
    cards = list(layout.cards)
    rng.shuffle(cards)
    filling.update(zip(free, cards, strict=True))
    return filling


def consistency_errors(world: GameState, observation: Observation) -> tuple[str, ...]:
    """Why ``world`` is not consistent with ``observation`` (empty when it is): checked from
    the rules directly, independently of how :func:`sample_worlds` builds worlds."""
    errors: list[str] = []
    seen = world.observation(observation.player)
    for name in Observation.__dataclass_fields__:
        if getattr(seen, name) != getattr(observation, name):
            errors.append(f"{name} differs")
    if not mover_can_act(world):
        errors.append(f"player {world.current_player} to move cannot act, yet the game goes on")
    if world.first_player != first_player_of(observation):
        errors.append(
            f"player {world.first_player} moved first, not {first_player_of(observation)}"
        )
    cards = world.all_cards
    for card in range(FIRST_CARD, LAST_CARD + 1):
        if cards[card] != 1:
            errors.append(f"island card {card} appears {cards[card]} times")
    if cards[FINISH] != world.rules.finish_cards:
        errors.append(f"{cards[FINISH]} finish cards")
    owners = [w for w, card in world.discards if card == START]
    for seat in range(world.players):
        held = world.hands[seat].count(START) + world.decks[seat].count(START)
        discarded = owners.count(seat)
        total = held + discarded + (world.start_player == seat)
        if total != 1:
            errors.append(f"player {seat} has {total} start cards")
            continue
        if not world.start_bounds or world.start_player == seat or START in world.decks[seat]:
            continue
        deck_then, discards_then = world.start_bounds[seat]
        if len(world.decks[seat]) >= deck_then:
            errors.append(f"player {seat}'s start card left a deck it was never drawn from")
        own = [card for who, card in world.discards if who == seat]
        if START in own[:discards_then]:
            errors.append(f"player {seat}'s start card discarded before it was drawn")
    return tuple(errors)
