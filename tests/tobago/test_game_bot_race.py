"""GreedyBot's race and drive scores in bulk against their plain meaning (issue 18).

The bot finds the fields each car reaches first with a precomputed bitmask per pair of fields
(``_Race.beaten``) and one AND per other car. The plain meaning, asked of the core's
``step_distance`` one field at a time: a field of ``wanted`` counts for a car when every other
car needs more steps to it. The drives are scored for all destinations at once, each kind of
"reached first" once; the plain score adds one drive's maps alone.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tobago_solver as tb
from tobago_solver.bots import GreedyBot
from tobago_solver.bots.greedy import _race
from tobago_solver.compile import compiled
from tobago_solver.game.observation import Observation
from tobago_solver.movement import step_distance

ISLANDS = ("ABC-1", "abc-4")


def plain_firsts(island: tb.Island, car: int, others: list[int], wanted: int) -> int:
    fields = island.fields
    found = 0
    for j, name in enumerate(fields):
        mine = step_distance(island, fields[car], name)
        if wanted >> j & 1 and all(step_distance(island, fields[o], name) > mine for o in others):
            found |= 1 << j
    return found


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_firsts_are_the_fields_reached_in_fewer_steps_than_every_other_car(
    data: st.DataObject,
) -> None:
    island = tb.islands.get(data.draw(st.sampled_from(ISLANDS)))
    size = len(island.fields)
    field_index = st.integers(0, size - 1)
    cars = data.draw(st.lists(field_index, min_size=1, max_size=6))
    others = data.draw(st.lists(field_index, max_size=3))
    wanted = data.draw(st.integers(0, (1 << size) - 1))
    race = _race(island)
    plain = [plain_firsts(island, car, others, wanted) for car in cars]
    assert race.firsts(cars, others, wanted) == plain
    # The same for moves ending on those fields (read by the destination's name).
    moves = [tb.Move((island.fields[car],)) for car in cars]
    assert race.move_firsts(moves, others, wanted) == plain


def test_a_car_on_the_field_of_another_reaches_nothing_first() -> None:
    island = tb.islands.get("ABC-1")
    everything = (1 << len(island.fields)) - 1
    assert _race(island).firsts([5], [5], everything) == [0]
    assert _race(island).firsts([5], [], everything) == [everything]


def plain_drive_score(observation: Observation, destination: int, others: list[int]) -> float:
    """One drive's worth as GreedyBot defines it: each map's candidates reached first, times
    (the bot's roses there + 1) / the map's candidates, added map by map."""
    island, me = observation.island, observation.player
    wanted = 0
    for map_state in observation.maps:
        wanted |= map_state.candidates_mask
    first = plain_firsts(island, destination, others, wanted)
    score: float = 0
    for map_state in observation.maps:
        weight = (map_state.roses[me] + 1) / map_state.candidate_count()
        score = score + weight * (map_state.candidates_mask & first).bit_count()
    return score


def action_observations(rules: str, games: int) -> list[Observation]:
    found = []
    island = tb.islands.get("ABC-1")
    for seed in range(games):
        state = tb.new_game(island, 2 + seed % 3, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_terminal:
            observation = state.observation(state.to_move)
            if state.phase == "action" and rng.random() < 0.1:
                found.append(observation)
            state = state.apply(GreedyBot().choose(observation, rng))
    return found


@pytest.mark.parametrize("rules", ["seed", "published"])
def test_drives_scored_at_once_equal_each_drive_scored_alone(rules: str) -> None:
    observations = action_observations(rules, 6)
    assert len(observations) >= 10
    for observation in observations:
        race = _race(observation.island)
        index = race.index
        others = [index[car] for p, car in enumerate(observation.cars) if p != observation.player]
        wanted = 0
        for map_state in observation.maps:
            wanted |= map_state.candidates_mask
        moves = [a for a in observation.legal_actions if isinstance(a, tb.Move)]
        destinations = [index[a.destination] for a in moves]
        firsts = race.firsts(destinations, others, wanted)
        assert race.move_firsts(moves, others, wanted) == firsts
        worth = GreedyBot._drive_worth(observation, firsts)
        scores = [worth[first] for first in firsts]
        # Equal as floats, not nearly: ties between drives go to the bot's random draw.
        assert scores == [plain_drive_score(observation, d, others) for d in destinations]


@pytest.mark.parametrize("rules", ["seed", "published"])
def test_the_clue_played_is_worth_the_most_of_the_plays_each_valued_alone(rules: str) -> None:
    # The bot values each set of candidates a play leaves once (plays often leave the same)
    # and looks up each card's mask once; valued play by play, its clue must still be best.
    observations = action_observations(rules, 12)
    chosen_plays = 0
    for observation in observations:
        legal = observation.legal_actions
        plays = [a for a in legal if isinstance(a, tb.Play)]
        if not any(isinstance(a, tb.Move) for a in legal):
            continue  # without a move, a bot that avoids every clue picks any action
        action = GreedyBot().choose(observation, random.Random(chosen_plays))
        if not isinstance(action, tb.Play):
            continue
        chosen_plays += 1
        race = _race(observation.island)
        index = race.index
        here = index[observation.cars[observation.player]]
        others = [index[car] for p, car in enumerate(observation.cars) if p != observation.player]
        wanted = 0
        for map_state in observation.maps:
            wanted |= map_state.candidates_mask
        (first,) = race.firsts([here], others, wanted)
        masks = compiled(observation.island).masks
        candidates = [map_state.candidates_mask for map_state in observation.maps]
        values = [
            GreedyBot._play_value(
                candidates[play.map] & masks[play.clue], race, here, others, first
            )
            for play in plays
        ]
        assert values[plays.index(action)] == max(values)
    assert chosen_plays >= 10
