"""The library used wrongly answers with its documented error, which says what to do."""

from __future__ import annotations

import math
import random

import pytest

import tranquility_solver as tq
from tranquility_solver.bots import BOTS, make_bot
from tranquility_solver.bots.search import SearchBot
from tranquility_solver.errors import TranquilityError
from tranquility_solver.game import GameState, new_game
from tranquility_solver.game.worlds import consistency_errors, first_player_of, sample_worlds


def _finished() -> GameState:
    state = new_game(1, seed=2)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[-1])
    return state


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_refuse_an_observation_they_cannot_choose_from(name: str) -> None:
    bot = make_bot(name)
    state = new_game(2, seed=1, rules="published")
    with pytest.raises(TranquilityError, match=r"player 1's, and player 0 is to move"):
        bot.choose(state.observation(1), random.Random(0))
    with pytest.raises(TranquilityError, match="the game is over"):
        bot.choose(_finished().observation(0), random.Random(0))
    with pytest.raises(TranquilityError, match=r"pass state\.observation"):
        bot.choose(state, random.Random(0))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("worlds", -1),
        ("worlds", 1.5),
        ("worlds", 0),
        ("check_worlds", -1),
        ("endgame_cells", -2),
        ("max_candidates", 0),
        ("step_limit", 0),
        ("decision_budget", -5),
        ("game_budget", True),
        ("playout_worlds", 0),
        ("partner_depth", 0.5),
        ("margin", -1.0),
        ("margin", math.nan),
        ("playout_margin", "4"),
    ],
)
def test_search_bot_refuses_bad_numbers(field: str, value: object) -> None:
    with pytest.raises(TranquilityError, match=f"SearchBot {field} must be"):
        SearchBot(**{field: value})  # type: ignore[arg-type]


def test_search_bot_takes_its_documented_extremes() -> None:
    SearchBot(margin=math.inf, check_worlds=0, game_budget=0, partner_depth=0, worlds=1)


def test_win_odds_refuses_a_seed_that_is_no_number() -> None:
    state = new_game(2, seed=1)
    with pytest.raises(TranquilityError, match=r"seed must be a whole number or None, got \[1\]"):
        tq.win_odds(state, samples=2, seed=[1])  # type: ignore[arg-type]


def test_sampling_worlds_of_a_state_asks_for_an_observation() -> None:
    with pytest.raises(TranquilityError, match="pass an observation"):
        tq.sample_worlds(new_game(2, seed=1), 2)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "first"), [(2, 1), (3, 2), (5, 3)])
def test_sampled_worlds_keep_who_moved_first(players: int, first: int) -> None:
    state = new_game(players, seed=6, rules="published", first_player=first)
    rng = random.Random(0)
    while not state.is_terminal:
        for seat in range(players):
            seen = state.observation(seat)
            assert first_player_of(seen) == first
            (world,) = sample_worlds(seen, 1, seed=state.turn)
            assert world.first_player == first
            assert consistency_errors(world, seen) == ()
        state = state.apply(rng.choice(state.legal_actions()))
