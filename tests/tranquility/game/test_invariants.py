"""Invariants under random play, both presets, 1–5 players (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import tranquility_solver as tq
from tranquility_solver.bots.planner import PlannerBot
from tranquility_solver.game import FINISH, START, GameState, Play

MAX_ACTIONS = 1000  # far above any real game: each turn spends at least one card


def _all_cards(rules: tq.Rules, players: int) -> Counter[int]:
    cards = Counter(range(1, 81))
    cards[START] = players
    cards[FINISH] = rules.finish_cards
    return cards


def _check_step(before: GameState, action: tq.Action, after: GameState) -> None:
    rules = before.rules
    assert after.all_cards == _all_cards(rules, before.players)  # every card in one place
    assert tq.violations(after.grid, rules) == ()
    if isinstance(action, Play):
        hand = before.hands[before.current_player]
        cost = tq.check_placement(before.grid, action.cell, action.card, rules, len(hand))
        assert cost == tq.placement_cost(before.grid, action.cell, action.card, rules)
        paid = after.discards[len(before.discards) :]
        assert len(paid) == cost
        assert tuple(sorted(card for _, card in paid)) == action.discards
        assert after.grid.filled_count == before.grid.filled_count + 1
    else:
        assert after.grid == before.grid
    if after.outcome is not None and after.outcome.won:
        assert after.grid.is_full
        assert after.start_played


@settings(max_examples=40)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 5),
    rules=st.sampled_from([tq.Rules.seed(), tq.Rules.published()]),
)
def test_random_play_keeps_every_invariant(seed: int, players: int, rules: tq.Rules) -> None:
    state = tq.new_game(players, seed=seed, rules=rules)
    assert state.all_cards == _all_cards(rules, players)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        assert legal
        action = rng.choice(legal)
        after = state.apply(action)
        _check_step(state, action, after)
        state = after
    assert state.is_terminal  # every game ends
    assert state.legal_actions() == ()


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 5))
def test_heuristic_play_keeps_every_invariant(seed: int, players: int) -> None:
    _play_checked(tq.HeuristicBot(), tq.new_game(players, seed=seed, rules=tq.Rules.published()))


def _play_checked(bot: tq.Bot, state: GameState) -> None:
    """Play ``state`` to its end with ``bot`` in every seat, checking every step."""
    rng = random.Random(state.seed)
    while not state.is_terminal:
        action = bot.choose(state.observation(state.current_player), rng)
        assert action in state.legal_actions()
        after = state.apply(action)
        _check_step(state, action, after)
        state = after


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(1, 5),
    rules=st.sampled_from([tq.Rules.seed(), tq.Rules.published()]),
)
def test_planner_play_keeps_every_invariant(seed: int, players: int, rules: tq.Rules) -> None:
    _play_checked(PlannerBot(), tq.new_game(players, seed=seed, rules=rules))
