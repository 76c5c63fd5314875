"""What the adapters' shared parts work out once and keep equals what is worked out afresh:
legal ids kept for the last position, observations with the state's kept legal actions, and
tensors written from kept maps and discard piles."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.ai import ActionIds, ObservationTensor
from tobago_solver.ai.ids import CARD_INDEX
from tobago_solver.ai.tensors import FIRST_GOLD, PHASES, observation_of
from tobago_solver.game.state import GameState

ISLAND = tb.islands.default()


def _random_game(seed: int, players: int, rules: str, limit: int = 60) -> list[GameState]:
    state = tb.new_game(ISLAND, players, seed=seed, rules=rules)
    rng = random.Random(seed)
    seen = [state]
    while not state.is_terminal and len(seen) < limit:
        state = state.apply(rng.choice(state.legal_actions()))
        seen.append(state)
    return seen


games = st.builds(
    _random_game,
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    rules=st.sampled_from(["seed", "published", "seed+exchange"]),
)


@settings(max_examples=15, deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_kept_legal_ids_equal_the_ids_of_the_legal_actions(
    game: list[GameState], rng: random.Random
) -> None:
    ids = ActionIds(ISLAND)
    order = game + rng.sample(game, len(game))  # in order, then jumping about
    for state in order:
        expected = {ids.of(action): action for action in state.legal_actions()}
        assert ids.legal(state) == expected
        assert list(ids.legal(state)) == list(expected)  # in the listing's order
        assert ids.legal_ids(state) == tuple(sorted(expected))
        for action_id, action in expected.items():
            assert ids.action(state, action_id) == action


@settings(max_examples=15, deadline=None)
@given(games)
def test_observations_with_the_kept_legal_actions_equal_the_states_own(
    game: list[GameState],
) -> None:
    for state in game:
        for player in range(state.players):
            assert observation_of(state, player) == state.observation(player)


def _reference_tensor(tensor: ObservationTensor, state: GameState, player: int) -> np.ndarray:
    """The tensor written piece by piece from the observation (the module's table)."""
    views = {name: np.zeros(view.shape, np.float32) for name, view in tensor.dict.items()}
    obs = state.observation(player)
    index = {name: i for i, name in enumerate(ISLAND.fields)}
    views["player"][player] = 1
    if "hand" in views:
        for clue in obs.hand:
            views["hand"][CARD_INDEX[clue]] += 1
    if tensor.public:
        views["to_move"][obs.to_move] = 1
        views["phase"][PHASES.index(obs.phase)] = 1
        for m, map_state in enumerate(obs.maps):
            for i in range(len(ISLAND.fields)):
                views["candidates"][m, i] = map_state.candidates_mask >> i & 1
            for clue in map_state.clues:
                views["map_clues"][m, CARD_INDEX[clue]] += 1
            views["map_roses"][m] = map_state.roses
        for p, car in enumerate(obs.cars):
            views["cars"][p, index[car]] = 1
        for field_name in obs.amulets:
            views["amulets"][index[field_name]] += 1
        views["amulets_held"][:] = obs.amulets_held
        views["roses_left"][:] = obs.roses_left
        views["hand_sizes"][:] = obs.hand_sizes
        for p, cards in enumerate(obs.gold):
            for value in cards:
                views["gold"][p, value - FIRST_GOLD] += 1
        for value in obs.cursed_gold:
            views["cursed_gold"][value - FIRST_GOLD] += 1
        for clue in obs.clue_discards:
            views["discards"][CARD_INDEX[clue]] += 1
        views["abandoned"][:] = obs.abandoned
        since = obs.turn - obs.last_map_change if obs.last_map_change >= 0 else obs.turn + 1
        views["counts"][:] = (obs.treasure_deck_size, obs.clue_deck_size, obs.turn, since)
    return np.concatenate([views[name].ravel() for name, _ in tensor.layout])


@settings(max_examples=15, deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_tensors_from_kept_maps_and_piles_equal_those_written_piece_by_piece(
    game: list[GameState], rng: random.Random
) -> None:
    state = game[0]
    kinds = [{}, {"private": False}, {"public": False}]
    kept = [ObservationTensor(ISLAND, state.players, state.rules, **kind) for kind in kinds]  # type: ignore[arg-type]
    order = [(s, player) for s in game for player in range(s.players)]
    rng.shuffle(order)  # jump between positions, as a search does
    for state, player in order + order[:3]:
        for tensor in kept:
            values = tensor.set_from(observation_of(state, player))
            assert np.array_equal(values, _reference_tensor(tensor, state, player))
