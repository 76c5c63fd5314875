"""Observations hold only what their player may know, and are the values built from scratch;
the discard facts a state keeps up to date are the ones worked out from its whole history."""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import fields, replace

import pytest

import tranquility_solver as tq
from tranquility_solver.game import GameState, Observation, new_game
from tranquility_solver.game.choices import share_round

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
    assert any(state.rules.name == "published" and state.discards for state in found)
    assert any(state.rules.name == "seed" and state.discards for state in found)
    return found


def _discard_facts(state: GameState) -> dict[str, object]:
    """What the players see of the discards, worked out from the whole history."""
    public = state.rules.name == "seed"
    return {
        "discarded": tuple(card for _, card in state.discards) if public else (),
        "discard_players": tuple(who for who, _ in state.discards),
        "player_discards": tuple(
            tuple(sorted(card for who, card in state.discards if who == seat))
            for seat in range(state.players)
        ),
    }


def _rebuilt(state: GameState) -> GameState:
    """The state through ``__init__`` from its ``__init__`` fields alone."""
    return GameState(
        **{item.name: getattr(state, item.name) for item in fields(state) if item.init}
    )


def test_the_discard_facts_kept_by_play_are_the_ones_from_scratch(
    states: list[GameState],
) -> None:
    for state in states:
        expected = _discard_facts(state)
        assert {name: getattr(state, name) for name in expected} == expected
        rebuilt = _rebuilt(state)
        assert {name: getattr(rebuilt, name) for name in expected} == expected
        assert rebuilt == state
        assert hash(rebuilt) == hash(state)


def test_the_discard_facts_change_no_equality_and_survive_a_pickle(
    states: list[GameState],
) -> None:
    state = next(state for state in reversed(states) if state.discards)
    wrong = copy.copy(state)
    wrong.__dict__["discard_players"] = ()
    assert wrong == state  # a derived fact: the history it comes from is compared
    again = pickle.loads(pickle.dumps(state))
    assert again == state
    assert _discard_facts(again) == _discard_facts(state)
    assert replace(state, turn=state.turn).player_discards == state.player_discards


def _from_scratch(state: GameState, player: int) -> Observation:
    """``player``'s observation through ``__init__``, every field worked out here from the
    state's ``__init__`` fields."""
    public = state.rules.name == "seed"
    later_capacity = later_players = 0
    if state.phase == "share" and player == state.current_player:
        order = share_round(state.share_starter, state.players)
        later_capacity, later_players = state.later_capacity, len(order) - 1 - order.index(player)
    return Observation(
        rules=state.rules,
        player=player,
        players=state.players,
        current_player=state.current_player,
        turn=state.turn,
        phase=state.phase,
        grid=state.grid,
        hand=state.hands[player],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        deck_sizes=tuple(len(deck) for deck in state.decks),
        discarded=tuple(card for _, card in state.discards) if public else (),
        discard_count=len(state.discards),
        own_discards=tuple(sorted(card for who, card in state.discards if who == player)),
        start_played=state.start_played,
        share_left=state.share_left,
        later_capacity=later_capacity,
        later_players=later_players,
        outcome=state.outcome,
        discard_players=tuple(who for who, _ in state.discards),
        start_player=state.start_player,
        start_bounds=state.start_bounds,
    )


def test_an_observation_is_the_value_built_from_scratch(states: list[GameState]) -> None:
    for state in states:
        for player in range(state.players):
            observation = state.observation(player)
            plain = _from_scratch(state, player)
            assert observation == plain
            assert hash(observation) == hash(plain)
            assert repr(observation) == repr(plain)
            assert observation.unknown_cards() == plain.unknown_cards()
            assert observation.legal_actions() == plain.legal_actions()


def _hidden_hands(state: GameState, player: int) -> list[tuple[int, ...]]:
    """Hands ``player`` may not see: the others' (non-empty, and unlike their own)."""
    own = state.hands[player]
    return [
        hand for seat, hand in enumerate(state.hands) if seat != player and hand != own and hand
    ]


def _attributes(value: object) -> dict[str, object]:
    """An object's attributes, from its ``__dict__`` or its ``__slots__``."""
    found = dict(getattr(value, "__dict__", {}))
    for name in getattr(type(value), "__slots__", ()):
        if hasattr(value, name):
            found[name] = getattr(value, name)
    return found


def _holds(value: object, hidden: tuple[int, ...]) -> bool:
    """Whether ``value`` is, or directly contains, a game state or ``hidden``."""
    if isinstance(value, GameState) or value == hidden:
        return True
    if isinstance(value, tuple | list | frozenset | set):
        return any(isinstance(item, GameState) or item == hidden for item in value)
    if isinstance(value, dict):
        return any(_holds(item, hidden) for item in value.values() if not isinstance(item, dict))
    return False


def test_an_observation_holds_no_state_nor_another_players_hand(
    states: list[GameState],
) -> None:
    for state in states[::3]:
        for player in range(state.players):
            observation = state.observation(player)
            observation.legal_actions()  # cached in the instance too: looked at as well
            for hidden in _hidden_hands(state, player):
                for name, value in vars(observation).items():
                    assert not _holds(value, hidden), (name, hidden)
                    assert not _holds(_attributes(value), hidden), (name, hidden)


def test_an_observation_pickles_and_copies_as_its_value(states: list[GameState]) -> None:
    for state in states[::7]:
        observation = state.observation(state.current_player)
        for again in (pickle.loads(pickle.dumps(observation)), copy.copy(observation)):
            assert again == observation
            assert set(vars(again)) == {item.name for item in fields(Observation)}
            assert again.legal_actions() == observation.legal_actions()
        assert replace(observation, turn=observation.turn + 1).turn == observation.turn + 1


def test_an_observation_has_only_its_fields() -> None:
    observation = new_game(2, seed=3).observation(0)
    assert set(vars(observation)) <= {item.name for item in fields(Observation)} | {"_legal"}
    with pytest.raises(AttributeError, match="no attribute 'hands'"):
        observation.hands  # type: ignore[attr-defined]  # noqa: B018


def test_possible_cards_are_those_in_play_and_those_hidden_from_the_player(
    states: list[GameState],
) -> None:
    # From the whole state: an island card is on the grid, in a hand or deck, or discarded.
    # The player may count on every card still in play, and on those discarded where they
    # could not see (nothing on the grid, nothing they saw go).
    hidden_somewhere = 0
    for state in states:
        in_play = {
            card for cards in (*state.hands, *state.decks) for card in cards if 1 <= card <= 80
        }
        discarded = {card for _, card in state.discards if 1 <= card <= 80}
        assert in_play.isdisjoint(discarded)
        assert in_play.isdisjoint(state.grid.numbers)
        for player in range(state.players):
            seen = state.observation(player)
            hidden = discarded - set(seen.discarded) - set(seen.own_discards)
            hidden_somewhere += bool(hidden)
            possible = seen.possible_cards()
            assert list(possible) == sorted(in_play | hidden), (state, player)
    assert hidden_somewhere
