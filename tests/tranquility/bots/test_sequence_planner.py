"""SequencePlanner: its count of forced payments against every order of play, its scoring
against HeuristicBot's (weight 0), legal and replayable play, and plays that differ."""

from __future__ import annotations

import random
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

import tranquility_solver as tq
from tranquility_solver.bots.sequence_planner import (
    SEQUENCE_PLANNER,
    TUNED_HEURISTIC,
    SequencePlanner,
    forced_payments,
)
from tranquility_solver.game import new_game, play_game, replay
from tranquility_solver.game.state import GameState


def _fewest_paid_by_every_order(filled: list[bool]) -> int:
    """The fewest cells filled beside a filled neighbour, over every order of filling."""
    empty = [at for at, full in enumerate(filled) if not full]
    fewest = len(empty)
    for order in permutations(empty):
        now = list(filled)
        paid = 0
        for at in order:
            paid += (at > 0 and now[at - 1]) or (at + 1 < len(now) and now[at + 1])
            now[at] = True
        fewest = min(fewest, paid)
    return fewest


@settings(max_examples=200)
@given(filled=st.lists(st.booleans(), min_size=1, max_size=9))
def test_forced_payments_is_the_fewest_over_every_order_of_play(filled: list[bool]) -> None:
    cells = [1 if full else None for full in filled]
    assert forced_payments(cells, range(len(cells))) == _fewest_paid_by_every_order(filled)


def test_forced_payments_follows_the_chain_not_the_cell_numbers() -> None:
    cells = [None, 1, None, None]
    assert forced_payments(cells, [0, 1, 2, 3]) == 2  # a0 and c2 beside b1; d3 free
    assert forced_payments(cells, [1, 0, 2, 3]) == 2  # 1 first: 0 beside it, 2 or 3 paid


def _random_state(seed: int, players: int, turns: int) -> GameState:
    """A `published` state after ``turns`` actions, random or heuristic."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules="published")
    for _ in range(turns):
        if state.is_terminal:
            break
        if rng.random() < 0.5:
            action = rng.choice(state.legal_actions())
        else:
            action = tq.HeuristicBot().choose(state.observation(state.current_player), rng)
        state = state.apply(action)
    return state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 5), turns=st.integers(0, 60))
def test_with_no_weight_it_chooses_as_the_tuned_heuristic(
    seed: int, players: int, turns: int
) -> None:
    state = _random_state(seed, players, turns)
    if state.is_terminal:
        return
    observation = state.observation(state.current_player)
    plain = SequencePlanner(forced_weight=0.0).choose(observation, random.Random(0))
    assert plain == TUNED_HEURISTIC.choose(observation, random.Random(0))
    assert SEQUENCE_PLANNER.choose(observation, random.Random(0)) in state.legal_actions()


def test_with_no_weight_its_games_are_the_tuned_heuristics() -> None:
    plain = SequencePlanner(forced_weight=0.0)
    for seed in range(3):
        ours = play_game([plain, plain], seed=seed, rules="published")
        tuned = play_game([TUNED_HEURISTIC, TUNED_HEURISTIC], seed=seed, rules="published")
        assert ours.actions == tuned.actions


def test_its_games_are_legal_replay_and_differ_from_the_tuned_heuristics() -> None:
    differ = 0
    for seed in range(8):
        players = 1 + seed % 3
        state = new_game(players, seed=seed, rules="published")
        rng = random.Random(seed)
        while not state.is_terminal:
            observation = state.observation(state.current_player)
            action = SEQUENCE_PLANNER.choose(observation, rng)
            assert action in state.legal_actions()
            state = state.apply(action)
        bots = [SEQUENCE_PLANNER] * players
        record = play_game(bots, seed=seed, rules="published")
        assert play_game(bots, seed=seed, rules="published") == record
        assert list(replay(record))[-1].outcome == state.outcome
        tuned = play_game([TUNED_HEURISTIC] * players, seed=seed, rules="published")
        differ += record.actions != tuned.actions
    assert differ >= 4


def test_in_seed_it_plays_as_its_base() -> None:
    state = new_game(2, seed=3, rules="seed")
    for _ in range(6):
        observation = state.observation(state.current_player)
        action = SEQUENCE_PLANNER.choose(observation, random.Random(0))
        assert action == TUNED_HEURISTIC.choose(observation, random.Random(0))
        state = state.apply(action)
