"""PlannerBot: legal in both presets, the sequence planner in `published`, free plays by plan
in `seed`; its planning helpers against plain computations."""

from __future__ import annotations

import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tranquility_solver as tq
from tranquility_solver.bots.planner import (
    MAIN_DIAGONAL,
    PLANNER,
    PlannerBot,
    plan_allows,
    planned_share,
)
from tranquility_solver.bots.playouts import play_out
from tranquility_solver.bots.sequence_planner import SEQUENCE_PLANNER
from tranquility_solver.game import new_game, play_game, replay
from tranquility_solver.game.actions import Discard, Play
from tranquility_solver.game.choices import FINISH
from tranquility_solver.game.state import GameState
from tranquility_solver.grid import CELL_INDEX

SEED = tq.Rules.seed()


def _runs(cells: list[int | None], line: range) -> int:
    """How many unbroken runs of filled cells a row or column holds."""
    filled = [cells[index] is not None for index in line]
    return sum(1 for at, full in enumerate(filled) if full and (at == 0 or not filled[at - 1]))


_LINES = [range(row * 6, row * 6 + 6) for row in range(6)] + [
    range(column, 36, 6) for column in range(6)
]


@settings(max_examples=60)
@given(order=st.randoms(use_true_random=False))
def test_filling_by_the_plan_never_costs_and_keeps_every_line_one_run(order: random.Random) -> None:
    cells: list[int | None] = [None] * 36
    for _ in range(36):
        allowed = [i for i in range(36) if cells[i] is None and plan_allows(cells, i)]
        assert allowed  # the plan never gets stuck: it fills the whole grid
        index = order.choice(allowed)
        # The cost rule ignores the card, so any number shows whether the cell is wedged.
        assert SEED.cost(tuple(cells), index, 40) == 0
        cells[index] = 40
        assert all(_runs(cells, line) <= 1 for line in _LINES)


def test_the_planned_shares_are_the_middles_of_the_diagonals_blocks() -> None:
    steps = {index: sum(divmod(index, 6)) for index in range(36)}
    for index, step in steps.items():
        before = sum(1 for other in steps.values() if other < step)
        same = sum(1 for other in steps.values() if other == step)
        assert planned_share(index) == (before + same / 2) / 36
    assert planned_share(CELL_INDEX["a6"]) == planned_share(CELL_INDEX["f1"]) == 0.5
    assert all(steps[CELL_INDEX[name]] == MAIN_DIAGONAL for name in ("a6", "c4", "f1"))


def _random_state(seed: int, players: int, rules: str, turns: int) -> GameState:
    """A state after ``turns`` random actions (mixed with heuristic ones, to reach fuller
    grids)."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    for _ in range(turns):
        if state.is_terminal:
            break
        observation = state.observation(state.current_player)
        if rng.random() < 0.5:
            action = rng.choice(state.legal_actions())
        else:
            action = tq.HeuristicBot().choose(observation, rng)
        state = state.apply(action)
    return state


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 5),
    rules=st.sampled_from(["seed", "published"]),
    turns=st.integers(0, 60),
)
def test_its_choices_are_legal_on_random_states(
    seed: int, players: int, rules: str, turns: int
) -> None:
    state = _random_state(seed, players, rules, turns)
    if state.is_terminal:
        return
    observation = state.observation(state.current_player)
    assert PlannerBot().choose(observation, random.Random(seed)) in state.legal_actions()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 5), turns=st.integers(0, 50))
def test_in_published_it_plays_as_the_sequence_planner(seed: int, players: int, turns: int) -> None:
    state = _random_state(seed, players, "published", turns)
    if state.is_terminal:
        return
    observation = state.observation(state.current_player)
    assert PLANNER.choose(observation, random.Random(0)) == SEQUENCE_PLANNER.choose(
        observation, random.Random(0)
    )


def test_a_published_game_is_the_sequence_planners_game() -> None:
    for seed in range(3):
        ours = play_game([PLANNER, PLANNER], seed=seed, rules="published")
        planned = play_game([SEQUENCE_PLANNER, SEQUENCE_PLANNER], seed=seed, rules="published")
        assert ours.actions == planned.actions


def test_in_seed_its_plays_are_free_follow_the_plan_and_the_game_replays() -> None:
    plays = discards = 0
    for seed in range(4):
        record = play_game([PLANNER, PLANNER], seed=seed, rules="seed")
        assert play_game([PLANNER, PLANNER], seed=seed, rules="seed") == record
        states = list(replay(record))
        for before, (_, text) in zip(states, record.actions, strict=False):
            action = tq.parse_action(text)
            if isinstance(action, Play):
                plays += 1
                assert action.discards == ()
                assert plan_allows(before.grid.cells, CELL_INDEX[action.cell])
            elif isinstance(action, Discard):
                discards += 1
                assert FINISH not in action.cards
    # Both kinds of decision were exercised.
    assert plays > 100
    assert discards > 10


def test_it_beats_heuristic_bot_on_seed_deals() -> None:
    # Not a benchmark: a guard that the plan is wired in. Measured on development deals,
    # PlannerBot wins about nine games in ten of `seed`, HeuristicBot two in three.
    won = sum(play_game([PLANNER, PLANNER], seed=seed, rules="seed").won for seed in range(12))
    heuristic = tq.HeuristicBot()
    baseline = sum(
        play_game([heuristic, heuristic], seed=seed, rules="seed").won for seed in range(12)
    )
    assert won > baseline


def test_it_finishes_and_plays_the_start_card_when_it_can() -> None:
    state = play_out(new_game(2, seed=3, rules="seed"), PLANNER, random.Random(0))
    assert state.outcome is not None
    assert state.start_played


def test_the_bot_pickles_for_process_pools() -> None:
    assert pickle.loads(pickle.dumps(PlannerBot())) == PlannerBot()
