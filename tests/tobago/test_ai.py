"""The adapters' shared parts, which need no framework: ids, tensors, recall and sampled worlds."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.ai import ActionIds, ObservationTensor, observation_text, sample_world
from tobago_solver.ai.recall import Trail
from tobago_solver.game.state import GameState

ISLAND = tb.islands.default()
SHARED_IDS = ActionIds(ISLAND)
"""Ids kept across examples: the lists of plays and moves the engine shares come back."""


def _random_state(seed: int, steps: int, players: int, rules: str) -> GameState:
    """A state ``steps`` random actions into the game dealt from ``seed`` (or its end)."""
    state = tb.new_game(ISLAND, players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


states = st.builds(
    _random_state,
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 400),
    players=st.integers(2, 4),
    rules=st.sampled_from(["seed", "published", "seed+exchange"]),
)


@settings(max_examples=40)
@given(states)
def test_every_legal_action_has_its_own_id_which_names_it(state: GameState) -> None:
    ids = ActionIds(ISLAND)
    legal = state.legal_actions()
    by_id = ids.legal(state)
    assert len(by_id) == len(legal)
    # The ids in order, and the mapping in the order of the listing, whether the lists of plays
    # and moves were seen before (one ActionIds for every example) or not.
    expected = list(dict.fromkeys(ids.of(action) for action in legal))
    for asked in (ids, SHARED_IDS):
        assert asked.legal_ids(state) == tuple(sorted(expected))
        assert list(asked.legal(state)) == expected
        assert tuple(asked.mask(state).nonzero()[0]) == tuple(sorted(expected))
    for action in legal:
        action_id = ids.of(action)
        assert 0 <= action_id < ids.count
        assert ids.action(state, action_id) == action
        name = ids.name(action_id)
        expected = f"move to {action.destination}" if isinstance(action, tb.Move) else str(action)
        assert name == expected


def test_an_id_that_is_not_legal_is_refused_naming_it() -> None:
    state = tb.new_game(ISLAND, 2, seed=1)
    ids = ActionIds(ISLAND)
    with pytest.raises(tb.IllegalActionError, match=r"action id 2 \(end turn\) is not legal now"):
        ids.action(state, 2)
    with pytest.raises(tb.TobagoError, match="not 0 to"):
        ids.name(ids.count)


@settings(max_examples=40)
@given(states, st.integers(0, 3), st.integers(0, 2**32))
def test_a_sampled_world_looks_the_same_to_the_player_and_keeps_every_card(
    state: GameState, seat: int, seed: int
) -> None:
    player = seat % state.players
    world = sample_world(state, player, random.Random(seed))
    assert world.observation(player) == state.observation(player)
    hidden = Counter(state.clue_deck) + Counter(c for p, h in enumerate(state.hands) for c in h)
    assert Counter(world.clue_deck) + Counter(c for h in world.hands for c in h) == hidden
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert Counter(world.treasure_deck) == Counter(state.treasure_deck)
    pending = state.distribution.cards if state.distribution else ()
    assert Counter(world.distribution.cards if world.distribution else ()) == Counter(pending)
    # What one player sees of the world, as tensor and text, is what they saw of the game.
    tensor = ObservationTensor(ISLAND, state.players, state.rules)
    seen = tensor.set_from(state.observation(player)).copy()
    assert (tensor.set_from(world.observation(player)) == seen).all()
    assert observation_text(world.observation(player)) == observation_text(
        state.observation(player)
    )
    # The world plays on under the same rules.
    if not world.is_terminal:
        world.apply(world.legal_actions()[0])


def test_every_hidden_card_lands_in_a_hand_as_often_as_a_fair_deal_would_put_it() -> None:
    """Each card of the hidden pool (the other hands and the clue deck) lands in the other
    player's hand with probability hand / pool; 2,000 worlds stay within 5 standard errors."""
    state = tb.new_game(ISLAND, 2, seed=8)
    pool = Counter(state.clue_deck) + Counter(state.hands[1])
    share = len(state.hands[1]) / sum(pool.values())
    rng = random.Random(0)
    worlds = 2000
    counts: Counter[tb.Clue] = Counter()
    for _ in range(worlds):
        counts.update(sample_world(state, 0, rng).hands[1])
    for card, copies in pool.items():
        expected = worlds * share * copies
        spread = (worlds * share * (1 - share) * copies) ** 0.5
        assert abs(counts[card] - expected) <= 5 * spread


def test_the_digest_remembers_what_the_player_saw_and_nothing_hidden() -> None:
    state = tb.new_game(ISLAND, 2, seed=4)
    first = Trail(state)
    world = first.restarted(sample_world(state, 0, random.Random(1)), keep=0)
    assert world.digest(0) == first.digest(0)
    # A move draws no card: the player sees the same in the game and in the world.
    move, other = [a for a in state.legal_actions() if isinstance(a, tb.Move)][:2]
    after, after_in_world = first.then(state.apply(move)), world.then(world.state.apply(move))
    assert after.digest(0) == after_in_world.digest(0)
    assert after.digest(0) != first.then(state.apply(other)).digest(0)
    # A clue played draws a card, which the player sees: the world's draw may differ.
    play = next(a for a in state.legal_actions() if isinstance(a, tb.Play))
    drawn, drawn_in_world = state.apply(play), world.state.apply(play)
    same_hand = drawn.hands[0] == drawn_in_world.hands[0]
    assert (first.then(drawn).digest(0) == world.then(drawn_in_world).digest(0)) == same_hand


def test_a_trail_pickles_with_its_state_and_every_digest() -> None:
    state = _random_state(seed=8, steps=40, players=3, rules="seed")
    trail = Trail(state).then(state.apply(state.legal_actions()[0]))
    copied = pickle.loads(pickle.dumps(trail))
    assert copied.state == trail.state
    assert [copied.digest(p) for p in range(3)] == [trail.digest(p) for p in range(3)]
