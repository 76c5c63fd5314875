"""SearchBot: legal, replayable, picklable; its candidates start with HeuristicBot's choice."""

from __future__ import annotations

import pickle
import random

import pytest

from tranquility_solver.deals import SearchBot
from tranquility_solver.game import HeuristicBot, new_game, play_game, replay
from tranquility_solver.game.playouts import candidate_actions, play_out
from tranquility_solver.game.records import bot_rng

EAGER = SearchBot(worlds=3, endgame_cells=8, margin=1.0)
"""Searching early, with few worlds: many endgame decisions, cheaply."""


@pytest.mark.parametrize(
    "rules", [pytest.param("seed", marks=pytest.mark.slow), "published"]
)  # a `seed` endgame can keep the deal solver busy for its whole time limit
def test_every_decision_is_legal_and_the_game_replays(rules: str) -> None:
    searched = 0
    state = new_game(2, seed=1, rules=rules)
    rng = bot_rng(1)
    while not state.is_terminal:
        observation = state.observation(state.current_player)
        action = EAGER.choose(observation, rng)
        assert action in observation.legal_actions()
        searched += len(state.grid.empty_cells) <= EAGER.endgame_cells
        state = state.apply(action)
    assert searched > 5
    record = play_game([EAGER, EAGER], seed=1, rules=rules)
    assert list(replay(record))[-1].outcome == state.outcome
    assert play_game([EAGER, EAGER], seed=1, rules=rules) == record


def test_before_the_endgame_it_plays_as_heuristic_bot() -> None:
    state = new_game(2, seed=6, rules="seed")
    for _ in range(10):
        observation = state.observation(state.current_player)
        action = SearchBot().choose(observation, random.Random(0))
        assert action == HeuristicBot().choose(observation, random.Random(0))
        state = state.apply(action)


def test_candidates_start_with_the_heuristic_choice() -> None:
    for seed in range(5):
        state = play_out(
            new_game(2, seed=seed, rules="published"), HeuristicBot(), random.Random(0), turns=15
        )
        if state.is_terminal:
            continue
        observation = state.observation(state.current_player)
        candidates = candidate_actions(observation)
        assert candidates[0] == HeuristicBot().choose(observation, random.Random(0))
        assert len(set(candidates)) == len(candidates)
        assert all(action in observation.legal_actions() for action in candidates)


def test_play_out_stops_after_the_turns_asked() -> None:
    state = new_game(2, seed=3)
    assert play_out(state, HeuristicBot(), random.Random(0), turns=4).turn == 4
    assert play_out(state, [HeuristicBot(), HeuristicBot()], random.Random(0)).is_terminal


def test_the_bot_pickles_for_process_pools() -> None:
    assert pickle.loads(pickle.dumps(SearchBot())) == SearchBot()
