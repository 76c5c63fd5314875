"""What the adapters' shared parts work out once and keep equals what is worked out afresh:
legal tokens from the lazy listing, the action a token applies, and tensors written from kept
grids and piles."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tranquility_solver.ai import Choice, ObservationTensor
from tranquility_solver.ai.ids import (
    COUNT,
    PAIR_BASE,
    PAY_BASE,
    PLACE_BASE,
    SHARE_BASE,
    tokens,
)
from tranquility_solver.errors import IllegalActionError
from tranquility_solver.game import new_game
from tranquility_solver.game.observation import Observation


def _random_choices(seed: int, players: int, rules: str, limit: int = 80) -> list[Choice]:
    """The choices of a game played token by token at random (from the tokens every legal
    action begins with, worked out from the actions themselves)."""
    choice = Choice(new_game(players, seed, rules))
    rng = random.Random(seed)
    seen = [choice]
    while not choice.state.is_terminal and len(seen) < limit:
        choice = choice.choose(rng.choice(sorted(choice.options())))
        seen.append(choice)
    return seen


games = st.builds(
    _random_choices,
    seed=st.integers(0, 10**6),
    players=st.integers(1, 5),
    rules=st.sampled_from(["seed", "published"]),
)


def _reference_step(choice: Choice, token: int) -> tuple[Choice, object]:
    """What a token does, from the grouping of every legal action by its tokens."""
    left = choice.options()[token]
    if len(left) == 1:
        return Choice(choice.state.apply(left[0])), left[0]
    return Choice(choice.state, (*choice.chosen, token), left), None


@settings(max_examples=25, deadline=None)
@given(games)
def test_legal_tokens_and_steps_equal_those_of_every_legal_action(game: list[Choice]) -> None:
    for choice in game:
        fresh = Choice(choice.state, choice.chosen, choice.candidates)
        assert fresh.legal_tokens() == tuple(sorted(choice.options()))
        for token in fresh.legal_tokens():
            after, action = Choice(choice.state, choice.chosen, choice.candidates).step(token)
            expected, expected_action = _reference_step(choice, token)
            assert (after, after.candidates, action) == (
                expected,
                expected.candidates,
                expected_action,
            )
            if action is not None:
                assert tokens(action)[len(choice.chosen)] == token


@settings(max_examples=10, deadline=None)
@given(games, st.integers(0, COUNT - 1))
def test_a_token_that_begins_no_legal_action_is_refused(game: list[Choice], token: int) -> None:
    choice = game[-1]
    if choice.state.is_terminal or token in choice.options():
        return
    with pytest.raises(IllegalActionError, match="not legal now"):
        Choice(choice.state, choice.chosen, choice.candidates).step(token)


def _reference_tensor(tensor: ObservationTensor, choice: Choice, player: int) -> np.ndarray:
    """The tensor written piece by piece from the observation (the module's table)."""
    views = {name: np.zeros(view.shape, np.float32) for name, view in tensor.dict.items()}
    obs: Observation = choice.state.observation(player)
    views["player"][player] = 1
    if tensor.public:
        views["current"][obs.current_player] = 1
        over = obs.outcome is not None
        views["phase"][2 if over else ("play", "share").index(obs.phase)] = 1
        views["won"][0] = bool(obs.outcome and obs.outcome.won)
        for cell, card in enumerate(obs.grid.cells):
            if card is not None:
                views["grid"][cell, card - 1] = 1
        for card in obs.discarded:
            views["discarded"][card] += 1
        views["hand_sizes"][:] = obs.hand_sizes
        views["deck_sizes"][:] = obs.deck_sizes
        views["counts"][:] = (
            obs.discard_count,
            obs.start_played,
            obs.share_left,
            obs.later_capacity,
            obs.later_players,
            obs.turn,
        )
    if tensor.private:
        for card in obs.hand:
            views["hand"][card] += 1
        for card in obs.own_discards:
            views["own_discards"][card] += 1
        if player == obs.current_player:
            for token in choice.chosen:
                if PLACE_BASE <= token < PAY_BASE:
                    card, cell = divmod(token - PLACE_BASE, 36)
                    views["chosen"][0, card + 1] = 1
                    views["chosen"][1, cell] = 1
                elif PAY_BASE <= token < PAIR_BASE:
                    views["chosen"][2, token - PAY_BASE] += 1
                elif token >= SHARE_BASE:
                    views["chosen"][3, token - SHARE_BASE] += 1
    return np.concatenate([views[name].ravel() for name, _ in tensor.layout])


@settings(max_examples=25, deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_tensors_from_kept_grids_and_piles_equal_those_written_piece_by_piece(
    game: list[Choice], rng: random.Random
) -> None:
    players = game[0].state.players
    kinds = [{}, {"private": False}, {"public": False}]
    kept = [ObservationTensor(players, **kind) for kind in kinds]  # type: ignore[arg-type]
    order = [(choice, player) for choice in game for player in range(players)]
    rng.shuffle(order)  # jump between positions, as a search does
    order += order[:3]  # and come back to some
    for choice, player in order:
        for tensor in kept:
            assert np.array_equal(
                tensor.set_from(choice, player), _reference_tensor(tensor, choice, player)
            )
