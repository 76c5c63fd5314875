"""The world sampler: every world consistent, every consistent world at its frequency."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tranquility_solver as tq
from tranquility_solver.bots import HeuristicBot
from tranquility_solver.bots.inferred_worlds import sample_inferred_worlds
from tranquility_solver.game import FINISH, START, GameState, play_game, replay
from tranquility_solver.game.worlds import (
    consistency_errors,
    hidden_layout,
    sample_worlds,
    world_of,
)


def _positions(rules: str, seed: int, players: int = 2) -> list[GameState]:
    record = play_game([HeuristicBot()] * players, seed=seed, rules=rules)
    return [state for state in replay(record) if not state.is_terminal]


@pytest.mark.parametrize("sampler", [sample_worlds, sample_inferred_worlds])
@settings(max_examples=20)
@given(
    rules=st.sampled_from(["seed", "published"]),
    players=st.integers(2, 4),
    game=st.integers(0, 10_000),
    pick=st.integers(0, 10_000),
    sample_seed=st.integers(0, 1_000),
)
def test_every_sampled_world_is_consistent(
    sampler: Callable[..., tuple[GameState, ...]],
    rules: str,
    players: int,
    game: int,
    pick: int,
    sample_seed: int,
) -> None:
    states = _positions(rules, game, players)
    state = states[pick % len(states)]
    for seat in range(players):
        observation = state.observation(seat)
        assert consistency_errors(state, observation) == ()  # the truth is one of the worlds
        worlds = sampler(observation, 4, seed=sample_seed)
        assert len(worlds) == 4
        for world in worlds:
            assert consistency_errors(world, observation) == ()
            assert world.hands[seat] == state.hands[seat]


def test_worlds_replay_for_a_seed_and_differ_between_seeds() -> None:
    observation = _positions("published", 3)[10].observation(0)
    assert sample_worlds(observation, 5, seed=7) == sample_worlds(observation, 5, seed=7)
    assert sample_worlds(observation, 5, seed=7) != sample_worlds(observation, 5, seed=8)
    assert sample_worlds(observation, 0) == ()
    with pytest.raises(tq.TranquilityError, match="whole number"):
        sample_worlds(observation, -1)


def test_the_validator_catches_what_breaks_consistency() -> None:
    state = _positions("published", 3)[10]
    observation = state.observation(0)
    other = state.hands[1]
    swapped = state._with(hands=(state.hands[0], (*other[:-1], START)))
    assert "player 1 has 2 start cards" in consistency_errors(swapped, observation)
    own_changed = state._with(hands=(state.hands[1], state.hands[0]))
    assert "hand differs" in consistency_errors(own_changed, observation)


def _random_play(players: int, seed: int, steps: int, rules: str) -> GameState:
    state = tq.new_game(players, seed, rules)
    rng = random.Random(seed)
    for _ in range(steps):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("sampler", [sample_worlds, sample_inferred_worlds])
def test_the_player_to_move_can_act_in_every_world(
    sampler: Callable[..., tuple[GameState, ...]],
) -> None:
    """The game going on tells everyone that the player to move can act: here player 1 holds
    one hidden card, and a world giving them a finish card (unplayable on a grid with empty
    cells, and one card cannot be discarded) would be a game already lost."""
    state = _random_play(3, 152, 13, "published")
    assert (state.current_player, len(state.hands[1]), state.is_terminal) == (1, 1, False)
    observation = state.observation(0)
    worlds = sampler(observation, 200, seed=0)
    assert all(world.legal_actions() for world in worlds)
    assert all(consistency_errors(world, observation) == () for world in worlds)
    lost = state._with(hands=(state.hands[0], (FINISH,), state.hands[2]))
    stuck = "player 1 to move cannot act, yet the game goes on"
    assert stuck in consistency_errors(lost, observation)


def test_a_fresh_start_card_is_never_in_an_opening_hand() -> None:
    observation = tq.new_game(3, seed=2).observation(0)
    for world in sample_worlds(observation, 50, seed=1):
        assert all(START not in hand for hand in world.hands)
        assert all(deck.count(START) == 1 for deck in world.decks)


def _grid_without(rules: tq.Rules, empty: int, rng: random.Random) -> tq.Grid:
    full = tq.random_full_grid(rules, rng)
    cells = list(full.cells)
    for index in rng.sample(range(36), empty):
        cells[index] = None
    return tq.Grid(tuple(cells))


def _seed_case() -> GameState:
    """`seed`, player 0 observing: player 1's start card may be in their hand or deck."""
    rules = tq.Rules.seed()
    grid = _grid_without(rules, 4, random.Random(5))
    left = [card for card in range(1, 81) if card not in grid.numbers]
    hidden, mine, public = left[:3], left[3:6], left[6:]
    return GameState(
        rules=rules,
        players=2,
        seed=0,
        first_player=0,
        current_player=0,
        turn=60,
        grid=grid,
        hands=(tuple(mine), (START, hidden[0])),
        decks=((hidden[1], START), (FINISH, hidden[2])),
        discards=tuple((seat % 2, card) for seat, card in enumerate(public)),
        start_bounds=((3, 0), (3, 0)),
    )


def _published_case() -> GameState:
    """`published`, player 1 observing after playing the start card: player 0's start card may
    be in their hand, their deck or their last face-down discard, not the earlier ones."""
    rules = tq.Rules.published()
    grid = _grid_without(rules, 2, random.Random(6))
    left = [card for card in range(1, 81) if card not in grid.numbers]
    return published_end(grid, left[:3], left[3:5], left[5:])


def published_end(
    grid: tq.Grid, hidden: list[int], mine: list[int], own_discards: list[int]
) -> GameState:
    """Player 1 to move in `published` after playing the start card, holding ``mine`` and
    three finish cards, having discarded ``own_discards``; player 0 discarded ``hidden[0]``,
    a finish card and its start card (face down), holds ``hidden[1]`` and a finish card, and
    has ``hidden[2]`` in its deck."""
    discards = [(1, card) for card in own_discards] + [(0, hidden[0]), (0, FINISH), (0, START)]
    return GameState(
        rules=tq.Rules.published(),
        players=2,
        seed=0,
        first_player=0,
        current_player=1,
        turn=71,
        grid=grid,
        hands=((hidden[1], FINISH), (*sorted(mine), FINISH, FINISH)),
        decks=((hidden[2],), (FINISH,)),
        discards=tuple(discards),
        start_played=True,
        start_player=1,
        start_bounds=((3, 2), (4, 0)),
    )


def _chi_square_p(observed: Counter[object], expected: dict[object, float], n: int) -> float:
    """Upper tail of the chi-square statistic (Wilson–Hilferty approximation)."""
    statistic = sum((observed[key] - n * p) ** 2 / (n * p) for key, p in expected.items())
    freedom = len(expected) - 1
    z = ((statistic / freedom) ** (1 / 3) - (1 - 2 / (9 * freedom))) / math.sqrt(2 / (9 * freedom))
    return 0.5 * math.erfc(z / math.sqrt(2))


def _world_key(world: GameState) -> tuple[object, ...]:
    return (world.hands, world.decks, world.discards)


def consistent_ways(observation: tq.Observation) -> Iterator[GameState]:
    """Brute force: the world of every way to put the hidden cards in the hidden places that
    the independent validator accepts (one world per way: a world reached in two ways, by
    swapping two cards of one hand, comes twice)."""
    layout = hidden_layout(observation)
    cards = [*layout.cards, *[START] * len(layout.start_slots)]
    for order in set(permutations(cards)):
        world = world_of(layout, dict(zip(layout.slots, order, strict=True)))
        if not consistency_errors(world, observation):
            yield world


@pytest.mark.parametrize(("case", "observer"), [(_seed_case, 0), (_published_case, 1)])
def test_each_consistent_world_at_its_expected_frequency(case: object, observer: int) -> None:
    assert callable(case)
    state: GameState = case()
    observation = state.observation(observer)
    assert consistency_errors(state, observation) == ()
    # Each kept way of placing the hidden cards is equally likely.
    expected: Counter[object] = Counter(_world_key(world) for world in consistent_ways(observation))
    total = sum(expected.values())
    assert _world_key(state) in expected
    n = 40 * len(expected)
    observed = Counter(_world_key(world) for world in sample_worlds(observation, n, seed=11))
    assert set(observed) <= set(expected)  # never an inconsistent world
    probabilities = {key: count / total for key, count in expected.items()}
    assert _chi_square_p(observed, probabilities, n) > 1e-3
