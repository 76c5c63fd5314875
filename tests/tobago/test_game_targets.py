"""The clickable parts of the board: fields to drive to, maps for each card, other actions."""

from __future__ import annotations

import random

import tobago_solver as tb
from tobago_solver.game.actions import Move, Play
from tobago_solver.game.targets import targets
from tobago_solver.rules import MAP_NAMES


def _states(seed: int) -> list[tb.GameState]:
    state = tb.new_game(tb.islands.default(), 2, seed=seed)
    found = [state]
    bot = tb.GreedyBot()
    rng = random.Random(seed)
    while not state.is_terminal and len(found) < 30:
        state = state.apply(bot.choose(state.observation(state.to_move), rng))
        found.append(state)
    return found


def test_targets_cover_every_legal_action_and_nothing_else() -> None:
    for state in _states(3):
        seen = state.observation(state.to_move)
        found = targets(seen)
        legal = seen.legal_actions
        assert set(found.fields) == {a.destination for a in legal if isinstance(a, Move)}
        plays = {(str(a.clue), MAP_NAMES[a.map]) for a in legal if isinstance(a, Play)}
        assert {(clue, name) for clue, names in found.maps for name in names} == plays
        assert set(found.others) == {str(a) for a in legal if not isinstance(a, Move | Play)}
        if legal and not isinstance(legal[0], Move | Play):
            assert found.others  # the bonus step: take, spend or end


def test_a_card_that_may_not_be_played_is_listed_without_maps() -> None:
    # Every card of the hand is listed once, in hand order; one that fits no map has none.
    listed = []
    for seed in range(4):
        for state in _states(seed):
            seen = state.observation(state.to_move)
            found = targets(seen)
            if any(isinstance(a, Play) for a in seen.legal_actions):
                assert [clue for clue, _ in found.maps] == list(dict.fromkeys(map(str, seen.hand)))
                listed.extend(names for _, names in found.maps)
    assert () in listed


def test_nothing_is_clickable_out_of_turn() -> None:
    seen = tb.new_game(tb.islands.default(), 2, seed=1).observation(1)
    assert targets(seen) == targets(seen).__class__((), (), ())
