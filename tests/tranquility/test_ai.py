"""The adapters' shared parts, which need no framework: tokens, tensors, recall and worlds."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tranquility_solver.ai import Choice, ObservationTensor, observation_text, sample_world
from tranquility_solver.ai.ids import COUNT, token_name, tokens
from tranquility_solver.ai.recall import Trail
from tranquility_solver.errors import IllegalActionError
from tranquility_solver.game import GameState, new_game, parse_action
from tranquility_solver.game.choices import START


def _random_state(seed: int, steps: int, players: int, rules: str) -> GameState:
    state = new_game(players, seed, rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


states = st.builds(
    _random_state,
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 40),
    players=st.integers(1, 5),
    rules=st.sampled_from(["seed", "published"]),
)


@settings(max_examples=40)
@given(states)
def test_every_legal_action_is_its_own_token_sequence_and_chosen_by_it(state: GameState) -> None:
    legal = state.legal_actions()
    sequences = {tokens(action) for action in legal}
    assert len(sequences) == len(legal)
    for sequence in sequences:  # no action's tokens begin another's
        assert all(sequence[:k] not in sequences for k in range(1, len(sequence)))
        assert all(0 <= token < COUNT for token in sequence)
    rng = random.Random(len(legal))
    for action in rng.sample(list(legal), min(5, len(legal))):
        choice = Choice(state)
        for token in tokens(action):
            if choice.state is not state:
                break  # applied as soon as only this action fitted
            choice = choice.choose(token)
        assert choice.state == state.apply(action)
        assert choice.chosen == ()


def test_token_names_read_as_actions() -> None:
    action = parse_action("play 41 d3 discard start 12")
    assert [token_name(t) for t in tokens(action)] == ["play 41 d3", "pay start", "pay 12"]
    assert token_name(tokens(parse_action("discard 3 finish"))[0]) == "discard 3 finish"
    assert [token_name(t) for t in tokens(parse_action("share 9 2"))] == [
        "share 2",
        "share 9",
        "share done",
    ]
    with pytest.raises(IllegalActionError, match="not 0 to"):
        token_name(COUNT)


def test_a_token_no_legal_action_begins_with_is_refused() -> None:
    choice = Choice(new_game(2, seed=1))
    with pytest.raises(IllegalActionError, match=r"action id 1 \(finish\) is not legal now"):
        choice.choose(1)


@settings(max_examples=40)
@given(states, st.integers(0, 4), st.integers(0, 2**32))
def test_a_sampled_world_looks_the_same_to_the_player_and_keeps_every_card(
    state: GameState, seat: int, seed: int
) -> None:
    player = seat % state.players
    world = sample_world(state, player, random.Random(seed))
    assert world.observation(player) == state.observation(player)
    assert world.all_cards == state.all_cards
    assert (START in world.decks[player]) == (START in state.decks[player])
    for p in range(state.players):  # each start card stays with the player who shuffled it in
        starts = [*world.hands[p], *world.decks[p], *(c for who, c in world.discards if who == p)]
        before = [*state.hands[p], *state.decks[p], *(c for who, c in state.discards if who == p)]
        assert starts.count(START) == before.count(START)
    tensor = ObservationTensor(state.players)
    seen = tensor.set_from(Choice(state), player).copy()
    assert (tensor.set_from(Choice(world), player) == seen).all()
    assert observation_text(world.observation(player)) == observation_text(
        state.observation(player)
    )
    if not world.is_terminal:
        world.apply(world.legal_actions()[0])


def test_every_hidden_card_lands_in_a_hand_as_often_as_a_fair_deal_would_put_it() -> None:
    """At the deal, player 1's start card is in their deck (it is shuffled in after the first
    five cards are drawn), never in their hand; every other card player 0 cannot see is as
    likely as any other to be in player 1's hand. 2,000 worlds stay within 5 standard errors."""
    state = new_game(2, seed=8, rules="published")
    pool = Counter(state.hands[1]) + Counter(state.decks[1]) + Counter(state.decks[0])
    del pool[START]  # both start cards stay in their owners' decks
    share = len(state.hands[1]) / sum(pool.values())
    rng = random.Random(0)
    worlds = 2000
    counts: Counter[int] = Counter()
    for _ in range(worlds):
        counts.update(sample_world(state, 0, rng).hands[1])
    assert counts[START] == 0
    for card, copies in pool.items():
        expected = worlds * share * copies
        spread = (worlds * share * (1 - share) * copies) ** 0.5
        assert abs(counts[card] - expected) <= 5 * spread


def test_the_digest_remembers_what_the_player_saw() -> None:
    state = new_game(2, seed=4)
    first = Trail(Choice(state))
    world = first.restarted(Choice(sample_world(state, 0, random.Random(1))), keep=0)
    assert world.digest(0) == first.digest(0)
    place = sorted(first.choice.options())[0]
    assert first.then(first.choice.choose(place)).digest(0) != first.digest(0)
    # Choosing a card to play is seen by the chooser only.
    later = first.then(Choice(state, (place,), first.choice.options()[place]))
    assert later.digest(1) == first.then(first.choice).digest(1)
    assert later.digest(0) != first.then(first.choice).digest(0)
