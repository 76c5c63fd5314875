"""The world sampler: every world consistent (the validator), each consistent world as likely."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Hashable, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.game.consistency import world_problems
from tobago_solver.game.position import replace
from tobago_solver.game.rules import CURSE, GameRules
from tobago_solver.game.state import GameState


def chi_square_bound(dof: int, z: float = 3.09) -> float:
    """The 99.9% quantile of chi-square with ``dof`` degrees (Wilson-Hilferty)."""
    k = float(dof)
    return k * (1 - 2 / (9 * k) + z * math.sqrt(2 / (9 * k))) ** 3


def assert_uniform(samples: Iterable[Hashable], support: set[Hashable]) -> None:
    """Every consistent placement drawn, none other, at frequencies a uniform draw gives."""
    counts = Counter(samples)
    assert set(counts) == support
    n = sum(counts.values())
    expected = n / len(support)
    statistic = sum((counts[key] - expected) ** 2 / expected for key in support)
    assert statistic < chi_square_bound(len(support) - 1), (statistic, len(support))


def placement(world: GameState, observer: int) -> tuple[Hashable, ...]:
    """Where the hidden cards lie: other hands (as sets, with their decks), deck orders."""
    hands = tuple(
        tuple(sorted(zip(decks, map(str, hand), strict=True)))
        for p, (hand, decks) in enumerate(zip(world.hands, world.decks_of_hands(), strict=True))
        if p != observer
    )
    pending = world.distribution.cards if world.distribution else ()
    return hands, tuple(map(str, world.clue_deck)), (*pending, *world.treasure_deck)


def brute_force(state: GameState, observer: int) -> set[Hashable]:
    """Every placement of the hidden cards over the hidden slots that the validator accepts."""
    seen = state.observation(observer)
    others = [p for p in range(state.players) if p != observer]
    hidden = [c for p in others for c in state.hands[p]] + list(state.clue_deck)
    treasure = list(state.treasure_deck)
    found = set()
    for cards in set(itertools.permutations(hidden)):
        hands, rest = list(state.hands), list(cards)
        for p in others:
            hands[p], rest = tuple(rest[: len(state.hands[p])]), rest[len(state.hands[p]) :]
        for order in set(itertools.permutations(treasure)):
            world = replace(state, hands=tuple(hands), clue_deck=tuple(rest), treasure_deck=order)
            if not world_problems(world, seen):
                found.add(placement(world, observer))
    return found


def small_table(seed: int, hands: tuple[int, ...], deck: int, rules: GameRules) -> GameState:
    """A three-player game with most clue cards face up: small hands, ``deck`` cards left."""
    state = tb.new_game(tb.islands.default(), 3, seed=seed, rules=rules)
    cards = [c for hand in state.hands for c in hand] + list(state.clue_deck)
    kept = [tuple(cards[i * 4 : i * 4 + size]) for i, size in enumerate(hands)]
    used = {c for hand in kept for c in hand}
    rest = [c for c in cards if c not in used]
    return replace(
        state, hands=tuple(kept), clue_deck=tuple(rest[:deck]), clue_discards=tuple(rest[deck:])
    )


TINY_TREASURE = GameRules(gold_counts=(2, 2, 0, 0, 0), curses=1, curse_zone=2)
"""Four gold cards and one curse, never among the top two: 18 orders."""


def test_each_hidden_clue_placement_is_equally_likely() -> None:
    state = small_table(5, (4, 1, 2), 2, TINY_TREASURE)
    support = brute_force(state, 0)
    # 5 hidden cards: 1 and 2 in the hands (unordered), 2 in the deck; 18 treasure orders.
    assert len(support) == 60 * 18
    worlds = tb.sample_worlds(state.observation(0), 15 * len(support), seed=11)
    assert_uniform((placement(w, 0) for w in worlds), support)


def test_reshuffled_cards_stay_with_the_deck_they_were_drawn_from() -> None:
    state = small_table(6, (4, 2, 1), 2, TINY_TREASURE)
    # Three cards of the pile were drawn, played and discarded again since: face up.
    pile = (state.hands[1][1], state.hands[2][0], *state.clue_deck, *state.clue_discards[:3])
    state = replace(
        state,
        treasure_deck=state.treasure_deck[2:],
        gold=((state.treasure_deck[0],), (state.treasure_deck[1],), ()),
        reshuffles=1,
        reshuffled_piles=(pile,),
        hand_decks=((0, 0, 0, 0), (0, 1), (1,)),
    )
    assert not world_problems(state, state.observation(0))
    support = brute_force(state, 0)
    # Player 1's old card is known to be theirs; the 4 others of the pile go anywhere new (4!);
    # with two treasure cards revealed the three hidden ones lie below the curse-free top.
    orders = set(itertools.permutations(state.treasure_deck))
    assert len(support) == math.factorial(4) * len(orders)
    worlds = tb.sample_worlds(state.observation(0), 15 * len(support), seed=12)
    assert_uniform((placement(w, 0) for w in worlds), support)


def test_curses_never_drawn_from_the_top_of_the_set_up_deck() -> None:
    state = small_table(7, (4, 1, 1), 1, TINY_TREASURE)
    state = replace(
        state, treasure_deck=state.treasure_deck[1:], gold=((state.treasure_deck[0],), (), ())
    )
    worlds = tb.sample_worlds(state.observation(1), 300, seed=3)
    assert all(w.treasure_deck[0] != CURSE for w in worlds)
    assert {w.treasure_deck.index(CURSE) for w in worlds} == {1, 2, 3}


@st.composite
def positions(draw: st.DrawFn) -> tuple[GameState, int]:
    """A position of a bot game (any phase) and a player looking at it."""
    players = draw(st.integers(2, 4))
    rules = draw(st.sampled_from(["seed", "published", "seed+exchange"]))
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(0, 400))
    rng = random.Random(seed)
    bots = [rng.choice([tb.GreedyBot(), tb.RandomBot()]) for _ in range(players)]
    state = tb.new_game(tb.islands.default(), players, seed=seed, rules=rules)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(bots[state.to_move].choose(state.observation(state.to_move), rng))
    return state, draw(st.integers(0, players - 1))


@settings(max_examples=40, deadline=None)
@given(positions(), st.integers(0, 1000))
def test_every_sampled_world_is_consistent(position: tuple[GameState, int], seed: int) -> None:
    state, player = position
    seen = state.observation(player)
    assert world_problems(state, seen) == ()
    for world in tb.sample_worlds(seen, 5, seed=seed):
        assert world_problems(world, seen) == ()
        assert world.opening_left == state.opening_left or state.is_terminal
        assert world.hands[player] == state.hands[player]


def test_worlds_replay_for_a_seed() -> None:
    state = tb.new_game(tb.islands.default(), 4, seed=2)
    seen = state.observation(3)
    assert tb.sample_worlds(seen, 4, seed=9) == tb.sample_worlds(seen, 4, seed=9)
    assert tb.sample_worlds(seen, 4, seed=9) != tb.sample_worlds(seen, 4, seed=10)
    assert tb.sample_worlds(seen, 0) == ()


def test_the_validator_refuses_what_a_player_could_tell_apart() -> None:
    state = small_table(5, (4, 1, 2), 2, GameRules())
    seen = state.observation(0)
    swapped_own = replace(
        state,
        hands=(state.clue_deck[:1] + state.hands[0][1:], state.hands[1], state.hands[2]),
        clue_deck=state.hands[0][:1] + state.clue_deck[1:],
    )
    assert world_problems(swapped_own, seen)
    curse_on_top = replace(state, treasure_deck=(CURSE, *state.treasure_deck[1:]))
    assert world_problems(curse_on_top, seen)
    twice = replace(state, clue_deck=state.hands[1] + state.clue_deck[1:])
    assert world_problems(twice, seen)
    stale = replace(state, reshuffled_piles=(state.clue_discards,), reshuffles=1)
    assert "the clue deck holds a card" in " ".join(world_problems(stale, stale.observation(0)))


def test_an_observation_no_game_shows_is_refused() -> None:
    state = tb.new_game(tb.islands.default(), 2, seed=1)
    seen = state.observation(0)
    with pytest.raises(tb.TobagoError, match="no consistent deal"):
        tb.sample_worlds(replace(seen, clue_deck_size=seen.clue_deck_size + 1), 1)
    with pytest.raises(tb.TobagoError, match="whole number"):
        tb.sample_worlds(seen, -1)
