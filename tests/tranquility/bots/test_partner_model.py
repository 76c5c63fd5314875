"""The partner model: the partner's last decisions read back, and worlds weighted by them."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from tranquility_solver.bots.inferred_worlds import sample_inferred_worlds
from tranquility_solver.bots.partner_model import (
    PARTNER_MODEL,
    PartnerModel,
    PartnerTurn,
    Seen,
    partner_turns,
)
from tranquility_solver.bots.planner import PLANNER
from tranquility_solver.errors import TranquilityError
from tranquility_solver.game import FINISH, GameState, Observation, new_game
from tranquility_solver.game.worlds import consistency_errors

SEEDS = range(1, 7)


def _planner_game(seed: int) -> Iterator[tuple[GameState, list[GameState], list[Seen]]]:
    """Each position of a `published` PlannerBot game, with the states before it and the
    decisions of the player to move so far."""
    state = new_game(2, seed=seed, rules="published")
    states: list[GameState] = []
    seen: dict[int, list[Seen]] = {0: [], 1: []}
    while not state.is_terminal:
        player = state.current_player
        observation = state.observation(player)
        yield state, states, seen[player]
        action = PLANNER.choose(observation, random.Random(0))
        seen[player].append((observation, action))
        states.append(state)
        state = state.apply(action)


def test_the_partner_position_is_read_back_as_the_partner_saw_it() -> None:
    checked = 0
    for seed in SEEDS:
        for state, states, seen in _planner_game(seed):
            turns = partner_turns(seen, state.observation(state.current_player), depth=1)
            if not turns:
                continue
            (turn,) = turns
            then = states[-1]  # the partner's decision
            assert then.current_player == turn.seat
            view = turn.partner_view(state, then.hands[turn.seat])
            truth = then.observation(turn.seat)
            # start_bounds is what the public history proves of start cards: the policy does
            # not read it, and the view keeps the player's own record of it.
            assert replace_bounds(view) == replace_bounds(truth)
            assert turn.action_in(state) == PLANNER.choose(truth, random.Random(0))
            checked += 1
    assert checked > 100


def replace_bounds(observation: object) -> dict[str, object]:
    fields = dict(vars(observation))
    fields.pop("start_bounds")
    return {name: value for name, value in fields.items() if not name.startswith("_")}


@pytest.mark.parametrize("epsilon", [0.1, 1e-6])
def test_the_true_world_is_never_ruled_out_when_the_partner_follows_the_policy(
    epsilon: float,
) -> None:
    # While the policy agrees, every choice of the cards drawn since is tried, the true ones
    # among them: the true world weighs at least one in that many.
    model = PartnerModel(epsilon=epsilon, without_finish=1.0)  # the choices' part alone
    checked = 0
    for seed in SEEDS:
        for state, _, seen in _planner_game(seed):
            observation = state.observation(state.current_player)
            turns = partner_turns(seen, observation, depth=2)
            if len(turns) < 2 or len(state.grid.empty_cells) > 14:
                continue
            choices = math.prod(
                math.comb(turn.after.hand_sizes[turn.seat], turn.drawn) for turn in turns
            )
            assert model.weight(state, turns, random.Random(0)) >= 1 / choices
            checked += 1
    assert checked > 30


def test_turns_stop_at_the_depth_and_at_the_start_card() -> None:
    for state, _, seen in _planner_game(2):
        observation = state.observation(state.current_player)
        turns = partner_turns(seen, observation, depth=3)
        assert len(turns) <= min(3, len(seen))
        for turn in turns:
            assert turn.before.start_played == observation.start_played
        assert partner_turns(seen, observation, depth=0) == ()


def test_a_partner_turn_says_what_it_saw() -> None:
    state = new_game(2, seed=3, rules="published")
    before = state.observation(0)
    mine = PLANNER.choose(before, random.Random(0))
    middle = state.apply(mine)
    theirs = PLANNER.choose(middle.observation(1), random.Random(0))
    after = middle.apply(theirs)
    turn = PartnerTurn(before, mine, after.observation(0))
    assert turn.action_in(after) == theirs
    assert turn.pile == middle.observation(1).discard_count


def test_sampled_worlds_are_consistent_reproducible_and_drawn_from_the_inferred_ones() -> None:
    for state, _, seen in _planner_game(4):
        observation = state.observation(state.current_player)
        turns = partner_turns(seen, observation, depth=2)
        if len(state.grid.empty_cells) > 10 or not turns:
            continue
        worlds = PARTNER_MODEL.sample(observation, turns, 4, seed=11)
        assert len(worlds) == 4
        assert worlds == PARTNER_MODEL.sample(observation, turns, 4, seed=11)
        for world in worlds:
            assert consistency_errors(world, observation) == ()
        pool = sample_inferred_worlds(observation, PARTNER_MODEL.pool * 4, seed=11)
        assert set(PARTNER_MODEL.sample(observation, (), 4, seed=11)) <= set(pool)
        return
    raise AssertionError("no end-game position with a partner turn")


def test_the_worlds_kept_are_the_likely_ones() -> None:
    # Among the pool, the worlds kept weigh more on average than those left out.
    kept_weight = pooled_weight = 0.0
    kept = pooled = 0
    for seed in SEEDS:
        for state, _, seen in _planner_game(seed):
            observation = state.observation(state.current_player)
            turns = partner_turns(seen, observation, depth=1)
            if len(state.grid.empty_cells) > 8 or not turns:
                continue
            model = PartnerModel(pool=4)
            pool = sample_inferred_worlds(observation, 4 * 3, seed=5)
            worlds = model.sample(observation, turns, 3, seed=5)
            assert set(worlds) <= set(pool)
            weigh = [model.weight(world, turns, random.Random(0)) for world in pool]
            kept_weight += sum(w for world, w in zip(pool, weigh, strict=True) if world in worlds)
            kept += len(worlds)
            pooled_weight += sum(weigh)
            pooled += len(pool)
            break
    assert kept_weight / kept > pooled_weight / pooled


def _weighing_every_world(
    model: PartnerModel,
    observation: Observation,
    turns: tuple[PartnerTurn, ...],
    n: int,
    seed: int,
) -> tuple[GameState, ...]:
    """What :meth:`PartnerModel.sample` must return, found the slow way: every world of the
    pool weighed, the ``n`` largest keys kept."""
    pool = sample_inferred_worlds(observation, model.pool * n, seed=seed)
    rng = random.Random(seed)
    draws = [rng.random() for _ in pool]
    seeds = [rng.getrandbits(64) for _ in pool]
    keys = [
        ((1.0 - draw) ** (1 / model.weight(world, turns, random.Random(world_seed))), index)
        for index, (world, draw, world_seed) in enumerate(zip(pool, draws, seeds, strict=True))
    ]
    return tuple(pool[index] for index in sorted(index for _, index in sorted(keys)[-n:]))


def test_weighing_only_the_worlds_that_could_be_kept_keeps_the_same_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    weighed = 0
    weight = PartnerModel.weight

    def counted(self: PartnerModel, *args: Any) -> float:
        nonlocal weighed
        weighed += 1
        return weight(self, *args)

    checked = pooled = 0
    for state, _, seen in _planner_game(6):
        observation = state.observation(state.current_player)
        turns = partner_turns(seen, observation, depth=1)
        if len(state.grid.empty_cells) > 12 or not turns:
            continue
        for model in (PARTNER_MODEL, PartnerModel(epsilon=0.3, without_finish=0.5, pool=3)):
            monkeypatch.setattr(PartnerModel, "weight", counted)
            worlds = model.sample(observation, turns, 8, seed=checked)
            pooled += model.pool * 8
            monkeypatch.undo()
            assert worlds == _weighing_every_world(model, observation, turns, 8, seed=checked)
        checked += 1
    assert checked > 3
    assert weighed < pooled
    assert PARTNER_MODEL.sample(observation, turns, 0, seed=1) == ()


def test_its_settings_are_checked() -> None:
    with pytest.raises(TranquilityError):
        PartnerModel(epsilon=0)
    with pytest.raises(TranquilityError):
        PartnerModel(pool=0)
    with pytest.raises(TranquilityError):
        PartnerModel(without_finish=0)


def test_a_partner_without_a_finish_card_is_unlikely() -> None:
    state = new_game(2, seed=3, rules="published")
    partner = 1 - state.current_player
    model = PartnerModel(without_finish=0.25)
    # The weight reads the partner's hand alone (the world need not be a whole deal here).
    hands = list(state.hands)
    hands[partner] = (10, 20, 30, 40, 50)
    assert model.weight(replace(state, hands=tuple(hands)), (), random.Random(0)) == 0.25
    hands[partner] = (10, 20, 30, 40, FINISH)
    assert model.weight(replace(state, hands=tuple(hands)), (), random.Random(0)) == 1.0
