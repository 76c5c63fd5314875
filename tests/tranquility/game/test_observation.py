"""Observations made lazily from a state are the same values as ones built field by field."""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import fields, replace

import pytest

import tranquility_solver as tq
from tranquility_solver.game import GameState, Observation, new_game

PRESETS = (tq.Rules.seed(), tq.Rules.published())


def _states_of_random_games(games: int) -> list[GameState]:
    """Every state of seeded random games, both presets, 1-5 players."""
    rng = random.Random(181)
    states = []
    for game in range(games):
        state = new_game(1 + game % 5, seed=game, rules=PRESETS[game % 2])
        states.append(state)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            states.append(state)
    return states


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    found = _states_of_random_games(20)
    assert {state.phase for state in found} == {"play", "share"}
    return found


def _from_scratch(state: GameState, player: int, eager: Observation) -> Observation:
    """``player``'s observation through ``__init__``: the fields a state leaves to be read
    later worked out here from the state's public fields; the others taken from ``eager``
    (one not yet read: a field missing from both makes ``__init__`` fail)."""
    public = state.rules.name == "seed"
    worked_out = {
        "hand_sizes": tuple(len(hand) for hand in state.hands),
        "deck_sizes": tuple(len(deck) for deck in state.decks),
        "discarded": tuple(card for _, card in state.discards) if public else (),
        "own_discards": tuple(sorted(card for who, card in state.discards if who == player)),
        "discard_players": tuple(who for who, _ in state.discards),
    }
    names = {item.name for item in fields(Observation)}
    given = {name: value for name, value in vars(eager).items() if name in names}
    return Observation(**(given | worked_out))


def test_every_field_read_later_equals_its_value_from_scratch(states: list[GameState]) -> None:
    for state in states:
        for player in range(state.players):
            observation = state.observation(player)
            # Equality first: it reads every field, so the lazy ones are worked out by it.
            fresh = state.observation(player)
            plain = _from_scratch(state, player, fresh)
            assert fresh == plain
            assert hash(fresh) == hash(plain)
            assert observation.own_discards == plain.own_discards
            assert observation.unknown_cards() == plain.unknown_cards()


def test_a_lazy_observation_pickles_and_copies_as_its_value(states: list[GameState]) -> None:
    for state in states[::7]:
        observation = state.observation(state.current_player)
        for again in (pickle.loads(pickle.dumps(observation)), copy.copy(observation)):
            assert again == observation
            assert set(vars(again)) == {item.name for item in fields(Observation)}
            assert again.legal_actions() == observation.legal_actions()
        assert replace(observation, turn=observation.turn + 1).turn == observation.turn + 1


def test_only_fields_are_read_from_the_state() -> None:
    observation = new_game(2, seed=3).observation(0)
    with pytest.raises(AttributeError, match="no attribute 'hands'"):
        observation.hands  # type: ignore[attr-defined]  # noqa: B018
