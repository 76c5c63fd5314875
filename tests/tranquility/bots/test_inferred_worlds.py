"""The policy-aware world sampler: every world consistent, each at a frequency proportional to
its weight, and the uniform sampler's worlds where no other player's discard is hidden."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import tranquility_solver as tq
from tests.tranquility.game.test_worlds import (
    _chi_square_p,
    _positions,
    _world_key,
    consistent_ways,
    published_end,
)
from tranquility_solver.bots.inferred_worlds import (
    DISCARD_LIKELIHOOD,
    DiscardLikelihood,
    sample_inferred_worlds,
    world_class,
)
from tranquility_solver.game import FINISH, GameState
from tranquility_solver.game.worlds import (
    consistency_errors,
    sample_worlds,
)


def test_without_hidden_discards_the_worlds_are_the_uniform_ones() -> None:
    for rules in ("seed", "published"):
        observation = _positions(rules, 5)[30].observation(0)
        if rules == "published":  # the partner has discarded: the weighting is in play
            assert any(who == 1 for who in observation.discard_players)
            assert sample_inferred_worlds(observation, 6, seed=3) != sample_worlds(
                observation, 6, seed=3
            )
        else:
            assert sample_inferred_worlds(observation, 6, seed=3) == sample_worlds(
                observation, 6, seed=3
            )
    fresh = tq.new_game(2, seed=2, rules="published").observation(1)
    assert sample_inferred_worlds(fresh, 3, seed=1) == sample_worlds(fresh, 3, seed=1)


def test_weights_must_be_positive_and_worlds_replay() -> None:
    with pytest.raises(tq.TranquilityError, match="above 0"):
        DiscardLikelihood(neither=0.0)
    observation = _positions("published", 3)[40].observation(1)
    assert sample_inferred_worlds(observation, 4, seed=9) == sample_inferred_worlds(
        observation, 4, seed=9
    )
    with pytest.raises(tq.TranquilityError, match="whole number"):
        sample_inferred_worlds(observation, -1)


def _needy_case() -> tuple[GameState, int]:
    """`published`, player 1 observing: two empty cells whose own cards are hidden, so the
    partner's three face-down discards may hold none, one or both of them."""
    rules = tq.Rules.published()
    rng = random.Random(8)
    full = tq.random_full_grid(rules, rng)
    cells = list(full.cells)
    needed = [cells[10], cells[25]]
    cells[10] = cells[25] = None
    grid = tq.Grid(tuple(cells))
    bounds = tq.placement.order_bounds(grid.cells, rules)
    left = [card for card in range(1, 81) if card not in grid.numbers]

    def fits(card: int) -> bool:
        return any(low < card < high for low, high in (bounds[10], bounds[25]))

    spare = [card for card in left if not fits(card)]
    mine = spare[1:3]
    own_discards = [card for card in left if card not in needed and card not in spare[:3]]
    state = published_end(grid, [spare[0], *needed], mine, own_discards)
    return state, 1


def test_world_class_reads_where_the_needed_cards_are() -> None:
    state, observer = _needy_case()
    assert world_class(state, observer) == "live"  # both needed cards with the partner
    needed = state.hands[0][0]
    hidden_spare = next(card for who, card in state.discards if who == 0 and 0 < card < 81)
    moved = state._with(
        hands=((hidden_spare, FINISH), state.hands[1]),
        discards=tuple(
            (who, needed if card == hidden_spare else card) for who, card in state.discards
        ),
    )
    # The partner discarded a needed card; nothing else fits its cell, not even in the
    # observer's own discards, which the partner cannot rule out.
    assert world_class(moved, observer) in ("their view", "neither")
    assert world_class(moved, 0) != "live"


def test_each_world_at_a_frequency_proportional_to_its_weight() -> None:
    state, observer = _needy_case()
    observation = state.observation(observer)
    assert consistency_errors(state, observation) == ()
    likelihood = DiscardLikelihood(live=1.0, their_view=0.5, neither=0.2)
    # Each way of placing the hidden cards is a uniform world's; the weight multiplies it.
    weights: Counter[object] = Counter()
    classes: Counter[str] = Counter()
    for world in consistent_ways(observation):
        kind = world_class(world, observer)
        classes[kind] += 1
        weights[_world_key(world)] += likelihood.weight(kind)
    assert len(classes) >= 2  # the weighting has something to tell apart
    total = sum(weights.values())
    n = 40 * len(weights)
    sampled = sample_inferred_worlds(observation, n, seed=4, likelihood=likelihood)
    observed = Counter(_world_key(world) for world in sampled)
    assert set(observed) <= set(weights)
    expected = {key: weight / total for key, weight in weights.items()}
    assert _chi_square_p(observed, expected, n) > 1e-3
    # And the uniform sampler, on the same worlds, does not match these frequencies.
    uniform = Counter(_world_key(world) for world in sample_worlds(observation, n, seed=4))
    assert _chi_square_p(uniform, expected, n) < 1e-3


def test_the_default_weights_favour_worlds_the_team_can_finish() -> None:
    assert DISCARD_LIKELIHOOD.keep_chance("live") == 1.0
    assert DISCARD_LIKELIHOOD.keep_chance("neither") < DISCARD_LIKELIHOOD.keep_chance("their view")
